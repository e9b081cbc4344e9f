"""Seeded fingerprints: proof that a reshaping of the code changed no behaviour.

For every game, a few seeded playouts are recorded through the public contract only (setup,
actors, legal_actions, apply, view, render, describe_action, result, to_json), and a tournament
and a balance study are run; each category of output is hashed. `fingerprints.json` holds the
hashes of the last accepted behaviour. When a change is *meant* to alter behaviour (a rules
fix), regenerate it with

    LUDOTECA_UPDATE_FINGERPRINTS=1 .venv/bin/pytest tests/test_fingerprints.py

and say in the commit which categories changed and why.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import pytest

from ludoteca import load_game
from ludoteca.engine.codec import encode
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.rng import Rng
from ludoteca.sim.study import run_study
from ludoteca.sim.tournament import run_tournament

STORE = Path(__file__).with_name("fingerprints.json")
UPDATE = os.environ.get("LUDOTECA_UPDATE_FINGERPRINTS") == "1"

# (game, players, options, seed, share of random choices, at most this many steps)
PLAYOUTS: list[tuple[str, int, dict[str, Any], int, float, int]] = [
    ("goofspiel", 3, {}, 1, 0.5, 10_000),
    ("castell", 2, {}, 3, 0.0, 10_000),
    ("castell", 3, {"advanced": True}, 4, 0.3, 10_000),
    ("castell", 4, {"train_any_known_skill": True}, 5, 0.5, 10_000),
    ("ligretto", 2, {"rounds": 2}, 6, 0.2, 10_000),
    ("ligretto", 3, {"rounds": 1, "colours": 4}, 7, 0.0, 10_000),
    ("ligretto", 4, {"rounds": 2, "pawns": "host"}, 8, 0.3, 10_000),
    ("ciurme", 8, {}, 9, 0.1, 10_000),
    ("ciurme", 10, {"automaton_load": 0}, 10, 0.3, 10_000),
]
VIEW_EVERY = 5

# (game, players, bots, games, options)
TOURNAMENTS: list[tuple[str, int, list[str], int, dict[str, Any]]] = [
    ("castell", 2, ["heuristic", "random"], 2, {}),
    ("ligretto", 2, ["heuristic", "random:level=expert"], 2, {"rounds": 1}),
    ("ciurme", 8, ["heuristic", "random"], 2, {}),
    ("goofspiel", 2, ["mcts:iterations=4", "random"], 4, {}),
]
STUDIES: list[tuple[str, int, list[tuple[str, dict[str, Any]]], int]] = [
    ("castell", 2, [("base", {})], 2),
    ("ligretto", 2, [("4", {"colours": 4, "rounds": 1}), ("6", {"colours": 6, "rounds": 1})], 2),
    ("ciurme", 8, [("base", {})], 1),
]


class Digest:
    """One sha256 per category of output."""

    def __init__(self) -> None:
        self.hashes: dict[str, Any] = {}

    def add(self, category: str, value: Any) -> None:
        text = value if isinstance(value, str) else json.dumps(value, sort_keys=True)
        self.hashes.setdefault(category, hashlib.sha256()).update(text.encode() + b"\n")

    def hexdigests(self) -> dict[str, str]:
        return {k: h.hexdigest()[:16] for k, h in sorted(self.hashes.items())}


def record_playout(
    name: str, players: int, options: dict[str, Any], seed: int, randomness: float, limit: int
) -> dict[str, str]:
    game = load_game(name)
    state = game.setup(players, seed, options)
    rng = Rng(seed + 1000)
    digest = Digest()
    seats = game.seats(state)
    step = 0
    while not game.is_over(state) and step < limit:
        actors = sorted(game.actors(state))
        assert actors, "a game that is not over has somebody to act"
        seat = rng.choice(actors)
        legal = game.legal_actions(state, seat)
        digest.add("legal", [game.describe_action(a) for a in legal])
        if rng.random() < randomness:
            action = rng.choice(legal)
        else:
            action = game.heuristic_action(game.determinize(state, seat, rng), seat, rng)
        digest.add("actions", [seat, game.encode_action(action)])
        try:
            events = game.apply(state, seat, action)
        except IllegalAction as exc:  # a heuristic's move may be refused: record the reason
            digest.add("refusals", str(exc))
            events = []
        digest.add("events", [e.to_json() for e in events])
        digest.add("states", game.to_json(state))
        if step % VIEW_EVERY == 0:
            for who in [*seats, None]:
                view = game.view(state, who)
                digest.add("views", view)
                digest.add("screens", game.render(view))
        step += 1
    digest.add("steps", step)
    if game.is_over(state):
        digest.add("result", game.result(state).to_json())
        digest.add("debrief", encode(game.debrief(state)))
    return digest.hexdigests()


def record_tournament(
    name: str, players: int, bots: list[str], games: int, options: dict[str, Any]
) -> dict[str, str]:
    digest = Digest()
    result = run_tournament(name, players, bots, games, seed=11, options=options)
    digest.add("standings", result.to_json())
    digest.add("records", result.records)
    return digest.hexdigests()


def record_study(
    name: str, players: int, configs: list[tuple[str, dict[str, Any]]], games: int
) -> dict[str, str]:
    digest = Digest()
    study = run_study(name, players, configs, games, seed=12)
    digest.add("study", study.to_json())
    return digest.hexdigests()


def cases() -> list[tuple[str, Any, Any]]:
    out: list[tuple[str, Any, Any]] = []
    for name, players, options, seed, randomness, limit in PLAYOUTS:
        key = f"playout {name} players={players} options={json.dumps(options)} seed={seed}"
        out.append((key, record_playout, (name, players, options, seed, randomness, limit)))
    for name, players, bots, games, options in TOURNAMENTS:
        key = f"tournament {name} players={players} bots={','.join(bots)} games={games}"
        out.append((key, record_tournament, (name, players, bots, games, options)))
    for name, players, configs, games in STUDIES:
        labels = ",".join(label for label, _ in configs)
        key = f"study {name} players={players} configs={labels} games={games}"
        out.append((key, record_study, (name, players, configs, games)))
    return out


def _stored() -> dict[str, Any]:
    return json.loads(STORE.read_text()) if STORE.exists() else {}


@pytest.mark.parametrize(("key", "record", "args"), cases(), ids=[c[0] for c in cases()])
def test_fingerprint(key: str, record: Any, args: Any) -> None:
    got = record(*args)
    if UPDATE:
        stored = _stored()
        stored[key] = got
        STORE.write_text(json.dumps(stored, indent=1, sort_keys=True) + "\n")
        return
    expected = _stored().get(key)
    assert expected is not None, f"no fingerprint stored for {key!r}: run with UPDATE (see top)"
    changed = sorted(k for k in set(expected) | set(got) if expected.get(k) != got.get(k))
    assert not changed, f"{key}: behaviour changed in {changed}"
