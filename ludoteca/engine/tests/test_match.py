import json

import pytest

from ludoteca.engine import IllegalAction, Match, Rng
from ludoteca.engine.events import private, public, visible_events
from ludoteca.games.goofspiel import GAME as GOOFSPIEL
from ludoteca.games.goofspiel.actions import Bid


def play_out(match: Match, seed: int) -> None:
    rng = Rng(seed)
    while not match.is_over:
        seat = min(GOOFSPIEL.actors(match.state))
        match.apply(seat, rng.choice(GOOFSPIEL.legal_actions(match.state, seat)))


def test_a_saved_match_replays_exactly() -> None:
    match = Match.new(GOOFSPIEL, 3, seed=11, options={"cards": 6})
    play_out(match, 4)
    saved = json.loads(json.dumps(match.to_json()))
    assert saved["game"] == "goofspiel" and saved["options"] == {"cards": 6}
    again = Match.from_json(GOOFSPIEL, saved)
    assert GOOFSPIEL.to_json(again.state) == GOOFSPIEL.to_json(match.state)
    assert GOOFSPIEL.to_json(match.replay()) == GOOFSPIEL.to_json(match.state)


def test_an_illegal_action_is_not_logged() -> None:
    match = Match.new(GOOFSPIEL, 2, seed=1)
    with pytest.raises(IllegalAction, match="bid one of your cards"):
        match.apply(0, Bid(99))
    assert match.log == []


def test_a_corrupt_log_is_refused_with_its_position() -> None:
    match = Match.new(GOOFSPIEL, 2, seed=1)
    match.apply(0, Bid(1))
    data = match.to_json()
    data["log"].append({"seat": 0, "action": {"kind": "bid", "card": 1}})
    with pytest.raises(ValueError, match="action 2 of the saved log does not replay"):
        Match.from_json(GOOFSPIEL, data)


def test_events_carry_who_may_see_them() -> None:
    events = [public("reveal", prize=3), private("bid", [1], card=4)]
    assert visible_events(events, 0) == events[:1]
    assert visible_events(events, 1) == events
    assert visible_events(events, None) == events[:1]
    assert private("bid", [1], card=4).to_json() == {
        "kind": "bid",
        "data": {"card": 4},
        "visible_to": [1],
    }


def test_rewards_are_shares_of_players_beaten() -> None:
    from ludoteca.engine import Result

    assert Result((9, 5, 5, 1), (1, 2, 2, 4)).rewards() == [1.0, 0.5, 0.5, 0.0]
    assert Result((3,), (1,)).rewards() == [1.0]


def test_soft_rewards_compare_standings_pairwise() -> None:
    from ludoteca.engine.result import soft_rewards

    level, ahead = soft_rewards([3.0, 3.0], 4.0), soft_rewards([7.0, 3.0, 3.0], 4.0)
    assert level == [0.5, 0.5]
    assert ahead[0] > 0.7 > ahead[1] == ahead[2] and abs(sum(ahead) - 1.5) < 1e-9


def test_every_player_is_a_team_of_one_by_default() -> None:
    assert GOOFSPIEL.teams(GOOFSPIEL.setup(3, 1)) == [[0], [1], [2]]
