"""A bot keeps one mind per seat over a browser match: Goofspiel's strong level reads the
habits of the person it plays from every bid it saw, though each of its moves is chosen in a
worker process, and a bot made again for a match under way (the match loaded after a restart)
recalls the earlier bids from the log."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from ludoteca.bots.levels import level_spec
from ludoteca.games import load_game
from ludoteca.server.config import ServerConfig
from ludoteca.server.live.seat_bots import SeatBots
from ludoteca.server.tests.helpers import Client, ServerThread, create, post
from ludoteca.server.tests.test_live import eventually

# The level a person picks in the new-match form, as the game's table of levels names it.
STRONG = level_spec(load_game("goofspiel"), "strong")


def seen_bids(bot: Any) -> list[int]:
    """The other's bids the bot's reading has seen, in order."""
    return [bid for _, bid in bot._notes.get(1, {}).get("seen", [])]


def revealed(step: int) -> Callable[[dict[str, Any]], bool]:
    return lambda f: bool(f["type"] == "event" and f["event"]["kind"] == "reveal"
                          and f["step"] == step)


def test_the_strong_goofspiel_bot_remembers_the_bids_it_saw(config: ServerConfig) -> None:
    async def scenario(base: str, server: ServerThread) -> None:
        made = await create(base, game="goofspiel", players=2, seed=5, options={"cards": 5},
                            bots={"1": STRONG}, bot_pause=0)
        response = await post(base, f"/api/matches/{made['id']}/start", made["host_token"])
        assert response.status_code == 200, response.text
        ann = await Client.connect(base, made["id"], made["seats"][0]["token"])
        await ann.state()
        live = server.hub.matches[made["id"]]
        for ref, card in enumerate((5, 4), start=1):
            await ann.act({"kind": "bid", "card": card}, ref)
            await ann.until(revealed(2 * ref), 60)  # the first search starts a worker process

        async def thought_of_the_third_prize() -> bool:
            kept = live.seat_bots.bots.get(1)
            return kept is not None and len(seen_bids(kept[1])) == 2

        await eventually(thought_of_the_third_prize, "the bot's move for the third prize", 60)
        assert seen_bids(live.seat_bots.bots[1][1]) == [5, 4]
        # The match as loaded again: a new set of seat bots, the bot made anew for seat 1.
        again = await SeatBots(live).bot(1, STRONG)
        assert seen_bids(again) == [5, 4]  # its bid for the third prize recalled too
        await ann.close()

    with ServerThread(config) as server:
        asyncio.run(scenario(server.url, server))
