"""Why a placement is refused, in a player's words (empty string: it is legal).

Actions arrive in the order the server receives them ("chi tardi arriva, male alloggia.
Rimane quindi sul tabellone la tessera che è stata posizionata per prima"); a placement that
another tile overtook is refused here with the reason, and the tile stays turned over in the
player's hand.
"""

from __future__ import annotations

from typing import TypeGuard

from ludoteca.games.ligretto import data
from ludoteca.games.ligretto.actions import Place, Restart
from ludoteca.games.ligretto.placement import hand_key, may_place, restart_pairs, restart_pawns
from ludoteca.games.ligretto.state import FREE, LigrettoState

KEEP = " Your tile stays in your hand."


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _square_problem(state: LigrettoState, cell: object, what: str) -> str:
    size = len(state.cover)
    if not _is_int(cell) or not 0 <= cell < size:
        return f"{what} {cell!r} is not a square of the board (0 to {size - 1})."
    if state.cover[cell] != FREE:
        return f"{what} {cell} is already covered by a tile or a joker."
    if cell in state.pawns:
        return f"{what} {cell} holds a pawn; no tile covers a pawn."
    return ""


def _colour_names(key: int) -> str:
    return "-".join(data.COLOURS[c][0] for c in data.pair_colours(key))


def why_not_place(state: LigrettoState, seat: int, action: Place) -> str:
    player = state.players[seat]
    key = hand_key(state, seat)
    if key is None:
        return "You hold no turned tile: turn one over first."
    if player.duties:
        return (
            f"You owe a restart for pawn {player.duties[0]} (a dead end you caused): place your "
            "tile anywhere it matches and move that pawn onto it, or discard." + KEEP
        )
    if not _is_int(action.pawn) or not 0 <= action.pawn < len(state.pawns):
        return f"There is no pawn {action.pawn!r}; pawns are 0 to {len(state.pawns) - 1}."
    if may_place(state, seat, (action.pawn, action.near, action.far, action.jokers)):
        return ""
    if not isinstance(action.jokers, tuple) or len(action.jokers) > data.JOKERS_PER_PLAYER:
        return "Use at most two jokers, listed in order from the pawn."
    if len(action.jokers) > player.jokers:
        return f"You have {player.jokers} joker(s) left this round." + KEEP
    at = state.pawns[action.pawn]
    layout = state.layout
    for index, joker in enumerate(action.jokers):
        problem = _square_problem(state, joker, "Joker square")
        if problem and joker != state.pawns[action.pawn]:
            return problem + KEEP
        if _is_int(joker) and joker not in layout.neighbours[at]:
            return (
                f"The joker on square {joker} must share a side with "
                + ("the pawn's square." if index == 0 else "the previous joker.")
                + KEEP
            )
        at = joker
    for cell in (action.near, action.far):
        problem = _square_problem(state, cell, "Square")
        if problem and cell != state.pawns[action.pawn]:
            return (
                problem + " That place may have been taken a moment ago." + KEEP
            )
    if action.near not in layout.neighbours[at]:
        what = "the last joker" if action.jokers else f"pawn {action.pawn}'s square"
        return (
            f"The tile must share a side with {what} (a corner does not count); pawn "
            f"{action.pawn} is now on square {state.pawns[action.pawn]}." + KEEP
        )
    if action.far not in layout.neighbours[action.near]:
        return "A tile covers two squares that share a side." + KEEP
    squares = data.pair_key(layout.colours[action.near], layout.colours[action.far])
    if squares != key:
        return (
            f"Your {_colour_names(key)} tile does not match those "
            f"{_colour_names(squares)} squares." + KEEP
        )
    return "That placement is not possible on the board as it is now." + KEEP


def why_not_restart(state: LigrettoState, seat: int, action: Restart) -> str:
    key = hand_key(state, seat)
    if key is None:
        return "You hold no turned tile: turn one over first."
    pawns = restart_pawns(state, seat)
    if action.pawn not in pawns:
        if not pawns:
            return "No pawn waits for a restart from you; place your tile next to a pawn."
        return f"You may restart pawn(s) {pawns} only." + KEEP
    pairs = restart_pairs(state, seat)
    if (action.onto, action.other) in pairs or (action.other, action.onto) in pairs:
        return ""
    for cell in (action.onto, action.other):
        problem = _square_problem(state, cell, "Square")
        if problem:
            return problem + KEEP
    if action.other not in state.layout.neighbours[action.onto]:
        return "A tile covers two squares that share a side." + KEEP
    if not pairs:
        return "Your tile matches no free pair of squares on the board." + KEEP
    return f"Those squares do not match your {_colour_names(key)} tile." + KEEP
