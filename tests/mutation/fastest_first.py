"""Copied as the conftest of a mutation run (tests/mutation/run.py): the tests that reach a
mutant run fastest first, by the durations mutmut measured, so that a mutant most tests kill is
killed by a quick one (the run stops at the first failure); and what the codec keeps between
calls is forgotten before each test."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

STATS = Path("mutmut-stats.json")


def pytest_collection_modifyitems(items: list[Any]) -> None:
    if not STATS.exists():
        return  # the first run, which measures them
    durations = json.loads(STATS.read_text()).get("duration_by_test", {})
    items.sort(key=lambda item: durations.get(item.nodeid, 0.0))


@pytest.fixture(autouse=True)
def codec_built_afresh() -> None:
    """The codec builds each type's encoder and decoder once and keeps it: one built before a
    mutant was switched on (in the process the mutants are forked from) would hide the mutant.
    Each test builds its own."""
    codec = sys.modules.get("ludoteca.engine.codec")
    if codec is not None:
        for cache in (codec._DECODERS, codec._ENCODERS, codec._HINTS, codec._records):
            cache.clear()
