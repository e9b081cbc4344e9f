"""The harness itself is proved: each planted bug is reported by the name of its check."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from ludoteca.engine import IllegalAction
from ludoteca.engine.testing import CHECKS, ConformanceError, check_game
from ludoteca.games.goofspiel import Goofspiel
from ludoteca.games.goofspiel.actions import Bid
from ludoteca.games.goofspiel.state import GoofspielState


def failed_checks(game: Goofspiel) -> list[str]:
    with pytest.raises(ConformanceError) as caught:
        check_game(game, players=(2, 3), playouts=2)
    return caught.value.checks


def test_the_reference_game_passes_every_check() -> None:
    report = check_game(Goofspiel(), playouts=4)
    assert report.playouts == 12 and not report.failures


class LeakingView(Goofspiel):
    def seat_view(self, state: GoofspielState, seat: int | None) -> dict[str, Any]:
        return {**super().seat_view(state, seat), "all_bids": list(state.bids)}


class ShallowClone(Goofspiel):
    def clone(self, state: GoofspielState) -> GoofspielState:
        return copy.copy(state)


class RngOutsideTheState(Goofspiel):
    def apply(self, state: GoofspielState, seat: int, action: Any) -> list[Any]:
        events = super().apply(state, seat, action)
        state.scores[seat] += random.randrange(100)  # the bug: a draw the state does not own
        return events


class NeverEnds(Goofspiel):
    def is_over(self, state: GoofspielState) -> bool:
        return False

    def actors(self, state: GoofspielState) -> frozenset[int]:
        if not state.prizes:  # the bug: the deck refills for ever
            state.prizes.extend(range(1, 6))
            state.hands = [list(range(1, 6)) for _ in state.hands]
        return super().actors(state)


class HalfApplies(Goofspiel):
    def apply(self, state: GoofspielState, seat: int, action: Any) -> list[Any]:
        if isinstance(action, Bid) and self.is_seat(state, seat) and self.may_act(state, seat):
            state.scores[seat] -= 1  # the bug: changes the state before validating
            if action.card not in state.hands[seat]:
                raise IllegalAction("that card is not in your hand")
            state.scores[seat] += 1
        return super().apply(state, seat, action)


class ActorsWithoutActions(Goofspiel):
    def actors(self, state: GoofspielState) -> frozenset[int]:
        # the bug: a seat that has bid is still called an actor
        return frozenset(range(len(state.hands))) if state.prizes else frozenset()

    def legal_actions(self, state: GoofspielState, seat: int) -> list[Any]:
        if not state.prizes or state.bids[seat] is not None:
            return []
        return [Bid(card) for card in state.hands[seat]]


class AcceptsAnyCard(Goofspiel):
    def apply(self, state: GoofspielState, seat: int, action: Any) -> list[Any]:
        if isinstance(action, Bid) and action.card not in state.hands[seat]:
            state.hands[seat].append(action.card)  # the bug: an unlisted action is accepted
        return super().apply(state, seat, action)


class LossyJson(Goofspiel):
    def from_json(self, data: Any) -> GoofspielState:
        state = super().from_json(data)
        state.scores = [0] * len(state.scores)
        return state


class BadRanks(Goofspiel):
    def result(self, state: GoofspielState) -> Any:
        result = super().result(state)
        return type(result)(result.scores, tuple(1 for _ in result.ranks)[:-1])


class CrashesOnAListedAction(Goofspiel):
    def apply(self, state: GoofspielState, seat: int, action: Any) -> list[Any]:
        if isinstance(action, Bid) and action.card == 1 and seat in self.actors(state):
            raise KeyError("card 1")
        return super().apply(state, seat, action)


class DeterminizeReadsNothing(Goofspiel):
    def hidden(self, state: GoofspielState, seat: int | None) -> Any:
        return {"deck": state.prizes[1:]}

    def determinize(self, state: GoofspielState, seat: int | None, rng: Any) -> GoofspielState:
        return self.clone(state)  # the bug: secrets declared but never resampled


class ViewsTogetherLeak(Goofspiel):
    def seat_views(self, state: GoofspielState, seats: list[int | None]) -> dict[int | None, Any]:
        views = super().seat_views(state, seats)
        for view in views.values():
            view["bids"] = list(state.bids)  # the bug: everybody's bid, to everybody
        return views


@pytest.mark.parametrize(
    ("game", "check"),
    [
        (LeakingView(), "view_secrecy"),
        (ShallowClone(), "clone_independent"),
        (RngOutsideTheState(), "replay_deterministic"),
        (NeverEnds(), "terminates"),
        (HalfApplies(), "state_unchanged_on_illegal"),
        (ActorsWithoutActions(), "actors_match_legal_actions"),
        (AcceptsAnyCard(), "illegal_actions_rejected"),
        (LossyJson(), "json_round_trip"),
        (BadRanks(), "result_consistent"),
        (CrashesOnAListedAction(), "listed_actions_apply"),
        (DeterminizeReadsNothing(), "view_secrecy"),
        (ViewsTogetherLeak(), "views_match_view"),
    ],
    ids=lambda value: type(value).__name__ if not isinstance(value, str) else value,
)
def test_a_planted_bug_is_reported_by_name(game: Goofspiel, check: str) -> None:
    assert check in CHECKS
    assert check in failed_checks(game)


def test_the_error_says_where_it_happened() -> None:
    with pytest.raises(ConformanceError) as caught:
        check_game(LeakingView(), players=(2,), playouts=1, seed=5)
    failure = caught.value.failures[0]
    assert (failure.players, failure.seed) == (2, 5)
    assert "view_secrecy" in str(caught.value) and "seed=5" in str(caught.value)


def test_a_report_can_be_returned_instead_of_raised() -> None:
    report = check_game(ShallowClone(), players=(2,), playouts=1, raise_on_failure=False)
    assert [f.check for f in report.failures] == ["clone_independent"]
