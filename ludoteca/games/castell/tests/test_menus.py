"""Castell's own `legal_actions` and `apply` answer as the engine's walking the same rule table:
every seat's menu, and every seat applying the step's action (accepted or refused, with the same
events, state or message), at every step of random games."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ludoteca.engine.actions import Action
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng
from ludoteca.games.castell import GAME
from ludoteca.games.castell.actions import Abstain, EndTurn
from ludoteca.games.castell.state import CastellState


def steps_of_random_games(players: int, seed: int) -> Iterator[tuple[CastellState, int, Action]]:
    """(state, seat, action) at every step of two random games, before the step is played."""
    rng = Rng(seed)
    for game in range(2):
        state = GAME.setup(players, seed * 100 + game)
        while not GAME.is_over(state):
            seat = rng.choice(sorted(GAME.actors(state)))
            action = rng.choice(GAME.legal_actions(state, seat))
            yield state, seat, action
            GAME.apply(state, seat, action)


def applied(apply: object, state: CastellState, seat: object, action: Action) -> object:
    """What applying does to a copy of the state: its events and the state after, or the
    refusal's message."""
    copy = state.clone()
    try:
        events = apply(copy, seat, action)  # type: ignore[operator]
    except IllegalAction as refused:
        return str(refused)
    return events, GAME.to_json(copy)


def engines_apply(state: CastellState, seat: int, action: Action) -> object:
    """The engine's apply, counting the action as Castell's does."""
    events = Game.apply(GAME, state, seat, action)
    state.actions += 1
    return events


SEATS = (0, 1, 2, 3, 4, -1, True, "0")  # the table's seats, and some that are not


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12), (4, 13)])
def test_every_seats_menu_is_the_engines(players: int, seed: int) -> None:
    for state, _, _ in steps_of_random_games(players, seed):
        for seat in SEATS[:-2]:
            assert GAME.legal_actions(state, seat) == Game.legal_actions(GAME, state, seat), (
                state.round, seat)


@pytest.mark.parametrize("players,seed", [(2, 14), (4, 15)])
def test_every_seat_applying_is_the_engines(players: int, seed: int) -> None:
    for state, _, action in steps_of_random_games(players, seed):
        for seat in SEATS:
            for tried in (action, EndTurn(), Abstain()):
                mine = applied(GAME.apply, state, seat, tried)
                engines = applied(engines_apply, state, seat, tried)
                assert mine == engines, (state.round, seat, tried)
