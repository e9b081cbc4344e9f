"""Between two rounds: scoreless players set tiles aside on their individual boards, everybody
takes tiles back when every board holds some, and (option pawns="host") the host puts the pawns
of the next round on the board [D-5] [D-11]."""

from __future__ import annotations

from functools import cache
from itertools import combinations

from ludoteca.engine.codec import quote
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event, public
from ludoteca.games.ligretto import data
from ludoteca.games.ligretto.actions import PlacePawn, SetAside, TakeBack
from ludoteca.games.ligretto.geometry import bits, geometry
from ludoteca.games.ligretto.placement import is_dead_end
from ludoteca.games.ligretto.rules.rounds import (
    after_set_aside,
    begin_play,
    max_set_aside,
    next_round,
    what_follows,
)
from ludoteca.games.ligretto.state import LigrettoState


# --- setting tiles aside -------------------------------------------------------------------------
def set_aside_choices(state: LigrettoState, seat: int) -> list[tuple[int, ...]]:
    """Nothing, or 2 tiles of the player's choice ("possono posare 2 delle loro tessere": the
    seed says "may", and says 2); only 1 when a single other tile would stay in play [D-11]."""
    return [(), *combinations(state.in_play(seat), max_set_aside(state, seat))]


# The set-aside menu by individual board (sorted tiles): the menu depends on nothing else, and
# was up to 105 actions looked up again at every ask. At most one per subset of a tile set.
SET_ASIDE_MENUS: dict[tuple[int, ...], tuple[SetAside, ...]] = {}


def set_asides(state: LigrettoState, seat: int) -> list[SetAside]:
    aside = tuple(state.players[seat].aside)
    found = SET_ASIDE_MENUS.get(aside)
    if found is None:
        found = SET_ASIDE_MENUS[aside] = tuple(
            set_aside(c) for c in set_aside_choices(state, seat)
        )
    return list(found)


@cache
def set_aside(tiles: tuple[int, ...]) -> SetAside:
    """Each choice's action made once (121 at most): a menu lists up to 105 of them."""
    return SetAside(tiles)


def check_set_aside(state: LigrettoState, seat: int, action: SetAside) -> SetAside:
    if action.tiles not in set_aside_choices(state, seat):
        most = max_set_aside(state, seat)
        raise IllegalAction(
            f"set aside nothing or {most} different tiles of yours still in play "
            f"{state.in_play(seat)}"
            + (" (only 1: at least one tile stays in play)" if most < 2 else ""),
            it=f"metti da parte nessuna tessera oppure {most} tessere diverse tra le tue ancora "
            f"in gioco {state.in_play(seat)}"
            + (" (solo 1: almeno una tessera resta in gioco)" if most < 2 else ""),
        )
    return action


def do_set_aside(state: LigrettoState, seat: int, action: SetAside) -> list[Event]:
    player = state.players[seat]
    player.aside = sorted(player.aside + list(action.tiles))
    events = chosen(state, seat, action)
    if state.pending:
        return events
    after_set_aside(state)
    return events + what_follows(state)


# --- taking tiles back ---------------------------------------------------------------------------
def take_back_choices(state: LigrettoState, seat: int) -> list[tuple[int, ...]]:
    """2 tiles of the individual board ("ciascun giocatore riprende in mano 2 tessere dalla
    propria plancia"), or the one it holds."""
    aside = sorted(state.players[seat].aside)
    return list(combinations(aside, min(data.TAKE_BACK, len(aside))))


def take_backs(state: LigrettoState, seat: int) -> list[TakeBack]:
    return [TakeBack(c) for c in take_back_choices(state, seat)]


def check_take_back(state: LigrettoState, seat: int, action: TakeBack) -> TakeBack:
    choices = take_back_choices(state, seat)
    if action.tiles not in choices:
        raise IllegalAction(
            f"take back {len(choices[0])} different tiles, in increasing order, from your "
            f"individual board {sorted(state.players[seat].aside)}",
            it=f"riprendi {len(choices[0])} tessere diverse, in ordine crescente, dalla tua "
            f"plancia individuale {sorted(state.players[seat].aside)}",
        )
    return action


def do_take_back(state: LigrettoState, seat: int, action: TakeBack) -> list[Event]:
    player = state.players[seat]
    player.aside = [t for t in player.aside if t not in action.tiles]
    events = chosen(state, seat, action)
    if state.pending:
        return events
    next_round(state)
    return events + what_follows(state)


def chosen(state: LigrettoState, seat: int, action: SetAside | TakeBack) -> list[Event]:
    """The seat has chosen: it waits no more."""
    state.pending.remove(seat)
    return [public(action.kind, seat=seat, tiles=list(action.tiles))]


# --- the host's pawns [D-5] ----------------------------------------------------------------------
def pawn_squares(state: LigrettoState) -> list[int]:
    """Where the host may put the next pawn [D-5]: a square without a pawn that leaves no pawn
    in a dead end (nobody would owe its restart [D-9])."""
    geo = geometry(len(state.players), state.colours)
    out = []
    for cell in range(len(state.cover)):
        if cell in state.pawns:
            continue
        pawns = [*state.pawns, cell]
        taken = bits(pawns)
        if not any(is_dead_end(geo, taken, at) for at in pawns):
            out.append(cell)
    return out


def pawn_placements(state: LigrettoState, seat: int) -> list[PlacePawn]:
    return [PlacePawn(c) for c in pawn_squares(state)]


def check_place_pawn(state: LigrettoState, seat: int, action: PlacePawn) -> PlacePawn:
    """"i giocatori mettono le 4 pedine Ligretto su 4 caselle qualsiasi del tabellone"."""
    if action.square not in pawn_squares(state):
        raise IllegalAction(
            f"a pawn cannot go on square {quote(action.square)}: pick a square of the board "
            f"(0 to {len(state.cover) - 1}) without a pawn, that leaves every pawn two "
            "free neighbouring squares to build on",
            it=f"una pedina non può andare sulla casella {quote(action.square)}: scegli una "
            f"casella del tabellone (da 0 a {len(state.cover) - 1}) senza pedina, che lasci a "
            "ogni pedina due caselle libere vicine su cui costruire",
        )
    return action


def do_place_pawn(state: LigrettoState, seat: int, action: PlacePawn) -> list[Event]:
    state.pawns.append(action.square)
    events = [public("pawn_placed", seat=seat, pawn=len(state.pawns) - 1,
                     square=action.square)]
    if len(state.pawns) == data.PAWNS:
        begin_play(state)
        events.append(public("round_started", round=state.round, pawns=list(state.pawns)))
    return events
