"""The menu listed in one go during play (`menu.play_menu`) is the very list the rule table
makes rule by rule, at every step of random matches, for every seat (those who just acted and
those who did not), between rounds too."""

from __future__ import annotations

import pytest

from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng
from ludoteca.games.ligretto import GAME
from ludoteca.games.ligretto.state import Phase


@pytest.mark.parametrize(("players", "seed", "options"), [
    (2, 1, {"rounds": 2}),
    (3, 2, {"rounds": 2, "colours": 4}),
    (4, 3, {"rounds": 2, "pawns": "host"}),
])
def test_the_play_menu_is_the_rule_tables_at_every_step(
    players: int, seed: int, options: dict[str, object]
) -> None:
    phases = set()
    for match in range(seed, seed + 4):
        rng = Rng(match)
        state = GAME.setup(players, match, options)
        while not GAME.is_over(state):
            phases.add(state.phase)
            for seat in range(players):
                assert GAME.legal_actions(state, seat) == Game.legal_actions(GAME, state, seat)
            seat = rng.choice(sorted(GAME.actors(state)))
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert Phase.PLAY in phases and len(phases) > 1  # between rounds asked too


def test_no_menu_for_a_seat_not_at_the_table() -> None:
    state = GAME.setup(2, 1, {"rounds": 1})
    assert GAME.legal_actions(state, 2) == [] == GAME.legal_actions(state, -1)
