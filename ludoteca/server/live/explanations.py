"""What a seat's search weighed after a step of a finished match, asked for from a replay.

An explanation is a search (`ludoteca.bots.explain`): it runs in the bots' pool, in its match's
turn among the searches of every match, bounded by the server's seconds of CPU a move like any
bot's. A caller (a token, or an address without one) waits for one explanation at a time; a
second asked meanwhile is refused, so nobody fills the pool with them. The answer to a match,
step and seat is the same every time (the search is seeded by them), so it is kept: asked again,
by anyone, it costs nothing.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from ludoteca.bots.explain import explain
from ludoteca.server.live.bot_pool import BotPool, GameRef, portable, unpacked

KEPT = 512  # answers kept, the newest (each a few kilobytes)

Key = tuple[str, int, int]


def explained(game: GameRef, record: dict[str, Any], step: int, seat: int, spec: str | None,
              cpu_seconds: float | None) -> dict[str, Any]:
    """`explain` as JSON, in a search worker."""
    return explain(unpacked(game), record, step, seat, spec, cpu_seconds).to_json()


class Busy(Exception):
    """The caller already waits for an explanation."""


class Explanations:
    def __init__(self, pool: BotPool, kept: int = KEPT) -> None:
        self.pool = pool
        self.kept = kept
        self.answers: OrderedDict[Key, dict[str, Any]] = OrderedDict()
        self.asking: set[str] = set()  # callers whose explanation is being worked out

    async def answer(self, caller: str, key: Key, game: Any, spec: str | None,
                     record: Callable[[], Awaitable[dict[str, Any]]]) -> dict[str, Any]:
        """The explanation of (match, step, seat) `key`; ValueError as `explain` raises it,
        Busy while `caller` waits for another one. `record` reads the saved match, only when
        the answer is not kept."""
        found = self.answers.get(key)
        if found is not None:
            self.answers.move_to_end(key)
            return found
        if caller in self.asking:
            raise Busy
        self.asking.add(caller)
        try:
            saved = await record()
            match, step, seat = key
            found = await self.pool.search(match, explained, portable(game), saved, step,
                                           seat, spec, self.pool.cpu_seconds)
        finally:
            self.asking.discard(caller)
        self.answers[key] = found
        while len(self.answers) > self.kept:
            self.answers.popitem(last=False)
        return found
