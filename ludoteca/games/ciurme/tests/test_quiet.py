"""A rule's quiet do (`Rule.quiet`: the stays and moves, `phase1.play_move`; the ballots,
`ballots.play_ballot`) changes the state as its do does, without building the events `Game.play`
drops: at every step of random sessions, both taken from one state leave the same state
(compared by the codec), and who may act afterwards is the same."""

from __future__ import annotations

import pytest

from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.game import TABLE

QUIET = {rule.action: rule for rule in TABLE if rule.quiet is not None}


def test_the_rules_with_a_quiet_do_are_the_stays_moves_and_ballots() -> None:
    assert sorted(cls.kind for cls in QUIET) == [
        "abstain", "agree", "elect", "move", "prefer", "stay"]


@pytest.mark.parametrize(("players", "seed"), [(8, 3), (9, 4), (13, 5), (15, 6)])
def test_a_quiet_do_leaves_the_state_its_do_leaves(players: int, seed: int) -> None:
    rng = Rng(seed)
    state = GAME.setup(players, seed)
    quietly = 0
    while not GAME.is_over(state):
        seat = rng.choice(sorted(GAME.actors(state)))
        action = rng.choice(GAME.legal_actions(state, seat))
        rule = QUIET.get(type(action))
        if rule is not None and rule.quiet is not None:
            done, quiet = GAME.clone(state), GAME.clone(state)
            rule.do(done, seat, action)
            rule.quiet(quiet, seat, action)
            assert GAME.to_json(quiet) == GAME.to_json(done), action
            quietly += 1
        GAME.play(state, seat, action)
    assert quietly > 100
