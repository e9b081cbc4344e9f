"""Bots explain themselves after a match: the moves a seat's search compared at a step, its
choice first, the same answer every time, and clear refusals."""

from __future__ import annotations

import pytest

from ludoteca.bots import parse_bot
from ludoteca.bots.explain import explain
from ludoteca.bots.levels import level_spec
from ludoteca.engine.match import Match
from ludoteca.engine.rng import Rng
from ludoteca.games.goofspiel import GAME as GOOFSPIEL


def finished_record() -> dict[str, object]:
    match = Match.new(GOOFSPIEL, 2, seed=11)
    bots = {0: parse_bot("mcts:iterations=30"), 1: parse_bot("heuristic")}
    rng = Rng(11)
    while not match.is_over:
        actors = sorted(GOOFSPIEL.actors(match.state))
        for seat, action in [(s, bots[s].choose(GOOFSPIEL, match.state, s, rng)) for s in actors]:
            match.apply(seat, action)
    return match.to_json()


def test_a_seats_search_explains_its_move() -> None:
    record = finished_record()
    found = explain(GOOFSPIEL, record, 0, 0, "mcts:iterations=30")
    assert found.spec == "mcts:iterations=30"
    assert sum(move.visits for move in found.moves) == 30
    assert sorted(m.action["card"] for m in found.moves) == [1, 2, 3, 4, 5]
    assert found.played is not None
    assert found.to_json() == explain(GOOFSPIEL, record, 0, 0, "mcts:iterations=30").to_json()


def test_a_seat_without_a_search_is_explained_by_the_strong_level() -> None:
    found = explain(GOOFSPIEL, finished_record(), 0, 1, "heuristic")
    assert found.spec == level_spec(GOOFSPIEL, "strong") == (
        "mcts:iterations=2000:select=regret:solved=1")


def test_refusals_say_what_is_allowed() -> None:
    record = finished_record()
    with pytest.raises(ValueError, match="its steps are 0 to"):
        explain(GOOFSPIEL, record, 99, 0)
    with pytest.raises(ValueError, match="no seat 5"):
        explain(GOOFSPIEL, record, 0, 5)
