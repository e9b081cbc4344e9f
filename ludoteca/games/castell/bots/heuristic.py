"""The heuristic bot: it plans toward the next festival it can reach, recruits and trains what
makes its festival tower best (the skills its towers lack), and performs local tiles when it
can."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.engine.rng import Rng
from ludoteca.games.castell.actions import (
    Declare,
    EndTurn,
    Move,
    Perform,
    Recruit,
    SpecialMove,
    SpecialRecruit,
    Train,
)
from ludoteca.games.castell.data import (
    MIN_FESTIVAL_LEVELS,
    SPECIAL_TILE,
    Region,
    Skill,
    local_tile_points,
)
from ludoteca.games.castell.rules.move import distances
from ludoteca.games.castell.state import CastellState, Festival, Phase
from ludoteca.games.castell.towers import best_tower, tower_score


def target_festival(state: CastellState, seat: int) -> Festival | None:
    """The earliest festival still to come that the pawn can reach in time (a step a turn,
    two with a special move)."""
    pawn = state.players[seat].pawn
    far = distances(pawn) if pawn else {}
    for festival in state.calendar:
        if festival.done or festival.round < state.round:
            continue
        turns = festival.round - state.round + 1
        if pawn is None or far[festival.region] <= 2 * turns:
            return festival
    return None


def festival_value(team: list[int], ranks: dict[Skill, int], festival: Festival | None) -> int:
    if festival is None:
        tower = best_tower(team, ranks)
        return 0 if tower is None else len(tower)
    tower = best_tower(team, ranks, sizes=festival.tokens, min_levels=MIN_FESTIVAL_LEVELS)
    if tower is None:
        # Not yet able: value the tallest tower and the token sizes held.
        tallest = best_tower(team, ranks)
        held = sum(1 for size in festival.tokens if size in team)
        return (0 if tallest is None else len(tallest)) + held - 10
    return tower_score(tower, festival.tokens)


def step_toward(
    state: CastellState, seat: int, goal: Region, moves: Sequence[Move | SpecialMove]
) -> Move | SpecialMove | None:
    pawn = state.players[seat].pawn
    if pawn == goal:
        return None
    if pawn is None:
        return next((m for m in moves if m.region == goal), None)
    far = distances(goal)
    best = min(moves, key=lambda m: far[m.region], default=None)
    if best is None or far[best.region] >= far[pawn]:
        return None
    return best


def heuristic_action(state: CastellState, seat: int, actions: list[Action], rng: Rng) -> Action:
    """The bot's choice among `actions`, the seat's legal actions (`state` is already
    determinized for the seat)."""
    if state.phase == Phase.FESTIVAL:
        return next(a for a in actions if isinstance(a, Declare))
    performs = [a for a in actions if isinstance(a, Perform)]
    if performs:
        return max(performs, key=lambda a: local_tile_points(a.tile))
    player = state.players[seat]
    festival = target_festival(state, seat)
    goal = festival.region if festival else None
    moves = [a for a in actions if isinstance(a, Move)]
    if goal and moves:
        step = step_toward(state, seat, goal, moves)
        if step is not None:
            return step
    recruits = [a for a in actions if isinstance(a, Recruit | SpecialRecruit)]
    plain = [a for a in recruits if isinstance(a, Recruit)]
    if plain or (state.free_special and recruits):
        return best_recruit(player.team, player.ranks, festival, plain or recruits)
    trains = [a for a in actions if isinstance(a, Train)]
    if trains:
        return best_train(player.team, player.ranks, festival, trains)
    specials = [a for a in actions if isinstance(a, SpecialMove)]
    if goal and specials and (state.free_special or player.tokens > 3):
        step = step_toward(state, seat, goal, specials)
        if step is not None:
            return step
    if state.free_special:
        return rng.choice(actions)
    if moves and player.pawn is None:
        return rng.choice(moves)
    return EndTurn()


def best_recruit(
    team: list[int], ranks: dict[Skill, int], festival: Festival | None, options: list[Any]
) -> Action:
    def value(action: Any) -> tuple[int, int]:
        sizes = action.sizes if isinstance(action, Recruit) else (action.size,)
        return festival_value([*team, *sizes], ranks, festival), sum(sizes)

    best: Action = max(options, key=value)
    return best


def best_train(
    team: list[int], ranks: dict[Skill, int], festival: Festival | None, options: list[Train]
) -> Train:
    """The skill whose next rank improves the festival tower most; else the least trained (a
    Special tile counts as no gain at rank 1)."""
    now = festival_value(team, ranks, festival)

    def value(action: Train) -> tuple[int, int]:
        if action.skill == SPECIAL_TILE:
            return 0, -1
        skill = Skill(action.skill)
        raised = {**ranks, skill: ranks[skill] + 1}
        return festival_value(team, raised, festival) - now, -ranks[skill]

    return max(options, key=value)  # max keeps the first of equals, as the menu lists them
