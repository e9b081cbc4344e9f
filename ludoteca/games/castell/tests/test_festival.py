"""Festivals: who takes part, hidden declarations, scores, prizes and size tokens."""

from __future__ import annotations

import pytest

from ludoteca.engine.codec import encode
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.rng import Rng
from ludoteca.games.castell import GAME
from ludoteca.games.castell.actions import Abstain, Declare
from ludoteca.games.castell.data import FestivalType, Prize, Region, Skill
from ludoteca.games.castell.rules.festival import award_size_tokens, outcome_data, suggestion
from ludoteca.games.castell.state import Festival
from ludoteca.games.castell.tests.brute import brute_best
from ludoteca.games.castell.tests.helpers import (
    BAL1,
    T4,
    T4_SMALL,
    TALL,
    act,
    declare_all,
    end_all_turns,
    festival_in_valls,
    fresh,
    stage_festival,
)
from ludoteca.games.castell.towers import tower_score


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
    assert "options" in GAME.view(state, other)["festival"]


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
    state.players[0].pawn = Region.GIRONA
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
    assert state.history[-1].scores == {str(a): 7, str(b): 6}
    assert state.players[a].best_score == 20 and state.players[b].best_score == 6


def test_d13_prizes_by_rank_ties_share_and_skip() -> None:
    state = festival_in_valls(4, [9])
    end_all_turns(state)
    a, b, c, d = state.turn_order()
    declare_all(state, {a: T4_SMALL, b: T4, c: T4, d: T4_SMALL})
    # b and c tie first: both take a trophy; the medal is skipped; a and d are third: ribbons.
    prizes = {seat: state.players[seat].board[Region.VALLS].prizes for seat in (a, b, c, d)}
    assert prizes == {a: ["ribbon"], b: ["trophy"], c: ["trophy"], d: ["ribbon"]}


def test_d13_short_pile_serves_tied_players_in_turn_order() -> None:
    state = festival_in_valls(3, [9])
    state.piles[Prize.TROPHY] = 1
    end_all_turns(state)
    a, b, c = state.turn_order()
    declare_all(state, {a: T4_SMALL, b: T4, c: T4})
    assert state.players[b].board[Region.VALLS].prizes == ["trophy"]
    assert state.players[c].board[Region.VALLS].prizes == []
    assert state.players[a].board[Region.VALLS].prizes == []  # rank 3: no prize with 3 players
    assert state.piles[Prize.TROPHY] == 0


def test_d13_a_prize_run_out_skips_one_player_and_the_next_ranks_still_take_theirs() -> None:
    state = festival_in_valls(4, [9])
    state.piles[Prize.TROPHY] = 1
    end_all_turns(state)
    a, b, c, d = state.turn_order()
    declare_all(state, {a: T4_SMALL, b: T4, c: T4, d: T4_SMALL})
    # b and c tie first and one trophy is left: b takes it, c goes without; a and d, third,
    # still take their ribbons, d after c in turn order.
    prizes = {seat: state.players[seat].board[Region.VALLS].prizes for seat in (a, b, c, d)}
    assert prizes == {a: ["ribbon"], b: ["trophy"], c: [], d: ["ribbon"]}


def test_two_players_only_a_trophy_and_abstaining_is_allowed() -> None:
    state = festival_in_valls(2, [5])
    end_all_turns(state)
    a, b = state.turn_order()
    declare_all(state, {a: None, b: T4_SMALL})
    assert state.players[b].board[Region.VALLS].prizes == ["trophy"]
    assert state.players[a].festivals_entered == 0 and state.players[b].festivals_entered == 1


def test_d14_size_token_to_the_most_castellers_then_score_then_turn_order() -> None:
    # "Il giocatore che ha il maggior numero di Castelleri che corrispondono al gettone taglia lo
    # rivendica"
    state = festival_in_valls(3, [9, 7])
    state.calendar[0].type = FestivalType.II
    end_all_turns(state)
    a, b, c = state.turn_order()
    declare_all(state, {a: T4_SMALL, b: T4, c: T4})
    # Size 9: b and c hold three (tie on score too): b, earlier in turn order. Size 7: all hold
    # two; b and c score higher; b first.
    assert state.history[-1].size_tokens == [(b, 9), (b, 7)]
    assert state.players[b].board[Region.VALLS].size_tokens == [9, 7]


def test_d14_a_tie_on_castellers_goes_to_the_higher_tower_score() -> None:
    # [D-14] "tie: higher tower score, then earlier in turn order from the first player"
    state = festival_in_valls(2, [5])
    for p in state.players:
        p.team.append(2)
    end_all_turns(state)
    a, b = state.turn_order()
    taller = ((9, 9, 9), (7, 7), (5,), (3,), (2,))
    declare_all(state, {a: T4, b: taller})
    assert state.history[-1].scores == {str(a): 5, str(b): 6}
    assert state.history[-1].size_tokens == [(b, 5)]  # b plays after a, but scores more


def test_d14_the_most_castellers_of_the_size_beat_a_higher_tower_score() -> None:
    # The count comes first ("il maggior numero di Castelleri che corrispondono al gettone");
    # the score only breaks a tie [D-14].
    state = festival_in_valls(2, [9])
    festival = state.calendar[0]
    a, b = state.turn_order()
    towers = {a: ((9, 9, 9), (7, 7), (5,), (3,)), b: ((9, 9), (7, 7), (5, 5), (3,), (2,), (1,))}
    assert award_size_tokens(state, festival, [a, b], {a: 7, b: 8}, towers) == [(a, 9)]
    assert state.players[a].board[Region.VALLS].size_tokens == [9]


def test_unclaimed_tokens_leave_the_game() -> None:
    state = festival_in_valls(2, [5])
    for p in state.players:
        p.pawn = Region.GIRONA
    end_all_turns(state)
    assert state.phase == "turn" and state.history[-1].size_tokens == []
    assert state.calendar[0].done


def test_d6_the_main_space_of_a_round_is_held_first() -> None:
    # [D-6] "Within a round the main space is resolved first."
    state = fresh(3)
    state.round = 3
    state.calendar = [Festival(3, FestivalType.I, Region.VALLS, [5]),
        Festival(3, FestivalType.I, Region.GIRONA, [3]),] + [
        f for f in state.calendar if f.round > 3
    ]
    a, b, c = state.turn_order()
    for seat, region in ((a, Region.VALLS), (b, Region.GIRONA), (c, Region.LLEIDA)):
        state.players[seat].pawn = region
        state.players[seat].team = list(TALL)
        state.players[seat].ranks.update(BAL1)
    end_all_turns(state)
    assert state.calendar[state.festival or 0].region == Region.VALLS and GAME.actors(state) == {a}
    act(state, a, Declare(T4))
    assert state.calendar[state.festival or 0].region == Region.GIRONA and GAME.actors(state) == {b}
    act(state, b, Declare(T4))
    assert [h.region for h in state.history] == ["Valls", "Girona"]
    assert state.round == 4 and state.phase == "turn"



def test_the_menu_offers_the_best_tower_for_each_size_token_d14() -> None:
    # [D-14] a size token goes to the participant with the most castellers of its size: among
    # the towers of the best score, the menu offers the one with the most of each token's size.
    state = fresh(2)
    stage_festival(state, Region.VALLS, [4, 2], FestivalType.II)
    seat = state.turn_order()[0]
    player = state.players[seat]
    player.pawn = Region.VALLS
    player.team = [7, 5, 5, 4, 4, 4, 2, 2]
    player.ranks.update({Skill.BALANCE: 2, Skill.BASE: 2, Skill.STRENGTH: 1})
    end_all_turns(state)
    assert GAME.legal_actions(state, seat) == [
        Declare(((5, 5), (4, 4), (4,), (2,))),  # the suggestion: most token castellers
        Declare(((5, 5), (4, 4), (2,), (2,))),  # as many points, and two of size 2
        Abstain(),
    ]
    options = GAME.view(state, seat)["festival"]["options"]
    assert [o["score"] for o in options] == [8, 8]
    assert [o["castellers"] for o in options] == [{"4": 3, "2": 1}, {"4": 2, "2": 2}]
    act(state, seat, Declare(((5, 5), (4, 4), (2,), (2,))))
    assert state.history[-1].size_tokens == [(seat, 4), (seat, 2)]


def test_any_legal_tower_may_be_declared_d23() -> None:
    state = festival_in_valls(2, [5])
    end_all_turns(state)
    seat = state.turn_order()[0]
    assert Declare(T4_SMALL) not in GAME.legal_actions(state, seat)
    act(state, seat, Declare(T4_SMALL))  # not in the menu, and legal
    assert state.declarations[seat] == [list(level) for level in T4_SMALL]


def test_the_skills_of_festival_towers_are_shown() -> None:
    # The spec: "The engine reports ... which skills a legal tower uses, in words a player
    # understands."
    state = festival_in_valls(2, [5])
    end_all_turns(state)
    a, b = state.turn_order()
    assert GAME.view(state, a)["festival"]["options"][0]["skills"] == {"balance": 1}
    assert GAME.describe_action(Declare(T4)) == "declare 9+9+9 / 7+7 / 5 / 3 (Balance 1)"
    act(state, a, Declare(T4))
    assert GAME.view(state, a)["festival"]["my_skills"] == {"balance": 1}
    [*_, result, _] = act(state, b, Declare(T4_SMALL))
    assert result.kind == "festival_result"
    assert result.data["skills"] == {str(a): {"balance": 1}, str(b): {"balance": 2}}
    assert f"P{a} 9+9+9 / 7+7 / 5 / 3 = 5 (Balance 1)" in GAME.render(GAME.view(state, a))


def test_a_player_who_cannot_take_part_is_told_why() -> None:
    # "Per partecipare a un festival è necessario soddisfare tre requisiti: la pedina deve
    # trovarsi nella stessa regione del festival, la torre deve contenere castellani che
    # corrispondano alle dimensioni dei gettoni del festival e la torre deve avere quattro
    # livelli." [D-23]
    state = festival_in_valls(3, [5])
    a, b, c = state.turn_order()
    state.players[b].pawn = Region.GIRONA
    state.players[c].team = [9, 9, 7]
    end_all_turns(state)
    festival = GAME.view(state, b)["festival"]
    assert festival["absent"] == {str(b): "elsewhere", str(c): "no_tower"}
    screen = GAME.render(GAME.view(state, b))
    assert "you cannot take part: the pawn is not in Valls" in screen
    assert (f"P{c} cannot take part: the team cannot build a tower of 4 or more levels with a "
            "casteller of size 5") in screen
    with pytest.raises(IllegalAction, match="cannot take part in the festival in Valls: the pawn"):
        act(state, b, Declare(T4))
    act(state, a, Abstain())
    assert state.history[-1].absent == {str(a): "abstained", str(b): "elsewhere",
                                        str(c): "no_tower"}
    screen = GAME.render(GAME.view(state, b))
    assert f"P{a}: abstained" in screen and f"P{b}: the pawn is not in Valls" in screen


@pytest.mark.parametrize("players,seed", [(2, 11), (4, 12)])
def test_a_festival_result_is_its_outcome_as_the_codec_encodes_it(players: int, seed: int) -> None:
    """The announcement is written out by hand for speed: the same data, of the same types (repr
    tells an enum from its value), in the same order, as `encode` gives."""
    rng = Rng(seed)
    state = GAME.setup(players, seed)
    announced = []
    while not GAME.is_over(state):
        seat = rng.choice(sorted(GAME.actors(state)))
        events = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        announced += [dict(e.data) for e in events if e.kind == "festival_result"]
    assert len(announced) == len(state.history) > 0
    for data, outcome in zip(announced, state.history, strict=True):
        assert repr(data) == repr(encode(outcome)) == repr(outcome_data(outcome))


def test_the_suggestion_has_four_levels_and_every_token_size_d23() -> None:
    """The engine's suggestion: the highest tower score, then the most castellers of the token
    sizes, among towers of at least 4 levels with every token size [D-23]."""
    state = festival_in_valls(2, [5])
    player, festival = state.players[0], state.calendar[0]
    player.team = [7, 7, 5, 5, 3, 2, 1]
    tower = suggestion(player, festival)
    best = brute_best(player.team, player.ranks, [5], 4)
    assert tower is not None and best is not None
    matches = sum(level.count(5) for level in tower)
    assert (tower_score(tower, [5]), 0, matches) == best[0]
    # A 10 stands alone at the bottom: with Balance 2 no tower holding it reaches 4 levels,
    # though the team builds 4 levels without it.
    player.team = [10, 5, 5, 5, 4, 4, 3, 2]
    festival.tokens = [10]
    assert suggestion(player, festival) is None
    festival.tokens = [5]
    player.team = [9, 9, 7, 5]  # no 4-level tower without more Balance
    player.ranks.update({Skill.BALANCE: 0})
    assert suggestion(player, festival) is None


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_absences_asked_as_a_festival_comes_up_are_the_ones_asked_when_it_is_held(
    players: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The absences worked out as a festival comes up serve its outcome where nobody can take
    # part: every seat's is the one `absence` gives as the festival is resolved, at every
    # festival of random matches played by `play` and by `apply`.
    from ludoteca.games.castell.rules import festival as rules

    resolve = rules.resolve
    given = []

    def checked(state, held, why=None):  # type: ignore[no-untyped-def]
        if why is not None:
            given.append(why)
            assert why == {seat: rules.absence(state, seat, held) for seat in state.turn_order()}
            assert all(absent is not None for absent in why.values())
        return resolve(state, held, why)

    monkeypatch.setattr(rules, "resolve", checked)
    histories = []
    for step in (GAME.play, GAME.apply):
        rng = Rng(seed)
        state = fresh(players, seed)
        while not GAME.is_over(state):
            seat = rng.choice(sorted(GAME.actors(state)))
            step(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        assert given  # some festival was held with nobody able to take part, and so given
        given.clear()
        histories.append(state.history)
    assert histories[0] == histories[1]
