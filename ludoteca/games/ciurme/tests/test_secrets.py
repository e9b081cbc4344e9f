"""What a seat may not know, and how `determinize` pictures it."""

from __future__ import annotations

from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.actions import Abstain, Decide, FirstPlayer, Prefer, StartPhase, Stay
from ludoteca.games.ciurme.data import CREW_COLOURS, LIFEBOAT, SHIP_NAMES, WRECK
from ludoteca.games.ciurme.tests.helpers import act, assembly, elect_all, offices, phase1


def test_other_crews_boards_are_relabelled_among_members_on_the_same_place() -> None:
    # "other crews only as progress": who did what on another crew's board is secret
    state = phase1()
    other = state.crews[1]  # seats 4..7, seat 4 active
    other.place = [WRECK, WRECK, WRECK, LIFEBOAT]
    other.dock = WRECK
    other.pieces = [[5, "purple", 5], [5, "purple", 5], [6, "green", 6]]
    other.own_wood = [6, 3, 4, 6]
    seen = set()
    for k in range(30):
        variant = GAME.determinize(state, 0, Rng(k))
        crew = variant.crews[1]
        assert GAME.view(variant, 0) == GAME.view(state, 0)
        assert crew.place == other.place and len(crew.pieces) == 3
        assert crew.own_wood[0] == 6 and crew.own_wood[3] == 6  # active, and alone aboard
        assert sorted(crew.own_wood[1:3]) == [3, 4]
        seen.add(tuple(crew.own_wood))
        assert variant.crews[0].pieces == state.crews[0].pieces  # its own crew: untouched
    assert len(seen) == 2
    assert GAME.hidden(state, 0)["boards"] and GAME.hidden(state, 8) is None


def test_captain_keeps_their_board_in_a_determinized_state() -> None:
    state = offices()
    captain = state.crews[1].captain
    assert captain is not None
    # distinct ticks, so a relabelled board would show
    state.crews[1].reached_at = [10, 20, 30, 40]
    mine = state.crews[1].reached_at[state.crews[1].members.index(captain)]
    others = set()
    for k in range(5):
        variant = GAME.determinize(state, 0, Rng(k))
        crew = variant.crews[1]
        assert crew.captain == captain
        assert crew.reached_at[crew.members.index(captain)] == mine
        others.add(tuple(crew.reached_at))
    assert len(others) > 1  # the mates on the same place were relabelled


def test_preferences_are_public_at_the_end_and_known_to_a_promoted_quartermaster() -> None:
    # "Preferences are private to the crew (captain excluded) until the end"
    state = assembly(prefs=(1, 2))
    assert "1" not in GAME.view(state, 0)["preferences"]
    assert GAME.hidden(state, 0)["preferences"]
    state.stage = "over"
    assert GAME.view(state, 0)["preferences"]["1"] == [1, 2]


def test_crew_colours_and_ship_names_are_data() -> None:
    # [D-18] eight crew colours, ship names with the flagship first
    state = GAME.setup(40, 0)
    view = GAME.view(state, None)
    assert [c["colour"] for c in view["crews"]] == list(CREW_COLOURS)
    assert len(set(CREW_COLOURS)) == 8 and view["fleet"] == list(SHIP_NAMES[:10])


def test_first_player_opens_the_rotation_and_the_automaton_follows_the_last() -> None:
    # "a cominciare dal giocatore che è stato per ultimo su una nave e procedendo in senso
    # orario" [D-1]
    state = GAME.setup(8, 0)
    act(state, 8, FirstPlayer(1, 6))
    act(state, 8, StartPhase(1))
    crew = state.crews[1]
    order = []
    for _ in range(4):
        seat = crew.members[crew.active]
        order.append(seat)
        assert "light-blue" not in crew.common_pile
        act(state, seat, Stay())
    assert order == [6, 7, 4, 5] and crew.common_pile[-1] == "light-blue"
    assert crew.members[crew.active] == 6


def test_a_lone_candidate_nobody_votes_for_goes_to_the_facilitator() -> None:
    # a fleet of two ships leaves one candidate for the second favourite
    state = offices(fleet_size=2)
    elect_all(state)
    act(state, 8, StartPhase(2))
    crew = state.crews[0]
    for ship in (0, None, None):
        assert crew.vote is not None
        for voter in list(crew.vote.voters):
            act(state, voter, Prefer(ship) if ship is not None else Abstain())
    assert crew.vote is not None and crew.vote.awaiting_facilitator
    act(state, 8, Decide(0, 1))
    assert (crew.favourite, crew.second) == (0, 1)


def test_debrief_is_the_games_debrief_hook() -> None:
    state = phase1()
    assert GAME.debrief(state)["crews"][0]["members"] == {
        "0": "yellow", "1": "purple", "2": "green", "3": "orange"
    }
