"""No frame tells a seat what the game hides from it.

Scripted full games of the three room games (Ciurme with two crews of four and a facilitator)
record every frame sent to every seat and to a spectator. Replaying the log then proves, for
each frame: a `state` frame's view is exactly `game.view` for that seat at that step, and the
same view comes out of a state whose hidden part (`game.hidden`) was resampled by
`determinize`, so it cannot carry the secret; its legal actions are the game's; and the events
a client got at each step are exactly the ones `Event.visible` allows it, in order.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from ludoteca.engine.rng import Rng
from ludoteca.games import load_game
from ludoteca.server.config import ServerConfig, sqlite_url
from ludoteca.server.tests.helpers import Client, Player, ServerThread, create, get, post
from ludoteca.server.tests.tables import every_game

GAMES = every_game()  # every registered game, Goofspiel included


def chooser(seed: int) -> Any:
    rng = random.Random(seed)
    return lambda legal: rng.choice(legal)


async def play_and_record(base: str, game: str, players: int, options: dict[str, Any]
                          ) -> tuple[dict[str, Any], list[Client]]:
    made = await create(base, game=game, players=players, seed=17, options=options)
    clients = [await Client.connect(base, made["id"], s["token"], label=f"seat {s['seat']}")
               for s in made["seats"]]
    watcher = await Client.connect(base, made["id"], label="spectator")
    await post(base, f"/api/matches/{made['id']}/start", made["host_token"])
    players_ = [Player(c, chooser(i)) for i, c in enumerate(clients)]
    await asyncio.gather(*(p.play(300) for p in players_),
                         watcher.until(lambda f: f["type"] == "state"
                                       and f["status"] == "over", 300))
    for client in [*clients, watcher]:
        await client.drain(0.3)
        await client.close()
    record = (await get(base, f"/api/matches/{made['id']}/record", made["host_token"])).json()
    return record, [*clients, watcher]


def as_json(value: Any) -> Any:
    """What a value looks like after a trip through JSON (tuples become lists)."""
    return json.loads(json.dumps(value))


def check_frames(name: str, record: dict[str, Any], clients: list[Client]) -> int:
    """Every frame against the replay; returns how many views had a secret to keep."""
    game = load_game(name)
    state = game.setup(record["players"], record["seed"], record["options"])
    states = [game.clone(state)]
    events: list[list[Any]] = [[]]
    for entry in record["log"]:
        events.append(game.apply(state, entry["seat"], game.decode_action(entry["action"])))
        states.append(game.clone(state))
    assert game.is_over(state)
    rng = Rng(99)
    secrets_kept = 0
    for client in clients:
        seat = next(f["seat"] for f in client.frames if f["type"] == "state")
        got: dict[int, list[dict[str, Any]]] = {}
        for frame in client.frames:
            if frame["type"] == "state":
                step = frame["step"]
                truth = states[step]
                assert frame["view"] == as_json(game.view(truth, seat)), (name, seat, step)
                # A clock's time left only of a clock the seat's view shows (a vote it knows).
                for key in frame["clocks"]:
                    assert json.dumps(key) in json.dumps(frame["view"]), (name, seat, key)
                resampled = game.determinize(truth, seat, rng)
                assert frame["view"] == as_json(game.view(resampled, seat)), (name, seat, step)
                hidden = game.hidden(truth, seat)
                if hidden and json.dumps(hidden, sort_keys=True) != json.dumps(
                        game.hidden(resampled, seat), sort_keys=True):
                    secrets_kept += 1
                playing = frame["status"] == "running" and not frame["gathering"]
                legal = ([game.encode_action(a) for a in game.legal_actions(truth, seat)]
                         if playing and seat is not None else [])
                assert frame["legal"] == as_json(legal), (name, seat, step)
            elif frame["type"] == "event":
                got.setdefault(frame["step"], []).append(frame["event"])
            elif frame["type"] == "history":  # what happened before the client came
                for told in frame["events"]:
                    got.setdefault(told["step"], []).append(told["event"])
            else:
                assert frame["type"] in ("presence", "accepted", "rejected", "pong"), frame
        for step in range(1, len(states)):
            wanted = [{"kind": e.kind, "data": as_json(dict(e.data))}
                      for e in events[step] if e.visible(seat)]
            assert got.get(step, []) == wanted, (name, seat, step)
    return secrets_kept


@pytest.mark.parametrize(("name", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_no_frame_carries_a_secret(tmp_path: Any, name: str, players: int,
                                   options: dict[str, Any]) -> None:
    config = ServerConfig(database_url=sqlite_url(tmp_path / "db"), bot_pause=0.0,
                          frames_per_second=1000, countdown_seconds=0.0)
    with ServerThread(config) as server:
        record, clients = asyncio.run(play_and_record(server.url, name, players, options))
    # The check had secrets to keep, in a game with any (Nim, the contributors' example, has
    # none: every seat sees everything).
    game = load_game(name)
    keeps_secrets = game.hidden(game.setup(players, 17, game.options(options)), 0)
    assert check_frames(name, record, clients) > 0 or not keeps_secrets
