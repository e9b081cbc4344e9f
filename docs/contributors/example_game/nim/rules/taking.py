"""Taking: on your turn, take one or more tokens from one heap (at most the variant's cap);
whoever takes the last token wins."""

from __future__ import annotations

from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event, public
from ludoteca.games.nim.actions import Take
from ludoteca.games.nim.state import NimState


def most(state: NimState, heap: int) -> int:
    """The most tokens a turn may take from `heap`."""
    size = state.heaps[heap]
    return min(size, state.take_limit) if state.take_limit else size


def takes(state: NimState, seat: int) -> list[Take]:
    """Every take the heaps allow."""
    return [Take(heap, count) for heap in range(len(state.heaps))
            for count in range(1, most(state, heap) + 1)]


def check_take(state: NimState, seat: int, action: Take) -> Take:
    if not 0 <= action.heap < len(state.heaps):  # -1 would be the last heap in Python
        raise IllegalAction(f"there is no heap {action.heap}: the heaps are 0 to "
                            f"{len(state.heaps) - 1}",
                            it=f"non esiste il mucchio {action.heap}: i mucchi vanno da 0 a "
                               f"{len(state.heaps) - 1}")
    if not 1 <= action.count <= most(state, action.heap):
        limit = most(state, action.heap)
        raise IllegalAction(f"take 1 to {limit} from heap {action.heap}",
                            it=f"prendi da 1 a {limit} gettoni dal mucchio {action.heap}")
    return action


def do_take(state: NimState, seat: int, action: Take) -> list[Event]:
    state.heaps[action.heap] -= action.count
    state.last = seat
    state.turn = 1 - seat
    return [public("took", seat=seat, heap=action.heap, count=action.count)]
