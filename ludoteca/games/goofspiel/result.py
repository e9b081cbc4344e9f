"""The end of a game of Goofspiel: the most prize points wins; the scores broken down into the
prizes won and the first seat's head start (where the variant gives one)."""

from __future__ import annotations

from ludoteca.engine.result import Result, competition_ranks
from ludoteca.games.goofspiel.state import GoofspielState


def result(state: GoofspielState) -> Result:
    return Result(tuple(state.scores), competition_ranks(state.scores),
                  {"categories": categories(state)})


def categories(state: GoofspielState) -> list[dict[str, int]]:
    """Each player's points by where they came from: the prizes they took and, for the first
    seat of a variant with one, the head start."""
    rows = []
    for seat, score in enumerate(state.scores):
        head = state.head_start if seat == 0 else 0
        row = {"prizes": score - head}
        if state.head_start:
            row["head_start"] = head
        row["total"] = score
        rows.append(row)
    return rows
