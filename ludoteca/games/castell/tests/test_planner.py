"""The strong level's judgement: the outlook of a player (the points they are likely to end
with) and the whole-turn planner that plays toward the best one."""

from __future__ import annotations

from collections import Counter

from ludoteca.engine.rng import Rng
from ludoteca.games.castell import GAME
from ludoteca.games.castell.actions import Declare, EndTurn, Perform
from ludoteca.games.castell.bots.lookahead import (
    PLAN_POSITIONS,
    PLANS,
    RIVAL_POSITIONS,
    best_plan,
    lead_after_round,
    rival_turn,
)
from ludoteca.games.castell.bots.outlook import (
    _tile_worths,
    expected_prize,
    outlook,
    steps_short,
    tile_worths,
    token_points,
)
from ludoteca.games.castell.bots.planner import TurnPlanner, turn_key
from ludoteca.games.castell.data import FestivalType, Region
from ludoteca.games.castell.result import categories
from ludoteca.games.castell.state import Festival, Phase
from ludoteca.games.castell.tests.helpers import (
    BAL1,
    TALL,
    act,
    before_a_performance,
    fresh,
    stage_festival,
)

PLANNER = TurnPlanner(GAME.legal_actions, GAME.apply)


def test_a_finished_games_outlook_is_its_score() -> None:
    state = fresh(2)
    rng = Rng(1)
    while not GAME.is_over(state):
        seat = min(GAME.actors(state))
        GAME.apply(state, seat, GAME.heuristic_action(state, seat, rng))
    for seat in range(2):
        assert outlook(state, seat) == categories(state.players[seat])["total"]


def test_a_festival_in_reach_with_a_qualifying_tower_raises_the_outlook() -> None:
    state = fresh(2)
    seat = state.current
    stage_festival(state, Region.VALLS, [5])
    player = state.players[seat]
    player.pawn = Region.TARRAGONA
    before = outlook(state, seat)
    player.team, player.ranks = list(TALL), {**player.ranks, **BAL1}
    assert outlook(state, seat) > before + 3  # a trophy and a size token, most of them


def test_a_step_a_turn_is_free_and_one_more_costs_a_token() -> None:
    far = Festival(5, FestivalType.I, Region.GIRONA, [3])  # Tarragona to Girona: 3 steps
    assert steps_short(Region.TARRAGONA, 3, far) == 1  # two turns: one step bought
    assert steps_short(Region.TARRAGONA, 1, far) == 0
    assert steps_short(Region.TARRAGONA, 4, far) is None
    assert steps_short(None, 4, far) == 0  # the first move places the pawn anywhere


def test_prizes_and_size_tokens_as_the_rules_count_them() -> None:
    assert expected_prize([5], 8, []) == 5  # alone: the trophy
    assert expected_prize([5], 8, [8]) == 5  # a tie shares the rank [D-13]
    assert 0 < expected_prize([5], 8, [9]) < 5  # only if the better rival stays away
    held = Counter([5, 7, 7])
    assert [token_points(held, s) for s in (3, 5, 7)] == [2, 0, 1]  # [D-24]


def test_the_planner_performs_a_tile_it_can_meet() -> None:
    state, seat = before_a_performance()
    ranked = PLANNER.ranked(state, seat)
    assert {action for _, action in ranked} == set(GAME.legal_actions(state, seat))
    assert [v for v, _ in ranked] == sorted((v for v, _ in ranked), reverse=True)
    # The turn's best plans perform the tile (now or after other actions): ending the turn
    # without it is worth less.
    value = dict((action, v) for v, action in ranked)
    assert value[EndTurn()] < ranked[0][0]
    assert any(isinstance(a, Perform) for a in GAME.legal_actions(state, seat))


def test_the_strong_level_plays_the_planners_turn_and_compares_festival_towers() -> None:
    state = fresh(2)
    seat = state.current
    choices = GAME.search_choices(state.clone(), seat, Rng(0))
    assert choices == [PLANNER.ranked(state, seat)[0][1]]
    stage_festival(state, Region.VALLS, [5])
    for p in state.players:
        p.pawn, p.team, p.ranks = Region.VALLS, list(TALL), {**p.ranks, **BAL1}
    act(state, state.current, EndTurn())
    act(state, state.current, EndTurn())
    assert state.phase is Phase.FESTIVAL
    at = state.to_declare[0]
    choices = GAME.search_choices(state, at, Rng(0))
    assert choices and all(isinstance(a, Declare) for a in choices)


def test_the_plans_are_the_turns_distinct_ends_best_first() -> None:
    state, seat = before_a_performance()
    plans = PLANNER.plans(state, seat)
    assert [p.value for p in plans] == sorted((p.value for p in plans), reverse=True)
    assert plans[0].value == PLANNER.ranked(state, seat)[0][0]
    # Each end once, whatever the order of the actions that reach it.
    ends = [(p.open, turn_key(p.end, seat)) for p in plans]
    assert len(ends) == len(set(ends))
    assert {p.first for p in plans} == set(GAME.legal_actions(state, seat))


def test_the_lookahead_plays_one_of_the_planners_best_plans_to_the_end_of_the_round() -> None:
    state, seat = before_a_performance()
    before = state.clone()
    chosen = best_plan(state, seat, GAME.legal_actions, GAME.apply)
    assert chosen in PLANNER.plans(state, seat)[:PLANS]
    assert turn_key(state, seat) == turn_key(before, seat)  # the position is left as it was
    # Played out again from the same position, the same plan: its next actions follow it.
    assert best_plan(state, seat, GAME.legal_actions, GAME.apply) == chosen
    lead = lead_after_round(chosen, seat, GAME.legal_actions, GAME.apply)
    assert lead == lead_after_round(chosen, seat, GAME.legal_actions, GAME.apply)


def test_every_table_has_a_planning_budget_and_four_players_the_smallest() -> None:
    # A four-player position's ends cost the most to judge: its budget keeps a move within
    # the goal of 1 s of CPU (`bench/bots.py`), a count of positions, not a clock.
    assert set(PLAN_POSITIONS) == set(range(GAME.min_players, GAME.max_players + 1))
    assert all(isinstance(most, int) and most > 0 for most in PLAN_POSITIONS.values())
    assert PLAN_POSITIONS[4] == min(PLAN_POSITIONS.values())
    state = fresh(4)
    assert best_plan(state, state.current, GAME.legal_actions, GAME.apply) in (
        PLANNER.plans(state, state.current, PLAN_POSITIONS[4])[:PLANS])


def test_a_planner_cut_short_still_has_a_plan_of_the_turns_first_steps() -> None:
    state, seat = before_a_performance()
    hurried = PLANNER.plans(state, seat, most=0)
    assert hurried and EndTurn() in {p.first for p in hurried}
    every = {(p.open, turn_key(p.end, seat)) for p in PLANNER.plans(state, seat)}
    assert {(p.open, turn_key(p.end, seat)) for p in hurried} <= every


def test_a_rival_in_the_playout_takes_its_whole_turn_by_its_own_plan() -> None:
    state = fresh(2)
    actor = state.current
    assert RIVAL_POSITIONS[state.n] > 0  # at two players the rivals plan their turns
    world = rival_turn(state.clone(), GAME.legal_actions, GAME.apply, Rng(0))
    assert world.current != actor or world.phase is not Phase.TURN  # the turn is over
    assert world.players[actor].pawn is not None  # it placed its pawn, as a plan does
    again = rival_turn(state.clone(), GAME.legal_actions, GAME.apply, Rng(0))
    assert turn_key(again, actor) == turn_key(world, actor)  # nothing random
    # The turn played is the end of the planner's best plan within the same budget (the
    # actions used this turn are forgotten once it ends).
    best = PLANNER.plans(state, actor, RIVAL_POSITIONS[state.n])[0]
    player, planned = world.players[actor], best.end.players[actor]
    assert (player.pawn, player.team, player.ranks, player.tokens) == (
        planned.pawn, planned.team, planned.ranks, planned.tokens)


def test_the_kept_tile_worths_are_the_ones_worked_out_afresh() -> None:
    state = fresh(3, seed=2)
    rng = Rng(2)
    while not GAME.is_over(state):
        seat = min(GAME.actors(state))
        for player in range(state.n):
            assert tile_worths(state, player) == _tile_worths(state, player)
        GAME.apply(state, seat, GAME.heuristic_action(state, seat, rng))
