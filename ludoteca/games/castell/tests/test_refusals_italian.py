"""Every refusal of Castell says its reason in Italian too, with no English word left: along
seeded games (standard and advanced side), every few steps every seat tries a broad set of
actions, legal and not, each on its own copy of the state."""

from __future__ import annotations

from ludoteca.engine.actions import Action
from ludoteca.engine.errors import in_language
from ludoteca.engine.refusals import english_words, italian, refusals_along
from ludoteca.games.castell import GAME
from ludoteca.games.castell.actions import (
    Abstain,
    Declare,
    EndTurn,
    Move,
    Perform,
    Recruit,
    Source,
    SpecialMove,
    SpecialRecruit,
    Train,
)
from ludoteca.games.castell.data import Region, Skill
from ludoteca.games.castell.state import CastellState
from ludoteca.games.castell.tests.helpers import fresh
from ludoteca.games.castell.towers import check_tower, normalize_tower

TOWERS = [((5, 5), (4,), (3,), (2,)), ((9, 9, 9, 9), (8,)), ((3,), (5,)), ((7, 6), (5, 4)),
          ((8, 8), (8, 8), (7,), (6,)), ((2,), (2,), (2,), (2,)), ((10, 10, 10, 10, 10),)]


def tried(state: CastellState) -> list[Action]:
    actions: list[Action] = [EndTurn(), Abstain(), SpecialRecruit(10), SpecialRecruit(1)]
    actions += [Move(region) for region in Region] + [SpecialMove(region) for region in Region]
    actions += [Recruit((10, 10)), Recruit((1,)), Recruit((1, 2)), Recruit(()), Recruit((1, 2, 3))]
    actions += [Train(source, skill) for source in Source
                for skill in (Skill.BALANCE, Skill.WIDTH, "special")]
    actions += [Declare(tower) for tower in TOWERS]
    actions += [Perform(tile, tower) for tile in (1, 20, 35) for tower in TOWERS[:3]]
    return actions


def test_every_refusal_says_its_reason_in_italian_with_no_english_word_left() -> None:
    found = refusals_along(GAME, fresh(3, seed=1), seed=5, every=9, tried=tried)
    sentences = {english: italian(refusal) for english, refusal in found.items()}
    # The advanced side's training, the Special tile's free action and the towers a tile
    # refuses: test_refusals.py, whose every refusal is checked in Italian too.
    assert len(sentences) >= 30, sorted(sentences)
    for words in ("you cannot move to", "already used your", "not on the board",
                  "castellers from", "to recruit", "the tile there is",
                  "festival tower needs", "is not in the",
                  "your team cannot build", "turn, not yours", "the game is over",
                  "cannot take part in the festival", "no festival is being held"):
        assert any(words in english for english in sentences), words


def test_every_broken_tower_says_why_in_italian_too() -> None:
    """The reasons a tower falls, which the refusals of festivals and performances quote."""
    none = {"balance": 0, "strength": 0, "mix": 0, "width": 0, "base": 0}
    broken = [
        check_tower([[5, 3]], none),  # sizes two apart
        check_tower([[5], [4, 4]], none),  # wider than below
        check_tower([[5], [6]], none),  # bigger than below
        check_tower([[5, 5], [4, 4]], none),  # Balance over rank
        check_tower([[5, 5, 5, 5]], none),  # too wide
        check_tower([[5, 5], [4]], {**none, "width": 1, "base": 1}, ["mix"]),  # Mix not used
        check_tower([[5, 5, 5, 5]], {**none, "width": 1, "base": 1}, ["width", "base"]),
    ]
    reasons = [check.reason for check in broken]
    assert all(reasons) and len(set(reasons)) == len(reasons), reasons
    for reason in reasons:
        assert reason is not None
        said = in_language(reason, "it")
        assert said != reason and not english_words(said), (reason, said)
    malformed_towers: list[object] = ["5/4", [], [[]], [[5, "x"]], [[11]]]
    for levels in malformed_towers:
        try:
            normalize_tower(levels)
        except ValueError as malformed:
            said = in_language(malformed.args[0], "it")
            assert said != str(malformed) and not english_words(said), said
        else:
            raise AssertionError(levels)
