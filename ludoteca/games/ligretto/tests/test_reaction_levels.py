"""The bots' reaction times come from published timings of people: each level's steps are the
keystroke-level model's operators and a visual search over the pairs beside the pawns, and the
levels are ordered: a newcomer slower than a casual player, an expert the quickest."""

from __future__ import annotations

import pytest

from ludoteca.games.ligretto import data
from ludoteca.games.ligretto.bots.reaction import level_times


def test_the_levels_are_ordered_step_by_step() -> None:
    beginner, casual, expert = (level_times(level) for level in ("beginner", "casual", "expert"))
    for step in beginner:
        assert beginner[step] >= casual[step] >= expert[step], step
    assert beginner["spot"] > casual["spot"] > expert["spot"]


def test_steps_are_sums_of_the_sources_operators() -> None:
    casual = level_times("casual")
    assert casual["turn"] == pytest.approx(data.POINT + 0.28)  # point at the stack, click
    # think, then look at half the pairs at 30 ms each
    assert casual["spot"] == pytest.approx(data.THINK + 0.030 * data.SEARCH_ITEMS / 2)
    # saying "none" looks at every pair: twice as long as finding one (less the thinking)
    assert casual["give_up"] - casual["place"] - data.THINK == pytest.approx(
        2 * (casual["spot"] - data.THINK))
    assert len(data.SOURCES) == 2 and all("(19" in s or "(20" in s for s in data.SOURCES)


def test_a_speed_factor_scales_the_casual_level() -> None:
    assert level_times("2")["turn"] == pytest.approx(level_times("casual")["turn"] / 2)
