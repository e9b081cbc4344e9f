"""Fixtures for the client's unit tests, made by the games themselves: for each game, views,
one example of every action kind its seats were offered and of every event kind they saw, from
seeded playouts; and for Castell, towers with the verdict of the game's own `check_tower`.
A test in tests/ fails when this file is stale, so a game that gains an event or an action kind
makes the client's texts for it be written.

Usage: python web/scripts/game_fixtures.py [OUT.json]   (default: web/tests/fixtures/games.json)
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from ludoteca import load_game
from ludoteca.engine.rng import Rng
from ludoteca.games.castell.towers import check_tower

OUT = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "games.json"
PLAYOUTS = {"castell": (2, 3), "ligretto": (3, 2), "ciurme": (8, 2), "goofspiel": (2, 2)}
MAX_STEPS = 3000


def playout(name: str, players: int, seed: int, out: dict[str, Any]) -> None:
    game = load_game(name)
    state = game.setup(players, seed)
    rng = Rng(seed)
    for step in range(MAX_STEPS):
        if game.is_over(state):
            break
        seats = sorted(game.actors(state))
        seat = seats[step % len(seats)]
        for action in game.legal_actions(state, seat):
            encoded = game.encode_action(action)
            out["actions"].setdefault(encoded["kind"], encoded)
        action = game.heuristic_action(game.determinize(state, seat, rng.fork()), seat, rng)
        for event in game.apply(state, seat, action):
            out["events"].setdefault(event.kind, {"kind": event.kind, "data": dict(event.data)})
        if step in (0, 40):
            out["views"].append(game.view(state, seat))
    out["views"].append(game.view(state, 0))
    if game.is_over(state):
        out["result"] = game.result(state).to_json()


def tower_cases(count: int = 400) -> list[dict[str, Any]]:
    """Random towers (legal and not) with random ranks, and the game's verdict."""
    rng = random.Random(7)
    skills = ["balance", "base", "mix", "strength", "width"]
    cases = []
    for _ in range(count):
        levels = []
        size = rng.randint(6, 10)
        width = rng.randint(2, 6)
        for _ in range(rng.randint(1, 6)):
            level = [size] * width
            if rng.random() < 0.25 and size > 1:
                level[-1] = size - 1
            levels.append(level)
            size = max(1, size - rng.choice([0, 1, 1, 2]))
            width = max(1, width - rng.choice([0, 1, 1]))
        if rng.random() < 0.15:
            levels.reverse()
        ranks = {s: rng.randint(0, 3) for s in skills}
        wanted = rng.sample(skills, rng.choice([0, 0, 0, 1, 2]))
        verdict = check_tower(levels, ranks, wanted)
        cases.append({"levels": levels, "ranks": ranks, "skills": wanted,
                      "legal": verdict.legal, "uses": verdict.uses if verdict.legal else None,
                      "reason": verdict.reason})
    return cases


def fixtures() -> dict[str, Any]:
    games: dict[str, Any] = {}
    for name, (players, seed) in PLAYOUTS.items():
        out: dict[str, Any] = {"views": [], "actions": {}, "events": {}}
        playout(name, players, seed, out)
        out["actions"] = dict(sorted(out["actions"].items()))
        out["events"] = dict(sorted(out["events"].items()))
        games[name] = out
    return {"games": games, "castell_towers": tower_cases()}


def main() -> None:
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(fixtures(), sort_keys=True, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
