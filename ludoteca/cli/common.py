"""What the commands share: clear errors and KEY=VALUE parsing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NoReturn

import typer

from ludoteca.engine import Match
from ludoteca.games import load_game


def fail(message: str) -> NoReturn:
    """Stop the command with a clear message and exit code 2 (no traceback)."""
    typer.echo(f"Error: {message}", err=True)
    raise typer.Exit(2)


def parse_key_values(items: list[str]) -> dict[str, Any]:
    """`["rounds=3", "colours=6"]` as a dict; values that read as JSON (numbers, true, lists)
    become those; the game's options parser checks them."""
    out: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep or not key:
            raise ValueError(f"an option is written KEY=VALUE, not {item!r}")
        try:
            out[key] = json.loads(raw)
        except json.JSONDecodeError:
            out[key] = raw
    return out


def load_match(path: Path) -> Match:
    """A match saved by `ludoteca play --save`, replayed; a clear error if it cannot be."""
    try:
        data = json.loads(path.read_text())
        return Match.from_json(load_game(str(data.get("game"))), data)
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        fail(f"cannot replay the match in {path}: {exc}")
