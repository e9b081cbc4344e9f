"""Castell's public view keeps the encodings of what play replaces but never changes in place (a
festival of the calendar, a player's region board): at every step of random games, and of
clones played on apart from their original, it is the view encoded afresh."""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca.engine.codec import encode
from ludoteca.engine.rng import Rng
from ludoteca.games.castell import GAME
from ludoteca.games.castell.data import REGIONS, ROUNDS, SIZES, local_tile
from ludoteca.games.castell.result import categories
from ludoteca.games.castell.state import CastellState, Phase
from ludoteca.games.castell.view import public_view
from ludoteca.games.castell.wheel import wheel_view


def encoded_afresh(state: CastellState) -> dict[str, Any]:
    """The public view with every part encoded at this step, nothing kept."""
    turn = state.phase == Phase.TURN
    view: dict[str, Any] = encode({
        "round": state.round,
        "rounds": ROUNDS,
        "phase": state.phase,
        "first": state.first,
        "current": state.current if turn else None,
        "used": list(state.used) if turn else [],
        "free_special": state.free_special,
        "wheel": wheel_view(state),
        "wheel_next": wheel_view(state, state.round + 1) if state.round < ROUNDS else None,
        "advanced": state.advanced,
        "regions": {r: list(state.regions[r]) for r in REGIONS},
        "rows": {r: [local_tile(t) for t in state.rows[r]] for r in REGIONS},
        "row_tokens": {r: list(state.row_tokens[r]) for r in REGIONS},
        "calendar": state.calendar,
        "piles": dict(state.piles),
        "bag": {str(size): state.bag.count(size) for size in SIZES},
    })
    view["players"] = [
        {**encode(p), "score_now": categories(p, state.variant)} for p in state.players
    ]
    return view


@pytest.mark.parametrize("players,seed", [(2, 21), (3, 22), (4, 23)])
def test_the_kept_encodings_are_the_fresh_ones(players: int, seed: int) -> None:
    rng = Rng(seed)
    state = GAME.setup(players, seed)
    clones: list[CastellState] = []
    while not GAME.is_over(state):
        assert public_view(state) == encoded_afresh(state), (state.round, state.phase)
        if len(clones) < 3 and rng.randrange(40) == 0:
            clones.append(GAME.clone(state))
        seat = rng.choice(sorted(GAME.actors(state)))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    for clone in clones:  # played on apart: what they share with the original stays as it was
        while not GAME.is_over(clone):
            assert public_view(clone) == encoded_afresh(clone), (clone.round, clone.phase)
            seat = rng.choice(sorted(GAME.actors(clone)))
            GAME.apply(clone, seat, rng.choice(GAME.legal_actions(clone, seat)))
