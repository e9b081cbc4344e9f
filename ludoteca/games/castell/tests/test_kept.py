"""What `kept.py` keeps on a player (the tile towers of the team and ranks) is what the menus
(Perform, and a festival's Declare) would find from scratch, at every step of random matches:
played by `apply` and by the trusted `play`, and in clones taken along the way, which share
it."""

from __future__ import annotations

import pytest

from ludoteca.engine.codec import InvalidData
from ludoteca.engine.rng import Rng
from ludoteca.games.castell import GAME
from ludoteca.games.castell.data import LOCAL_TILE_IDS, SKILLS, Skill
from ludoteca.games.castell.kept import forget, recruited, tile_towers, trained
from ludoteca.games.castell.performances import TileTowers
from ludoteca.games.castell.rules import festival
from ludoteca.games.castell.rules.perform import performances
from ludoteca.games.castell.rules.special import may_special
from ludoteca.games.castell.state import CastellState, Player
from ludoteca.games.castell.towers import team_counts

from .helpers import fresh, random_steps


def from_scratch(player: Player) -> TileTowers:
    return TileTowers(team_counts(player.team), tuple(player.ranks[s] for s in SKILLS))


def assert_kept_holds(state: CastellState) -> None:
    for seat, player in enumerate(state.players):
        kept, scratch = player.kept, from_scratch(player)
        if kept is not None:
            assert (kept.counts, kept.ranks) == (scratch.counts, scratch.ranks)
            assert {t: kept.performance(t) for t in kept.performances} == {
                t: scratch.performance(t) for t in kept.performances
            }
        # the menu, from what is kept or kept afresh, is the one found from scratch
        open_now = player.pawn is not None and may_special(state, seat)
        row = state.rows[player.pawn] if player.pawn is not None else []
        assert performances(state, seat) == (scratch.row_performances(row) if open_now else [])
        assert tile_towers(player).counts == scratch.counts
        if state.festival is not None:
            festival_now = festival.held(state)
            assert festival.offered(player, festival_now) == festival._offered.__wrapped__(
                scratch.counts, scratch.ranks, tuple(festival_now.tokens))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_kept_tile_towers_are_the_ones_found_from_scratch(players: int, seed: int) -> None:
    state = fresh(players, seed)
    # a clone shares what is kept, and goes on its own way
    for applied, moved in random_steps(state, Rng(seed), clone_every=37, clones_moving=2):
        assert applied == state
        assert_kept_holds(state)
        assert_kept_holds(applied)
        for clone in moved:
            assert_kept_holds(clone)


def test_every_local_tile_of_a_kept_team_is_the_fresh_answer() -> None:
    state = fresh(2, 5)
    player = state.players[0]
    kept = tile_towers(player)
    assert tile_towers(player) is kept  # kept until the team or ranks change
    scratch = from_scratch(player)
    assert [kept.performance(t) for t in LOCAL_TILE_IDS] == [
        scratch.performance(t) for t in LOCAL_TILE_IDS
    ]
    forget(player)
    assert player.kept is None
    player.team.append(1)
    assert tile_towers(player).counts == team_counts(player.team)


def test_the_state_check_finds_what_was_kept_for_another_team() -> None:
    state = fresh(2, 5)
    player = state.players[0]
    tile_towers(player)
    GAME.check_state(state)
    player.ranks[Skill.MIX] += 1  # changed without the rules, and not forgotten
    with pytest.raises(InvalidData, match="kept"):
        GAME.check_state(state)
    forget(player)
    GAME.check_state(state)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_recruit_or_training_counts_the_new_team_from_what_was_kept(seed: int) -> None:
    """`recruited` and `trained` replace what was kept by the new team's and ranks' (counted
    from the old count, none of its towers carried over): the same as made afresh."""
    rng = Rng(seed)
    player = fresh(2, seed).players[0]
    for _ in range(12):
        kept = tile_towers(player)
        kept.row_performances(LOCAL_TILE_IDS)  # every tile asked, then the team changes
        if rng.randrange(2):
            sizes = [rng.randrange(10) + 1 for _ in range(rng.randrange(2) + 1)]
            player.team = sorted([*player.team, *sizes], reverse=True)
            recruited(player, sizes)
        else:
            skill = SKILLS[rng.randrange(len(SKILLS))]
            player.ranks[skill] += 1
            trained(player, skill)
        now = player.kept
        assert now is not None and now is not kept and not now.performances
        scratch = from_scratch(player)
        assert (now.counts, now.ranks, now.rank) == (scratch.counts, scratch.ranks, scratch.rank)
        assert [now.performance(t) for t in LOCAL_TILE_IDS] == [
            scratch.performance(t) for t in LOCAL_TILE_IDS
        ]


def test_nothing_is_kept_for_a_change_nobody_asked_about() -> None:
    player = fresh(2, 6).players[0]
    recruited(player, [3])
    trained(player, SKILLS[0])
    assert player.kept is None  # made when first asked, from the team as it is then
