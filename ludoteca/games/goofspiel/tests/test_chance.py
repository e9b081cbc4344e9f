"""Goofspiel's chance one prize at a time (chance.py), as exact solvers draw it: every order of
the deck as likely as the shuffle makes it, and a seeded match untouched."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from ludoteca.games.goofspiel import GAME
from ludoteca.games.goofspiel import chance as prizes
from ludoteca.games.goofspiel.state import GoofspielState


def orders(cards: int) -> dict[tuple[int, ...], Fraction]:
    """Every order of the prizes the draws can turn up, with its probability."""
    found: dict[tuple[int, ...], Fraction] = {}

    def walk(state: GoofspielState, turned: tuple[int, ...], p: Fraction) -> None:
        draw = prizes.draw(state)
        if draw is None:
            found[turned] = found.get(turned, Fraction(0)) + p
            return
        for outcome, chance in draw.outcomes:
            twin = GAME.clone(state)
            prizes.settle(twin, draw, outcome)
            up = twin.prizes[0]
            twin.prizes.pop(0)  # as the reveal spends it
            walk(twin, (*turned, up), p * Fraction(chance).limit_denominator(1000))

    walk(GAME.setup(2, 0, {"cards": cards}), (), Fraction(1))
    return found


def test_every_order_of_the_prizes_is_as_likely() -> None:
    found = orders(4)
    assert set(found) == set(itertools.permutations(range(1, 5)))
    assert set(found.values()) == {Fraction(1, 24)}


def test_settling_puts_the_card_drawn_face_up_and_keeps_the_deck() -> None:
    state = GAME.setup(2, 5, {"cards": 5})
    deck = sorted(state.prizes)
    draw = prizes.draw(state)
    assert draw is not None and draw.key == 5
    prizes.settle(state, draw, 2)
    assert state.prizes[0] == 3 and sorted(state.prizes) == deck
    assert draw.label(2) == "the prize 3 turned up"
    with pytest.raises(ValueError, match="7 is not an outcome of this draw; its outcomes: 0, 1"):
        prizes.settle(state, draw, 7)
