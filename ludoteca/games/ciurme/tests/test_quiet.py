"""A rule's quiet do (`Rule.quiet`: the stays and moves, `phase1.play_move`; steering,
`phase1.play_steer`; the repairs and help, `phase1.play_repair`; the ballots,
`ballots.play_ballot`; the stamps, `assembly.play_place`; the motions to depose,
`depositions.play_depose`) changes the state as its do does, without building the events `Game.play`
drops: at every step of random sessions, both taken from one state leave the same state
(compared by the codec), and who may act afterwards is the same."""

from __future__ import annotations

from collections import Counter

import pytest

from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.game import TABLE

QUIET = {rule.action: rule for rule in TABLE if rule.quiet is not None}


def test_the_rules_with_a_quiet_do_are_the_most_frequent_steps() -> None:
    """The turn's steps but passing (which builds no event), the ballots, the stamps and the
    motions to depose."""
    assert sorted(cls.kind for cls in QUIET) == [
        "abstain", "agree", "depose", "elect", "help", "move", "place", "prefer", "repair",
        "stay", "steer"]


SESSIONS = [(8, 3), (9, 4), (13, 5), (15, 6)]


def compare_quietly(players: int, seed: int) -> Counter[str]:
    """A random session, each quiet do compared with its do on clones of the state it is drawn
    from: how many of each kind were compared."""
    rng = Rng(seed)
    state = GAME.setup(players, seed)
    compared: Counter[str] = Counter()
    while not GAME.is_over(state):
        seat = rng.choice(sorted(GAME.actors(state)))
        action = rng.choice(GAME.legal_actions(state, seat))
        rule = QUIET.get(type(action))
        if rule is not None and rule.quiet is not None:
            done, quiet = GAME.clone(state), GAME.clone(state)
            rule.do(done, seat, action)
            rule.quiet(quiet, seat, action)
            assert GAME.to_json(quiet) == GAME.to_json(done), action
            compared[action.kind] += 1
        GAME.play(state, seat, action)
    return compared


@pytest.mark.parametrize(("players", "seed"), SESSIONS)
def test_a_quiet_do_leaves_the_state_its_do_leaves(players: int, seed: int) -> None:
    assert compare_quietly(players, seed).total() > 100


def test_every_quiet_do_is_compared() -> None:
    """Two sessions (the second with the Assembly's motions to depose) compare every kind."""
    compared = compare_quietly(*SESSIONS[0]) + compare_quietly(*SESSIONS[-1])
    assert set(compared) == {cls.kind for cls in QUIET}
