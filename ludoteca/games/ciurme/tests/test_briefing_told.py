"""What the briefing tells, word for word: the events of picking a meeple, naming a first player
[D-1] and starting phase 1, the refusals a player or the facilitator reads, and the sessions a
host may not set up."""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import public
from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.actions import FirstPlayer, PickColour, StartPhase
from ludoteca.games.ciurme.data import MAX_CREWS, MIN_CREWS, SHIP_NAMES, Wood
from ludoteca.games.ciurme.rules.briefing import form_crews
from ludoteca.games.ciurme.state import CiurmeState
from ludoteca.games.ciurme.tests.helpers import act


def refusal(state: CiurmeState, seat: int, action: Any) -> str:
    with pytest.raises(IllegalAction) as refused:
        act(state, seat, action)
    return str(refused.value)


def form_crews_refusal(players: int, crews: Any) -> str:
    with pytest.raises(ValueError) as refused:
        form_crews(players, crews)
    return str(refused.value)


def test_the_briefing_events_word_for_word() -> None:
    state = GAME.setup(8, 0)
    # who plays which meeple is the crew's board (its members and the facilitator)
    [meeple] = act(state, 5, PickColour(Wood.GREEN))
    assert (meeple.kind, meeple.data, meeple.visible_to) == (
        "meeple", {"crew": 1, "seat": 5, "colour": Wood.GREEN}, frozenset({4, 5, 6, 7, 8}))
    # [D-1] the facilitator names who opens each crew, in the open
    assert act(state, 8, FirstPlayer(1, 6)) == [public("first_player", crew=1, seat=6)]
    assert act(state, 8, StartPhase(1)) == [public("phase_started", phase=1)]


def test_the_briefing_refusals_word_for_word() -> None:
    state = GAME.setup(8, 0)
    act(state, 5, PickColour(Wood.GREEN))
    assert refusal(state, 5, PickColour(Wood.RED)) == "you already play the green meeple"
    assert refusal(state, 8, FirstPlayer(2, 0)) == "there are crews 0 to 1"
    assert refusal(state, 8, FirstPlayer(0, 5)) == "choose one of crew 0's players: [0, 1, 2, 3]"
    act(state, 8, FirstPlayer(0, 1))
    assert refusal(state, 8, FirstPlayer(0, 2)) == "crew 0's first player is already chosen"


def test_a_first_player_named_once_phase_1_has_started_is_refused_in_words() -> None:
    state = GAME.setup(8, 0)
    act(state, 8, FirstPlayer(0, 2))
    act(state, 8, StartPhase(1))
    assert refusal(state, 8, FirstPlayer(1, 6)) == (
        "the first player is chosen before phase 1 starts"
    )


def test_explicit_crews_that_cannot_be_are_refused_in_words() -> None:
    assert form_crews_refusal(8, ((0, 1, 2, 3), (0, 1, 2, 3))) == (
        "the crews must seat every player 0..7 exactly once")
    assert form_crews_refusal(4, ((0, 1, 2, 3),)) == (
        f"a session has {MIN_CREWS} to {MAX_CREWS} crews, not 1")
    assert form_crews_refusal(9, (4, 4)) == "the crews seat 8 players, but there are 9"


def test_a_session_takes_its_explicit_crews_and_the_largest_fleet() -> None:
    state = GAME.setup(8, 0, options={"crews": [[0, 2, 4, 6], [1, 3, 5, 7]]})
    assert [crew.members for crew in state.crews] == [[0, 2, 4, 6], [1, 3, 5, 7]]
    assert GAME.setup(8, 0, options={"fleet_size": len(SHIP_NAMES)}).fleet == len(SHIP_NAMES)


def test_every_seat_starts_the_briefing_with_its_whole_message_budget() -> None:
    state = GAME.setup(8, 0)
    budget = state.options.message_budget
    assert [GAME.view(state, seat)["messages_left"] for seat in range(9)] == [budget] * 9
