"""Every refusal of Ligretto says its reason in Italian too, with no English word left: along
seeded matches (pawns put down at random, and by the host), every few steps every seat tries a
broad set of actions, legal and not, each on its own copy of the state."""

from __future__ import annotations

from ludoteca.engine.actions import Action
from ludoteca.engine.refusals import italian, refusals_along
from ludoteca.games.ligretto import GAME
from ludoteca.games.ligretto.actions import (
    Discard,
    EndRound,
    Place,
    PlacePawn,
    Restart,
    SetAside,
    TakeBack,
    TurnOver,
)
from ludoteca.games.ligretto.state import LigrettoState
from ludoteca.games.ligretto.tests.helpers import fresh

OFF = 999  # no square of any board


def tried(state: LigrettoState) -> list[Action]:
    """Actions around the pawns: next to them, a square too far, with jokers, off the board."""
    near = state.layout.neighbours
    actions: list[Action] = [TurnOver(), Discard(), EndRound(), SetAside(()), SetAside((0, 1)),
                             TakeBack((0,)), TakeBack((14,)), PlacePawn(0), PlacePawn(OFF)]
    for pawn, square in [*enumerate(state.pawns), (9, 0)]:
        for first in list(near[square])[:2]:
            for second in list(near[first])[:2]:
                actions += [Place(pawn, first, second), Place(pawn, second, first),
                            Place(pawn, first, second, (square,)),
                            Place(pawn, second, OFF, (first,)),
                            Place(pawn, first, second, (first, second, square)),
                            Restart(pawn, first, second)]
        other = state.pawns[-1] if square == state.pawns[0] else state.pawns[0]  # a pawn's square
        actions += [Place(pawn, square, OFF), Place(pawn, OFF, square), Restart(pawn, OFF, square),
                    Place(pawn, other, OFF), Restart(pawn, other, square)]
    return actions


def test_every_refusal_says_its_reason_in_italian_with_no_english_word_left() -> None:
    found = refusals_along(GAME, fresh(), seed=3, every=7, tried=tried)
    found |= refusals_along(GAME, fresh(pawns="host"), seed=4, every=7, tried=tried)
    sentences = {english: italian(refusal) for english, refusal in found.items()}
    assert len(sentences) >= 30, sorted(sentences)
    for words in ("no turned tile", "There is no pawn", "not a square of the board",
                  "already covered", "holds a pawn", "must share a side", "does not match",
                  "at most two jokers", "set aside", "take back", "the host", "the match is over",
                  "already hold a turned tile", "no turned tile to discard",
                  "No pawn waits for a restart"):
        assert any(words in english for english in sentences), words
