"""`Game.play` lays, turns and discards tiles without building the events it drops
(the rules' `quiet`): at every step of random matches it leaves the very state `apply` leaves,
round ends, restarts and stalls included."""

from __future__ import annotations

import pytest

from ludoteca.engine.rng import Rng
from ludoteca.games.ligretto import GAME
from ludoteca.games.ligretto.actions import Discard, Place, TurnOver


@pytest.mark.parametrize(("players", "seed", "options"), [
    (2, 11, {"rounds": 3}),
    (3, 12, {"rounds": 2, "colours": 4}),
    (4, 13, {"rounds": 2, "pawns": "host"}),
])
def test_play_leaves_the_state_apply_leaves(
    players: int, seed: int, options: dict[str, object]
) -> None:
    quiet = {TurnOver: 0, Discard: 0, Place: 0}
    for match in range(seed, seed + 3):
        rng = Rng(match)
        applied = GAME.setup(players, match, options)
        played = GAME.setup(players, match, options)
        while not GAME.is_over(applied):
            seat = rng.choice(sorted(GAME.actors(applied)))
            action = rng.choice(GAME.legal_actions(applied, seat))
            GAME.apply(applied, seat, action)
            GAME.play(played, seat, action)
            assert GAME.to_json(played) == GAME.to_json(applied), action
            if type(action) in quiet:
                quiet[type(action)] += 1
        assert GAME.is_over(played)
    assert all(quiet.values())
