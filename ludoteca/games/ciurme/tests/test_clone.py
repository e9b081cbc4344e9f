"""A clone shares nothing that play changes: every list and dict of the state, its crews and
their votes is a copy (the logs' frozen records, the derived seat table and actors, and the lists
play replaces but never changes in place are shared); playing on from a clone leaves the
original as it was."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any

from ludoteca.engine.rng import Rng
from ludoteca.engine.speed import random_playout
from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.state import SHARED


def entered(value: Any) -> bool:
    """A record that play may change: a dataclass that is not frozen."""
    params: Any = type(value).__dict__.get("__dataclass_params__")
    return is_dataclass(value) and not params.frozen


def containers(record: Any, path: str = "state") -> dict[str, Any]:
    """Every list and dict reachable from a record through its fields, by path, and within
    lists of lists; records that are frozen (never changed once written) are not entered."""
    out: dict[str, Any] = {}
    for f in fields(record):
        if f.name in ("seat_crews", "boards", "actor_groups") or f.name in SHARED:
            continue  # derived and never changed once found; replaced, never changed in place
        value = getattr(record, f.name)
        where = f"{path}.{f.name}"
        if isinstance(value, list | dict):
            out[where] = value
            items = value.values() if isinstance(value, dict) else value
            for i, item in enumerate(items):
                if isinstance(item, list | dict):
                    out[f"{where}[{i}]"] = item
                elif entered(item):
                    out.update(containers(item, f"{where}[{i}]"))
        elif entered(value):
            out.update(containers(value, where))
    return out


def test_a_clone_shares_no_list_or_dict_and_equals_the_original() -> None:
    for players, seed in ((8, 1), (15, 2), (9, 3)):
        _, _, state = random_playout(GAME, players, seed)
        for middle in (state, GAME.setup(players, seed)):
            copy = GAME.clone(middle)
            assert copy == middle
            assert GAME.to_json(copy) == GAME.to_json(middle)
            original, copied = containers(middle), containers(copy)
            assert original.keys() == copied.keys()
            shared = [path for path in original if original[path] is copied[path]]
            assert not shared, shared


def test_playing_on_from_clones_leaves_the_originals_as_they_were() -> None:
    for players, seed in ((8, 4), (15, 5), (9, 6)):
        rng = Rng(seed)
        state = GAME.setup(players, seed)
        while not GAME.is_over(state):
            before = GAME.to_json(state)
            copy = GAME.clone(state)
            for _ in range(40):  # a stretch of random play on the copy
                if GAME.is_over(copy):
                    break
                seat = rng.choice(sorted(GAME.actors(copy)))
                GAME.apply(copy, seat, rng.choice(GAME.legal_actions(copy, seat)))
            assert GAME.to_json(state) == before
            seat = rng.choice(sorted(GAME.actors(state)))
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
