"""A clone shares nothing that play changes: every list and dict of the state, its crews and
their votes is a copy (the logs' frozen records, the derived seat table and actors are shared)."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any

from ludoteca.engine.speed import random_playout
from ludoteca.games.ciurme import GAME


def entered(value: Any) -> bool:
    """A record that play may change: a dataclass that is not frozen."""
    params: Any = type(value).__dict__.get("__dataclass_params__")
    return is_dataclass(value) and not params.frozen


def containers(record: Any, path: str = "state") -> dict[str, Any]:
    """Every list and dict reachable from a record through its fields, by path, and within
    lists of lists; records that are frozen (never changed once written) are not entered."""
    out: dict[str, Any] = {}
    for f in fields(record):
        if f.name in ("seat_crews", "actor_groups"):  # derived, never changed once found
            continue
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
