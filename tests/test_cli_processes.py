"""The `ludoteca` command run for real, in its own process: one `Error:` line for bad input,
and Ctrl-C in the middle of a tournament stops it cleanly with the matches it played (the
workers, which receive Ctrl-C too, stop without a word), and in the middle of a balance search
keeps the trials it finished."""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

COMMAND = Path(sys.executable).with_name("ludoteca")
pytestmark = pytest.mark.skipif(not COMMAND.exists(), reason="the ludoteca command is missing")


def ludoteca(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(COMMAND), *args], cwd=cwd, capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    "args",
    [
        ["tournament", "goofspiel", "--seed", str(2**64)],
        ["tournament", "goofspiel", "-o", "cards=Infinity"],
        ["tournament", "goofspiel", "--bots", "mcts:c=nan"],
        ["simulate", "goofspiel", "-g", "1", "--report", "report", "--bots", "random:level=nope"],
        ["play", "goofspiel", "--save", "missing/match.json"],
        ["replay", "missing.json"],
    ],
)
def test_bad_input_is_one_line_on_stderr(args: list[str], tmp_path: Path) -> None:
    run = ludoteca(*args, cwd=tmp_path)
    assert run.returncode == 2 and run.stdout == ""
    assert len(run.stderr.splitlines()) == 1 and run.stderr.startswith("Error: "), run.stderr
    assert not (tmp_path / "report").exists()


def cpu_seconds(pid: int) -> float:
    """CPU time the process has used, from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_until_busy(pid: int, seconds: float = 2.0, timeout: float = 90.0) -> None:
    """Wait until the process has worked `seconds` of CPU: more than its start-up takes, so it
    is playing matches, however loaded the machine."""
    deadline = time.monotonic() + timeout
    while cpu_seconds(pid) < seconds:
        assert time.monotonic() < deadline, "the command never got going"
        time.sleep(0.1)


def wait_until_a_trial_is_complete(study: Path, timeout: float = 120.0) -> None:
    """Wait until the search has finished a trial in its study: CPU time alone does not say so,
    since the workers play the matches and a loaded machine may keep them waiting."""
    deadline = time.monotonic() + timeout
    while not complete_trials(study):
        assert time.monotonic() < deadline, "the search never finished a trial"
        time.sleep(0.2)


def complete_trials(study: Path) -> int:
    if not study.exists():
        return 0
    try:
        with sqlite3.connect(f"file:{study}?mode=ro", uri=True, timeout=1.0) as db:
            row = db.execute("select count(*) from trials where state = 'COMPLETE'").fetchone()
    except sqlite3.OperationalError:  # not made yet, or locked by the search's own writing
        return 0
    return int(row[0])


def without_progress(stderr: str) -> str:
    """stderr without the progress lines a run off a terminal prints every few seconds
    (ludoteca.sim.progress), which a loaded machine may reach before the interruption."""
    return "".join(line for line in stderr.splitlines(keepends=True)
                   if not re.match(r"^.+: \d+/\d+ done", line))


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_stops_a_tournament_with_what_it_has(workers: str, tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    process = subprocess.Popen(
        [str(COMMAND), "tournament", "goofspiel", "--bots", "random,heuristic"]
        + ["--games", "100000", "--workers", workers, "--json", str(out)],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal's foreground job
    )
    wait_until_busy(process.pid)  # past its start-up, playing matches
    assert process.poll() is None
    os.killpg(process.pid, signal.SIGINT)  # what Ctrl-C does: the whole group, workers too
    stdout, stderr = process.communicate(timeout=60)
    stderr = without_progress(stderr)
    assert process.returncode == 130, stderr
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr
    assert stderr.startswith("Interrupted: ") and "of 100000 matches played" in stderr
    assert "win rate" in stdout
    data = json.loads(out.read_text())
    assert data["interrupted"] is True and 0 < data["games"] < 100000
    assert sum(bot["games"] for bot in data["bots"]) == 2 * data["games"]
    with pytest.raises(ProcessLookupError):  # no worker left behind
        os.killpg(process.pid, 0)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_ctrl_c_stops_a_search_and_keeps_its_trials(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [str(COMMAND), "tune", "goofspiel", "--objective", "seat-fairness", "--budget", "10000",
         "--games", "20", "--report", "report", "--workers", "2"],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True,  # its own process group, as a terminal's foreground job
    )
    wait_until_a_trial_is_complete(tmp_path / "report" / "study.sqlite3")
    os.killpg(process.pid, signal.SIGINT)  # what Ctrl-C does: the whole group, workers too
    _, stderr = process.communicate(timeout=60)
    stderr = without_progress(stderr)
    assert process.returncode == 130, stderr
    assert "Traceback" not in stderr and stderr.startswith("Interrupted: ")
    with sqlite3.connect(tmp_path / "report" / "study.sqlite3") as db:
        states = dict(db.execute("select state, count(*) from trials group by state").fetchall())
    # A stop between matches closes the round's trials as failed; one that cut Optuna's own
    # writing short leaves that round's trials running, and resuming closes them.
    assert states.get("COMPLETE", 0) > 0 and states.get("RUNNING", 0) <= 4
