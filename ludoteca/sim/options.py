"""The option sets a study compares: `--sweep KEY=V1,V2,...` over the `--option KEY=VALUE` base
(read by `ludoteca.cli.common.parse_key_values`, as every command reads them).

Sweep values stay text here; the game's own `Game.options(dict)` converts and checks them and says
what is allowed.
"""

from __future__ import annotations

from typing import Any


def parse_sweep(text: str) -> tuple[str, list[str]]:
    """`"cards=3,5,8"` as ("cards", ["3", "5", "8"])."""
    key, eq, values = text.partition("=")
    items = [v.strip() for v in values.split(",") if v.strip()]
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
