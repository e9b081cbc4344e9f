"""The facilitator starts phase 1 after the briefing and phase 2 once every crew has elected its
quartermaster; any other start is refused in words, and a set phase-1 timer runs from phase 1."""

from __future__ import annotations

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.actions import StartPhase
from ludoteca.games.ciurme.state import CiurmeState
from ludoteca.games.ciurme.tests.helpers import act, elect_all, offices, phase1


def refusal(state: CiurmeState, phase: int) -> str:
    with pytest.raises(IllegalAction) as refused:
        act(state, state.facilitator, StartPhase(phase))
    return str(refused.value)


def wrong_stage(phase: int, stage: str) -> str:
    return (
        f"phase {phase} cannot start now (stage: {stage}); phase 1 starts after the briefing, "
        "phase 2 after the elections"
    )


def test_phase_2_is_refused_during_the_briefing_in_words() -> None:
    assert refusal(GAME.setup(8, 0), 2) == wrong_stage(2, "briefing")


def test_phase_1_is_refused_after_the_elections_in_words() -> None:
    state = offices()
    elect_all(state)
    assert refusal(state, 1) == wrong_stage(1, "offices")


def test_phase_2_waits_for_every_quartermaster() -> None:
    assert refusal(offices(), 2) == "phase 2 starts once every crew has elected its quartermaster"


def test_a_one_second_phase_1_timer_runs() -> None:
    # [D-21] the phase-1 timer, if set (any number of seconds), is shown to everybody
    state = phase1(phase1_seconds=1)
    assert GAME.view(state, 0)["phase1_clock"] is not None
