"""Nim's one action."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from ludoteca.engine.actions import Action
from ludoteca.engine.codec import Between


@dataclass(frozen=True)
class Take(Action):
    """Take `count` tokens from heap `heap` (heaps are numbered from 0)."""

    kind = "take"
    heap: Annotated[int, Between(0, 3)]
    count: Annotated[int, Between(1, 6)]
