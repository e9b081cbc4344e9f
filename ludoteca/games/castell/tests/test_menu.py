"""Castell's `legal_actions` (the seat and phase read once, the menus of the special actions
and of a pawn on the board skipped where they would answer nothing) is the engine's menu, the
choices of the phase's rules in table order, for every seat at every step of random matches."""

from __future__ import annotations

import pytest

from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng
from ludoteca.games.castell import GAME
from ludoteca.games.castell.state import CastellState

from .helpers import fresh


def assert_menus_hold(state: CastellState) -> None:
    for seat in (*range(-1, state.n + 1), True, "0", None):
        assert GAME.legal_actions(state, seat) == Game.legal_actions(GAME, state, seat)


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(2, 1, {}), (3, 2, {}), (4, 3, {}), (2, 4, {"advanced": True}),
     (4, 5, {"train_any_known_skill": True}),
     (3, 6, {"advanced": True, "train_any_known_skill": True})],
)
def test_the_menu_is_the_rule_tables_at_every_step(
    players: int, seed: int, options: dict[str, bool]
) -> None:
    rng = Rng(seed)
    state = fresh(players, seed, **options)
    assert_menus_hold(state)
    while not GAME.is_over(state):
        seat = rng.choice(sorted(GAME.actors(state)))
        GAME.play(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        assert_menus_hold(state)
