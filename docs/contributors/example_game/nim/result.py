"""The end of a game of Nim: whoever took the last token wins."""

from __future__ import annotations

from ludoteca.engine.result import Result, competition_ranks
from ludoteca.games.nim.state import NimState


def result(state: NimState) -> Result:
    scores = [1 if seat == state.last else 0 for seat in range(2)]
    return Result(tuple(scores), competition_ranks(scores), {})
