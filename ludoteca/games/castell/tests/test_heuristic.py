"""The heuristic bot: performs local tiles when it can, heads for the next festival, declares the
suggested tower, and trains the skill its festival tower lacks."""

from __future__ import annotations

from ludoteca.engine.rng import Rng
from ludoteca.games.castell import GAME
from ludoteca.games.castell.actions import Declare, Move, Perform, Source, Train
from ludoteca.games.castell.data import Region, Skill
from ludoteca.games.castell.rules.festival import suggestion
from ludoteca.games.castell.state import TurnAction
from ludoteca.games.castell.tests.helpers import (
    SHAPE_321,
    before_a_performance,
    end_all_turns,
    fresh,
    stage_festival,
)


def test_bot_performs_a_local_tile_when_it_can() -> None:
    state, seat = before_a_performance()
    action = GAME.heuristic_action(state.clone(), seat, Rng(0))
    assert isinstance(action, Perform) and action.tile == SHAPE_321


def test_bot_heads_for_the_next_festival() -> None:
    state = fresh(2)
    stage_festival(state, Region.TARRAGONA, [5])
    seat = state.current
    state.players[seat].pawn = Region.LLEIDA
    for region in state.rows:
        state.rows[region] = []  # nothing to perform on the way
    action = GAME.heuristic_action(state.clone(), seat, Rng(0))
    assert action == Move(Region.VALLS)  # one step of the shortest way Lleida-Valls-Tarragona


def test_bot_declares_the_suggested_tower() -> None:
    state = fresh(2)
    stage_festival(state, Region.VALLS, [5])
    for p in state.players:
        p.pawn = Region.VALLS
        p.team = [9, 9, 9, 7, 7, 5, 3]
        p.ranks[Skill.BALANCE] = 1
    end_all_turns(state)
    seat = min(GAME.actors(state))
    tower = suggestion(state.players[seat], state.calendar[0])
    assert tower is not None
    assert GAME.heuristic_action(state.clone(), seat, Rng(0)) == Declare(tower)


def test_bot_trains_the_skill_its_festival_tower_lacks() -> None:
    # Team 9,9,9,7,7,5,3 builds 3-2-1 without skills; one Balance makes a 4-level tower.
    state = fresh(2)
    stage_festival(state, Region.LLEIDA, [5])
    seat = state.current
    state.players[seat].team = [9, 9, 9, 7, 7, 5, 3]
    state.players[seat].pawn = Region.LLEIDA
    # Round 3 [D-17]: Lleida (sector 1) faces slot 3, All Regions (sector 0) slot 2.
    state.wheel = [Skill.BASE, Skill.MIX, Skill.WIDTH, Skill.BALANCE, Skill.STRENGTH, "special",
                   "special", "special"]
    state.regions[Region.LLEIDA] = []
    for region in state.rows:
        state.rows[region] = []
    state.used = [TurnAction.MOVE]
    action = GAME.heuristic_action(state.clone(), seat, Rng(0))
    assert action == Train(Source.REGION, Skill.BALANCE)

