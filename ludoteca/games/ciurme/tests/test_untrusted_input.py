"""Untrusted input: corrupted saved sessions and actions are refused with the one error type, or
playable; each finding of the fuzzing review is reproduced here."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.engine.codec import InvalidData
from ludoteca.engine.errors import IllegalAction, MalformedAction
from ludoteca.engine.fuzzing import (
    Sample,
    check_corrupted_action,
    check_corrupted_state,
    sample_states,
)
from ludoteca.engine.match import Match
from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.actions import Help, Place, Stay
from ludoteca.games.ciurme.data import AUTOMATON, WRECK, Wood
from ludoteca.games.ciurme.tests.helpers import assembly, offices, phase1

# A short session clock and one message per period keep random playouts short.
SHORT = {"phase1_max_rounds": 6, "message_budget": 1}


@cache
def samples() -> list[Sample]:
    """States of seeded random matches; worked out at first use, not at import, so that a state
    bug fails the tests that use them instead of aborting the module's collection."""
    return [
        *sample_states(GAME, 8, seed=5, options=SHORT, every=9),
        *sample_states(GAME, 9, seed=6, options={**SHORT, "automaton_load": 0}, every=9),
    ]


def document(**changes: Any) -> dict[str, Any]:
    """A saved state in phase 1, a few turns in, with top-level fields changed."""
    state = phase1()
    for seat in (0, 4, 1, 5):
        GAME.apply(state, seat, Stay())
    return {**json.loads(json.dumps(GAME.to_json(state))), **changes}


# --- saved states ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"stage": "banana"}, "stage: 'banana' is not allowed"),
        ({"players": 10**9}, "players: 1000000000 is out of range"),
        ({"players": 9}, "the crews must seat the 9 players"),
        ({"fleet": 7}, "fleet: the fleet has 4 ships"),
        ({"spoken": [0] * 3}, "spoken: has 3 items"),
        ({"closed_by": "restored"}, "closed_by: phase 1 closes once"),
        ({"tick": -1}, "tick: -1 is out of range"),
    ],
)
def test_a_bad_state_says_where_and_what(changes: dict[str, Any], words: str) -> None:
    with pytest.raises(InvalidData, match=words.replace("(", r"\(").replace(")", r"\)")):
        GAME.from_json(document(**changes))


def crew_document(**changes: Any) -> dict[str, Any]:
    data = document()
    data["crews"][0].update(changes)
    return data


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"own_wood": [6, 6, 6]}, r"crews\[0\].own_wood: .* allowed: at least 4"),
        ({"neutral": 29}, r"crews\[0\].neutral: neutral wood is conserved"),
        ({"transported": ["yellow", "yellow"] * 4}, r"crews\[0\]"),
        ({"active": 4}, r"crews\[0\].active: a member of the crew"),
        ({"dock": "lifeboat"}, r"crews\[0\].dock: the lifeboat docks"),
        ({"captain": 7}, r"crews\[0\].captain"),
        ({"pieces": [[0, "yellow", 39]]}, r"crews\[0\]"),
        ({"meeples": ["yellow", "yellow", "green", "red"]}, r"crews\[0\].meeples"),
    ],
)
def test_a_bad_crew_says_where_and_what(changes: dict[str, Any], words: str) -> None:
    with pytest.raises(InvalidData, match=words):
        GAME.from_json(crew_document(**changes))


def test_stamps_are_conserved_in_a_saved_assembly() -> None:
    state = assembly()
    captain = state.crews[state.order[0]].captain
    GAME.apply(state, captain, Place(4, 1))  # type: ignore[arg-type]
    data = GAME.to_json(state)
    data["hands"][state.order[0]] = [0, 1, 2, 4]  # the 4 both placed and in hand
    with pytest.raises(InvalidData, match="every stamp is in its captain's hand or on a ship"):
        GAME.from_json(data)


def test_another_games_state_is_refused() -> None:
    with pytest.raises(InvalidData, match="unknown field"):
        GAME.from_json({"hands": [[1, 2]], "prizes": [1], "bids": [None], "scores": [0]})


# --- actions --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"kind": "agree", "yes": "false"}, "yes: expected true or false"),
        ({"kind": "place", "value": 4, "ship": 1.5}, "ship: expected a whole number"),
        ({"kind": "place", "value": 4, "ship": "0"}, "ship: expected a whole number"),
        ({"kind": "first_player", "crew": "0", "seat": 1}, "crew: expected a whole number"),
        ({"kind": "decide", "crew": None, "choice": 1}, "crew: expected a whole number"),
        ({"kind": "place", "value": 4, "ship": 99}, "ship: 99 is out of range"),
        ({"kind": "move", "place": "moon"}, "place: 'moon' is not allowed"),
        ({"kind": "post", "channel": "crew", "text": "x" * 281}, "text: has 281 characters"),
    ],
)
def test_a_malformed_action_is_refused_as_such(data: dict[str, Any], words: str) -> None:
    with pytest.raises(MalformedAction, match=words):
        GAME.decode_action(data)


def test_a_stamp_on_a_ship_out_of_the_fleet_is_refused() -> None:
    state = assembly()  # a fleet of 4: ships 0 to 3
    captain = state.crews[state.order[0]].captain
    with pytest.raises(IllegalAction, match="there are ships 0 to 3"):
        GAME.apply(state, captain, GAME.decode_action({"kind": "place", "value": 4, "ship": 9}))  # type: ignore[arg-type]


def test_an_edited_save_does_not_replay() -> None:
    state = offices()
    match = Match.new(GAME, 8, 1)
    match.apply(8, GAME.decode_action({"kind": "start_phase", "phase": 1}))
    saved = json.loads(json.dumps(match.to_json()))  # as written to a file
    saved["log"].append({"seat": 0, "action": {"kind": "place", "value": 4, "ship": 1.5}})
    with pytest.raises(InvalidData, match="action 2 of the saved log does not replay"):
        Match.from_json(GAME, saved)
    assert state.stage == "offices"


@pytest.mark.parametrize("seat", [-1, 9, 10**9, True, 1.0, "0"])
def test_a_seat_that_is_not_at_the_table_is_refused(seat: Any) -> None:
    state = GAME.setup(8, 1)
    with pytest.raises(IllegalAction, match="there is no seat"):
        GAME.apply(state, seat, GAME.legal_actions(state, 0)[0])
    assert GAME.legal_actions(state, seat) == []
    with pytest.raises(ValueError, match="there is no seat"):
        GAME.view(state, seat)


# --- options --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"phase1_max_rounds": -3}, "phase1_max_rounds.*-3 is out of range"),
        ({"message_budget": -2}, "message_budget.*-2 is out of range"),
        ({"crews": [4, 4.5]}, "crews"),
        ({"automaton_load": 2}, "automaton_load' cannot be 2"),
        ({"ship_tie_break": "coin"}, "ship_tie_break"),
        ({"fleet_size": 1}, "the fleet has 2 to 12 ships"),
    ],
)
def test_options_out_of_range_are_refused(options: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        GAME.setup(8, 1, options)


# --- property tests -------------------------------------------------------------------------------
def corrupted_state_is_refused_or_playable(seed: int, pick: int, edits: int) -> None:
    check_corrupted_state(GAME, samples()[pick % len(samples())], Rng(seed), edits)


def corrupted_action_is_refused_or_legal(seed: int, pick: int) -> None:
    sample: Sample = samples()[pick % (len(samples()) - 1)]
    state = GAME.from_json(sample.document)
    if GAME.is_over(state):
        return
    rng = Rng(seed)
    seat = rng.choice(sorted(GAME.actors(state)))
    action = rng.choice(GAME.legal_actions(state, seat))
    check_corrupted_action(GAME, state, seat, action, rng)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 10**6), edits=st.integers(1, 3))
def test_a_corrupted_state_is_refused_or_playable(seed: int, pick: int, edits: int) -> None:
    corrupted_state_is_refused_or_playable(seed, pick, edits)


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 10**6))
def test_a_corrupted_action_is_refused_or_legal(seed: int, pick: int) -> None:
    corrupted_action_is_refused_or_legal(seed, pick)


@pytest.mark.slow
@settings(max_examples=1500, deadline=None)
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 10**6), edits=st.integers(1, 3))
def test_many_corrupted_states_are_refused_or_playable(seed: int, pick: int, edits: int) -> None:
    corrupted_state_is_refused_or_playable(seed, pick, edits)


@pytest.mark.slow
@settings(max_examples=3000, deadline=None)
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 10**6))
def test_many_corrupted_actions_are_refused_or_legal(seed: int, pick: int) -> None:
    corrupted_action_is_refused_or_legal(seed, pick)


def test_a_crew_that_used_its_last_wood_to_finish_is_a_valid_state() -> None:
    state = phase1()
    crew = state.crews[0]
    pieces = [(s, Wood.NEUTRAL, s) for s in crew.members for _ in range(3)]
    crew.pieces = pieces + [(s, Wood.NEUTRAL, AUTOMATON) for s in crew.members[1:3]]
    crew.neutral -= len(crew.pieces) + 1
    crew.produced = {Wood.NEUTRAL: len(crew.pieces) + 1}
    crew.dock, crew.transported = WRECK, [Wood.NEUTRAL]
    crew.place[0] = WRECK
    GAME.apply(state, 0, Stay())
    GAME.apply(state, 0, Help(Wood.NEUTRAL, AUTOMATON))  # the last piece: restored
    assert crew.finished_turns is not None and crew.transported == []
    GAME.from_json(json.loads(json.dumps(GAME.to_json(state))))
