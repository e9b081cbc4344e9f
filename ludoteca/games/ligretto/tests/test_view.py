"""What each seat sees and what it may not know."""

from __future__ import annotations

from ludoteca.engine.rng import Rng
from ludoteca.games.ligretto import GAME
from ludoteca.games.ligretto.actions import (
    Discard,
    TurnOver,
)
from ludoteca.games.ligretto.tests.helpers import (
    fresh,
)


def test_views_keep_hands_piles_and_stack_orders_secret() -> None:
    s = fresh(players=3)
    GAME.apply(s, 1, TurnOver())
    GAME.apply(s, 1, Discard())
    GAME.apply(s, 1, TurnOver())
    mine, theirs = GAME.view(s, 1), GAME.view(s, 0)
    assert mine["hand"] == s.players[1].hand and mine["pile"] == s.players[1].pile
    assert mine["stack_tiles"] == sorted(s.players[1].stack)  # contents, not order
    assert "hand" not in GAME.view(s, None)
    assert theirs["players"][1] == mine["players"][1]
    assert theirs["players"][1]["holds_tile"] and theirs["players"][1]["pile"] == 1
    variant = GAME.determinize(s, 0, Rng(3))
    assert GAME.view(variant, 0) == theirs


def test_others_see_a_discard_but_not_the_tile() -> None:
    """The pile is its owner's alone (the views and the events agree)."""
    s = fresh(players=3)
    GAME.apply(s, 1, TurnOver())
    tile = s.players[1].hand
    events = GAME.apply(s, 1, Discard())
    public_data = [e.data for e in events if e.visible_to is None]
    assert public_data == [{"seat": 1}]
    mine = [e.data for e in events if e.visible_to == frozenset({1})]
    assert mine and mine[0]["tile"] == tile


def test_determinize_does_not_foresee_the_next_shuffles() -> None:
    # The order of later rounds' stacks is chance to come: a bot's copy must not know it.
    state = GAME.setup(2, 5)
    copies = {GAME.determinize(state, 0, Rng(n)).rng.state for n in range(5)}
    assert state.rng.state not in copies and len(copies) == 5
