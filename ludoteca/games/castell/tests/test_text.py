"""The screen and the menu lines of `ludoteca play`."""

from __future__ import annotations

import pytest

from ludoteca.engine.errors import IllegalAction
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
from ludoteca.games.castell.data import FestivalType, Region, Skill
from ludoteca.games.castell.state import Festival
from ludoteca.games.castell.tests.helpers import (
    T4_SMALL,
    act,
    end_all_turns,
    festival_in_valls,
    fresh,
)


def test_render_and_describe() -> None:
    state = fresh(2)
    text = GAME.render(GAME.view(state, 0))
    assert "Castell" in text and "Lleida" in text
    tower = ((9, 9, 9), (7, 7), (5,), (3,))
    every_kind = [
        Move(Region.VALLS), Recruit((9, 7)), Train(Source.REGION, Skill.MIX),
        Train(Source.ALL_REGIONS, "special"),
        SpecialRecruit(5), SpecialMove(Region.VALLS), Perform(0, tower), EndTurn(), Declare(tower),
        Abstain(),
    ]
    assert {type(a) for a in every_kind} == set(GAME.rules.action_classes)
    for action in [*every_kind, *GAME.legal_actions(state, state.current)]:
        text = GAME.describe_action(action)
        assert text and text != repr(action)  # a line of its own, not the fallback



def test_a_tower_typed_as_levels_is_an_action() -> None:
    # Any legal tower may be declared or performed, not only those the menu lists: typed as
    # levels, bottom first.
    state = festival_in_valls(2, [5])
    end_all_turns(state)
    seat = state.turn_order()[0]
    assert GAME.parse_action_text(state, seat, "9+9/7/5/3") == Declare(T4_SMALL)
    assert GAME.parse_action_text(state, seat, " 9 + 9 / 7 / 5 / 3 ") == Declare(T4_SMALL)
    assert GAME.parse_action_text(state, seat, "12") is None  # a menu number
    with pytest.raises(IllegalAction, match="'9\\+11/7' is not a tower: level 1 holds size 11"):
        GAME.parse_action_text(state, seat, "9+11/7")
    turn = fresh(2)
    assert GAME.parse_action_text(turn, turn.current, "#20 9+8/6/5/4") == Perform(
        20, ((9, 8), (6,), (5,), (4,))
    )
    assert GAME.parse_action_text(turn, turn.current, "perform 3 9+9+9/5+5/2") == Perform(
        3, ((9, 9, 9), (5, 5), (2,))
    )
    assert GAME.parse_action_text(turn, turn.current, "move") is None
    screen = GAME.render(GAME.view(state, seat))
    assert "or type any tower as levels, bottom first, like 9+9/7/5/3" in screen


def test_every_festival_of_the_round_stays_on_screen_d6() -> None:
    # [D-6] a round may hold two festivals: both stay on screen through the next round.
    state = fresh(3)
    state.round = 3
    state.calendar = [
        Festival(3, FestivalType.I, Region.VALLS, [5]),
        Festival(3, FestivalType.I, Region.GIRONA, [3]),
    ] + [f for f in state.calendar if f.round > 3]
    end_all_turns(state)
    assert state.round == 4
    act(state, state.current, Move(Region.VALLS))
    screen = GAME.render(GAME.view(state, 0))
    assert "Festivals of round 3:\n  Valls (sizes [5]): nobody took part" in screen
    assert "\n  Girona (sizes [3]): nobody took part" in screen


def test_the_wheels_next_turn_is_shown_d17() -> None:
    # [D-17] the wheel turns one step each round: what it will show next round is on screen.
    state = fresh(2)
    view = GAME.view(state, 0)
    assert view["wheel_next"]["All Regions"] == state.wheel[1]
    assert f"  next round: All Regions: {state.wheel[1]}, " in GAME.render(view)
    state.round = 10
    assert GAME.view(state, 0)["wheel_next"] is None


def test_the_game_over_header_shows_the_final_round_d11() -> None:
    # [D-11] the first-player marker passes at the end of every round, the last one too: the
    # header at the end shows the final round, not who would play first next.
    state = fresh(2)
    for _ in range(10):
        end_all_turns(state)
    screen = GAME.render(GAME.view(state, 0))
    assert screen.startswith("Castell - final round 10/10 - game over\n")
    assert "first player" not in screen
