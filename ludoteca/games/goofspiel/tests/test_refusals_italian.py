"""Every refusal of Goofspiel says its reason in Italian too, with no English word left, as the
other games' refusals do: along seeded matches, every few steps every seat tries every card
(those in its hand, those spent, one the deck never had), each on its own copy of the state."""

from __future__ import annotations

from ludoteca.engine.actions import Action
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.refusals import italian, refusals_along
from ludoteca.games.goofspiel import GAME
from ludoteca.games.goofspiel.actions import Bid
from ludoteca.games.goofspiel.state import GoofspielState


def tried(state: GoofspielState) -> list[Action]:
    """Every card of the deck and one past it: in a hand, spent, or never dealt."""
    return [Bid(card) for card in range(0, 15)]


def test_every_refusal_says_its_reason_in_italian_with_no_english_word_left() -> None:
    found: dict[str, IllegalAction] = {}
    for seed in (1, 2):
        found |= refusals_along(GAME, GAME.setup(2, seed, GAME.options({})), seed=seed,
                                every=1, tried=tried)
    sentences = {english: italian(refusal) for english, refusal in found.items()}
    assert len(sentences) >= 3, sorted(sentences)
    assert any("bid one of your cards" in english for english in sentences), sorted(sentences)
