"""Corrupted documents, to prove that a game refuses what it cannot play.

Every game's property tests take real documents (states from seeded playouts, encoded legal
actions), corrupt them at random (a field dropped or added, a value of the wrong type or out of
range, a list shortened, lengthened or nested deep...) and require one of two outcomes:

- the document is refused with the one error type (`InvalidData`, or `MalformedAction` /
  `IllegalAction` for an action), with a message of bounded length; or
- it is accepted, and then the state is playable: `check_state` passed, and random play from it
  reaches the end of the game within the game's bound on actions, every hook answering without
  a crash.

Nothing else may happen: no KeyError, no TypeError, no hang, no MemoryError.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.engine.codec import MESSAGE_LIMIT, InvalidData
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng

# Values of every JSON type, a few of them hostile (huge, negative, deep).
ODD_VALUES: tuple[Any, ...] = (
    None, True, False, 0, -1, 1.5, 10**9, 2**70, float("inf"), "", "banana", [], [[[[]]]], {},
    {"x": 1}, [0, 0], "0", "1.5", 2**64, -(2**63),
)


def odd_value(rng: Rng) -> Any:
    """One of ODD_VALUES, a copy: a later edit of the document must not change the table (a
    list edited in place there would grow into itself)."""
    return copy.deepcopy(rng.choice(ODD_VALUES))


def paths(document: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a JSON document (the root excluded)."""
    out: list[tuple[Any, ...]] = []
    items: Any = ()
    if isinstance(document, dict):
        items = document.items()
    elif isinstance(document, list):
        items = enumerate(document)
    for key, value in items:
        out.append((*prefix, key))
        out.extend(paths(value, (*prefix, key)))
    return out


def _parent(document: Any, path: tuple[Any, ...]) -> Any:
    for key in path[:-1]:
        document = document[key]
    return document


def _nudge(value: Any, rng: Rng) -> Any:
    """A value near the original (off by one, far out, of another type) or an odd one."""
    if isinstance(value, bool):
        return rng.choice([not value, int(value), str(value).lower()])
    if isinstance(value, int):
        return rng.choice([value + 1, value - 1, -value - 1, value * 1000 + 7, float(value)])
    if isinstance(value, str):
        return rng.choice(["", value + "?", value.upper(), "banana", 0])
    if isinstance(value, list):
        if value and rng.random() < 0.5:
            out = list(value)
            if rng.random() < 0.5:
                del out[rng.randrange(len(out))]
            else:
                out.append(copy.deepcopy(rng.choice(value)))
            return out
        return rng.choice([[], [value], {"list": value}])
    return odd_value(rng)


def corrupt(document: Any, rng: Rng, edits: int = 1) -> Any:
    """A copy of `document` with `edits` random edits: a key dropped or added, a value
    replaced by a nearby or an odd one, a list item dropped or repeated."""
    out = copy.deepcopy(document)
    for _ in range(edits):
        found = paths(out)
        if not found:
            return odd_value(rng)
        path = rng.choice(found)
        parent = _parent(out, path)
        key = path[-1]
        roll = rng.random()
        if roll < 0.15 and isinstance(parent, dict):
            del parent[key]
        elif roll < 0.25 and isinstance(parent, dict):
            parent["unexpected"] = odd_value(rng)
        elif roll < 0.35 and isinstance(parent, list):
            del parent[key]
        elif roll < 0.45:
            parent[key] = odd_value(rng)
        else:
            parent[key] = _nudge(parent[key], rng)
    return out


@dataclass(frozen=True)
class Sample:
    """A real state of a seeded random playout, as a document, with its players and options."""

    players: int
    options: Any
    step: int
    document: Any


def sample_states(
    game: Game[Any], players: int, seed: int, options: Any = None, every: int = 7
) -> list[Sample]:
    """Documents of the states of one seeded random playout, one every `every` steps."""
    state = game.setup(players, seed, options)
    rng = Rng(seed)
    out: list[Sample] = []
    step = 0
    while not game.is_over(state):
        if step % every == 0:
            out.append(Sample(players, options, step, json.loads(json.dumps(game.to_json(state)))))
        seat = rng.choice(sorted(game.actors(state)))
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        step += 1
    out.append(Sample(players, options, step, game.to_json(state)))
    return out


def play_to_the_end(game: Game[Any], state: Any, limit: int, rng: Rng) -> int:
    """Random play from `state` to the end; every hook must answer; returns the actions
    played. An AssertionError says what went wrong."""
    for step in range(limit + 1):
        for seat in [*game.seats(state), None]:
            game.view(state, seat)
        if game.is_over(state):
            json.dumps(game.result(state).to_json())
            return step
        actors = sorted(game.actors(state))
        assert actors, f"not over, but nobody may act (after {step} actions)"
        seat = rng.choice(actors)
        legal = game.legal_actions(state, seat)
        assert legal, f"seat {seat} is an actor without legal actions"
        game.apply(state, seat, rng.choice(legal))
    raise AssertionError(f"not over after {limit} actions")


def check_corrupted_state(game: Game[Any], sample: Sample, rng: Rng, edits: int = 1) -> str:
    """Corrupt `sample` and require: refused with InvalidData (bounded message), or playable to
    the end. Returns "refused" or "played"."""
    document = corrupt(sample.document, rng, edits)
    try:
        state = game.from_json(document)
    except InvalidData as exc:
        assert len(str(exc)) <= MESSAGE_LIMIT + 80, f"a message of {len(str(exc))} characters"
        return "refused"
    limit = game.max_actions(sample.players, sample.options)
    try:
        play_to_the_end(game, state, limit, rng)
    except AssertionError as exc:
        raise AssertionError(f"an accepted corrupted state breaks play: {exc}") from None
    return "played"


def check_corrupted_action(
    game: Game[Any], state: Any, seat: int, action: Action, rng: Rng
) -> str:
    """Corrupt an encoded legal action and require: refused with IllegalAction (bounded
    message) and the state unchanged, or applied. Returns "refused" or "applied"."""
    document = corrupt(game.encode_action(action), rng, edits=1 + rng.randrange(2))
    before = json.dumps(game.to_json(state), sort_keys=True)
    try:
        game.apply(state, seat, game.decode_action(document))
    except IllegalAction as exc:
        assert len(str(exc)) <= MESSAGE_LIMIT + 200, f"a message of {len(str(exc))} characters"
        after = json.dumps(game.to_json(state), sort_keys=True)
        assert after == before, "a refused action changed the state"
        return "refused"
    return "applied"
