"""Festivals, secrets and the end of the game: scenario tests citing the rules."""

from __future__ import annotations

from collections import Counter

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.rng import Rng
from ludoteca.engine.testing import check_game
from ludoteca.games.castell import GAME
from ludoteca.games.castell.actions import (
    ACTION_CLASSES,
    Abstain,
    Declare,
    EndTurn,
    Move,
    Perform,
    Recruit,
    SpecialMove,
    SpecialRecruit,
    Train,
)
from ludoteca.games.castell.data import REGION_SCORING
from ludoteca.games.castell.scoring import categories, size_token_points
from ludoteca.games.castell.state import CastellState, Festival
from ludoteca.games.castell.tests.helpers import act, end_all_turns, fresh, stage_festival

TALL = [9, 9, 9, 7, 7, 5, 3]
BAL1 = {"balance": 2}


def festival_in_valls(players: int, tokens: list[int]) -> CastellState:
    state = fresh(players)
    stage_festival(state, "Valls", tokens)
    for p in state.players:
        p.pawn = "Valls"
        p.team = list(TALL)
        p.ranks.update(BAL1)
    return state


def declare_all(state: CastellState, towers: dict[int, tuple[tuple[int, ...], ...] | None]) -> None:
    for seat in state.turn_order():
        if seat in towers:
            tower = towers[seat]
            act(state, seat, Abstain() if tower is None else Declare(tower))


T4 = ((9, 9, 9), (7, 7), (5,), (3,))  # widths 3-2-1-1: one Balance use
T4_SMALL = ((9, 9), (7,), (5,), (3,))  # widths 2-1-1-1: two Balance uses


def test_festival_declarations_are_simultaneous_and_hidden() -> None:
    # "The players in the region declare at the same time, and a declaration stays hidden"
    state = festival_in_valls(3, [5])
    end_all_turns(state)
    assert state.phase == "festival" and GAME.actors(state) == {0, 1, 2}
    first = state.turn_order()[0]
    act(state, first, Declare(T4))
    other = state.turn_order()[1]
    assert "my_declaration" not in (GAME.view(state, other)["festival"] or {})
    assert GAME.view(state, first)["festival"]["my_declaration"] == [list(x) for x in T4]
    assert GAME.hidden(state, other)["declarations"] == {str(first): [list(x) for x in T4]}
    variant = GAME.determinize(state, other, Rng(1))
    assert GAME.view(variant, other) == GAME.view(state, other)
    assert "suggestion" in GAME.view(state, other)["festival"]


def test_d23_at_least_four_levels_and_every_token_size() -> None:
    # "la torre deve contenere castellani che corrispondano alle dimensioni dei gettoni del
    # festival e la torre deve avere quattro livelli"
    state = festival_in_valls(2, [5])
    end_all_turns(state)
    seat = state.turn_order()[0]
    with pytest.raises(IllegalAction, match="at least 4 levels"):
        act(state, seat, Declare(((9, 9, 9), (7, 7), (5,))))
    state.players[seat].team.append(2)
    with pytest.raises(IllegalAction, match="lacks"):
        act(state, seat, Declare(((9, 9, 9), (7, 7), (3,), (2,))))
    act(state, seat, Declare(((9, 9, 9), (7, 7), (5,), (3,), (2,))))  # 5 levels is fine


def test_pawn_must_be_in_the_festival_region() -> None:
    # "la pedina deve trovarsi nella stessa regione del festival"
    state = festival_in_valls(2, [5])
    state.players[0].pawn = "Girona"
    end_all_turns(state)
    assert GAME.actors(state) == {1}


def test_tower_score_and_best_score() -> None:
    # "assegnate un punto per ogni livello della vostra torre e un punto per ogni Casteller che
    # corrisponde a un gettone di dimensione del festival. Se questo è il vostro miglior
    # punteggio della torre, spostate il segnalino"
    state = festival_in_valls(2, [9])
    end_all_turns(state)
    a, b = state.turn_order()
    state.players[a].best_score = 20
    declare_all(state, {a: T4, b: T4_SMALL})
    assert state.history[-1]["scores"] == {str(a): 7, str(b): 6}
    assert state.players[a].best_score == 20 and state.players[b].best_score == 6


def test_d13_prizes_by_rank_ties_share_and_skip() -> None:
    state = festival_in_valls(4, [9])
    end_all_turns(state)
    a, b, c, d = state.turn_order()
    declare_all(state, {a: T4_SMALL, b: T4, c: T4, d: T4_SMALL})
    # b and c tie first: both take a trophy; the medal is skipped; a and d are third: ribbons.
    prizes = {seat: state.players[seat].board["Valls"]["prizes"] for seat in (a, b, c, d)}
    assert prizes == {a: ["ribbon"], b: ["trophy"], c: ["trophy"], d: ["ribbon"]}


def test_d13_short_pile_serves_tied_players_in_turn_order() -> None:
    state = festival_in_valls(3, [9])
    state.piles["trophy"] = 1
    end_all_turns(state)
    a, b, c = state.turn_order()
    declare_all(state, {a: T4_SMALL, b: T4, c: T4})
    assert state.players[b].board["Valls"]["prizes"] == ["trophy"]
    assert state.players[c].board["Valls"]["prizes"] == []
    assert state.players[a].board["Valls"]["prizes"] == []  # rank 3: no prize with 3 players
    assert state.piles["trophy"] == 0


def test_two_players_only_a_trophy_and_abstaining_is_allowed() -> None:
    state = festival_in_valls(2, [5])
    end_all_turns(state)
    a, b = state.turn_order()
    declare_all(state, {a: None, b: T4_SMALL})
    assert state.players[b].board["Valls"]["prizes"] == ["trophy"]
    assert state.players[a].festivals_entered == 0 and state.players[b].festivals_entered == 1


def test_d14_size_token_to_the_most_castellers_then_score_then_turn_order() -> None:
    # "Il giocatore che ha il maggior numero di Castelleri che corrispondono al gettone taglia lo
    # rivendica"
    state = festival_in_valls(3, [9, 7])
    state.calendar[0].type = "II"
    end_all_turns(state)
    a, b, c = state.turn_order()
    declare_all(state, {a: T4_SMALL, b: T4, c: T4})
    # Size 9: b and c hold three (tie on score too): b, earlier in turn order. Size 7: all hold
    # two; b and c score higher; b first.
    assert state.history[-1]["size_tokens"] == [[b, 9], [b, 7]]
    assert state.players[b].board["Valls"]["size_tokens"] == [9, 7]


def test_unclaimed_tokens_leave_the_game() -> None:
    state = festival_in_valls(2, [5])
    for p in state.players:
        p.pawn = "Girona"
    end_all_turns(state)
    assert state.phase == "turn" and state.history[-1]["size_tokens"] == []
    assert state.calendar[0].done


def test_festivals_only_at_the_end_of_rounds_3_to_10_and_game_lasts_10_rounds() -> None:
    # "Alla fine dei turni dal terzo al decimo, si svolgono i festival." "Alla fine del decimo
    # turno, il gioco termina"
    state = fresh(2)
    for _ in range(10):
        end_all_turns(state)
    assert state.phase == "over" and GAME.is_over(state)
    assert len(state.history) == 8 and all(f.done for f in state.calendar)
    assert [h["round"] for h in state.history] == list(range(3, 11))


def test_d24_size_token_points() -> None:
    # "due punti per ogni gettone di taglia unica e un punto per ogni gettone della stessa taglia"
    state = fresh(2)
    p = state.players[0]
    p.board["Valls"]["size_tokens"] = [5, 7]
    p.board["Girona"]["size_tokens"] = [5]
    assert size_token_points(p) == 1 + 1 + 2


def test_five_categories_and_region_table() -> None:
    # "una regione fa guadagnare zero punti, due ... un punto, tre ... tre punti, quattro ...
    # cinque, cinque ... sette, sei ... dieci e sette ... quattordici"
    assert REGION_SCORING == (0, 0, 1, 3, 5, 7, 10, 14)
    state = fresh(2)
    p = state.players[0]
    p.best_score = 9
    p.board["Valls"]["prizes"] = ["trophy", "ribbon"]  # "trofeo cinque ... nastro un punto"
    p.board["Girona"]["prizes"] = ["medal"]
    p.board["Lleida"]["tiles"] = [0]  # the 3-2-1 shape: 2 points
    p.board["Lleida"]["collected"] = 2  # "un punto per ogni gettone azione speciale raccolto"
    p.board["Barcelona"]["size_tokens"] = [4]
    assert categories(p) == {
        "best_tower": 9, "regions": 5, "prizes": 9, "size_tokens": 2, "local": 4, "total": 29
    }


def test_d15_ties_best_tower_then_prizes_then_shared() -> None:
    state = fresh(3)
    for _ in range(10):
        end_all_turns(state)
    a, b, c = state.players
    a.best_score, b.best_score, c.best_score = 10, 8, 8
    b.board["Valls"]["prizes"] = ["trophy"]  # 8 + 5 = 13
    c.board["Valls"]["size_tokens"] = [3]
    c.board["Girona"]["size_tokens"] = [4]
    c.board["Girona"]["collected"] = 0
    # c: 8 + 1 (two regions) + 2 + 2 = 13, same best tower as b, fewer prize points.
    a.best_score = 13  # 13, the best tower breaks the tie
    result = GAME.result(state)
    assert result.scores == (13.0, 13.0, 13.0)
    assert result.ranks == (1, 2, 3)
    assert result.details["categories"][0]["total"] == 13
    assert set(result.details) >= {"categories", "skill_ranks", "festivals_entered", "actions"}


def test_ending_the_turn_passes_clockwise_with_every_action_open_again() -> None:
    # "Il giocatore con il primo segnalino inizia la partita e il gioco prosegue in senso orario"
    state = fresh(2)
    seat = state.current
    act(state, seat, Move("Valls"))
    act(state, seat, EndTurn())
    assert state.current == (seat + 1) % 2 and state.used == []


def test_bag_order_is_the_only_other_secret() -> None:
    state = fresh(3)
    hidden = GAME.hidden(state, 0)
    assert sorted(hidden["bag_order"]) == sorted(state.bag)
    variant = GAME.determinize(state, 0, Rng(5))
    assert variant.bag != state.bag and sorted(variant.bag) == sorted(state.bag)
    assert GAME.view(variant, 0) == GAME.view(state, 0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance(players: int) -> None:
    check_game(GAME, players=(players,), playouts=2, seed=players)


def test_conformance_with_the_heuristic_bot() -> None:
    def bot(game, state, seat, actions, rng):  # type: ignore[no-untyped-def]
        return game.heuristic_action(game.determinize(state, seat, rng), seat, rng)

    check_game(GAME, players=(3,), playouts=1, policy=bot, view_every=3)


def test_conformance_with_a_mix_of_heuristic_and_random_play() -> None:
    # Random play seldom reaches a festival with a qualifying tower; the heuristic always
    # declares. A coin between them covers festivals (declaring and abstaining), local
    # performances, every special action and the Special tile's free one under the harness.
    played: Counter[str] = Counter()

    def mixed(game, state, seat, actions, rng):  # type: ignore[no-untyped-def]
        if rng.random() < 0.5:
            action = game.heuristic_action(game.determinize(state, seat, rng), seat, rng)
        else:
            action = rng.choice(actions)
        played[action.kind] += 1
        if isinstance(action, Train) and action.skill == "special":
            played["free_special"] += 1
        return action

    check_game(GAME, players=(2, 3, 4), playouts=1, seed=11, policy=mixed, view_every=3)
    wanted = {"declare", "abstain", "perform", "special_move", "special_recruit", "free_special"}
    assert wanted <= set(played)


def test_render_and_describe() -> None:
    state = fresh(2)
    text = GAME.render(GAME.view(state, 0))
    assert "Castell" in text and "Lleida" in text
    tower = ((9, 9, 9), (7, 7), (5,), (3,))
    every_kind = [
        Move("Valls"), Recruit((9, 7)), Train("region", "mix"), Train("all_regions", "special"),
        SpecialRecruit(5), SpecialMove("Valls"), Perform(0, tower), EndTurn(), Declare(tower),
        Abstain(),
    ]
    assert {type(a) for a in every_kind} == set(ACTION_CLASSES)
    for action in [*every_kind, *GAME.legal_actions(state, state.current)]:
        text = GAME.describe_action(action)
        assert text and text != repr(action)  # a line of its own, not the fallback


def test_d6_the_main_space_of_a_round_is_held_first() -> None:
    # [D-6] "Within a round the main space is resolved first."
    state = fresh(3)
    state.round = 3
    state.calendar = [Festival(3, "I", "Valls", [5]), Festival(3, "I", "Girona", [3])] + [
        f for f in state.calendar if f.round > 3
    ]
    a, b, c = state.turn_order()
    for seat, region in ((a, "Valls"), (b, "Girona"), (c, "Lleida")):
        state.players[seat].pawn = region
        state.players[seat].team = list(TALL)
        state.players[seat].ranks.update(BAL1)
    end_all_turns(state)
    assert state.calendar[state.festival or 0].region == "Valls" and GAME.actors(state) == {a}
    act(state, a, Declare(T4))
    assert state.calendar[state.festival or 0].region == "Girona" and GAME.actors(state) == {b}
    act(state, b, Declare(T4))
    assert [h["region"] for h in state.history] == ["Valls", "Girona"]
    assert state.round == 4 and state.phase == "turn"


def test_d14_a_tie_on_castellers_goes_to_the_higher_tower_score() -> None:
    # [D-14] "tie: higher tower score, then earlier in turn order from the first player"
    state = festival_in_valls(2, [5])
    for p in state.players:
        p.team.append(2)
    end_all_turns(state)
    a, b = state.turn_order()
    taller = ((9, 9, 9), (7, 7), (5,), (3,), (2,))
    declare_all(state, {a: T4, b: taller})
    assert state.history[-1]["scores"] == {str(a): 5, str(b): 6}
    assert state.history[-1]["size_tokens"] == [[b, 5]]  # b plays after a, but scores more


def test_d15_full_ties_are_shared() -> None:
    state = fresh(2)
    for _ in range(10):
        end_all_turns(state)
    for p in state.players:
        p.best_score = 7
        p.board["Valls"]["prizes"] = ["medal"]
    assert GAME.result(state).ranks == (1, 1)
