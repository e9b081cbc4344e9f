"""What `menus.py` keeps (a region's recruit and special-recruit menus on the state, a player's
perform menu on the player) is what the rules' choices find from scratch, at every step of random
matches at 2, 3 and 4 players with every option: played by the trusted `play` and by `apply`,
and in clones taken along the way and played on apart, which share what is kept."""

from __future__ import annotations

import pytest

from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng
from ludoteca.games.castell import GAME
from ludoteca.games.castell.actions import EndTurn, Perform
from ludoteca.games.castell.data import MAX_RANK, SKILLS, Region
from ludoteca.games.castell.kept import forget
from ludoteca.games.castell.menus import made_region_menus, region_menus, turn_menu
from ludoteca.games.castell.performances import TileTowers
from ludoteca.games.castell.rules.recruit import recruit_choices
from ludoteca.games.castell.rules.special import special_recruit_choices
from ludoteca.games.castell.state import CastellState, Phase, TurnAction
from ludoteca.games.castell.towers import team_counts

from .helpers import fresh, random_steps

OPTIONS = [{}, {"advanced": True}, {"train_any_known_skill": True},
           {"advanced": True, "train_any_known_skill": True}]


def assert_kept_menus_hold(state: CastellState) -> None:
    """Every kept entry still made of the state's objects is the one made from scratch (an
    entry of objects the state no longer has is never read), and the turn's menu is the rule
    table's."""
    for region, (standing, recruits, specials) in state.region_menus.items():
        if standing is state.regions[region]:
            fresh_recruits = recruit_choices.__wrapped__(tuple(standing))
            fresh_specials = special_recruit_choices.__wrapped__(tuple(standing))
            assert (recruits, specials) == (fresh_recruits, fresh_specials)
    for player in state.players:
        kept = player.performs
        if kept is not None and kept[0] is player.kept and kept[1] in state.rows.values():
            scratch = TileTowers(team_counts(player.team), tuple(player.ranks[s] for s in SKILLS))
            assert kept[2] == tuple(scratch.row_performances(kept[1]))
    if state.phase is Phase.TURN:
        seat = state.current
        assert turn_menu(state, seat) == Game.legal_actions(GAME, state, seat)


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(players, seed, {}) for players in (2, 3, 4) for seed in (1, 2)]
    + [(players, players + index, options) for players in (2, 3, 4)
       for index, options in enumerate(OPTIONS[1:], start=3)],
)
def test_the_kept_menus_are_the_ones_made_from_scratch(
    players: int, seed: int, options: dict[str, bool]
) -> None:
    state = fresh(players, seed, **options)
    # clones play on apart, sharing what was kept
    for applied, moved in random_steps(state, Rng(seed), clone_every=7, clones_moving=3):
        for other in moved:
            assert_kept_menus_hold(other)
        assert_kept_menus_hold(state)
        assert_kept_menus_hold(applied)


def test_a_region_set_anew_gets_its_own_menus() -> None:
    """A position set up by assigning a region's castellers (a new list) is not read from what
    was kept of the old list."""
    state = fresh(2, 1)
    kept = region_menus(state, Region.VALLS)
    state.regions[Region.VALLS] = [9, 9, 2]
    assert region_menus(state, Region.VALLS) is not kept
    assert region_menus(state, Region.VALLS) == made_region_menus([9, 9, 2])
    assert region_menus(state, Region.VALLS)[0] is state.regions[Region.VALLS]


def test_a_team_forgotten_gets_its_own_perform_menu() -> None:
    """`kept.forget` (a team or ranks changed outside the rules) leaves no perform menu of the
    old team to read."""
    state = fresh(2, 1)
    seat = state.current
    player = state.players[seat]
    player.pawn = next(r for r in state.rows if state.rows[r])
    player.tokens = 1
    player.team = [1]
    forget(player)
    assert not [a for a in turn_menu(state, seat) if isinstance(a, Perform)]
    player.team = [10, 10, 10, 9, 9, 9, 8, 8, 8, 7, 7, 7, 6, 6, 5, 5, 4, 4, 3, 2, 1]
    player.ranks = dict.fromkeys(SKILLS, MAX_RANK)
    forget(player)
    assert [a for a in turn_menu(state, seat) if isinstance(a, Perform)]
    assert turn_menu(state, seat) == Game.legal_actions(GAME, state, seat)
    assert player.performs is not None and player.performs[0] is player.kept


def test_a_pawn_off_the_board_after_its_move_may_only_end_the_turn() -> None:
    """A position set up with the move used and the pawn still off the board (no rule leaves
    one so): the menu is the rule table's, ending the turn alone."""
    state = fresh(2, 1)
    seat = state.current
    state.used = [TurnAction.MOVE]
    assert state.players[seat].pawn is None
    assert turn_menu(state, seat) == Game.legal_actions(GAME, state, seat) == [EndTurn()]
