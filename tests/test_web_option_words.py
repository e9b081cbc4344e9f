"""Every option of every game has a label and a help sentence in both of the client's languages,
and every choice its words: the new-match and new-session forms never show an option's name
("vote seconds"), a rule's number or the game's own English sentence in their place."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ludoteca import game_names, load_game
from ludoteca.engine.options import describe_options

I18N = Path(__file__).resolve().parents[1] / "web" / "src" / "i18n"
KEY = re.compile(r'^\s*"([\w.-]+)":\s*"(.*)",?\s*$', re.MULTILINE)


def words(language: str) -> dict[str, str]:
    return dict(KEY.findall((I18N / f"{language}.ts").read_text(encoding="utf-8")))


def option_keys() -> list[str]:
    keys = []
    for game in game_names():
        for option in describe_options(load_game(game).Options):
            base = f"option.{game}.{option['name']}"
            keys += [f"{base}.label", f"{base}.help"]
            keys += [f"{base}.choice.{choice}" for choice in option["choices"] or ()
                     if isinstance(choice, str)]
    return keys


@pytest.mark.parametrize("language", ["en", "it"])
def test_every_option_is_said_in_words(language: str) -> None:
    said = words(language)
    missing = [key for key in option_keys() if key not in said]
    assert missing == [], f"{language}.ts lacks {missing}"
    for key in option_keys():
        assert not re.search(r"\[D-\d+\]|\w_\w", said[key]), f"{key}: {said[key]!r}"


def test_the_games_own_help_is_whole() -> None:
    """The game's English sentence (the CLI's and the docs' help) ends as a sentence ends, not
    cut in the middle ("...the facilitator may change a vote's")."""
    for game in game_names():
        for option in describe_options(load_game(game).Options):
            assert not re.search(r"\b(a|the|an|vote's|of|to)$", option["help"]), option
