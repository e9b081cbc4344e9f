"""Set-up, the map, the wheel, and the turn actions: scenario tests citing the rules."""

from __future__ import annotations

from collections import Counter

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.testing import check_game
from ludoteca.games.castell import GAME
from ludoteca.games.castell.actions import (
    Abstain,
    EndTurn,
    Move,
    Perform,
    Recruit,
    SpecialMove,
    SpecialRecruit,
    Train,
)
from ludoteca.games.castell.data import (
    ADJACENCY,
    BOARD_SKILL_TILES,
    CALENDAR,
    PRIZE_PILES,
    REGIONS,
    SHAPE_TILES,
)
from ludoteca.games.castell.rounds import refill
from ludoteca.games.castell.tests.helpers import act, end_all_turns, fresh
from ludoteca.games.castell.wheel import tile_facing


def all_castellers(state) -> Counter[int]:  # type: ignore[no-untyped-def]
    out = Counter(state.bag)
    for castellers in state.regions.values():
        out.update(castellers)
    for p in state.players:
        out.update(p.team)
    return out


def test_d1_150_castellers_15_of_each_size() -> None:
    assert all_castellers(fresh(4)) == Counter({s: 15 for s in range(1, 11)})


@pytest.mark.parametrize("players,per_region", [(4, 5), (3, 4), (2, 3)])
def test_regions_at_setup(players: int, per_region: int) -> None:
    # "Per quattro giocatori, mettete cinque Castelleri per regione, per tre giocatori servono
    # quattro Castelleri e per due giocatori tre Castelleri."
    state = fresh(players)
    assert all(len(state.regions[r]) == per_region for r in REGIONS)


def test_players_start_with_seven_castellers_and_seven_tokens() -> None:
    # "sette gettoni azione speciale" ... "Ogni giocatore pesca quindi sette Castelleri"
    state = fresh(3)
    assert all(len(p.team) == 7 and p.tokens == 7 for p in state.players)
    assert all(p.pawn is None for p in state.players)  # [D-9] pawns start off the board


def test_d2_adjacency_is_undirected_and_the_dashed_line_counts() -> None:
    for region, near in ADJACENCY.items():
        assert all(region in ADJACENCY[other] for other in near)
    assert "Girona" in ADJACENCY["Lleida"]


def test_d3_d4_d17_wheel_tiles_and_turning() -> None:
    state = fresh()
    assert Counter(state.wheel) == Counter(BOARD_SKILL_TILES)
    assert Counter(BOARD_SKILL_TILES)["special"] == 3
    assert [tile_facing(state, s) for s in range(8)] == state.wheel  # round 1: slot s
    state.round = 3
    assert [tile_facing(state, s) for s in range(8)] == state.wheel[2:] + state.wheel[:2]


def test_d5_d6_d7_calendar() -> None:
    for players, count in [(2, 8), (3, 11), (4, 13)]:
        state = fresh(players)
        assert len(state.calendar) == count
        for f in state.calendar:
            assert (f.type == "I") == (f.round <= 6)
            assert len(f.tokens) == len(set(f.tokens)) == (1 if f.type == "I" else 2)
        for rnd in range(3, 11):
            regions = [f.region for f in state.calendar if f.round == rnd]
            assert len(regions) == len(set(regions)) >= 1
        for kind in ("I", "II"):
            regions = [f.region for f in state.calendar if f.type == kind]
            assert len(regions) == len(set(regions))
    assert len(CALENDAR) == 13


def test_d8_prize_piles_and_local_tiles_dealt() -> None:
    # "distribuirne due rivolte verso l'alto su ogni fila ... Le diciotto tessere non
    # utilizzate possono essere rimesse nella scatola"
    state = fresh()
    assert state.piles == PRIZE_PILES == {"trophy": 14, "medal": 13, "ribbon": 13}
    dealt = [t for r in REGIONS for t in state.rows[r]]
    assert all(len(state.rows[r]) == 2 for r in REGIONS) and len(set(dealt)) == 14


def test_d9_first_player_random_with_the_seed() -> None:
    firsts = {fresh(4, seed).first for seed in range(20)}
    assert len(firsts) > 1
    assert fresh(4, 7).first == fresh(4, 7).first


def test_turn_order_clockwise_and_d11_first_player_passes() -> None:
    # "Il giocatore con il primo segnalino inizia la partita e il gioco prosegue in senso
    # orario"
    state = fresh(3)
    first = state.first
    seen = []
    while state.round == 1:
        seen.append(state.current)
        act(state, state.current, EndTurn())
    assert seen == [(first + i) % 3 for i in range(3)]
    assert state.first == (first + 1) % 3 and state.current == state.first


def test_d10_refill_at_rounds_3_5_7_9_in_sector_order() -> None:
    state = fresh(2)
    state.regions["Lleida"] = []
    state.regions["Girona"] = []
    end_all_turns(state)  # round 1 -> 2: no refill
    assert state.regions["Lleida"] == []
    end_all_turns(state)  # round 2 -> 3: refill
    assert len(state.regions["Lleida"]) == 3 and len(state.regions["Girona"]) == 3
    # An empty bag stops the refill; one at a time round the regions in sector order.
    state.regions["Lleida"] = []
    state.regions["Girona"] = []
    state.bag = [4, 5, 6]
    refill(state)
    assert state.regions["Lleida"] == [6, 4] and state.regions["Girona"] == [5]


def test_move_first_anywhere_then_adjacent_only() -> None:
    # "Alla prima mossa, si aggiunge la pedina al tabellone di gioco in una regione a scelta."
    # "spostare la pedina in un'altra regione adiacente a quella attuale"
    state = fresh()
    seat = state.current
    moves = {a.region for a in GAME.legal_actions(state, seat) if isinstance(a, Move)}
    assert moves == set(REGIONS)
    act(state, seat, Move("Tarragona"))
    act(state, seat, EndTurn())
    while state.current != seat:
        act(state, state.current, EndTurn())
    moves = {a.region for a in GAME.legal_actions(state, seat) if isinstance(a, Move)}
    assert moves == {"Valls", "Vilanova"}
    with pytest.raises(IllegalAction, match="you may move to"):
        act(state, seat, Move("Girona"))


def test_each_action_once_per_turn() -> None:
    # "Le azioni possono essere completate una sola volta per turno."
    state = fresh()
    seat = state.current
    act(state, seat, Move("Valls"))
    with pytest.raises(IllegalAction, match="already used your move"):
        act(state, seat, Move("Lleida"))
    act(state, seat, Recruit((state.regions["Valls"][0],)))
    with pytest.raises(IllegalAction, match="already used your recruit"):
        act(state, seat, Recruit((state.regions["Valls"][0],)))


def test_recruit_up_to_two_from_the_pawns_region() -> None:
    # "reclutare fino a due Castelleri dalla regione in cui si trova la vostra pedina"
    state = fresh()
    seat = state.current
    with pytest.raises(IllegalAction, match="not on the board"):
        act(state, seat, Recruit((5,)))
    state.regions["Valls"] = [9, 9, 2]
    act(state, seat, Move("Valls"))
    with pytest.raises(IllegalAction, match="1 or 2"):
        act(state, seat, Recruit((9, 9, 2)))
    with pytest.raises(IllegalAction, match="has no"):
        act(state, seat, Recruit((5,)))
    before = len(state.players[seat].team)
    act(state, seat, Recruit((9, 9)))
    assert state.regions["Valls"] == [2] and len(state.players[seat].team) == before + 2


def setup_trainer(advanced: bool = False, **options: bool):  # type: ignore[no-untyped-def]
    state = fresh(2, advanced=advanced, **options)
    seat = state.current
    state.wheel = ["mix", "balance", "base", "special", "strength", "width", "special", "special"]
    act(state, seat, Move("Lleida"))  # sector 1 faces slot 1 in round 1: balance
    return state, seat


def test_train_the_region_tile_or_all_regions() -> None:
    # "potete scegliere l'abilità nello slot della regione attuale della vostra pedina o
    # l'abilità nell'area Tutte le Regioni"
    state, seat = setup_trainer()
    trains = {a for a in GAME.legal_actions(state, seat) if isinstance(a, Train)}
    assert trains == {Train("region", "balance"), Train("all_regions", "mix")}
    act(state, seat, Train("all_regions", "mix"))
    assert state.players[seat].ranks["mix"] == 1


def test_advanced_side_trains_only_at_the_pawns_region() -> None:
    # "in una partita avanzata, si può scegliere solo la regione della propria pedina"
    state, seat = setup_trainer(advanced=True)
    trains = {a for a in GAME.legal_actions(state, seat) if isinstance(a, Train)}
    assert trains == {Train("region", "balance")}
    with pytest.raises(IllegalAction, match="train from region"):
        act(state, seat, Train("all_regions", "mix"))


def test_d12_ranks_stop_at_3() -> None:
    state, seat = setup_trainer()
    state.players[seat].ranks["balance"] = 3
    trains = {a for a in GAME.legal_actions(state, seat) if isinstance(a, Train)}
    assert trains == {Train("all_regions", "mix")}


def test_d18_option_raises_any_known_skill() -> None:
    state, seat = setup_trainer(train_any_known_skill=True)
    state.players[seat].ranks["width"] = 1
    trains = {a for a in GAME.legal_actions(state, seat) if isinstance(a, Train)}
    assert Train("region", "width") in trains and Train("region", "strength") not in trains
    plain, seat2 = setup_trainer()
    plain.players[seat2].ranks["width"] = 1
    with pytest.raises(IllegalAction):
        act(plain, seat2, Train("region", "width"))


def test_special_tile_gives_a_free_special_action_at_once() -> None:
    # "Quando si sceglie un'abilità speciale, è necessario eseguire immediatamente un'azione
    # speciale, ma non è necessario piazzare una pedina azione speciale."
    state, seat = setup_trainer()
    state.wheel[1] = "special"
    act(state, seat, Train("region", "special"))
    actions = GAME.legal_actions(state, seat)
    assert all(isinstance(a, SpecialMove | SpecialRecruit | Perform) for a in actions)
    with pytest.raises(IllegalAction, match="free special action"):
        act(state, seat, EndTurn())
    act(state, seat, SpecialMove("Valls"))
    assert state.players[seat].tokens == 7 and not any(state.row_tokens.values())
    # The turn's own special action is still there.
    assert any(isinstance(a, SpecialMove) for a in GAME.legal_actions(state, seat))


def test_special_action_needs_a_token_and_d19_d20() -> None:
    # "dovete avere a disposizione un gettone azione speciale" ... "posizionare la pedina
    # azione speciale nell'area delle prestazioni locali ... corrispondente alla regione della
    # vostra pedina."
    state = fresh()
    seat = state.current
    act(state, seat, Move("Valls"))
    with pytest.raises(IllegalAction, match="you may move to"):
        act(state, seat, SpecialMove("Girona"))  # [D-19] one step more, to an adjacent region
    act(state, seat, SpecialMove("Tarragona"))
    assert state.players[seat].tokens == 6
    assert state.row_tokens["Tarragona"] == [seat]  # [D-20] where the pawn now stands
    with pytest.raises(IllegalAction, match="already used your special"):
        act(state, seat, SpecialMove("Vilanova"))
    act(state, seat, EndTurn())
    other = state.current
    state.players[other].tokens = 0
    state.players[other].pawn = "Valls"
    with pytest.raises(IllegalAction, match="no special action token"):
        act(state, other, SpecialMove("Lleida"))


def test_special_recruit_one_more() -> None:
    state = fresh()
    seat = state.current
    state.regions["Valls"] = [8, 7, 6]
    act(state, seat, Move("Valls"))
    act(state, seat, Recruit((8, 7)))
    act(state, seat, SpecialRecruit(6))
    assert 6 in state.players[seat].team and state.regions["Valls"] == []


def test_local_performance_takes_the_tile_and_the_tokens_d20() -> None:
    # "raccogliere la tessera esibizione locale ... raccogliere tutti i gettoni speciali che si
    # trovano in quella regione del tabellone"
    state = fresh()
    seat = state.current
    shape_321 = SHAPE_TILES.index(((3, 2, 1), 2))
    state.rows["Valls"] = [shape_321]
    state.row_tokens["Valls"] = [0, 1]
    state.players[seat].team = [9, 9, 9, 5, 5, 2]
    act(state, seat, Move("Valls"))
    with pytest.raises(IllegalAction, match="shape 3-2-1"):
        act(state, seat, Perform(shape_321, ((9, 9), (5,))))
    act(state, seat, Perform(shape_321, ((9, 9, 9), (5, 5), (2,))))
    spot = state.players[seat].board["Valls"]
    assert spot["tiles"] == [shape_321] and spot["collected"] == 2
    assert state.rows["Valls"] == []  # a taken tile is not replaced
    assert state.row_tokens["Valls"] == [seat]  # the spent token stays for the next performer
    # "avete la possibilità di abbattere le torri": performing costs no castellers.
    assert len(state.players[seat].team) == 6


def test_skill_exhibition_needs_exact_levels_and_every_skill_d22() -> None:
    # "La torre deve avere tanti livelli quanti sono i punti della tessera e deve utilizzare
    # tutte le abilità indicate sulla tessera."
    state = fresh()
    seat = state.current
    mix_4 = len(SHAPE_TILES) + 4  # 4 levels using Mix
    state.rows["Valls"] = [mix_4]
    state.players[seat].team = [9, 9, 8, 6, 5, 4, 3]
    state.players[seat].ranks.update(balance=3, mix=1)
    act(state, seat, Move("Valls"))
    with pytest.raises(IllegalAction, match="does not use Mix"):
        act(state, seat, Perform(mix_4, ((9, 9), (8,), (6,), (5,))))
    with pytest.raises(IllegalAction, match="exactly 4 levels"):
        act(state, seat, Perform(mix_4, ((9, 8), (6,), (5,), (4,), (3,))))
    act(state, seat, Perform(mix_4, ((9, 8), (6,), (5,), (4,))))
    assert state.players[seat].board["Valls"]["tiles"] == [mix_4]


def test_no_pawn_no_recruit_train_or_perform() -> None:
    state = fresh()
    seat = state.current
    kinds = {type(a) for a in GAME.legal_actions(state, seat)}
    assert kinds == {Move, SpecialMove, EndTurn}


def test_free_special_performance_collects_the_row_and_leaves_no_token() -> None:
    # "non è necessario piazzare una pedina azione speciale" with a Special tile, and "raccogliere
    # tutti i gettoni speciali che si trovano in quella regione" after a performance [D-20].
    state, seat = setup_trainer()
    state.wheel[1] = "special"
    shape_321 = SHAPE_TILES.index(((3, 2, 1), 2))
    state.rows["Lleida"] = [shape_321]
    state.row_tokens["Lleida"] = [1 - seat]
    state.players[seat].team = [9, 9, 9, 5, 5, 2]
    act(state, seat, Train("region", "special"))
    assert Perform(shape_321, ((9, 9, 9), (5, 5), (2,))) in GAME.legal_actions(state, seat)
    act(state, seat, Perform(shape_321, ((9, 9, 9), (5, 5), (2,))))
    assert state.players[seat].board["Lleida"]["collected"] == 1
    assert state.row_tokens["Lleida"] == [] and state.players[seat].tokens == 7
    assert "special" not in state.used  # the turn's own special action is still to come


def test_the_turn_menu_lists_every_action_left() -> None:
    # "Ci sono quattro diverse azioni che si possono compiere in ordine casuale."
    state, seat = setup_trainer()  # moved to Lleida
    kinds = {type(a) for a in GAME.legal_actions(state, seat)}
    assert kinds == {Recruit, Train, SpecialMove, SpecialRecruit, EndTurn}
    act(state, seat, Train("region", "balance"))
    act(state, seat, Recruit((state.regions["Lleida"][0],)))
    act(state, seat, SpecialMove("Valls"))
    assert GAME.legal_actions(state, seat) == [EndTurn()]


def test_bad_input_says_what_is_allowed() -> None:
    state = fresh()
    seat = state.current
    with pytest.raises(IllegalAction, match="it is player .*'s turn"):
        act(state, 1 - seat, EndTurn())
    with pytest.raises(IllegalAction, match="no festival is being held.*you may move"):
        act(state, seat, Abstain())
    state.regions["Valls"] = [9, 2]
    act(state, seat, Move("Valls"))
    with pytest.raises(IllegalAction, match=r"fewer than 2 castellers of size 9.*\[9, 2\]"):
        act(state, seat, Recruit((9, 9)))
    with pytest.raises(IllegalAction, match="whole numbers 1-10, not 9.0"):
        act(state, seat, Recruit((9.0,)))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="train from region or all_regions"):
        act(state, seat, Train("Girona", "mix"))
    # "Gli spettacoli locali vengono organizzati nella regione indicata dalla riga"
    elsewhere = state.rows["Girona"][0]
    with pytest.raises(IllegalAction, match="is not in the Valls row; its tiles"):
        act(state, seat, Perform(elsewhere, ((3, 3, 3), (2, 2), (1,))))
    with pytest.raises(IllegalAction, match="your team cannot build that tower"):
        act(state, seat, Perform(state.rows["Valls"][0], ((10, 10, 10), (9, 9), (1,))))


def test_options_keep_the_contract() -> None:
    check_game(GAME, players=(3,), playouts=1, seed=5,
               options={"advanced": True, "train_any_known_skill": True})
