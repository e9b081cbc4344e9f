"""Turning tiles over and discarding them [D-6]; the pile becomes the stack again."""

from __future__ import annotations

import pytest

from ludoteca.engine.errors import IllegalAction
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


def test_one_turned_tile_at_a_time_and_nothing_to_discard_without_one() -> None:
    """A player turns the top tile over and places or discards it before the next one
    ("scopre la tessera in cima al mazzo ... posa la tessera scoperta davanti a sé")."""
    s = fresh()
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 0, Discard())
    assert str(refused.value) == "you hold no turned tile to discard; turn one over first"
    GAME.apply(s, 0, TurnOver())
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 0, TurnOver())
    assert str(refused.value) == "you already hold a turned tile: place it or discard it first"


def test_the_placements_each_turned_tile_offered_add_up_over_the_round() -> None:
    """A seat's count of fits is the placements on its menu summed over every tile it turned
    this round (the record's "fits per turned tile")."""
    s = fresh()
    offered = []
    for _ in range(3):
        GAME.apply(s, 0, TurnOver())
        offered.append(sum(isinstance(a, Place) for a in GAME.legal_actions(s, 0)))
        GAME.apply(s, 0, Discard())
    assert min(offered) > 0
    assert s.players[0].turned == 3 and s.players[0].fits == sum(offered)
