"""Tournaments and studies on Ray: the same results for the same seed as one process, progress
as matches finish, a clear error for a cluster that cannot be reached, and the command line's
`--ray [ADDRESS]`; a balance search's trials are the same there too.

One local Ray head for the module, bound to loopback with 2 CPUs (starting Ray takes seconds,
so the tests that need it are few and share it, on one test worker).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca import load_game
from ludoteca.bots.spec import parse_spec
from ludoteca.cli import app
from ludoteca.cli.common import fill_optional_values
from ludoteca.sim.candidates import Search
from ludoteca.sim.cluster import (
    Batcher,
    ClusterError,
    check_address,
    local_instance_settings,
    probe,
)
from ludoteca.sim.objectives import parse_objectives
from ludoteca.sim.study import run_study
from ludoteca.sim.tournament import run_tournament
from ludoteca.sim.tune import run_search

COMMAND = Path(sys.executable).with_name("ludoteca")
BOTS = ["random", "heuristic"]


@pytest.fixture(scope="module")
def head() -> Iterator[str]:
    """A Ray head on loopback with 2 CPUs; its address (the tests' process is connected)."""
    # loopback only, no network: Ray reads this when it is imported, so it is set first
    local_instance_settings()
    ray = pytest.importorskip("ray")
    assert not ray._private.ray_constants.ENABLE_RAY_CLUSTER, "Ray was imported before the head"
    context = ray.init(
        num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR"
    )
    address = str(context.address_info["gcs_address"])
    assert address.startswith("127.0.0.1:"), address
    yield address
    ray.shutdown()


@pytest.mark.xdist_group("ray")
def test_a_tournament_on_ray_gives_the_results_of_one_process(head: str) -> None:
    ticks: list[int] = []
    on_ray = run_tournament(
        "ligretto", 2, BOTS, 12, seed=5, options={"rounds": 1}, workers=None,
        advance=lambda: ticks.append(1), ray=head,
    )
    alone = run_tournament("ligretto", 2, BOTS, 12, seed=5, options={"rounds": 1})
    assert on_ray.records == alone.records and on_ray.bots == alone.bots
    assert len(ticks) == 12  # progress: once per match, as the batches come back


@pytest.mark.xdist_group("ray")
def test_a_study_on_ray_gives_the_results_of_one_process(head: str) -> None:
    configs = [("5 cards", {"cards": 5}), ("8 cards", {"cards": 8})]
    on_ray = run_study("goofspiel", 3, configs, 30, BOTS, seed=9, ray=head)
    alone = run_study("goofspiel", 3, configs, 30, BOTS, seed=9)
    assert on_ray.to_json() == alone.to_json()
    assert [c.records for c in on_ray.configs] == [c.records for c in alone.configs]


@pytest.mark.xdist_group("ray")
def test_a_balance_search_on_ray_gives_the_trials_of_one_process(
    head: str, tmp_path: Path
) -> None:
    game = load_game("goofspiel")
    terms = parse_objectives(["seat-fairness"], game, tuning_bot=False)

    def search(ray: str | None) -> Search:
        return Search(game, 2, terms, game.tunables(2), game.options(), [parse_spec("random")],
                      budget=4, games=10, seed=3, workers=None if ray else 1, ray=ray)

    on_ray = run_search(search(head), tmp_path / "ray.sqlite3")
    alone = run_search(search(None), tmp_path / "alone.sqlite3")
    assert on_ray.trials == alone.trials and on_ray.best == alone.best
    assert on_ray.remeasured["best"].to_json() == alone.remeasured["best"].to_json()


def simulate(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(COMMAND), "simulate", "goofspiel", "-g", "20", "--seed", "4", *args],
        cwd=cwd, capture_output=True, text=True, timeout=600,
    )


@pytest.mark.xdist_group("ray")
@pytest.mark.skipif(not COMMAND.exists(), reason="the ludoteca command is missing")
def test_the_command_line_runs_on_a_cluster_and_on_its_own_local_instance(
    head: str, tmp_path: Path
) -> None:
    alone = simulate("--report", "alone", cwd=tmp_path)
    on_head = simulate("--report", "head", "--ray", head, cwd=tmp_path)
    on_local = simulate("--ray", "--report", "local", cwd=tmp_path)  # started and stopped
    for run in (alone, on_head, on_local):
        assert run.returncode == 0, run.stderr
    results = [json.loads((tmp_path / d / "results.json").read_text()) for d in
               ("alone", "head", "local")]
    assert results[0] == results[1] == results[2]


def test_an_address_nothing_answers_at_is_one_error_line() -> None:
    result = CliRunner().invoke(
        app, ["tournament", "goofspiel", "--games", "2", "--ray", "127.0.0.1:9"]
    )
    assert result.exit_code == 2
    assert "cannot reach the Ray cluster at 127.0.0.1:9" in result.output
    with pytest.raises(ClusterError, match="cannot reach"):
        probe("127.0.0.1:9")


@pytest.mark.parametrize("address", ["nowhere", "host:0", "host:99999", "http://host:1", ""])
def test_a_malformed_address_is_refused(address: str) -> None:
    with pytest.raises(ClusterError, match="local, auto, HOST:PORT or ray://HOST:PORT"):
        check_address(address)
    assert check_address("ray://10.0.0.5:10001") and check_address("auto")


def test_ray_alone_means_a_local_instance() -> None:
    assert fill_optional_values(["simulate", "x", "--ray"]) == ["simulate", "x", "--ray", "local"]
    assert fill_optional_values(["--ray", "-g", "3"]) == ["--ray", "local", "-g", "3"]
    assert fill_optional_values(["--ray", "h:1", "-g", "3"]) == ["--ray", "h:1", "-g", "3"]


def test_batches_carry_about_half_a_second_of_matches() -> None:
    batcher = Batcher(seconds=0.5)
    assert batcher.size() == 1  # nothing measured yet
    batcher.record(4, 0.02)  # 5 ms a match
    assert batcher.size() == 100
    batcher.record(1, 10.0)  # a long one: smaller batches
    assert batcher.size() == 1
