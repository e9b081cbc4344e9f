"""Who may act is kept from action to action (`listing.Lister.kept`): after every action, listed or
not (a member's chat message, the facilitator's clock closing a vote), applied or played (`play`,
without events), the kept listing answers as a listing found afresh would; each crew's part of
who may act is that crew's share of the whole session's; and a rule's gate answers whether its
choices list something, as they do."""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.actions import CloseVote, Place, Post
from ludoteca.games.ciurme.data import Channel
from ludoteca.games.ciurme.game import LISTER
from ludoteca.games.ciurme.listing import GATES, signature
from ludoteca.games.ciurme.rules import assembly, depositions, phase1, roles
from ludoteca.games.ciurme.state import CiurmeState, Stage

TABLES: list[tuple[int, int, dict[str, Any]]] = [
    (8, 11, {}),
    (9, 12, {"automaton_load": 0, "message_budget": 1}),
    (13, 13, {"help_complete_mates": True, "captains_table": True}),
    (15, 14, {}),
]


def menus(state: CiurmeState) -> dict[int, list[Any]]:
    return {seat: GAME.legal_actions(state, seat) for seat in GAME.seats(state)}


def afresh(state: CiurmeState) -> CiurmeState:
    copy = GAME.clone(state)
    copy.actor_groups = None
    return copy


def unlisted(state: CiurmeState, rng: Rng) -> None:
    """Now and then, what no menu lists: a member's chat on the crew channel, the facilitator's
    clock closing a crew's vote."""
    roll = rng.randrange(20)
    try:
        if roll == 0:
            GAME.apply(state, rng.randrange(state.players), Post(Channel.CREW, "ahoy"))
        elif roll == 1:
            GAME.apply(state, state.facilitator, CloseVote(rng.randrange(len(state.crews))))
    except IllegalAction:
        pass


@pytest.mark.parametrize("through", ["apply", "play"])
@pytest.mark.parametrize(("players", "seed", "options"), TABLES)
def test_the_kept_listing_answers_as_a_fresh_one(
    through: str, players: int, seed: int, options: dict[str, Any]
) -> None:
    """The listing kept by `apply` (with, now and then, what no menu lists) and by the trusted
    `play` answers as one found from scratch at every step."""
    rng = Rng(seed)
    state = GAME.setup(players, seed, options)
    step = GAME.apply if through == "apply" else GAME.play
    while not GAME.is_over(state):
        fresh = afresh(state)
        assert GAME.actors(state) == GAME.actors(fresh)
        assert menus(state) == menus(fresh)
        if through == "apply":
            unlisted(state, rng)
            if GAME.is_over(state):
                break
        seat = rng.choice(sorted(GAME.actors(state)))
        step(state, seat, rng.choice(GAME.legal_actions(state, seat)))


def test_each_crews_part_is_its_share_of_the_sessions() -> None:
    rng = Rng(5)
    state = GAME.setup(15, 5)
    while not GAME.is_over(state):
        for whole, part in ((phase1.turn_seats, phase1.crew_turn_seats),
                            (roles.open_voters, roles.crew_open_voters),
                            (depositions.movers, depositions.crew_movers),
                            (roles.quartermasters, roles.crew_quartermaster),
                            (assembly.placing_captain, assembly.crew_placing_captain),
                            (roles.players, roles.crew_players)):
            shares = [list(part(state, crew)) for crew in state.crews]
            assert list(whole(state)) == [seat for share in shares for seat in share]
            for crew, share in zip(state.crews, shares, strict=True):
                assert set(share) <= set(crew.members)
        seat = rng.choice(sorted(GAME.actors(state)))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))


@pytest.mark.parametrize(("players", "seed", "options"), TABLES)
def test_each_gate_answers_as_its_choices(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    rng = Rng(seed)
    state = GAME.setup(players, seed, options)
    asked = dict.fromkeys(GATES, False)  # whether a gate was ever asked where its rule lists
    while not GAME.is_over(state):
        for choices, gate in GATES.items():
            for seat in GAME.seats(state):
                listed = bool(choices(state, seat))
                assert gate(state, seat) == listed, (choices.__name__, seat)
                asked[choices] = asked[choices] or listed
        seat = rng.choice(sorted(GAME.actors(state)))
        GAME.play(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert all(asked.values()), asked


def test_an_action_of_one_crew_keeps_the_other_crews_parts() -> None:
    """The listing is kept, not found again: after a member's action that leaves the session's
    `signature` as it was, the other crews' parts are the very ones found before it."""
    rng = Rng(3)
    state = GAME.setup(15, 3)
    kept = 0
    while not GAME.is_over(state):
        seat = rng.choice(sorted(GAME.actors(state)))
        action = rng.choice(GAME.legal_actions(state, seat))
        before, parts = signature(state), list(GAME.listing(state))
        GAME.play(state, seat, action)
        index = state.crew_of(seat)
        if index is None or signature(state) != before:
            continue
        assert state.actor_groups is not None
        for other, part in enumerate(parts[:-1]):
            if other != index:
                assert state.actor_groups[other] is part
        kept += 1
    assert kept > 100


def play_through(players: int, seed: int) -> None:
    """A random session played by `play`, its kept listing compared at every step with one
    found afresh."""
    rng = Rng(seed)
    state = GAME.setup(players, seed)
    while not GAME.is_over(state):
        fresh = afresh(state)
        assert GAME.actors(state) == GAME.actors(fresh)
        assert menus(state) == menus(fresh)
        seat = rng.choice(sorted(GAME.actors(state)))
        GAME.play(state, seat, rng.choice(GAME.legal_actions(state, seat)))


@pytest.mark.slow
@pytest.mark.parametrize("players", [8, 10, 12, 15, 16, 20])
@pytest.mark.parametrize("seed", range(4))
def test_the_kept_listing_answers_as_a_fresh_one_in_many_sessions(players: int, seed: int) -> None:
    """More seeds and tables than above (up to 4 crews, whose Assembly hands the stamps round
    four captains), played by the trusted `play` as random playouts are."""
    play_through(players, 100 + seed)


def test_only_phase_1_keeps_the_facilitators_part_after_a_crews_action() -> None:
    """Its one question, whether closing phase 1 is due, asks the session alone; the other
    stages' (first players, the phases, tied elections) ask the crews; after the end nothing
    is listed."""
    kept = {stage for stage in Stage if LISTER.by_stage[stage].table_kept}
    assert kept == {Stage.PHASE1, Stage.OVER}


def test_a_stamp_lists_again_the_crew_that_placed_and_the_next_placer_only() -> None:
    """A stamp placed that ends no round hands the placing turn to another crew: the crews
    neither placing nor next keep their parts, the very ones found before."""
    rng = Rng(8)
    state = GAME.setup(20, 8)  # four crews: two of them neither place nor place next
    stamps = 0
    while not GAME.is_over(state):
        seat = rng.choice(sorted(GAME.actors(state)))
        action = rng.choice(GAME.legal_actions(state, seat))
        parts, before = list(GAME.listing(state)), signature(state)
        GAME.play(state, seat, action)
        if not isinstance(action, Place) or signature(state)[:-1] != before[:-1]:
            continue  # the last stamp of a round: everything is asked again
        placed, following = state.crew_of(seat), assembly.placer(state)
        assert state.actor_groups is not None
        for index, part in enumerate(parts[:-1]):
            if index not in (placed, following):
                assert state.actor_groups[index] is part
        assert GAME.listing(state) == GAME.listing(afresh(state))
        stamps += 1
    assert stamps > 10
