"""The vectorised bootstrap gives every resample the loss the terms give its matches one by
one, for every kind of term."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludoteca import load_game
from ludoteca.sim.bootstrap import counts, losses
from ludoteca.sim.objectives import loss, parse_objectives, term_values

TUNED = "mcts"


def records(count: int, seed: int) -> list[dict[str, Any]]:
    """Matches of three seats with shared wins, lengths and a measure some do not report."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        scores = [float(rng.randint(0, 3)) for _ in range(3)]
        ranks = [1 + sum(1 for other in scores if other > mine) for mine in scores]
        crews = [{"phase1_turns_to_restore": rng.choice([None, 4])} for _ in range(2)]
        details = {} if rng.random() < 0.2 else {"per_crew": crews}
        out.append({"teams": [[0], [1], [2]], "scores": scores, "ranks": ranks,
                    "actions": rng.randint(20, 90), "specs": rng.sample(
                        [TUNED, "heuristic", "random"], 3), "details": details})
    return out


@pytest.mark.parametrize("objectives", [
    ["seat-fairness"],
    ["closeness:0.5", "length=40-80", "published:2"],
    ["win-rate-vs=heuristic", "seat-fairness:3"],
    ["restored-share"],
])
def test_every_resample_has_the_loss_of_its_matches(objectives: list[str]) -> None:
    game = load_game("ciurme")
    terms = parse_objectives(objectives, game, tuning_bot=True)
    found = records(60, seed=len(objectives))
    rng = random.Random(7)
    draws = [rng.choices(range(len(found)), k=len(found)) for _ in range(50)]
    vectorised = losses(terms, found, 2, TUNED, counts(draws, len(found)))
    for drawn, value in zip(draws, vectorised, strict=True):
        one_by_one = loss(terms, term_values(terms, [found[i] for i in drawn], 2, TUNED))
        assert value == pytest.approx(one_by_one, abs=1e-12)


def test_counts_are_how_often_each_match_is_drawn() -> None:
    assert counts([[0, 0, 2], [1, 2, 2]], 3).tolist() == [[2, 0, 1], [0, 1, 2]]
