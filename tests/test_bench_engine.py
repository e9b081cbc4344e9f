"""bench/engine.py's method, run briefly: every row measured between references, its ratios to
them (the figures themselves are the bench's to print, never a test's to assert)."""

from __future__ import annotations

import pytest
from scripts import load_script


def test_every_row_is_measured_between_references_and_printed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bench = load_script("bench/engine.py")
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
