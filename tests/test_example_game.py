"""The contributors' example game (docs/contributors/example_game/nim/), added to a scratch copy
of the package as "Adding a game" says: its folder copied into ludoteca/games/, one line in the
registry. In that copy, its own tests (the conformance harness) pass, the command line plays it,
and the server's tests that play every registered game (secrecy, leaks, doors) pass for it."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from example_game import example_package


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A copy of the package (its built web client left out) with Nim added and registered."""
    root = tmp_path_factory.mktemp("scratch")
    example_package(root)
    yield root


def run(scratch: Path, *arguments: str, program: str = sys.executable
        ) -> subprocess.CompletedProcess[str]:
    """`program` (Python by default) run in the scratch copy, its package the copy's."""
    env = {**os.environ, "PYTHONPATH": str(scratch)}
    return subprocess.run([program, *arguments], cwd=scratch, env=env,
                          capture_output=True, text=True, timeout=600)


LUDOTECA = str(Path(sys.executable).parent / "ludoteca")


def test_the_example_game_passes_its_own_tests_in_a_scratch_copy(scratch: Path) -> None:
    done = run(scratch, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", ".",
               "-o", "addopts=--import-mode=importlib", "ludoteca/games/nim")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]


def test_the_command_line_plays_the_example_game(scratch: Path) -> None:
    listed = run(scratch, "games", program=LUDOTECA)
    assert listed.returncode == 0 and "nim" in listed.stdout.lower(), listed.stderr
    played = run(scratch, "tournament", "nim", "--players", "2", "--bots", "heuristic,random",
                 "--games", "4", program=LUDOTECA)
    assert played.returncode == 0, played.stdout[-2000:] + played.stderr[-2000:]


def test_the_servers_tests_of_every_game_pass_for_the_example_game(scratch: Path) -> None:
    tests = [f"ludoteca/server/tests/{name}.py" for name in
             ("test_secrecy", "test_leaks", "test_doors")]
    done = run(scratch, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", ".",
               "-o", "addopts=--import-mode=importlib", "-k", "nim", *tests)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "skipped" not in done.stdout, done.stdout[-1000:]
