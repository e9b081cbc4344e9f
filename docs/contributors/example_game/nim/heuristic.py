"""The heuristic bot: the winning move where there is one (leave heaps whose sizes XOR to 0,
without a cap), otherwise one token from the largest heap."""

from __future__ import annotations

from functools import reduce
from operator import xor

from ludoteca.engine.actions import Action
from ludoteca.engine.rng import Rng
from ludoteca.games.nim.actions import Take
from ludoteca.games.nim.rules.taking import most
from ludoteca.games.nim.state import NimState


def heuristic_action(state: NimState, seat: int, rng: Rng) -> Action:
    total = reduce(xor, state.heaps, 0)
    for heap, size in enumerate(state.heaps):
        target = size ^ total
        if total and target < size and size - target <= most(state, heap):
            return Take(heap, size - target)
    largest = max(range(len(state.heaps)), key=lambda heap: state.heaps[heap])
    return Take(largest, 1)
