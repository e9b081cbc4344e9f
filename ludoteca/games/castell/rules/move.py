"""Move: the pawn goes to an adjacent region ("spostare la pedina in un'altra regione adiacente
a quella attuale"); the first move places it in any region ("Alla prima mossa, si aggiunge la
pedina al tabellone di gioco in una regione a scelta.")."""

from __future__ import annotations

from collections import deque
from functools import cache

from ludoteca.engine.codec import quote
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event, public
from ludoteca.games.castell.actions import Move
from ludoteca.games.castell.data import ADJACENCY, REGIONS, Region
from ludoteca.games.castell.rules.turn import check_unused
from ludoteca.games.castell.state import MOVE_ACTION, CastellState


def destinations(state: CastellState, seat: int) -> tuple[Region, ...]:
    """Where the pawn may move: an adjacent region [D-2], or anywhere from off the board."""
    pawn = state.players[seat].pawn
    return REGIONS if pawn is None else ADJACENCY[pawn]


@cache
def distances(start: Region) -> dict[Region, int]:
    """Moves from `start` to every region over the map's adjacency [D-2]."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in ADJACENCY[here]:
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def check_destination(state: CastellState, seat: int, region: object) -> Region:
    """The region the pawn may move to, or IllegalAction saying where it may go."""
    allowed = destinations(state, seat)
    if region not in allowed:
        raise IllegalAction(
            f"you cannot move to {quote(region)}; you may move to: {', '.join(allowed)}",
            it=f"non puoi muovere a {quote(region)}; puoi muovere a: {', '.join(allowed)}",
        )
    return allowed[allowed.index(region)]


def moves(state: CastellState, seat: int) -> list[Move]:
    if MOVE_ACTION in state.used:
        return []
    return list(MOVES_FROM[state.players[seat].pawn])


# The move to each region, and the moves from each region and from off the board (None), as
# `destinations` gives them (actions are frozen: shared by the menus and the checks).
_MOVE_TO = {region: Move(region) for region in REGIONS}
MOVES_FROM = {
    pawn: tuple(_MOVE_TO[region] for region in (REGIONS if pawn is None else ADJACENCY[pawn]))
    for pawn in (None, *REGIONS)
}


def check_move(state: CastellState, seat: int, action: Move) -> Move:
    check_unused(state, MOVE_ACTION)
    return _MOVE_TO[check_destination(state, seat, action.region)]


def do_move(state: CastellState, seat: int, action: Move) -> list[Event]:
    play_move(state, seat, action)
    return [public("moved", seat=seat, region=action.region)]


def play_move(state: CastellState, seat: int, action: Move) -> None:
    """`do_move` without its event, for `Game.play`, which drops it."""
    state.used.append(MOVE_ACTION)
    state.players[seat].pawn = action.region
