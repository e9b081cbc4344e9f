"""Game options from the command line: `--option KEY=VALUE` and `--sweep KEY=V1,V2,...`.

Values stay text here; the game's own `Game.options(dict)` converts and checks them and says what
is allowed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def parse_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """`["cards=5", "x=y"]` as a dict; a ValueError says which item is malformed."""
    options: dict[str, str] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"option {pair!r} must look like KEY=VALUE")
        options[key.strip()] = value.strip()
    return options


def parse_sweep(text: str) -> tuple[str, list[str]]:
    """`"cards=3,5,8"` as ("cards", ["3", "5", "8"])."""
    key, eq, values = text.partition("=")
    items = [v.strip() for v in values.split(",") if v.strip()]
    if not eq or not key.strip() or not items:
        raise ValueError(f"sweep {text!r} must look like KEY=V1,V2,...")
    return key.strip(), items


def option_sets(
    base: dict[str, str], sweep: tuple[str, list[str]] | None
) -> list[tuple[str, dict[str, Any]]]:
    """The (label, options) of every configuration a study compares."""
    if sweep is None:
        label = ", ".join(f"{k}={v}" for k, v in base.items()) or "default options"
        return [(label, dict(base))]
    key, values = sweep
    return [(f"{key}={value}", {**base, key: value}) for value in values]
