"""Tunable parameters: every game declares them, the rules read them from the options, the
published values change nothing, bad values are refused clearly."""

from __future__ import annotations

import json

import pytest

from ludoteca import game_names, load_game
from ludoteca.engine.codec import InvalidData
from ludoteca.engine.options import describe_options, options_to_json
from ludoteca.engine.tunables import current_value, with_values
from ludoteca.games.castell.data import REGION_SCORING


@pytest.mark.parametrize("name", game_names())
def test_every_game_declares_its_numbers_at_their_published_values(name: str) -> None:
    game = load_game(name)
    tunables = game.tunables(game.min_players)
    assert tunables, f"{name} declares no tunable parameter"
    defaults = game.options()
    for tunable in tunables:
        assert tunable.help
        assert current_value(defaults, tunable) == tunable.published
        assert tunable.check(tunable.published) == tunable.published
    # The published values are the defaults: nothing is written for them.
    assert "variant" not in options_to_json(defaults)
    assert "variant" not in json.dumps(game.to_json(game.setup(game.min_players, 1)))


@pytest.mark.parametrize("name", game_names())
def test_the_lobby_form_never_lists_the_variant(name: str) -> None:
    assert "variant" not in [o["name"] for o in describe_options(load_game(name).Options)]


def test_a_tuned_castell_plays_its_numbers_and_saves_them() -> None:
    game = load_game("castell")
    values = {"region_castellers[3]": 6, "special_tokens": 9, "region_points[7]": 20,
              "size_tokens_per_size": 5}
    options = with_values(game, game.options(), game.tunables(3), values)
    state = game.setup(3, 5, options)
    assert all(len(standing) == 6 for standing in state.regions.values())
    assert [p.tokens for p in state.players] == [9, 9, 9]
    again = game.from_json(json.loads(json.dumps(game.to_json(state))))
    assert again.variant.region_points == (*REGION_SCORING[:7], 20)
    # Only the entry of the table's player count is offered.
    names = [t.name for t in game.tunables(3)]
    assert "region_castellers[3]" in names and "region_castellers[2]" not in names


def test_ciurme_captains_hold_the_variant_stamps() -> None:
    game = load_game("ciurme")
    options = with_values(game, game.options(), game.tunables(8), {"stamps[3]": 6})
    assert options.variant.stamps == (0, 1, 2, 6)
    assert options_to_json(options)["variant"] == {"stamps": [0, 1, 2, 6]}


def test_goofspiel_head_start_goes_to_the_first_seat() -> None:
    game = load_game("goofspiel")
    options = with_values(game, game.options(), game.tunables(2), {"head_start": 3})
    assert game.setup(2, 1, options).scores == [3, 0]


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"head_start": 11}, "head_start cannot be 11; allowed: 0 to 10"),
        ({"head_start": "x"}, "head_start is an int, not 'x'"),
        ({"head_start": True}, "head_start is an int, not True"),
        ({"cards": 7}, "cards cannot be 7; allowed: 3, 4, 5, 6, 8, 13"),
        ({"nope": 1}, "unknown tunable parameter 'nope'; this game's: cards, head_start"),
    ],
)
def test_bad_values_are_refused_saying_what_is_allowed(
    values: dict[str, object], message: str
) -> None:
    game = load_game("goofspiel")
    with pytest.raises(InvalidData, match=message):
        with_values(game, game.options(), game.tunables(2), values)


def test_a_variant_from_outside_is_checked_like_any_option() -> None:
    game = load_game("castell")
    with pytest.raises(InvalidData, match="special_tokens: 40 is out of range; allowed: 1 to 12"):
        game.options({"variant": {"special_tokens": 40}})
    with pytest.raises(InvalidData, match="region_points: has 3 items"):
        game.options({"variant": {"region_points": [0, 1, 2]}})
