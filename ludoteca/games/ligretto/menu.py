"""A seat's menu during a round's play, listed in one go rather than rule by rule.

During play a seat holds no turned tile (it may turn one over) or one (it may restart a stuck
pawn with it [D-9], place it next to a pawn [D-7] [D-8], or discard it [D-6]); the host may also
end a stalled round [D-16]. The rule table asks each of its five rules in turn for its part of
the menu, though a seat's hand already says which parts can be empty; this asks only those, in
the table's order, so that the menu is the very list the table makes (a test holds them equal at
every step of random matches). Between rounds the table lists the menus as usual.
"""

from __future__ import annotations

from ludoteca.engine.actions import Action
from ludoteca.games.ligretto import data
from ludoteca.games.ligretto.actions import EndRound
from ludoteca.games.ligretto.placement import fits, placements
from ludoteca.games.ligretto.rules.restart import restarts
from ludoteca.games.ligretto.rules.round_end import host_may_end
from ludoteca.games.ligretto.rules.turn_over import DISCARD, TURN_OVER
from ludoteca.games.ligretto.state import NO_TILE, LigrettoState

END_ROUND = EndRound()


def play_menu(state: LigrettoState, seat: int) -> list[Action]:
    """The menu of `seat` while the round runs: turn a tile over, or restart, place or discard
    the turned one; then the host's end of a stalled round."""
    menu: list[Action]
    if state.players[seat].hand == NO_TILE:
        menu = [TURN_OVER]
    elif True in fits(state).stuck:  # restarts are owed for stuck pawns only [D-9]
        menu = [*restarts(state, seat), *placements(state, seat), DISCARD]
    else:
        menu = [*placements(state, seat), DISCARD]
    if seat == data.HOST_SEAT and host_may_end(state):
        menu.append(END_ROUND)
    return menu
