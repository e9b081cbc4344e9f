"""Untrusted input: corrupted saved states and actions are refused with the one error type, or
playable to the end; the findings of the fuzzing pass, one test each; bad seats and options."""

from __future__ import annotations

import copy
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.engine.codec import InvalidData
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.fuzzing import (
    Sample,
    check_corrupted_action,
    check_corrupted_state,
    sample_states,
)
from ludoteca.engine.rng import Rng
from ludoteca.games.goofspiel import GAME as GOOFSPIEL
from ludoteca.games.ligretto import GAME
from ludoteca.games.ligretto.actions import Place, PlacePawn
from ludoteca.games.ligretto.state import JOKER, square_key
from ludoteca.games.ligretto.tests.helpers import finish_round_one, fresh, give_for

MATCHES: list[tuple[int, int, dict[str, Any]]] = [
    (2, 5, {"rounds": 3}),
    (3, 6, {"rounds": 3, "pawns": "host", "colours": 4}),
    (4, 7, {"rounds": 2, "colours": 6, "individual_boards": [[0, 1], [], [2, 3, 4], [5]]}),
]


@cache
def samples() -> list[Sample]:
    """States of seeded random matches: every state between rounds (set-aside, take-back, the
    host's pawns, the end) and one in 25 of the running rounds."""
    out = []
    for players, seed, options in MATCHES:
        states = sample_states(GAME, players, seed, options, every=1)
        out += [s for n, s in enumerate(states) if s.document["phase"] != "play" or n % 25 == 0]
    return out


@cache
def running() -> list[Sample]:
    """The samples of running matches; worked out at first use, not at import, so that a state
    bug fails the tests that use them instead of aborting the module's collection."""
    return [s for s in samples() if s.document["phase"] != "over"]


def corrupted_states(seed: int, pick: int, edits: int) -> None:
    check_corrupted_state(GAME, samples()[pick % len(samples())], Rng(seed), edits)


def corrupted_actions(seed: int, pick: int) -> None:
    sample = running()[pick % len(running())]
    state = GAME.from_json(sample.document)
    rng = Rng(seed)
    seat = rng.choice(sorted(GAME.actors(state)))
    action = rng.choice(GAME.legal_actions(state, seat))
    check_corrupted_action(GAME, state, seat, action, rng)


STATES = st.integers(0, 2**32), st.integers(0, 10**6), st.integers(1, 3)
ACTIONS = st.integers(0, 2**32), st.integers(0, 10**6)


@settings(max_examples=60, deadline=None)
@given(*STATES)
def test_a_corrupted_state_is_refused_or_playable(seed: int, pick: int, edits: int) -> None:
    corrupted_states(seed, pick, edits)


@settings(max_examples=150, deadline=None)
@given(*ACTIONS)
def test_a_corrupted_action_is_refused_or_legal(seed: int, pick: int) -> None:
    corrupted_actions(seed, pick)


@pytest.mark.slow
@settings(max_examples=2000, deadline=None)
@given(*STATES)
def test_many_corrupted_states_are_refused_or_playable(seed: int, pick: int, edits: int) -> None:
    corrupted_states(seed, pick, edits)


@pytest.mark.slow
@settings(max_examples=5000, deadline=None)
@given(*ACTIONS)
def test_many_corrupted_actions_are_refused_or_legal(seed: int, pick: int) -> None:
    corrupted_actions(seed, pick)


# --- the findings of the fuzzing pass, and the invariants of check_state --------------------------
def running_round() -> dict[str, Any]:
    """A 3-player round with tiles and a joker on the board and a tile turned over."""
    state = fresh(players=3)
    p = state.pawns[0]
    give_for(state, 1, p + 2, p + 3)
    GAME.apply(state, 1, Place(0, p + 2, p + 3, (p + 1,)))
    give_for(state, 2, state.pawns[1] + 1, state.pawns[1] + 2)
    return GAME.to_json(state)


def edited(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    document = copy.deepcopy(running_round())
    change(document)
    return document


def first_tile_square(document: dict[str, Any]) -> int:
    return next(n for n, key in enumerate(document["cover"]) if key == square_key(1, key % 32)
                and key % 32 != JOKER)


BAD_STATES: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("9 colours (a finding)", lambda d: d.update(colours=9),
     "colours: 9 is out of range; allowed: 4 to 6"),
    ("a board of the wrong size", lambda d: d["cover"].pop(), "cover: has 323 squares"),
    ("round past the match", lambda d: d.update(round=7), "round: round 7 of a match of 2 rounds"),
    ("an unknown phase", lambda d: d.update(phase="banana"), "phase: 'banana' is not allowed"),
    ("a tile twice", lambda d: d["players"][0]["pile"].append(d["players"][0]["stack"][0]),
     "players[0]: tile"),
    ("a tile nowhere", lambda d: d["players"][0]["stack"].pop(), "is nowhere"),
    ("a tile on one square", lambda d: d["cover"].__setitem__(first_tile_square(d), -1),
     "a tile covers two neighbouring squares"),
    ("a square covered by a seat that is not there",
     lambda d: d["cover"].__setitem__(0, square_key(3, 1)), "cover[0]: 97 is neither"),
    ("a joker too many", lambda d: d["players"][1].update(jokers=2), "players[1].jokers"),
    ("three jokers", lambda d: d["players"][2].update(jokers=3), "3 is out of range"),
    ("five pawns", lambda d: d["pawns"].append(0), "pawns: has 5 items"),
    ("two pawns on one square", lambda d: d["pawns"].__setitem__(1, d["pawns"][0]),
     "two pawns on one square"),
    ("a pawn off the board", lambda d: d["pawns"].__setitem__(1, 323 + 1), "pawns[1]"),
    ("a restart owed for a free pawn", lambda d: d["players"][0]["duties"].append(2),
     "pawn 2 is owed a restart but is not stuck"),
    ("a restart owed for a pawn that is not there", lambda d: d["players"][0]["duties"].append(7),
     "players[0].duties[0]: 7 is out of range"),
    ("somebody waited for during a round", lambda d: d.update(pending=[1]),
     "nobody is waited for"),
    ("the host's pawns without the option",
     lambda d: d.update(phase="pawns", pending=[0], pawns=[1, 2]), "pawns=host"),
    ("a score nobody won", lambda d: d["players"][2].update(score=4), "scores [0, 0, 4]"),
    ("a placed count off the board", lambda d: d["players"][1].update(placed=3),
     "players[1].placed"),
]


@pytest.mark.parametrize(("what", "change", "words"), BAD_STATES, ids=[b[0] for b in BAD_STATES])
def test_a_bad_state_says_where_and_what(
    what: str, change: Callable[[dict[str, Any]], None], words: str
) -> None:
    with pytest.raises(InvalidData) as caught:
        GAME.from_json(edited(change))
    assert words in str(caught.value)


def test_a_good_state_round_trips() -> None:
    document = running_round()
    assert GAME.to_json(GAME.from_json(document)) == document


def test_another_games_state_is_refused_in_words() -> None:
    with pytest.raises(InvalidData, match="unknown field"):
        GAME.from_json(GAME.to_json(GAME.setup(2, 1)) | {"hands": []})
    with pytest.raises(InvalidData, match="not a valid Ligretto"):
        GAME.from_json(GOOFSPIEL.to_json(GOOFSPIEL.setup(2, 1)))


# --- options --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"rounds": 1.9}, "option 'rounds': expected a whole number, got 1.9"),  # a finding
        ({"rounds": 0}, "option 'rounds': 0 is out of range; allowed: 1 to 20"),
        ({"rounds": 21}, "option 'rounds': 21 is out of range; allowed: 1 to 20"),
        ({"colours": 7}, "option 'colours' cannot be 7; allowed: 4, 5, 6"),
        ({"individual_boards": [[0, 0], [], []]}, "a tile number appears twice"),
        ({"individual_boards": [list(range(15)), [], []]}, "[0]: has 15 items"),
        ({"individual_boards": [[15], [], []]}, "[0][0]: 15 is out of range"),
        ({"individual_boards": [3, [], []]}, "[0]: expected a list, got 3"),
        ({"individual_boards": [[0], []]}, "one individual board per seat: 3 lists, not 2"),
        ({"pawns": "banana"}, "option 'pawns' cannot be 'banana'"),
    ],
)
def test_bad_options_are_refused_in_words(options: dict[str, Any], words: str) -> None:
    with pytest.raises(InvalidData) as caught:
        GAME.setup(3, 1, options)
    assert words in str(caught.value)


def test_individual_boards_resume_a_match() -> None:
    state = GAME.setup(3, 5, {"individual_boards": [[1, 0], [], [7]]})
    assert [p.aside for p in state.players] == [[0, 1], [], [7]]
    assert [p.held() for p in state.players] == [13, 15, 14]


# --- seats and actions ----------------------------------------------------------------------------
@pytest.mark.parametrize("seat", [-1, 3, True, 1.0, "0", None])
def test_a_seat_that_is_not_at_the_table_is_refused(seat: object) -> None:
    state = GAME.setup(3, 1)
    with pytest.raises(IllegalAction, match="there is no seat"):
        GAME.apply(state, seat, GAME.legal_actions(state, 0)[0])  # type: ignore[arg-type]
    assert GAME.legal_actions(state, seat) == []  # type: ignore[arg-type]
    if seat is not None:
        with pytest.raises(ValueError, match="there is no seat"):
            GAME.view(state, seat)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("document", "words"),
    [
        ({"kind": "place", "pawn": 4, "near": 1, "far": 2}, "pawn: 4 is out of range"),
        ({"kind": "place", "pawn": 0, "near": 1.0, "far": 2}, "near: expected a whole number"),
        ({"kind": "place", "pawn": 0, "near": 1, "far": 2, "jokers": [3, 4, 5]},
         "jokers: has 3 items"),
        ({"kind": "restart", "pawn": 0, "onto": -1, "other": 2}, "onto: -1 is out of range"),
        ({"kind": "place_pawn", "square": "7"}, "square: expected a whole number"),
        ({"kind": "set_aside", "tiles": [1, 2, 3]}, "tiles: has 3 items"),
        ({"kind": "take_back", "tiles": [True]}, "tiles[0]: expected a whole number"),
    ],
)
def test_a_malformed_action_says_what_is_wrong(document: dict[str, Any], words: str) -> None:
    with pytest.raises(IllegalAction) as caught:
        GAME.decode_action(document)
    assert words in str(caught.value)


def test_a_refusal_quotes_an_untrusted_value_briefly() -> None:
    """Actions built in code skip the codec's ranges: the refusal still quotes them short."""
    huge = 10**60
    state = fresh(players=3, pawns="host")
    p = state.pawns[0]
    give_for(state, 0, p + 1, p + 2)
    refusals = []
    for action in (Place(0, huge, huge + 1), Place(0, p + 2, p + 3, (huge,)), Place(huge, 1, 2)):
        with pytest.raises(IllegalAction) as caught:
            GAME.apply(state, 0, action)
        refusals.append(str(caught.value))
    finish_round_one(state)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, 0, PlacePawn(huge))
    refusals.append(str(caught.value))
    assert all(str(huge) not in text and "…" in text for text in refusals), refusals
