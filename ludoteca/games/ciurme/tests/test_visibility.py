"""What a seat may see and know (Visibility), and how `determinize` pictures the rest."""

from __future__ import annotations

from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.actions import (
    Place,
)
from ludoteca.games.ciurme.data import LIFEBOAT, WRECK, Wood
from ludoteca.games.ciurme.state import Stage
from ludoteca.games.ciurme.tests.helpers import (
    act,
    assembly,
    offices,
    phase1,
)


def test_stamp_value_known_only_to_its_captain_and_the_facilitator() -> None:
    # "solo quel capitano conoscerà il valore del timbro" [D-19]
    state = assembly()
    index = state.order[0]
    crew = state.crews[index]
    act(state, crew.captain, Place(2, 1))
    assert GAME.view(state, crew.captain)["stamps"][0]["value"] == 2
    assert GAME.view(state, 8)["stamps"][0]["value"] == 2
    assert GAME.view(state, crew.quartermaster)["stamps"][0]["value"] is None
    assert GAME.view(state, None)["stamps"][0] == {"crew": index, "ship": 1, "value": None}

def test_determinize_permutes_what_is_left_of_another_captains_stamps() -> None:
    state = assembly()
    index = state.order[0]
    act(state, state.crews[index].captain, Place(2, 1))
    other = state.crews[state.order[1]].captain
    seen = set()
    for k in range(20):
        variant = GAME.determinize(state, other, Rng(k))
        placed = variant.stamps[0][1]
        assert sorted([placed, *variant.hands[index]]) == [0, 1, 2, 4]
        seen.add(placed)
        assert GAME.view(variant, other) == GAME.view(state, other)
    assert len(seen) > 1

def test_other_crews_boards_show_only_progress() -> None:
    state = offices()
    view = GAME.view(state, 0)
    assert set(view["boards"]) == {"0"}
    assert set(view["crews"][1]) >= {"repairs", "finished"}
    assert set(GAME.view(state, 8)["boards"]) == {"0", "1"}
    assert GAME.view(state, None)["boards"] == {}

def test_rules_and_objectives_are_in_every_view() -> None:
    # "le regole vanno spiegate TUTTE ... compresi i modi per vincere"
    state = GAME.setup(8, 0)
    for seat in [*GAME.seats(state), None]:
        assert "Quartermaster" in " ".join(GAME.view(state, seat)["objectives"])

def test_other_crews_boards_are_relabelled_among_members_on_the_same_place() -> None:
    # "other crews only as progress": who did what on another crew's board is secret
    state = phase1()
    other = state.crews[1]  # seats 4..7, seat 4 active
    other.place = [WRECK, WRECK, WRECK, LIFEBOAT]
    other.dock = WRECK
    other.pieces = [(5, Wood.PURPLE, 5), (5, Wood.PURPLE, 5), (6, Wood.GREEN, 6)]
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
    state.stage = Stage.OVER
    assert GAME.view(state, 0)["preferences"]["1"] == [1, 2]
