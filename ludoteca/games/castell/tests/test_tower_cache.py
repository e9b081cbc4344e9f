"""The cached tower answers (and the bounds that refuse a tile at once) are the full search's: on
the teams and ranks of random games, every local tile and every festival ask."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ludoteca.engine.actions import Action
from ludoteca.engine.rng import Rng
from ludoteca.games.castell import GAME
from ludoteca.games.castell.actions import Declare, Perform
from ludoteca.games.castell.data import LOCAL_TILE_IDS, MIN_FESTIVAL_LEVELS, SKILLS
from ludoteca.games.castell.performances import tile_goal, tile_problem, tower_for_tile
from ludoteca.games.castell.rules import festival
from ludoteca.games.castell.rules.special import may_special
from ludoteca.games.castell.state import CastellState, Phase
from ludoteca.games.castell.towers import (
    SKILL_NAMES,
    Ranks,
    Tower,
    _TowerSearch,
    best_tower,
    check_tower,
    normalize_ranks,
    search_towers,
    team_counts,
    team_tower,
)


def uncached_tile_tower(team: list[int], ranks: Ranks, tile: int) -> Tower | None:
    shape, levels, skills = tile_goal(tile)
    counts, rank = team_counts(team), normalize_ranks(ranks)
    if shape is not None:
        return search_towers(counts, rank, (), 1, shape, (), None, True)
    assert levels is not None
    return search_towers(counts, rank, (), levels, None, tuple(sorted(skills)), levels, True)


def teams_of_random_games(seed: int, games: int = 2) -> list[tuple[list[int], dict[str, int]]]:
    """Every distinct (team, ranks) of the players at each step of random games."""
    rng = Rng(seed)
    seen: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[list[int], dict[str, int]]] = {}
    for game in range(games):
        state = GAME.setup(2 + game % 3, seed * 100 + game)
        while not GAME.is_over(state):
            for player in state.players:
                key = (tuple(player.team), tuple(player.ranks[s] for s in SKILLS))
                ranks = {str(skill): rank for skill, rank in player.ranks.items()}
                seen.setdefault(key, (list(player.team), ranks))
            seat = rng.choice(sorted(GAME.actors(state)))
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return list(seen.values())


@pytest.mark.parametrize("seed", [1, 2])
def test_cached_tile_towers_are_the_full_searchs(seed: int) -> None:
    for team, ranks in teams_of_random_games(seed):
        for tile in LOCAL_TILE_IDS:
            assert tower_for_tile(team, ranks, tile) == uncached_tile_tower(team, ranks, tile), (
                team, ranks, tile)


@pytest.mark.parametrize("seed", [3])
def test_cached_festival_towers_are_the_full_searchs(seed: int) -> None:
    rng = Rng(seed)
    for team, ranks in teams_of_random_games(seed):
        tokens = tuple(sorted({rng.randint(1, 10), rng.randint(1, 10)}))
        for favour in ((), (tokens[0],)):
            cached = best_tower(team, ranks, sizes=tokens, min_levels=MIN_FESTIVAL_LEVELS,
                                favour=favour)
            full = search_towers(team_counts(team), normalize_ranks(ranks), tokens,
                                 MIN_FESTIVAL_LEVELS, None, (), None, False, favour)
            assert cached == full, (team, ranks, tokens, favour)


def full_search_menu(state: CastellState, seat: int) -> list[Action]:
    """The performances and festival declarations of the menu, each tower found by the full
    search (no cache, no bound, no answer taken from another)."""
    player = state.players[seat]
    counts, rank = team_counts(player.team), normalize_ranks(player.ranks)
    if state.phase is Phase.FESTIVAL:
        tokens = tuple(sorted(set(festival.held(state).tokens)))
        towers = [
            search_towers(counts, rank, tokens, MIN_FESTIVAL_LEVELS, None, (), None, False, favour)
            for favour in ((), *((size,) for size in tokens))
        ]
        return list(dict.fromkeys(Declare(tower) for tower in towers if tower is not None))
    if player.pawn is None or not may_special(state, seat):
        return []
    out: list[Action] = []
    for tile in state.rows[player.pawn]:
        tower = uncached_tile_tower(player.team, player.ranks, tile)
        if tower is not None:
            out.append(Perform(tile, tower))
    return out


def menus_of_random_games(
    players: int, seed: int
) -> Iterator[tuple[CastellState, int, list[Action]]]:
    """(state, seat, menu) at every step of two random games, before the step is played."""
    rng = Rng(seed)
    for game in range(2):
        state = GAME.setup(players, seed * 100 + game)
        while not GAME.is_over(state):
            seat = rng.choice(sorted(GAME.actors(state)))
            legal = GAME.legal_actions(state, seat)
            yield state, seat, legal
            GAME.apply(state, seat, rng.choice(legal))


@pytest.mark.parametrize("players,seed", [(2, 5), (4, 6)])
def test_the_menus_towers_are_the_full_searchs(players: int, seed: int) -> None:
    """At every step of random games, the towers the menu offers (each team's tile towers kept
    from step to step, a token's best tower taken from the suggestion where it holds every
    casteller of that size) are those the full search finds."""
    for state, seat, legal in menus_of_random_games(players, seed):
        offered = [a for a in legal if isinstance(a, Perform | Declare)]
        assert offered == full_search_menu(state, seat), (state.round, seat)


class _PlainSearch(_TowerSearch):
    """The tower search without its floors: every state searched in full."""

    def best(self, *state: Any) -> Any:
        return super().best(*state[:10])


@pytest.mark.parametrize("seed", [7])
def test_the_searchs_floors_cut_no_better_tower(seed: int) -> None:
    """Branch and bound (a state asked only for a tower better than the caller's) finds the
    tower the plain search finds, on the festival asks of random games' teams."""
    rng = Rng(seed)
    for team, ranks in teams_of_random_games(seed):
        counts = team_counts(team)
        rank = dict(zip(SKILL_NAMES, normalize_ranks(ranks), strict=True))
        tokens = tuple(sorted({rng.randint(1, 10), rng.randint(1, 10)}))
        for favour in (frozenset(), frozenset(tokens[:1])):
            for width_uses in range(rank["width"] + 1):
                goal: tuple[Any, ...] = (
                    counts, rank, tokens, MIN_FESTIVAL_LEVELS, None, frozenset(), None,
                    width_uses, False, favour,
                )
                assert _TowerSearch(*goal).run() == _PlainSearch(*goal).run(), goal


@pytest.mark.parametrize("players,seed", [(2, 8), (4, 9)])
def test_the_towers_the_menu_offers_pass_the_full_check(players: int, seed: int) -> None:
    """`check_declare` and `check_perform` take a tower the menu offers as it is: at every step
    of random games, each offered tower passes the full check of the rules too."""
    for state, seat, legal in menus_of_random_games(players, seed):
        player = state.players[seat]
        for action in legal:
            if isinstance(action, Perform):
                tower = team_tower(action.tower, player.team)
                assert tile_problem(action.tile, tower, player.ranks) is None, action
            elif isinstance(action, Declare):
                tower = team_tower(action.tower, player.team)
                assert len(tower) >= MIN_FESTIVAL_LEVELS
                tokens = festival.held(state).tokens
                assert all(any(size in level for level in tower) for size in tokens)
                assert check_tower(tower, player.ranks).legal, action
