"""Castell's plain strategies: the habits people play by, the panel the strong level must beat.

- `greedy`: plans the whole turn (every order of its actions, as the strong level's planner
  does) for the tower of the next festival it can reach alone: the best tower score it could
  declare there, less the steps still to walk; declares its best tower.
- `rusher`: settles in one region, the one the calendar holds most festivals in, walks there
  and stays: recruits its two biggest castellers, trains, performs a local tile whenever it
  can, declares its best tower at the festivals there.
- `hoarder`: goes after the size tokens: walks to the next festival it can reach, recruits the
  castellers of the sizes the festivals to come show, and declares the tower with the most of
  the festival's token sizes (the tokens go to the most castellers of their size [D-14]).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng
from ludoteca.games.castell.actions import (
    Abstain,
    Declare,
    EndTurn,
    Move,
    Perform,
    Recruit,
    Train,
)
from ludoteca.games.castell.bots.heuristic import festival_value, target_festival
from ludoteca.games.castell.bots.planner import TurnPlanner
from ludoteca.games.castell.data import Region
from ludoteca.games.castell.rules.festival import held
from ludoteca.games.castell.rules.move import distances
from ludoteca.games.castell.state import FESTIVAL, TURN, CastellState
from ludoteca.games.castell.towers import tower_score

STEP_COST = 0.5  # the greedy planner's points a step still to walk to its festival costs


def next_festival_tower(state: CastellState, seat: int) -> float:
    """The greedy planner's judgement: the tower score it could declare at its festival."""
    player = state.players[seat]
    festival = target_festival(state, seat)
    value = float(festival_value(player.team, player.ranks, festival))
    if festival is not None and player.pawn is not None:
        value -= STEP_COST * distances(player.pawn)[festival.region]
    return value


def best_declaration(menu: list[Action], state: CastellState,
                     tokens_first: bool = False) -> Action | None:
    """The declared tower with the best tower score (or the most castellers of the festival's
    token sizes first); None outside a festival."""
    declares = [a for a in menu if isinstance(a, Declare)]
    if state.phase is not FESTIVAL:
        return None
    if not declares:
        return next((a for a in menu if isinstance(a, Abstain)), None)
    tokens = held(state).tokens

    def worth(action: Declare) -> tuple[int, ...]:
        score = tower_score(action.tower, tokens)
        held = sum(level.count(size) for level in action.tower for size in tokens)
        return (held, score) if tokens_first else (score, held)

    return max(declares, key=worth)


def toward(menu: list[Action], region: Region | None) -> Action | None:
    """The move that brings the pawn nearest `region` (none if it is there)."""
    moves = [a for a in menu if isinstance(a, Move)]
    if region is None or not moves:
        return None
    far = distances(region)
    return min(moves, key=lambda a: far[a.region])


def greedy(game: Game[CastellState], state: CastellState, seat: int, rng: Rng,
           notes: dict[str, Any]) -> Action | None:
    menu = game.legal_actions(state, seat)
    if state.phase is TURN:
        planner = TurnPlanner(game.legal_actions, game.apply, next_festival_tower)
        return planner.ranked(state, seat)[0][1]
    return best_declaration(menu, state)


def home_region(state: CastellState) -> Region:
    """The region the calendar holds most festivals in (the first of them on a tie)."""
    count = Counter(f.region for f in state.calendar)
    return max(count, key=lambda region: count[region])


def rusher(game: Game[CastellState], state: CastellState, seat: int, rng: Rng,
           notes: dict[str, Any]) -> Action | None:
    menu = game.legal_actions(state, seat)
    if state.phase is not TURN:
        return best_declaration(menu, state)
    home = home_region(state)
    if state.players[seat].pawn != home:
        move = toward(menu, home)
        if move is not None:
            return move
    recruits = [a for a in menu if isinstance(a, Recruit)]
    for kind in (Perform, Train):
        chosen = next((a for a in menu if isinstance(a, kind)), None)
        if chosen is not None:
            return chosen
    if recruits:
        return max(recruits, key=lambda a: (len(a.sizes), sorted(a.sizes, reverse=True)))
    return next((a for a in menu if isinstance(a, EndTurn)), None)


def hoarder(game: Game[CastellState], state: CastellState, seat: int, rng: Rng,
           notes: dict[str, Any]) -> Action | None:
    menu = game.legal_actions(state, seat)
    if state.phase is not TURN:
        return best_declaration(menu, state, tokens_first=True)
    festival = target_festival(state, seat)
    if festival is not None and state.players[seat].pawn != festival.region:
        move = toward(menu, festival.region)
        if move is not None:
            return move
    wanted = Counter(size for f in state.calendar if not f.done for size in f.tokens)
    recruits = [a for a in menu if isinstance(a, Recruit)]
    if recruits:
        return max(recruits, key=lambda a: (sum(wanted[s] for s in a.sizes), len(a.sizes)))
    chosen = next((a for a in menu if isinstance(a, Train)), None)
    return chosen or next((a for a in menu if isinstance(a, EndTurn)), None)


STRATEGIES = {"greedy": greedy, "rusher": rusher, "hoarder": hoarder}
