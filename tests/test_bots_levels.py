"""The levels people choose bots by: one table per game, every spec valid, the strong level a
search with a fixed budget (a seeded match plays the same on any machine), real-time levels
known to the game's reaction model."""

from __future__ import annotations

import pytest

from ludoteca import game_names, load_game
from ludoteca.bots import MctsBot, check_levels, parse_spec
from ludoteca.bots.levels import LEVEL_NAMES, game_levels, level_spec, read_table


@pytest.mark.parametrize("name", game_names())
def test_every_game_has_its_three_levels(name: str) -> None:
    game = load_game(name)
    levels = game_levels(game)
    assert [level.name for level in levels] == list(LEVEL_NAMES)
    assert read_table(game), "the table is the game's own levels.json"
    for level in levels:
        spec = parse_spec(level.spec)
        check_levels([spec], game)
        assert level.elo is None or 0 < level.elo < 4000
    strong = parse_spec(level_spec(game, "strong")).build()
    assert isinstance(strong, MctsBot) and strong.seconds is None


def test_the_elo_measured_rises_with_the_level() -> None:
    for name in game_names():
        elo = [level.elo for level in game_levels(load_game(name))]
        if None not in elo:
            assert elo == sorted(elo), name  # type: ignore[type-var]


def test_an_unknown_level_says_which_there_are() -> None:
    with pytest.raises(ValueError, match="no bot level 'expert'; its levels: easy, normal, strong"):
        level_spec(load_game("castell"), "expert")
