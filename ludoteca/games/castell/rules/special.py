"""The special action: once a turn, spending a token ("per farlo dovete avere a disposizione un
gettone azione speciale"), recruit one more casteller, move once more [D-19], or perform a local
tile (`perform.py`). The spent token is left in the row of the region where the pawn then stands
[D-20]. After a Special tile is trained, one special action is free: no token is spent or left,
and the turn's own special action is still there."""

from __future__ import annotations

from functools import lru_cache

from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event, public
from ludoteca.games.castell.actions import SpecialMove, SpecialRecruit
from ludoteca.games.castell.data import ADJACENCY, SIZES
from ludoteca.games.castell.rules.move import check_destination
from ludoteca.games.castell.rules.recruit import check_available, take_castellers
from ludoteca.games.castell.rules.turn import check_unused, pawn_region
from ludoteca.games.castell.state import SPECIAL_ACTION, CastellState


def may_special(state: CastellState, seat: int) -> bool:
    """A special action is open: the Special tile's free one, or the turn's own with a token."""
    if state.free_special:
        return True
    return SPECIAL_ACTION not in state.used and state.players[seat].tokens > 0


def check_special(state: CastellState, seat: int) -> None:
    if state.free_special:
        return
    check_unused(state, SPECIAL_ACTION)
    if state.players[seat].tokens <= 0:
        raise IllegalAction("you have no special action token left",
                            it="non ti resta nessun gettone azione speciale")


def pay(state: CastellState, seat: int) -> bool:
    """After a special action: a paid one spends a token into the row of the pawn's region
    [D-20]; a free one costs nothing. Either way the Special tile's free action is used.
    Whether a token was spent."""
    paid = not state.free_special
    if paid:
        player = state.players[seat]
        state.used.append(SPECIAL_ACTION)
        player.tokens -= 1
        assert player.pawn is not None
        # replaced, never changed in place: see CastellState.clone
        state.row_tokens[player.pawn] = [*state.row_tokens[player.pawn], seat]
    state.free_special = False
    return paid


# --- move once more -----------------------------------------------------------------------------
def special_moves(state: CastellState, seat: int) -> list[SpecialMove]:
    """One step more from the pawn's region; never from off the board, where the free move
    already places the pawn anywhere."""
    pawn = state.players[seat].pawn
    if pawn is None or not may_special(state, seat):
        return []
    return list(SPECIAL_MOVES_FROM[pawn])


# The special move to each region, and from each region to its neighbours, as `destinations`
# gives them (actions are frozen: shared by the menus and the checks).
_SPECIAL_MOVE_TO = {region: SpecialMove(region) for region in ADJACENCY}
SPECIAL_MOVES_FROM = {
    pawn: tuple(_SPECIAL_MOVE_TO[region] for region in allowed)
    for pawn, allowed in ADJACENCY.items()
}


def check_special_move(state: CastellState, seat: int, action: SpecialMove) -> SpecialMove:
    """"spostare la vostra pedina in un'altra regione": the pawn moves from the region it is in
    to another [D-19]; a pawn off the board is placed by the (free) move."""
    check_special(state, seat)
    if state.players[seat].pawn is None:
        raise IllegalAction(
            "your pawn is not on the board: your move places it in any region for free; a "
            "special move then takes it one step further",
            it="la tua pedina non è sul tabellone: la tua mossa la mette gratis in una regione "
            "qualsiasi; poi una mossa speciale la porta un passo più in là",
        )
    return _SPECIAL_MOVE_TO[check_destination(state, seat, action.region)]


def do_special_move(state: CastellState, seat: int, action: SpecialMove) -> list[Event]:
    paid = move_again(state, seat, action)
    return [public("special_move", seat=seat, region=action.region, token_spent=paid)]


def play_special_move(state: CastellState, seat: int, action: SpecialMove) -> None:
    """`do_special_move` without its event, for `Game.play`, which drops it."""
    move_again(state, seat, action)


def move_again(state: CastellState, seat: int, action: SpecialMove) -> bool:
    """The pawn steps on, and the special action is paid: whether a token was spent (`pay`)."""
    state.players[seat].pawn = action.region
    return pay(state, seat)


# --- recruit one more ---------------------------------------------------------------------------
def special_recruits(state: CastellState, seat: int) -> list[SpecialRecruit]:
    pawn = state.players[seat].pawn
    if pawn is None or not may_special(state, seat):
        return []
    return list(special_recruit_choices(tuple(state.regions[pawn])))


@lru_cache(maxsize=4096)
def special_recruit_choices(standing: tuple[int, ...]) -> tuple[SpecialRecruit, ...]:
    """One of each size standing in a region, biggest first."""
    return tuple(_SPECIAL_RECRUITS[size] for size in sorted(set(standing), reverse=True))


# The special recruit of each size (actions are frozen: the menus share them).
_SPECIAL_RECRUITS = {size: SpecialRecruit(size) for size in SIZES}


def check_special_recruit(
    state: CastellState, seat: int, action: SpecialRecruit
) -> SpecialRecruit:
    check_special(state, seat)
    region = pawn_region(state, seat, "recruiting")
    check_available(state.regions[region], (action.size,), region)
    return action


def do_special_recruit(state: CastellState, seat: int, action: SpecialRecruit) -> list[Event]:
    region = state.players[seat].pawn
    paid = recruit_again(state, seat, action)
    return [public("special_recruit", seat=seat, region=region, size=action.size,
                   token_spent=paid)]


def play_special_recruit(state: CastellState, seat: int, action: SpecialRecruit) -> None:
    """`do_special_recruit` without its event, for `Game.play`, which drops it."""
    recruit_again(state, seat, action)


def recruit_again(state: CastellState, seat: int, action: SpecialRecruit) -> bool:
    """One casteller more from the pawn's region, and the special action is paid: whether a
    token was spent (`pay`)."""
    region = state.players[seat].pawn
    assert region is not None
    take_castellers(state, seat, region, (action.size,))
    return pay(state, seat)
