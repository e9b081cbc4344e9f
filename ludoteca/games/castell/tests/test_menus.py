"""Castell's menus, gathered by its own `legal_actions`, are the engine's: every seat's menu at
every step of random games, against `Game.legal_actions` walking the same rule table."""

from __future__ import annotations

import pytest

from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng
from ludoteca.games.castell import GAME


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12), (4, 13)])
def test_every_seats_menu_is_the_engines(players: int, seed: int) -> None:
    rng = Rng(seed)
    for game in range(2):
        state = GAME.setup(players, seed * 100 + game)
        while not GAME.is_over(state):
            for seat in (*range(players), players, -1):  # a seat that is not at the table too
                assert GAME.legal_actions(state, seat) == Game.legal_actions(GAME, state, seat), (
                    state.round, seat)
            seat = rng.choice(sorted(GAME.actors(state)))
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
