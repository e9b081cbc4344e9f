"""The browser client's unit tests read fixtures the games make (web/scripts/game_fixtures.py):
they must be those the games make today, so a game that gains an action or an event kind, or
changes a tower rule, makes the client's tests look at it."""

from __future__ import annotations

import json
from pathlib import Path

from scripts import load_script

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "web" / "tests" / "fixtures" / "games.json"


def test_the_client_fixtures_are_the_games_own() -> None:
    module = load_script("web/scripts/game_fixtures.py")
    fresh = json.loads(json.dumps(module.fixtures(), sort_keys=True))
    assert json.loads(FIXTURES.read_text()) == fresh, (
        "web/tests/fixtures/games.json is stale: run python web/scripts/game_fixtures.py"
    )
