"""Copied as the conftest of a mutation run (tests/mutation/run.py): the tests that reach a
mutant run fastest first, by the durations mutmut measured, so that a mutant most tests kill is
killed by a quick one (the run stops at the first failure)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

STATS = Path("mutmut-stats.json")


def pytest_collection_modifyitems(items: list[Any]) -> None:
    if not STATS.exists():
        return  # the first run, which measures them
    durations = json.loads(STATS.read_text()).get("duration_by_test", {})
    items.sort(key=lambda item: durations.get(item.nodeid, 0.0))
