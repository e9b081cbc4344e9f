"""The gated menus are exact: on random games, `actors`, `may_act` and `legal_actions` answer
as asking every listed rule of the stage for every seat would."""

from __future__ import annotations

from typing import Any

from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.state import CiurmeState


def every_rule(state: CiurmeState, seat: int) -> list[Any]:
    return [
        action
        for rule in GAME.rules.listed_in(state.stage)
        for action in rule.choices(state, seat)  # type: ignore[misc]
    ]


def test_gated_menus_match_every_rule_on_random_games() -> None:
    for players, seed in ((8, 1), (13, 2), (15, 3)):
        rng = Rng(seed)
        state = GAME.setup(players, seed)
        while not GAME.is_over(state):
            menus = {seat: every_rule(state, seat) for seat in GAME.seats(state)}
            assert GAME.actors(state) == frozenset(s for s, menu in menus.items() if menu)
            for seat, menu in menus.items():
                assert GAME.legal_actions(state, seat) == menu
                assert GAME.may_act(state, seat) == bool(menu)
            seat = rng.choice(sorted(GAME.actors(state)))
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
