"""`Game.play` lays, turns and discards tiles without building the events it drops
(the rules' `quiet`): at every step of random matches it leaves the very state `apply` leaves,
round ends, restarts and stalls included."""

from __future__ import annotations

import pytest

from ludoteca.engine.rng import Rng
from ludoteca.games.ligretto import GAME
from ludoteca.games.ligretto.actions import Discard, Place, TurnOver
from ludoteca.games.ligretto.state import NO_TILE, Ending, Phase


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


def test_play_ends_a_round_stalled_for_good_as_apply_does_d16() -> None:
    """Nobody places: the turn-over that completes the last stall cycle ends the round by
    itself [D-16], under `Game.play` as under `apply` (random matches rarely get that far),
    in both rounds of the match."""
    applied = GAME.setup(2, 1, {"rounds": 2})
    played = GAME.setup(2, 1, {"rounds": 2})
    while applied.phase is Phase.PLAY:
        for seat in (0, 1):
            if applied.phase is not Phase.PLAY:
                break
            action = TurnOver() if applied.players[seat].hand == NO_TILE else Discard()
            GAME.apply(applied, seat, action)
            GAME.play(played, seat, action)
            assert GAME.to_json(played) == GAME.to_json(applied), action
    assert [record.ending for record in played.history] == [Ending.STALLED] * 2
    assert played.phase is Phase.OVER  # both rounds stalled for good
