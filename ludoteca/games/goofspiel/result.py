"""The end of a game of Goofspiel: the most prize points wins; it reports no details."""

from __future__ import annotations

from ludoteca.engine.result import Result, competition_ranks
from ludoteca.games.goofspiel.state import GoofspielState


def result(state: GoofspielState) -> Result:
    return Result(tuple(state.scores), competition_ranks(state.scores))
