"""The conformance harness on Ciurme: 2, 3 and 6 crews, crews of 4 and of 5.

A short session clock and one message per period keep the playouts (and the run) short; six
crews (every state decoded about twenty times a step) run with the slow tests.
"""

from typing import Any

import pytest

from ludoteca.engine.testing import check_game
from ludoteca.games.ciurme import GAME

SHORT = {"phase1_max_rounds": 6, "message_budget": 1}
QUIET = {"phase1_max_rounds": 3, "message_budget": 0}


def test_two_crews_of_four_and_of_five() -> None:
    check_game(GAME, players=(8, 10), playouts=1, options=SHORT, view_every=5, listed_limit=3,
               clone_every=40)


def test_three_crews_mixed() -> None:
    check_game(GAME, players=(13,), playouts=1, options=SHORT, view_every=9, listed_limit=3,
               clone_every=60)


@pytest.mark.slow
def test_six_crews() -> None:
    check_game(GAME, players=(24,), playouts=1, options=QUIET, view_every=40, listed_limit=2,
               clone_every=200)


def test_bots_play_a_whole_session() -> None:
    def bot(game: Any, state: Any, seat: int, actions: Any, rng: Any) -> Any:
        known = game.determinize(state, seat, rng.fork())
        return game.heuristic_action(known, seat, rng.fork())

    check_game(GAME, players=(9,), playouts=1, view_every=25, listed_limit=2, clone_every=200,
               policy=bot)
