"""The check every game's refusal tests call: a refusal says its reason in Italian too, with no
English word left in the Italian sentence.

The word list is of English words a refusal uses that Italian never does (so not "in", "a",
"come", "no", nor "round", which the Italian screens use too); a number, a seat's or a ship's
name may stand in both sentences.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng

ENGLISH_WORDS = frozenset("""
    the you your yours is are not only and or to of on it its this that these those now may
    cannot can must there one with for from by at be been has have had was were will would
    turn crew crews vote votes voting phase ship ships already play plays playing pick picked
    while when after before wait help move moves stay card cards bid game over
    nobody everybody somebody take taken back nothing own first any every which what who
    yet still again once than then here region regions tower towers tile tiles token tokens
    pile piles player players seat seats stamp stamps choose chosen place placed
""".split())


def english_words(sentence: str) -> list[str]:
    """The words of `sentence` that the list knows as English."""
    return [w for w in re.findall(r"[a-z']+", sentence.lower()) if w in ENGLISH_WORDS]


def italian(refusal: IllegalAction) -> str:
    """The Italian sentence of `refusal`, failing the test where it has none or where English
    words are left in it."""
    sentence = refusal.translations.get("it")
    assert sentence, f"no Italian sentence for the refusal {str(refusal)!r}"
    left = english_words(sentence)
    assert not left, f"English words {left} in the Italian refusal {sentence!r}"
    assert sentence != str(refusal), f"the Italian refusal is the English one: {sentence!r}"
    return sentence


def refusals_along(game: Game[Any], state: Any, seed: int, every: int,
                   tried: Callable[[Any], list[Action]]) -> dict[str, IllegalAction]:
    """The refusals met along a seeded random playout from `state` (changed): at every
    `every`-th step, and at the end, each seat tries each of `tried(state)`; by English
    sentence."""
    rng = Rng(seed)
    found: dict[str, IllegalAction] = {}
    step = 0
    while True:
        if step % every == 0 or game.is_over(state):
            for seat in game.seats(state):
                for action in tried(state):
                    try:
                        game.apply(game.clone(state), seat, action)
                    except IllegalAction as refusal:
                        found.setdefault(str(refusal), refusal)
        if game.is_over(state):
            return found
        movers = [s for s in game.seats(state) if game.legal_actions(state, s)]
        seat = rng.choice(movers)
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        step += 1
