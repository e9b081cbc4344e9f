"""Nim in the terminal: the heaps, and a take in words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.games.nim.actions import Take


def render(view: Mapping[str, Any]) -> str:
    lines = [f"heap {heap}: {'o' * size or '-'} ({size})" for heap, size in
             enumerate(view["heaps"])]
    return "\n".join([*lines, f"Player {view['turn'] + 1} to take."])


def describe_action(action: Action) -> str:
    assert isinstance(action, Take)
    return f"take {action.count} from heap {action.heap}"
