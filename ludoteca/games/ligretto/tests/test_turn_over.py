"""Turning tiles over and discarding them [D-6]; the pile becomes the stack again."""

from __future__ import annotations

from ludoteca.games.ligretto import GAME
from ludoteca.games.ligretto.actions import (
    Discard,
    Place,
    TurnOver,
)
from ludoteca.games.ligretto.tests.helpers import (
    fresh,
    give_for,
)


def test_discard_allowed_even_when_it_fits_d6() -> None:
    s = fresh()
    p = s.pawns[0]
    tile = give_for(s, 0, p + 1, p + 2)
    assert Place(0, p + 1, p + 2) in GAME.legal_actions(s, 0)
    GAME.apply(s, 0, Discard())
    assert s.players[0].pile == [tile]


def test_empty_stack_turns_the_pile_over_unshuffled() -> None:
    """'Se un giocatore scarta davanti a sé tutte le sue tessere, capovolge il mazzo'."""
    s = fresh()
    player = s.players[0]
    order = list(reversed(player.stack))  # the order they will be turned
    for _ in order:
        GAME.apply(s, 0, TurnOver())
        GAME.apply(s, 0, Discard())
    assert player.pile == order and not player.stack
    GAME.apply(s, 0, TurnOver())
    assert player.hand == order[0]  # the first tile discarded is on top
