"""The runner streams its tasks (a huge run never builds them all) and stops cleanly on Ctrl-C
with the matches it finished, for one process or several."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from ludoteca.bots.spec import parse_spec
from ludoteca.games.goofspiel import GAME as GOOFSPIEL
from ludoteca.sim.runner import registered, run_tasks
from ludoteca.sim.task import Task
from ludoteca.sim.tournament import run_tournament, schedule


class Counted:
    """An endless stream of tasks that counts how many were taken from it."""

    def __init__(self) -> None:
        self.taken = 0
        specs = [parse_spec("random"), parse_spec("heuristic")]
        self.tasks = schedule(GOOFSPIEL, 2, specs, 10**9, 0, GOOFSPIEL.options())

    def __iter__(self) -> Iterator[Task]:
        for task in self.tasks:
            self.taken += 1
            yield task


def interrupt_after(matches: int):  # type: ignore[no-untyped-def]
    """An `advance` that presses Ctrl-C once `matches` matches have finished."""
    done = itertools.count(1)

    def advance() -> None:
        if next(done) >= matches:
            raise KeyboardInterrupt

    return advance


@pytest.mark.parametrize("workers", [1, 2])
def test_an_endless_run_streams_and_stops_cleanly_on_ctrl_c(workers: int) -> None:
    stream = Counted()
    played = run_tasks(stream, workers, interrupt_after(5))
    assert played.interrupted
    # the match whose end pressed Ctrl-C counts; nothing else is kept half-done
    assert 5 <= len(played.records) <= 5 + 2 * workers
    assert stream.taken <= len(played.records) + 2 * workers + 1  # a bounded window, not 10**9
    numbers = [r["number"] for r in played.records]
    assert numbers == sorted(numbers)


def test_an_interrupted_tournament_counts_the_matches_it_played() -> None:
    result = run_tournament(
        GOOFSPIEL, 2, ["random", "heuristic"], 10_000, seed=1, advance=interrupt_after(6)
    )
    assert result.interrupted and result.games == len(result.records) == 6
    assert result.to_json()["interrupted"] is True and result.to_json()["games"] == 6
    assert sum(bot.games for bot in result.bots) == 2 * 6
    complete = run_tournament(GOOFSPIEL, 2, ["random", "heuristic"], 6, seed=1)
    assert "interrupted" not in complete.to_json()
    assert complete.records == result.records  # the same matches, whatever stopped the run


def test_simulations_play_registered_games_only() -> None:
    class Copy(type(GOOFSPIEL)):  # type: ignore[misc]
        pass

    with pytest.raises(ValueError, match="registered games only"):
        registered(Copy())
    assert registered("goofspiel") is GOOFSPIEL is registered(GOOFSPIEL)
