"""The option sets a study compares: `--sweep KEY=V1,V2,...` over the `--option KEY=VALUE` base
(read by `ludoteca.cli.common.parse_key_values`, as every command reads them).

Sweep values are read like option values (JSON where they read as JSON: numbers, true, lists;
text otherwise); the game's own `Game.options(dict)` checks them and says what is allowed.
"""

from __future__ import annotations

import json
from typing import Any


def read_value(raw: str) -> Any:
    """A value typed on the command line: JSON where it reads as JSON, else the text."""
    try:
        return json.loads(raw)
    except json.JSONDecodeError:
        return raw


def parse_sweep(text: str) -> tuple[str, list[Any]]:
    """`"cards=3,5,8"` as ("cards", [3, 5, 8])."""
    key, eq, values = text.partition("=")
    items = [read_value(v.strip()) for v in values.split(",") if v.strip()]
    if not eq or not key.strip() or not items:
        raise ValueError(f"sweep {text!r} must look like KEY=V1,V2,...")
    return key.strip(), items


def option_sets(
    base: dict[str, Any], sweep: tuple[str, list[str]] | None
) -> list[tuple[str, dict[str, Any]]]:
    """The (label, options) of every configuration a study compares."""
    if sweep is None:
        label = ", ".join(f"{k}={v}" for k, v in base.items()) or "default options"
        return [(label, dict(base))]
    key, values = sweep
    return [(f"{key}={value}", {**base, key: value}) for value in values]
