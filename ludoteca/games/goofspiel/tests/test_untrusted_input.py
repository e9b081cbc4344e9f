"""Corrupted saved states and actions are refused with the one error type, or playable."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.engine.fuzzing import check_corrupted_action, check_corrupted_state, sample_states
from ludoteca.engine.rng import Rng
from ludoteca.games.goofspiel import GAME

SAMPLES = sample_states(GAME, 3, seed=5, options={"cards": 6}, every=2)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 10**6), edits=st.integers(1, 3))
def test_a_corrupted_state_is_refused_or_playable(seed: int, pick: int, edits: int) -> None:
    check_corrupted_state(GAME, SAMPLES[pick % len(SAMPLES)], Rng(seed), edits)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 10**6))
def test_a_corrupted_action_is_refused_or_legal(seed: int, pick: int) -> None:
    sample = SAMPLES[pick % (len(SAMPLES) - 1)]
    state = GAME.from_json(sample.document)
    seat = min(GAME.actors(state))
    action = Rng(seed).choice(GAME.legal_actions(state, seat))
    check_corrupted_action(GAME, state, seat, action, Rng(seed))


@pytest.mark.parametrize(
    ("document", "words"),
    [
        ({**SAMPLES[1].document, "hands": "all of them"}, "hands: expected a list"),
        ({**SAMPLES[1].document, "rng": -1}, "rng: a generator's state is a whole number"),
        ({**SAMPLES[1].document, "bids": [9, None, None]}, "bids[0]"),
        ({"free": [1], "taken": [0]}, "unknown field 'free'"),
    ],
)
def test_a_bad_state_says_where_and_what(document: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words.replace("[", r"\[").replace("]", r"\]")):
        GAME.from_json(document)


@pytest.mark.parametrize("seat", [-1, 3, True, 1.0, "0", None])
def test_a_seat_that_is_not_at_the_table_is_refused(seat: object) -> None:
    state = GAME.setup(3, 1)
    with pytest.raises(Exception) as caught:
        GAME.apply(state, seat, GAME.legal_actions(state, 0)[0])  # type: ignore[arg-type]
    assert type(caught.value).__name__ == "IllegalAction"
    assert GAME.legal_actions(state, seat) == []  # type: ignore[arg-type]
    if seat is not None:
        with pytest.raises(ValueError, match="there is no seat"):
            GAME.view(state, seat)  # type: ignore[arg-type]


def test_a_seed_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError, match="a seed is a whole number from 0 to 2\\*\\*64 - 1"):
        GAME.setup(2, 2**64)
