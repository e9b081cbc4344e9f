"""What every player is told of each action, field by field: a move, recruits, training, the
special actions, a local performance, the turns and rounds, and a festival's declarations (each
seen only by its declarer until the festival is held)."""

from __future__ import annotations

from typing import Any

from ludoteca.engine.events import Event
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
from ludoteca.games.castell.data import SHAPE_TILES, Region, Skill
from ludoteca.games.castell.rules.rounds import end_round
from ludoteca.games.castell.tests.helpers import (
    SHAPE_321,
    T4,
    act,
    before_a_performance,
    end_all_turns,
    festival_in_valls,
    fresh,
    setup_trainer,
)


def told(events: list[Event]) -> list[tuple[str, dict[str, Any]]]:
    assert all(event.visible_to is None for event in events)
    return [(event.kind, dict(event.data)) for event in events]


def test_a_move_and_recruits_are_told() -> None:
    state = fresh()
    seat = state.current
    assert told(act(state, seat, Move(Region.VALLS))) == [
        ("moved", {"seat": seat, "region": Region.VALLS})
    ]
    size = state.regions[Region.VALLS][0]
    assert told(act(state, seat, Recruit((size,)))) == [
        ("recruited", {"seat": seat, "region": Region.VALLS, "sizes": [size]})
    ]
    size = state.regions[Region.VALLS][0]
    assert told(act(state, seat, SpecialRecruit(size))) == [
        ("special_recruit", {"seat": seat, "region": Region.VALLS, "size": size,
                             "token_spent": True})
    ]


def test_training_and_a_special_move_are_told() -> None:
    state, seat = setup_trainer()
    assert told(act(state, seat, Train(Source.REGION, Skill.BALANCE))) == [
        ("trained", {"seat": seat, "skill": Skill.BALANCE, "rank": 1})
    ]
    assert told(act(state, seat, SpecialMove(Region.VALLS))) == [
        ("special_move", {"seat": seat, "region": Region.VALLS, "token_spent": True})
    ]


def test_a_special_tile_trained_is_told() -> None:
    state, seat = setup_trainer()
    state.wheel = ["special"] * 8
    assert told(act(state, seat, Train(Source.REGION, "special"))) == [
        ("trained_special", {"seat": seat})
    ]
    assert told(act(state, seat, SpecialMove(Region.VALLS))) == [
        ("special_move", {"seat": seat, "region": Region.VALLS, "token_spent": False})
    ]


def test_a_local_performance_is_told_with_its_tower_points_and_tokens() -> None:
    state, seat = before_a_performance()
    assert told(act(state, seat, Perform(SHAPE_321, ((9, 9, 9), (5, 5), (2,))))) == [
        ("performed", {"seat": seat, "region": Region.VALLS, "tile": SHAPE_321,
                       "tower": [[9, 9, 9], [5, 5], [2]], "skills": {}, "points": 2,
                       "tokens_collected": 2, "token_spent": True})
    ]


def test_turns_and_rounds_are_told() -> None:
    state = fresh(players=3)
    first = state.current
    assert told(act(state, first, EndTurn())) == [
        ("end_turn", {"seat": first}), ("turn", {"seat": (first + 1) % 3})
    ]
    events = told(end_all_turns(state))
    assert events[-1] == ("round", {"round": 2, "first": (first + 1) % 3})
    state.round = 10
    assert told(end_round(state)) == [("game_over", {})]


def test_a_declaration_is_seen_by_its_declarer_alone_until_the_festival() -> None:
    state = festival_in_valls(2, [5])
    events = end_all_turns(state)
    # the seats in turn order, from the first player of the round
    seats = state.turn_order()
    assert told(events)[-1] == ("festival", {"region": Region.VALLS, "seats": seats,
                                             "tokens": [5]})
    seat = state.to_declare[0]
    mine, public = act(state, seat, Declare(T4))
    assert (mine.kind, dict(mine.data), mine.visible_to) == (
        "declaration", {"seat": seat, "tower": [[9, 9, 9], [7, 7], [5], [3]]}, frozenset({seat})
    )
    assert (public.kind, dict(public.data), public.visible_to) == (
        "declared", {"seat": seat}, None
    )
    other = state.to_declare[1]
    mine, public, result, *_ = act(state, other, Abstain())
    assert dict(mine.data) == {"seat": other, "tower": None}
    assert mine.visible_to == frozenset({other})
    assert result.kind == "festival_result" and result.visible_to is None


def test_a_skill_exhibition_is_told_with_the_skills_the_tile_asks_for_d22() -> None:
    # A level of 4 takes a Width use or a Base use; the "4: Base" tile asks for Base, so the
    # performance shows Base, not the Width use a tower alone would count.
    state = fresh()
    seat = state.current
    base_4 = len(SHAPE_TILES) + 1
    state.rows[Region.VALLS] = [base_4]
    state.players[seat].team = [9, 9, 9, 9, 7, 7, 7, 5, 5, 3]
    state.players[seat].ranks.update({Skill.WIDTH: 1, Skill.BASE: 1})
    act(state, seat, Move(Region.VALLS))
    tower = ((9, 9, 9, 9), (7, 7, 7), (5, 5), (3,))
    (kind, data), = told(act(state, seat, Perform(base_4, tower)))
    assert (kind, data["skills"], data["points"]) == ("performed", {"base": 1}, 4)
