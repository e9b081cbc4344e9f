"""The state frame's texts: views whose shared parts are encoded once read as the views."""

from __future__ import annotations

import json
from typing import Any

from ludoteca.games import load_game
from ludoteca.games.ciurme.tests.helpers import assembly
from ludoteca.server.frames import state_text, views_json


def test_views_with_shared_parts_read_as_the_views() -> None:
    crews = [{"repairs": 3}, {"repairs": 5}]
    views: dict[int | None, dict[str, Any]] = {
        0: {"crews": crews, "hand": [1, 2], "seat": 0},
        1: {"crews": crews, "hand": [3], "seat": 1},
        None: {"crews": crews},
    }
    texts = views_json(views)
    assert {seat: json.loads(text) for seat, text in texts.items()} == views
    game = load_game("ciurme")
    state = assembly()
    every = game.views(state, {*game.seats(state), None})
    texts = views_json(every)
    # (through JSON, as a client reads it: tuples become lists)
    assert all(json.loads(texts[seat]) == json.loads(json.dumps(view))
               for seat, view in every.items())
    frame = json.loads(state_text(3, texts[3], "[]", 7, "running", {"vote 2": 12.5}))
    assert frame["view"] == json.loads(json.dumps(every[3]))
    assert frame["clocks"] == {"vote 2": 12.5}
