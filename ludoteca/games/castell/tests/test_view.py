"""What each seat sees: everything but the bag's order and hidden declarations."""

from __future__ import annotations

import json

from ludoteca.engine.rng import Rng
from ludoteca.games.castell import GAME
from ludoteca.games.castell.actions import Abstain, Declare
from ludoteca.games.castell.data import Region
from ludoteca.games.castell.options import CastellVariant
from ludoteca.games.castell.rules.festival import suggestion
from ludoteca.games.castell.state import CastellState, Festival
from ludoteca.games.castell.tests.helpers import T4, act, end_all_turns, festival_in_valls, fresh


def test_bag_order_is_the_only_other_secret() -> None:
    state = fresh(3)
    hidden = GAME.hidden(state, 0)
    assert sorted(hidden["bag_order"]) == sorted(state.bag)
    variant = GAME.determinize(state, 0, Rng(5))
    assert variant.bag != state.bag and sorted(variant.bag) == sorted(state.bag)
    assert GAME.view(variant, 0) == GAME.view(state, 0)



def at_a_festival() -> CastellState:
    """Round 3's festival in Valls (token 5), seats 0 and 1 there, seat 2 elsewhere."""
    state = festival_in_valls(3, [5])
    state.players[2].pawn = Region.LLEIDA
    end_all_turns(state)
    return state


def test_a_festival_shows_who_declares_who_cannot_and_why() -> None:
    state = at_a_festival()
    seats = [s for s in state.turn_order() if s != 2]
    view = GAME.view(state, None)["festival"]
    assert view == {"index": 0, "region": "Valls", "tokens": [5], "seats": seats,
                    "declared": [], "absent": {"2": "elsewhere"}}
    assert GAME.view(state, 2)["festival"] == view
    assert GAME.view(fresh(3), 0)["festival"] is None


def test_a_declaring_seat_sees_its_options_then_its_own_declaration_only() -> None:
    state = at_a_festival()
    first, second = [s for s in state.turn_order() if s != 2]
    options = GAME.view(state, first)["festival"]["options"]
    assert options[0] == {
        "tower": [[9, 9, 9], [7, 7], [5], [3]], "score": 5, "castellers": {"5": 1},
        "skills": {"balance": 1},
    }
    act(state, first, Declare(T4))
    mine = GAME.view(state, first)["festival"]
    assert mine["declared"] == [first] and "options" not in mine
    assert mine["my_declaration"] == [[9, 9, 9], [7, 7], [5], [3]]
    assert mine["my_skills"] == {"balance": 1}
    theirs = GAME.view(state, second)["festival"]
    assert "my_declaration" not in theirs and "options" in theirs
    assert GAME.hidden(state, second)["declarations"] == {str(first): [[9, 9, 9], [7, 7], [5], [3]]}
    assert GAME.hidden(state, first)["declarations"] == {}


def test_the_options_are_scored_for_the_festival_held_not_the_calendar_s_first() -> None:
    state = festival_in_valls(2, [9])
    held = state.calendar[0]
    state.calendar.insert(0, Festival(2, held.type, Region.GIRONA, [3], done=True))
    end_all_turns(state)
    assert state.festival == 1
    option = GAME.view(state, state.turn_order()[0])["festival"]["options"][0]
    assert option["tower"] == [[9, 9, 9], [7, 7], [5], [3]]
    assert option["score"] == 7 and option["castellers"] == {"9": 3}  # 4 levels, three 9s


def test_an_abstention_is_shown_to_its_seat_without_skills() -> None:
    state = at_a_festival()
    first = next(s for s in state.turn_order() if s != 2)
    act(state, first, Abstain())
    mine = GAME.view(state, first)["festival"]
    assert mine["my_declaration"] is None and "my_skills" not in mine


def test_determinize_redraws_the_other_declarations_as_the_suggestion_or_abstaining() -> None:
    state = at_a_festival()
    first, second = [s for s in state.turn_order() if s != 2]
    act(state, first, Abstain())
    tower = suggestion(state.players[first], state.calendar[0])
    assert tower is not None
    suggested = [list(level) for level in tower]
    drawn = {
        json.dumps(GAME.determinize(state, second, Rng(n)).declarations[first])
        for n in range(20)
    }
    assert drawn == {json.dumps(None), json.dumps(suggested)}
    own = GAME.determinize(state, first, Rng(0))
    assert own.declarations == {first: None}


def test_the_score_so_far_counts_regions_by_the_match_s_own_table() -> None:
    """The score shown during play is the end-of-game score by the table of the variant the
    match was set up with ("il numero di regioni in cui si è guadagnato qualcosa"), not the
    published table's."""
    table = [0, 4, 6, 9, 12, 15, 20, 25]
    state = GAME.setup(2, 0, {"variant": {"region_points": table}})
    assert state.variant == CastellVariant(region_points=tuple(table))
    state.players[0].earn(Region.VALLS).collected = 1  # one region earned
    scores = [p["score_now"] for p in GAME.view(state, 1)["players"]]
    assert scores[0]["regions"] == 4 and scores[1]["regions"] == 0
