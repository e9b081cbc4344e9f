"""Placing the turned tile next to a pawn, with 0, 1 or 2 jokers first [D-7] [D-8], and what a
placement leads to: restarts owed for pawns it shut in [D-9], and the round's end.

Actions arrive in the order the server receives them ("chi tardi arriva, male alloggia.
Rimane quindi sul tabellone la tessera che è stata posizionata per prima"): a placement that
another tile overtook is refused with the reason, and the tile stays turned over in the
player's hand.
"""

from __future__ import annotations

from ludoteca.engine.codec import quote
from ludoteca.engine.errors import IllegalAction, Reason
from ludoteca.engine.events import Event, public
from ludoteca.games.ligretto import data
from ludoteca.games.ligretto.actions import Place
from ludoteca.games.ligretto.placement import (
    fits,
    hand_key,
    may_place,
    squares_covered,
)
from ludoteca.games.ligretto.rules.round_end import (
    end_after_placement,
    end_quietly_after_placement,
)
from ludoteca.games.ligretto.state import FREE, JOKER, NO_TILE, LigrettoState, square_key

KEEP = " Your tile stays in your hand."
KEEP_IT = " La tessera resta in mano."
# The colours' Italian names, as the board's legend says them.
COLOURS_IT = {"red": "rosso", "yellow": "giallo", "green": "verde", "blue": "blu",
              "purple": "viola", "orange": "arancione"}


def kept(reason: Reason) -> Reason:
    """A refusal that leaves the tile in the player's hand, saying so."""
    return Reason(reason + KEEP, it=reason.translations["it"] + KEEP_IT)


def check_place(state: LigrettoState, seat: int, action: Place) -> Place:
    reason = why_not_place(state, seat, action)
    if reason:
        raise IllegalAction(reason)
    return action


def do_place(state: LigrettoState, seat: int, action: Place) -> list[Event]:
    tile = lay_tile(state, seat, action)
    event = public("placed", seat=seat, pawn=action.pawn, tile=tile,
                   colours=state.tile_colours(tile),
                   squares=[action.near, action.far], jokers=list(action.jokers))
    return [event, *after_placement(state, seat, covered_by(action))]


def play_place(state: LigrettoState, seat: int, action: Place) -> None:
    """`do_place` without its events, for `Game.play`, which drops them."""
    lay_tile(state, seat, action)
    tile_laid(state, seat, covered_by(action))
    owe_restarts(state, seat)
    end_quietly_after_placement(state, seat)


def lay_tile(state: LigrettoState, seat: int, action: Place) -> int:
    """The jokers, then the turned tile, on their squares; the pawn onto the far one. Returns
    the tile, still in the hand until `after_placement`."""
    player = state.players[seat]
    for cell in action.jokers:
        state.cover[cell] = square_key(seat, JOKER)
    player.jokers -= len(action.jokers)
    tile = player.hand
    state.cover[action.near] = state.cover[action.far] = square_key(seat, tile)
    # "La pedina Ligretto va spostata sempre sulla casella più distante"
    state.pawns[action.pawn] = action.far
    return tile


def covered_by(action: Place) -> tuple[int, ...]:
    """The squares a placement covers: its jokers' and its tile's."""
    return (*action.jokers, action.near, action.far)


def after_placement(state: LigrettoState, seat: int, covered: tuple[int, ...]) -> list[Event]:
    """The tile has left the hand: restarts owed [D-9], then the round's end."""
    tile_laid(state, seat, covered)
    return owe_restarts(state, seat) + end_after_placement(state, seat)


def tile_laid(state: LigrettoState, seat: int, covered: tuple[int, ...]) -> None:
    """The tile has left the hand, one more placed, the stall over [D-16]; the fits of the
    board with `covered` covered."""
    player = state.players[seat]
    player.hand = NO_TILE
    player.placed += 1
    state.stall_turns = [0] * len(state.players)
    squares_covered(state, covered)


def owe_restarts(state: LigrettoState, seat: int) -> list[Event]:
    """A duty lapses when its pawn is free again; every pawn newly in a dead end is owed by the
    player who just placed ("Se posizionando una tessera un giocatore blocca un'altra pedina
    Ligretto, anche in questo caso deve procedere come se avesse messo la pedina in un vicolo
    cieco") [D-9]."""
    stuck = fits(state).stuck
    for other in state.players:
        if other.duties:
            other.duties = [p for p in other.duties if stuck[p]]
    if True not in stuck:
        return []  # the usual answer: every pawn has a way out
    owed = {p for other in state.players for p in other.duties}
    shut_in = [p for p, is_stuck in enumerate(stuck) if is_stuck and p not in owed]
    state.players[seat].duties.extend(shut_in)
    return [public("dead_end", seat=seat, pawns=shut_in)] if shut_in else []


# --- why a placement is refused, in a player's words -----------------------------------------
def square_problem(state: LigrettoState, cell: int, joker: bool = False) -> Reason | None:
    """Why `cell` (a joker's square, or a tile's) cannot be covered (None when it can)."""
    what, cosa = ("Joker square", "La casella del jolly") if joker else ("Square", "La casella")
    size = len(state.cover)
    if not 0 <= cell < size:
        return Reason(f"{what} {quote(cell)} is not a square of the board (0 to {size - 1}).",
                      it=f"{cosa} {quote(cell)} non è sul tabellone (da 0 a {size - 1}).")
    if state.cover[cell] != FREE:
        return Reason(f"{what} {quote(cell)} is already covered by a tile or a joker.",
                      it=f"{cosa} {quote(cell)} è già coperta da una tessera o da un jolly.")
    if cell in state.pawns:
        return Reason(f"{what} {quote(cell)} holds a pawn; no tile covers a pawn.",
                      it=f"{cosa} {quote(cell)} ha una pedina; nessuna tessera copre una pedina.")
    return None


def pair_names(key: int) -> str:
    """A colour pair key in words, "red-yellow"."""
    return "-".join(data.colour_names(data.pair_colours(key)))


def pair_names_it(key: int) -> str:
    """A colour pair key in Italian words, "rosso-giallo"."""
    return "-".join(COLOURS_IT[name] for name in data.colour_names(data.pair_colours(key)))


TWO_SIDES = Reason("A tile covers two squares that share a side.",
                   it="Una tessera copre due caselle con un lato in comune.")
NO_TILE_IN_HAND = Reason("You hold no turned tile: turn one over first.",
                         it="Non hai in mano una tessera girata: prima girane una.")


def why_not_place(state: LigrettoState, seat: int, action: Place) -> str:
    player = state.players[seat]
    key = hand_key(state, seat)
    if key is None:
        return NO_TILE_IN_HAND
    if player.duties:
        return kept(Reason(
            f"You owe a restart for pawn {player.duties[0]} (a dead end you caused): place your "
            "tile anywhere it matches and move that pawn onto it, or discard.",
            it=f"Devi far ripartire la pedina {player.duties[0]} (l'hai bloccata tu): posa la "
            "tessera dove combacia e sposta lì quella pedina, oppure scarta.",
        ))
    if not 0 <= action.pawn < len(state.pawns):
        return Reason(
            f"There is no pawn {quote(action.pawn)}; pawns are 0 to {len(state.pawns) - 1}.",
            it=f"La pedina {quote(action.pawn)} non c'è; le pedine vanno da 0 a "
            f"{len(state.pawns) - 1}.",
        )
    if may_place(state, seat, (action.pawn, action.near, action.far, action.jokers)):
        return ""
    if len(action.jokers) > data.JOKERS_PER_PLAYER:
        return Reason("Use at most two jokers, listed in order from the pawn.",
                      it="Usa al massimo due jolly, in ordine a partire dalla pedina.")
    if len(action.jokers) > player.jokers:
        return kept(Reason(f"You have {player.jokers} joker(s) left this round.",
                           it=f"In questo round ti restano {player.jokers} jolly."))
    squares = (action.near, action.far)
    if squares in fits(state).tile_squares(action.pawn, key, len(action.jokers)):
        return kept(Reason(
            f"No joker is needed: your tile reaches squares {squares[0]}+{squares[1]} from "
            f"pawn {action.pawn} with fewer jokers; keep them for later.",
            it=f"Non serve un jolly: la tessera arriva alle caselle {squares[0]}+{squares[1]} "
            f"dalla pedina {action.pawn} con meno jolly; tienili per dopo.",
        ))
    return why_not_there(state, key, action)


def why_not_there(state: LigrettoState, key: int, action: Place) -> Reason:
    """Why the squares of `action` do not take a tile of colour pair `key`."""
    at = pawn_square = state.pawns[action.pawn]
    layout = state.layout
    for index, joker in enumerate(action.jokers):
        problem = square_problem(state, joker, joker=True)
        if problem and joker != pawn_square:
            return kept(problem)
        if joker not in layout.neighbours[at]:
            return kept(Reason(
                f"The joker on square {quote(joker)} must share a side with "
                + ("the pawn's square." if index == 0 else "the previous joker."),
                it=f"Il jolly sulla casella {quote(joker)} deve avere un lato in comune con "
                + ("la casella della pedina." if index == 0 else "il jolly precedente."),
            ))
        at = joker
    for cell in (action.near, action.far):
        problem = square_problem(state, cell)
        if problem and cell != pawn_square:
            return kept(Reason(
                problem + " That place may have been taken a moment ago.",
                it=problem.translations["it"] + " Forse qualcuno l'ha appena occupata.",
            ))
    if action.near not in layout.neighbours[at]:
        what = "the last joker" if action.jokers else f"pawn {quote(action.pawn)}'s square"
        cosa = ("l'ultimo jolly" if action.jokers
                else f"la casella della pedina {quote(action.pawn)}")
        return kept(Reason(
            f"The tile must share a side with {what} (a corner does not count); pawn "
            f"{quote(action.pawn)} is now on square {pawn_square}.",
            it=f"La tessera deve avere un lato in comune con {cosa} (un angolo non basta); la "
            f"pedina {quote(action.pawn)} ora è sulla casella {pawn_square}.",
        ))
    if action.far not in layout.neighbours[action.near]:
        return kept(TWO_SIDES)
    squares = data.pair_key(layout.colours[action.near], layout.colours[action.far])
    if squares != key:
        return kept(Reason(
            f"Your {pair_names(key)} tile does not match those {pair_names(squares)} squares.",
            it=f"La tua tessera {pair_names_it(key)} non combacia con quelle caselle "
            f"{pair_names_it(squares)}.",
        ))
    return kept(Reason("That placement is not possible on the board as it is now.",
                       it="Quella posa non è possibile sul tabellone così com'è ora."))
