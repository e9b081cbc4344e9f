"""The JSON of the views a step sends: the same values `json.dumps` writes (orjson's where it
can, `json.dumps`'s own where orjson refuses), and the state frame built from it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ludoteca import game_names
from ludoteca.engine.rng import Rng
from ludoteca.games import load_game
from ludoteca.games.ciurme.tests.helpers import assembly
from ludoteca.server.live.frames import dumps, state_text, views_json


def decoded(texts: dict[int | None, str]) -> dict[int | None, Any]:
    return {seat: json.loads(text) for seat, text in texts.items()}


def as_json_dumps_writes(views: dict[int | None, Any]) -> dict[int | None, Any]:
    return {seat: json.loads(json.dumps(view)) for seat, view in views.items()}


@pytest.mark.parametrize("name", game_names())
def test_views_json_writes_what_json_dumps_writes(name: str) -> None:
    game = load_game(name)
    rng = Rng(7)
    state = game.setup(game.max_players, 7)
    seats = [*game.seats(state), *game.role_seats(state), None]
    for _ in range(40):
        if game.is_over(state):
            break
        views = game.views(state, seats)
        assert decoded(views_json(views)) == as_json_dumps_writes(views)
        seat = rng.choice(sorted(game.actors(state)))
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))


def test_views_json_keeps_json_dumps_own_key_conversion() -> None:
    # A key that is not a string: orjson refuses it, json.dumps writes it as text.
    shared = {"a": [1, 2.5, None, True]}
    views: dict[int | None, dict[Any, Any]] = {
        0: {"public": shared, 1: "x"}, None: {"public": shared},
    }
    assert decoded(views_json(views)) == as_json_dumps_writes(views)


@pytest.mark.parametrize("value", [2**64, "\ud800", {1: [2, 3]}, {"é": ("a", 1.5)}])
def test_dumps_writes_what_orjson_refuses_as_json_dumps_does(value: Any) -> None:
    assert json.loads(dumps(value)) == json.loads(json.dumps(value))


def test_a_workshops_state_frame_reads_as_its_view() -> None:
    game = load_game("ciurme")
    state = assembly()
    every = game.views(state, {*game.seats(state), None})
    texts = views_json(every)
    assert decoded(texts) == as_json_dumps_writes(every)
    frame = json.loads(state_text(3, texts[3], "[]", 7, "running", {"vote 2": 12.5}))
    assert frame["view"] == json.loads(json.dumps(every[3]))
    assert frame["clocks"] == {"vote 2": 12.5}
