"""bench/engine.py's method, run briefly: every row measured between references, its ratios to
them (the figures themselves are the bench's to print, never a test's to assert)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench" / "engine.py"


def load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_engine", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_engine"] = module
    spec.loader.exec_module(module)
    return module


def test_every_row_is_measured_between_references_and_printed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bench = load_bench()
    rows = bench.paired_rounds(rounds=2, seconds=0.002)
    games = {f"{name}, {players} players" for name, players in bench.tables()}
    assert games | {bench.BASELINE_ROW} <= set(rows)
    for label in games:
        row = rows[label]
        assert len(row.rates) == len(row.actions_v_baseline) == len(row.clones_v_baseline) == 2
        assert all(ratio > 0 for ratio in row.actions_v_baseline + row.actions_v_reference)
    bench.print_table(rows)
    out = capsys.readouterr().out
    assert "castell, 4 players" in out and "medians of the rounds" in out
