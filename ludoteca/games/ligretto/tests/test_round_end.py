"""The end of a round: "Ligretto stop!", nobody can place [D-10], a stalled round."""

from __future__ import annotations

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.ligretto import GAME, data
from ludoteca.games.ligretto.actions import (
    Discard,
    EndRound,
    Place,
    TurnOver,
)
from ludoteca.games.ligretto.placement import nobody_can_place
from ludoteca.games.ligretto.rules.rounds import begin_play
from ludoteca.games.ligretto.state import NO_TILE, Ending, LigrettoState, Phase
from ludoteca.games.ligretto.tests.helpers import (
    board,
    colour,
    fresh,
    give_for,
    held,
)


def test_round_ends_at_once_on_the_last_tile() -> None:
    """'Non appena un giocatore ha posizionato tutte le sue tessere ... il round si conclude.
    Gli altri giocatori non possono più posizionare'. Jokers need not be used."""
    s = fresh()
    p = s.pawns[0]
    give_for(s, 0, p + 1, p + 2)
    s.players[0].stack, s.players[0].pile = [], []
    s.players[2].stack = s.players[2].stack[:5]  # so seat 1 alone scores nothing
    q = s.pawns[1]
    give_for(s, 1, q + 1, q + 2)
    GAME.apply(s, 0, Place(0, p + 1, p + 2))
    assert s.phase is Phase.SET_ASIDE and s.history[-1].ending == Ending.LIGRETTO
    assert s.history[-1].winners == [0] and s.players[0].jokers == 2
    with pytest.raises(IllegalAction, match="round is over"):
        GAME.apply(s, 1, Place(1, q + 1, q + 2))


def test_round_ends_when_nobody_can_place_d10() -> None:
    """'Se nessun giocatore riesce più a posizionare una tessera, il round termina
    immediatamente'; the most tiles placed wins, ties all win [D-14]."""
    s = fresh(players=3)
    board(s, {41, 42}, [40, 100, 200, 300])
    s.players[1].placed = 4
    s.players[2].placed = 5
    give_for(s, 1, 41, 42)
    assert not nobody_can_place(s)
    GAME.apply(s, 1, Place(0, 41, 42))  # the last free pair on the board
    record = s.history[-1]
    assert record.ending == Ending.STUCK
    assert record.winners == [1, 2] and record.points[1:] == [2, 2]
    assert record.points[0] == 1  # the only other player has the fewest tiles


def test_jokers_count_in_the_d10_test() -> None:
    s = fresh(players=2)
    # only a pair two squares beyond pawn 0 is free: reachable with one joker
    board(s, {41, 42, 43}, [40, 100, 150, 200])
    for player in s.players:
        player.stack = [t for t in player.stack
                        if data.pair_key(*s.tiles()[t]) == data.pair_key(
                            colour(s, 42), colour(s, 43))][:1] + [player.stack[0]]
    assert not nobody_can_place(s)
    for player in s.players:
        player.jokers = 0
    s.board_changed()
    # without jokers a restart-free player can only build next to a pawn: 41-42 still fits?
    assert nobody_can_place(s) == (
        data.pair_key(colour(s, 41), colour(s, 42))
        not in {data.pair_key(*s.tiles()[t]) for p in s.players for t in p.holding()}
    )


def spin(state: LigrettoState, seat: int, turn_overs: int) -> None:
    """`seat` turns over and discards, `turn_overs` times, while the round runs."""
    for _ in range(turn_overs):
        if state.phase is not Phase.PLAY:
            return
        if state.players[seat].hand != NO_TILE:
            GAME.apply(state, seat, Discard())
        GAME.apply(state, seat, TurnOver())


def test_host_ends_only_a_stalled_round_d16() -> None:
    """[D-16]: the host may end a round once every seat has gone through its whole stack since
    the last placement by anybody."""
    s = fresh(players=3)
    assert EndRound() not in GAME.legal_actions(s, 0)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 0, EndRound())
    assert str(refused.value) == (
        "the round has not stalled: the host may end it once every player has gone through "
        "their whole stack since the last placement; still going through it: seat(s) [0, 1, 2]"
    )
    spin(s, 0, 15)
    spin(s, 1, 15)
    with pytest.raises(IllegalAction, match=r"still going through it: seat\(s\) \[2\]"):
        GAME.apply(s, 0, EndRound())
    spin(s, 2, 15)
    assert EndRound() in GAME.legal_actions(s, 0)
    assert EndRound() not in GAME.legal_actions(s, 1)
    with pytest.raises(IllegalAction, match=r"^only the host \(seat 0\) may end a stalled round$"):
        GAME.apply(s, 1, EndRound())
    GAME.apply(s, 0, EndRound())
    assert s.history[-1].ending == Ending.HOST


def test_one_player_alone_never_ends_a_round_d16() -> None:
    """[D-16] "One player's turn-overs alone never end a round": a seat that places a tile and
    then spins through its stack again and again neither ends the round by itself nor lets the
    host end it, however long it spins."""
    s = fresh(players=2)
    p = s.pawns[0]
    give_for(s, 0, p + 1, p + 2)
    GAME.apply(s, 0, Place(0, p + 1, p + 2))
    held = s.players[0].held()
    spin(s, 0, 10 * data.STALL_CYCLES * held)
    assert s.phase is Phase.PLAY and not s.history
    assert EndRound() not in GAME.legal_actions(s, 0)
    spin(s, 1, s.players[1].held())  # now every seat has gone through its stack once
    assert EndRound() in GAME.legal_actions(s, 0)
    spin(s, 1, (data.STALL_CYCLES - 1) * s.players[1].held())
    assert s.history[-1].ending == Ending.STALLED
    assert s.history[-1].winners == [0]  # it placed the only tile


def test_turning_and_discarding_forever_ends_the_round_within_the_bound() -> None:
    """Nobody places (a player may discard a tile that fits [D-6]): the host may end the round
    once every player has turned over as many tiles as they hold, and it ends by itself when
    everybody has done so STALL_CYCLES times [D-16]; max_actions counts on it."""
    s = fresh(players=2, rounds=1)
    actions = 0
    while s.phase is Phase.PLAY:
        for seat in (0, 1):
            if s.phase is not Phase.PLAY:
                break
            player = s.players[seat]
            GAME.apply(s, seat, TurnOver() if player.hand == NO_TILE else Discard())
            actions += 1
            host_may = EndRound() in GAME.legal_actions(s, 0)
            assert host_may == (s.phase is Phase.PLAY and min(s.stall_turns) >= 15)
    assert s.history[-1].ending == Ending.STALLED
    assert s.history[-1].points == [2, 2]  # nobody placed: both win [D-14]
    assert s.history[-1].turned == [data.STALL_CYCLES * 15] * 2
    assert actions == 2 * 45 + 2 * 44  # 45 turn-overs each, all but the last two discarded
    assert GAME.max_actions(2, {"rounds": 1}) > actions


def test_max_actions_bounds_every_round() -> None:
    assert GAME.max_actions(4, {"rounds": 6}) > GAME.max_actions(4, {"rounds": 1}) > 0


def test_a_placement_starts_the_stall_count_again_for_everybody_d16() -> None:
    """[D-16] counts the turn-overs "since the last placement by anybody": after a placement
    each seat must go through its whole stack again, from nothing."""
    s = fresh(players=2)
    spin(s, 0, s.players[0].held())
    spin(s, 1, s.players[1].held())
    assert EndRound() in GAME.legal_actions(s, 0)
    p = s.pawns[0]
    give_for(s, 0, p + 1, p + 2)
    GAME.apply(s, 0, Place(0, p + 1, p + 2))
    assert EndRound() not in GAME.legal_actions(s, 0)
    spin(s, 0, s.players[0].held())
    spin(s, 1, s.players[1].held() - 1)
    assert EndRound() not in GAME.legal_actions(s, 0)  # seat 1 is one tile short
    spin(s, 1, 1)
    assert EndRound() in GAME.legal_actions(s, 0)


def test_a_seat_holding_one_tile_goes_through_it_in_one_turn_over_d16() -> None:
    s = fresh(players=2)
    held(s, [1, 1])
    GAME.apply(s, 0, TurnOver())
    assert EndRound() not in GAME.legal_actions(s, 0)
    GAME.apply(s, 1, TurnOver())
    assert EndRound() in GAME.legal_actions(s, 0)


def test_a_round_where_nobody_can_place_from_the_start_ends_at_once_d10() -> None:
    """'Se nessun giocatore riesce più a posizionare una tessera, il round termina
    immediatamente' holds at the start of play too (no shipped board starts that way: the
    board here is covered by hand)."""
    s = fresh(players=2)
    board(s, set(), [40, 100, 150, 200])
    begin_play(s)
    assert len(s.history) == 1 and s.history[0].ending == Ending.STUCK
    assert s.history[0].round == 1 and s.round == 2  # nobody placed: nobody sets tiles aside
