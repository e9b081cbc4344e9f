"""Scenario tests: every [D-n] of the rules file and the sentences of the Italian rulebook."""

from __future__ import annotations

import json

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.rng import Rng
from ludoteca.games.ligretto import GAME, data, rounds
from ludoteca.games.ligretto.actions import (
    Discard,
    EndRound,
    Place,
    PlacePawn,
    Restart,
    SetAside,
    TakeBack,
    TurnOver,
)
from ludoteca.games.ligretto.placement import nobody_can_place
from ludoteca.games.ligretto.state import (
    ASIDE,
    FREE,
    NO_TILE,
    OVER,
    PAWNS,
    PLAY,
    TAKE_BACK,
    LigrettoState,
)

W = 18
COVERED = 3 * 32 + 14  # any tile of seat 3 lies there


def fresh(players: int = 3, seed: int = 1, **options: object) -> LigrettoState:
    return GAME.setup(players, seed, {"rounds": 2, **options})


def colour(state: LigrettoState, cell: int) -> int:
    return state.layout.colours[cell]


def give(state: LigrettoState, seat: int, a: int, b: int) -> int:
    """Put a tile of colours {a, b} of `seat` in its hand (taken from its stack or pile)."""
    player = state.players[seat]
    if player.hand != NO_TILE:
        player.stack.append(player.hand)
        player.hand = NO_TILE
    want = data.pair_key(a, b)
    for source in (player.stack, player.pile):
        for tile in source:
            if data.pair_key(*state.tiles()[tile]) == want:
                source.remove(tile)
                player.hand = tile
                return int(tile)
    raise AssertionError("no such tile left")


def give_for(state: LigrettoState, seat: int, near: int, far: int) -> int:
    return give(state, seat, colour(state, near), colour(state, far))


def board(state: LigrettoState, free: set[int], pawns: list[int]) -> None:
    """Every square covered except `free`; pawns on the given squares."""
    state.cover = [FREE if c in free else COVERED for c in range(len(state.cover))]
    state.pawns = list(pawns)
    state.board_changed()


def region(top: int, left: int, rows: int, cols: int) -> set[int]:
    return {(top + r) * W + left + c for r in range(rows) for c in range(cols)}


def open_board(state: LigrettoState) -> None:
    state.cover = [FREE] * len(state.cover)
    state.board_changed()


# --- placement ------------------------------------------------------------------------------------
def test_tile_next_to_the_pawn_moves_it_to_the_far_square() -> None:
    """'La pedina Ligretto va spostata sempre sulla casella più distante'."""
    s = fresh()
    p = s.pawns[0]
    near, far = p + 1, p + 2
    tile = give_for(s, 1, near, far)
    GAME.apply(s, 1, Place(0, near, far))
    assert s.pawns[0] == far
    assert s.cover[near] == s.cover[far] == 1 * 32 + tile
    assert s.players[1].hand == NO_TILE and s.players[1].placed == 1


def test_any_player_builds_at_any_pawn() -> None:
    """'ciascun giocatore può posizionare le sue tessere accanto a una qualsiasi delle 4 pedine'."""
    s = fresh()
    for pawn in range(4):
        p = s.pawns[pawn]
        give_for(s, 2, p - W, p - 2 * W)
        assert Place(pawn, p - W, p - 2 * W) in GAME.legal_actions(s, 2)


def test_a_tile_fits_either_way_round_d7() -> None:
    s = fresh()
    p = s.pawns[0]
    tile = give_for(s, 0, p + 1, p + 2)
    legal = GAME.legal_actions(s, 0)
    assert Place(0, p + 1, p + 2) in legal
    # plain placements lay it both ways round: near square of either colour
    orders = {(colour(s, a.near), colour(s, a.far))
              for a in legal if isinstance(a, Place) and not a.jokers}
    assert orders == {s.tiles()[tile], s.tiles()[tile][::-1]}
    # the same tile across the other way: near p+1, far below it, if the colours allow
    assert all(
        data.pair_key(colour(s, a.near), colour(s, a.far)) == data.pair_key(
            colour(s, p + 1), colour(s, p + 2))
        for a in legal if isinstance(a, Place)
    )


def test_corner_contact_is_refused() -> None:
    """'Non è consentito posizionare una tessera su una casella che ha in comune solo uno degli
    angoli con la casella ... su cui si trova la pedina'."""
    s = fresh()
    p = s.pawns[0]
    near, far = p + W + 1, p + W + 2  # diagonal from the pawn
    give_for(s, 0, near, far)
    with pytest.raises(IllegalAction, match="corner"):
        GAME.apply(s, 0, Place(0, near, far))
    assert s.players[0].hand != NO_TILE


def test_covering_a_tile_or_a_pawn_is_refused() -> None:
    """'Non è consentito posizionare una tessera sopra una tessera già presente'."""
    s = fresh()
    p = s.pawns[0]
    give_for(s, 0, p + 1, p + 2)
    GAME.apply(s, 0, Place(0, p + 1, p + 2))
    give_for(s, 1, p + 2, p + 3)  # the pawn now stands on p + 2
    with pytest.raises(IllegalAction, match="pawn"):
        GAME.apply(s, 1, Place(0, p + 2, p + 3))
    give_for(s, 1, p + 1, p + 1 + W)
    with pytest.raises(IllegalAction, match="covered"):
        GAME.apply(s, 1, Place(0, p + 1, p + 1 + W))


def test_colours_must_match() -> None:
    s = fresh()
    p = s.pawns[0]
    want = data.pair_key(colour(s, p + 1), colour(s, p + 2))
    other = next(t for t in data.TILE_SETS[5] if data.pair_key(*t) != want)
    give(s, 0, *other)
    with pytest.raises(IllegalAction, match="does not match"):
        GAME.apply(s, 0, Place(0, p + 1, p + 2))


def test_discard_allowed_even_when_it_fits_d6() -> None:
    s = fresh()
    p = s.pawns[0]
    tile = give_for(s, 0, p + 1, p + 2)
    assert Place(0, p + 1, p + 2) in GAME.legal_actions(s, 0)
    GAME.apply(s, 0, Discard())
    assert s.players[0].pile == [tile]


def test_empty_stack_turns_the_pile_over_unshuffled() -> None:
    """'Se un giocatore scarta davanti a sé tutte le sue tessere, capovolge il mazzo'."""
    s = fresh()
    player = s.players[0]
    order = list(reversed(player.stack))  # the order they will be turned
    for _ in order:
        GAME.apply(s, 0, TurnOver())
        GAME.apply(s, 0, Discard())
    assert player.pile == order and not player.stack
    GAME.apply(s, 0, TurnOver())
    assert player.hand == order[0]  # the first tile discarded is on top


# --- jokers [D-8] --------------------------------------------------------------------------------
def test_one_joker_then_the_tile_as_one_action() -> None:
    s = fresh()
    p = s.pawns[0]
    joker, near, far = p + 1, p + 2, p + 3
    give_for(s, 0, near, far)
    GAME.apply(s, 0, Place(0, near, far, (joker,)))
    assert s.cover[joker] == 0 * 32 + 31
    assert s.pawns[0] == far and s.players[0].jokers == 1


def test_two_jokers_in_a_row() -> None:
    """'è possibile anche giocare uno dopo l'altro i due jolly disponibili'."""
    s = fresh()
    p = s.pawns[0]
    give_for(s, 0, p + 3, p + 4)
    GAME.apply(s, 0, Place(0, p + 3, p + 4, (p + 1, p + 2)))
    assert s.players[0].jokers == 0 and s.pawns[0] == p + 4
    GAME.apply(s, 0, TurnOver())
    assert not any(getattr(a, "jokers", ()) for a in GAME.legal_actions(s, 0))
    with pytest.raises(IllegalAction, match="joker"):
        GAME.apply(s, 0, Place(0, s.pawns[0] + 2, s.pawns[0] + 3, (s.pawns[0] + 1,)))


def test_a_joker_the_tile_cannot_follow_is_refused() -> None:
    """A joker is never played alone: the tile must touch it and match [D-8]."""
    s = fresh()
    p = s.pawns[0]
    want = data.pair_key(colour(s, p + 2), colour(s, p + 3))
    other = next(t for t in data.TILE_SETS[5] if data.pair_key(*t) != want)
    give(s, 0, *other)
    assert Place(0, p + 2, p + 3, (p + 1,)) not in GAME.legal_actions(s, 0)
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, Place(0, p + 2, p + 3, (p + 1,)))
    with pytest.raises(IllegalAction, match="share a side"):  # tile not touching the joker
        give_for(s, 0, p + 3 + W, p + 4 + W)
        GAME.apply(s, 0, Place(0, p + 3 + W, p + 4 + W, (p + 1,)))
    assert s.players[0].jokers == 2 and s.cover[p + 1] == FREE


def test_jokers_come_back_every_round_d13() -> None:
    s = fresh(players=2)
    p = s.pawns[0]
    give_for(s, 0, p + 2, p + 3)
    GAME.apply(s, 0, Place(0, p + 2, p + 3, (p + 1,)))
    rounds.end_round(s, rounds.HOST)
    while s.phase != PLAY:
        seat = min(GAME.actors(s))
        GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    assert [p.jokers for p in s.players] == [2, 2]
    assert s.history[0]["jokers_used"] == [1, 0]


# --- dead ends and restarts [D-9] -----------------------------------------------------------------
def dead_end_board() -> LigrettoState:
    """Pawn 0 at square 40 with only 41-42 free next to it; a free 3x3 pocket elsewhere
    (rows 8-10, cols 8-10) for restarts; pawns 1-3 in roomy free areas."""
    s = fresh(players=3)
    free = {41, 42} | region(8, 8, 3, 3) | region(0, 14, 3, 4) | region(13, 0, 4, 4)
    free |= region(13, 13, 4, 4)
    board(s, free, [40, 15, 14 * W + 1, 14 * W + 14])
    return s


def test_dead_end_of_ones_own_pawn_owes_a_restart() -> None:
    """'Se un giocatore posiziona una tessera in un vicolo cieco ... posiziona la sua tessera
    successiva in un punto qualsiasi del tabellone'."""
    s = dead_end_board()
    give_for(s, 1, 41, 42)
    GAME.apply(s, 1, Place(0, 41, 42))
    assert s.players[1].duties == [0]
    # the next placement must be a restart: no plain placement is listed for seat 1
    give_for(s, 1, 8 * W + 8, 8 * W + 9)
    legal = GAME.legal_actions(s, 1)
    assert legal and all(isinstance(a, Restart | Discard) for a in legal)
    with pytest.raises(IllegalAction, match="restart"):
        q = s.pawns[1]
        give_for(s, 1, q + 1, q + 2)
        GAME.apply(s, 1, Place(1, q + 1, q + 2))
    give_for(s, 1, 8 * W + 8, 8 * W + 9)
    GAME.apply(s, 1, Restart(0, 8 * W + 9, 8 * W + 8))
    assert s.pawns[0] == 8 * W + 9 and s.players[1].duties == []


def test_discarding_is_allowed_and_the_duty_waits() -> None:
    s = dead_end_board()
    give_for(s, 1, 41, 42)
    GAME.apply(s, 1, Place(0, 41, 42))
    GAME.apply(s, 1, TurnOver())
    GAME.apply(s, 1, Discard())
    assert s.players[1].duties == [0]


def test_shutting_in_another_pawn_owes_its_restart() -> None:
    """'Se posizionando una tessera un giocatore blocca un'altra pedina Ligretto, anche in questo
    caso deve procedere come se avesse messo la pedina in un vicolo cieco'."""
    s = fresh(players=3)
    # pawn 1 on square 44: its only free neighbour is 43, whose other free neighbour is 42.
    # Seat 2 builds at pawn 0 (square 40) over 41-42 then... pawn 0 ends on 42, next to 43.
    free = {41, 42, 43} | region(8, 8, 3, 3) | region(13, 0, 4, 4) | region(13, 13, 4, 4)
    board(s, free, [40, 44, 14 * W + 1, 14 * W + 14])
    give_for(s, 2, 41, 42)
    GAME.apply(s, 2, Place(0, 41, 42))
    assert sorted(s.players[2].duties) == [0, 1]  # both shut in: two restarts queued


def test_queued_restarts_one_per_placement_in_the_players_order() -> None:
    s = fresh(players=3)
    free = {41, 42, 43} | region(8, 8, 3, 4) | region(13, 0, 4, 4) | region(13, 13, 4, 4)
    board(s, free, [40, 44, 14 * W + 1, 14 * W + 14])
    give_for(s, 2, 41, 42)
    GAME.apply(s, 2, Place(0, 41, 42))
    give_for(s, 2, 8 * W + 8, 8 * W + 9)
    GAME.apply(s, 2, Restart(1, 8 * W + 8, 8 * W + 9))  # pawn 1 first, the player's choice
    assert s.players[2].duties == [0]
    a, b = 10 * W + 10, 10 * W + 11
    give_for(s, 2, a, b)
    GAME.apply(s, 2, Restart(0, b, a))
    assert s.players[2].duties == [] and s.pawns[0] == b


def test_a_restart_tile_next_to_another_pawn_does_not_move_it() -> None:
    s = dead_end_board()
    give_for(s, 1, 41, 42)
    GAME.apply(s, 1, Place(0, 41, 42))
    q = s.pawns[1]  # square 15, in the free top-right area
    before = list(s.pawns)
    give_for(s, 1, q + 1, q + 2)
    GAME.apply(s, 1, Restart(0, q + 1, q + 2))
    assert s.pawns[1] == before[1] and s.pawns[0] == q + 1


def test_a_duty_lapses_when_its_pawn_is_free_again() -> None:
    s = fresh(players=3)
    # pawn 0 on 40 is shut in only by pawn 1 standing on the bare square 41
    free = {41, 42, 43, 44, 45, 41 + W, 42 + W} | region(13, 0, 4, 4) | region(13, 13, 4, 4)
    board(s, free, [40, 41, 14 * W + 1, 14 * W + 14])
    s.cover[40] = COVERED
    s.board_changed()
    s.players[2].duties = [0]
    give_for(s, 1, 42, 43)
    GAME.apply(s, 1, Place(1, 42, 43))  # pawn 1 leaves 41, which is bare and free again
    assert s.players[2].duties == [] and s.players[1].duties == []


def test_anybody_may_restart_when_the_debtor_cannot() -> None:
    s = fresh(players=3)
    a, b = 8 * W + 8, 8 * W + 9
    board(s, {41, 42, 16, 17, 101, 102, 201, 202, a, b}, [40, 15, 100, 200])
    give_for(s, 1, 41, 42)
    GAME.apply(s, 1, Place(0, 41, 42))
    # leave seat 1 only tiles that match no free pair anywhere
    free_pairs = {
        data.pair_key(colour(s, a), colour(s, b))
        for a in range(len(s.cover)) for b in s.layout.neighbours[a]
        if s.cover[a] == FREE and s.cover[b] == FREE and a not in s.pawns and b not in s.pawns
    }
    debtor = s.players[1]
    keep = [t for t in debtor.stack if data.pair_key(*s.tiles()[t]) not in free_pairs]
    assert keep, "the scenario needs a colour pair missing from the board"
    debtor.stack, debtor.pile, debtor.hand = keep, [], NO_TILE
    give_for(s, 0, a, b)
    assert Restart(0, a, b) in GAME.legal_actions(s, 0)
    GAME.apply(s, 0, Restart(0, a, b))
    assert s.pawns[0] == a and debtor.duties == []


# --- simultaneity ---------------------------------------------------------------------------------
def test_second_placement_at_a_pawn_is_refused_and_the_tile_stays() -> None:
    """'chi tardi arriva, male alloggia': the first tile stays on the board."""
    s = fresh()
    p = s.pawns[0]
    give_for(s, 0, p + 1, p + 2)
    tile = give_for(s, 1, p + 1, p + 2)
    late = Place(0, p + 1, p + 2)
    assert late in GAME.legal_actions(s, 1)
    GAME.apply(s, 0, Place(0, p + 1, p + 2))
    with pytest.raises(IllegalAction, match="stays in your hand"):
        GAME.apply(s, 1, late)
    assert s.players[1].hand == tile


# --- the end of a round ---------------------------------------------------------------------------
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
    assert s.phase == ASIDE and s.history[-1]["ending"] == rounds.LIGRETTO
    assert s.history[-1]["winners"] == [0] and s.players[0].jokers == 2
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
    assert record["ending"] == rounds.STUCK
    assert record["winners"] == [1, 2] and record["points"][1:] == [2, 2]
    assert record["points"][0] == 1  # the only other player has the fewest tiles


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


def test_host_ends_only_a_stalled_round() -> None:
    s = fresh(players=3)
    assert EndRound() not in GAME.legal_actions(s, 0)
    with pytest.raises(IllegalAction, match="not stalled"):
        GAME.apply(s, 0, EndRound())
    s.stall_turns = rounds.stall_threshold(s)
    assert EndRound() in GAME.legal_actions(s, 0)
    assert EndRound() not in GAME.legal_actions(s, 1)
    with pytest.raises(IllegalAction, match="host"):
        GAME.apply(s, 1, EndRound())
    GAME.apply(s, 0, EndRound())
    assert s.history[-1]["ending"] == rounds.HOST


def test_turning_and_discarding_forever_ends_the_round_within_the_bound() -> None:
    """Nobody places (a player may discard a tile that fits [D-6]): the host may end the round
    once the players have turned over as many tiles as they hold, and it ends by itself after
    STALL_CYCLES times that many; max_actions counts on it."""
    s = fresh(players=2, rounds=1)
    actions = 0
    while s.phase == PLAY:
        for seat in (0, 1):
            if s.phase != PLAY:
                break
            player = s.players[seat]
            GAME.apply(s, seat, TurnOver() if player.hand == NO_TILE else Discard())
            actions += 1
            host_may = EndRound() in GAME.legal_actions(s, 0)
            assert host_may == (s.phase == PLAY and s.stall_turns >= 30)
    assert s.history[-1]["ending"] == rounds.STALLED
    assert s.history[-1]["points"] == [2, 2]  # nobody placed: both win [D-14]
    assert data.STALL_CYCLES * 30 == 90
    assert actions == 90 + 88  # STALL_CYCLES x 30 turn-overs, all but the last two discarded
    assert GAME.max_actions(2, {"rounds": 1}) > actions


def test_a_round_without_placements_ends_by_itself() -> None:
    s = fresh(players=2)
    s.stall_turns = data.STALL_CYCLES * rounds.stall_threshold(s) - 1
    GAME.apply(s, 1, TurnOver())
    assert s.history[-1]["ending"] == rounds.STALLED


# --- scoring --------------------------------------------------------------------------------------
def held(s: LigrettoState, counts: list[int]) -> None:
    for player, n in zip(s.players, counts, strict=True):
        tiles = [t for t in range(15) if t not in player.aside]
        player.stack, player.pile, player.hand = tiles[:n], [], NO_TILE


def test_scoring_four_players_like_the_rulebook() -> None:
    """Rudi out: 2 points; Lena and Fabian 2 tiles each: 1 point; Alex 4 tiles: sets aside."""
    s = fresh(players=4)
    held(s, [0, 2, 2, 4])
    record = rounds.end_round(s, rounds.LIGRETTO)
    assert record["points"] == [2, 1, 1, 0]
    assert s.phase == ASIDE and s.pending == [3]


def test_scoring_three_players_single_fewest() -> None:
    s = fresh(players=3)
    held(s, [3, 0, 5])
    assert rounds.end_round(s, rounds.LIGRETTO)["points"] == [1, 2, 0]
    assert s.pending == [2]


def test_scoring_two_players_only_the_winner_scores() -> None:
    """'se si gioca in due, solo il giocatore che ha chiuso il round riceve i punti'."""
    s = fresh(players=2)
    held(s, [1, 0])
    assert rounds.end_round(s, rounds.LIGRETTO)["points"] == [0, 2]
    assert s.pending == [0]


def test_two_players_both_winning_a_stuck_round_nobody_sets_aside() -> None:
    s = fresh(players=2)
    held(s, [4, 6])
    s.players[0].placed = s.players[1].placed = 5
    assert rounds.end_round(s, rounds.STUCK)["points"] == [2, 2]
    assert s.phase == PLAY and s.round == 2  # straight on to the next round


def test_set_aside_is_nothing_or_two_tiles_of_ones_choice() -> None:
    """'possono posare 2 delle loro tessere sulla propria plancia individuale': they may, and
    it is 2 tiles, whichever they choose."""
    s = fresh(players=3)
    held(s, [0, 2, 5])
    rounds.end_round(s, rounds.LIGRETTO)
    assert s.pending == [2]
    choices = [a.tiles for a in GAME.legal_actions(s, 2) if isinstance(a, SetAside)]
    assert choices[0] == () and len(choices) == 1 + 15 * 14 // 2
    assert all(len(c) == 2 for c in choices[1:])
    with pytest.raises(IllegalAction, match="nothing or 2"):
        GAME.apply(s, 2, SetAside((4,)))
    GAME.apply(s, 2, SetAside((4, 9)))
    assert s.players[2].aside == [4, 9] and s.round == 2
    assert sorted(s.players[2].stack) == [t for t in range(15) if t not in (4, 9)]


def test_set_aside_keeps_one_tile_in_play_d11_and_take_back() -> None:
    """'Se tutti i giocatori hanno delle tessere sulla plancia, ciascun giocatore riprende in
    mano 2 tessere'."""
    s = fresh(players=2)
    s.players[1].aside = list(range(1, 14))  # only tiles 0 and 14 in play
    held(s, [0, 2])
    rounds.end_round(s, rounds.LIGRETTO)
    assert s.pending == [1]
    # it keeps one tile in play
    assert all(len(getattr(a, "tiles", ())) <= 1 for a in GAME.legal_actions(s, 1))
    with pytest.raises(IllegalAction, match="at least one"):
        GAME.apply(s, 1, SetAside((0, 14)))
    assert [getattr(a, "tiles", None) for a in GAME.legal_actions(s, 1)] == [(), (0,), (14,)]
    GAME.apply(s, 1, SetAside((14,)))
    assert s.players[1].aside == list(range(1, 15))
    # seat 0 has nothing aside, so nobody takes back
    assert s.phase == PLAY and s.round == 2
    s.players[0].aside = [3, 4, 5]
    s.players[0].placed = 1
    rounds.end_round(s, rounds.HOST)  # seat 1 keeps its last tile in play: nothing to set aside
    assert s.phase == TAKE_BACK and s.pending == [0, 1]
    GAME.apply(s, 0, TakeBack((3, 5)))
    assert s.players[0].aside == [4]
    with pytest.raises(IllegalAction, match="take back 2"):
        GAME.apply(s, 1, TakeBack((1,)))
    GAME.apply(s, 1, TakeBack((1, 2)))
    assert s.phase == OVER  # round 2 of 2 was the last


def test_match_of_n_rounds_and_shared_victory_d12() -> None:
    s = GAME.setup(2, 3, {"rounds": 1})
    held(s, [2, 2])
    s.players[0].placed = s.players[1].placed = 3
    rounds.end_round(s, rounds.HOST)
    assert GAME.is_over(s)
    result = GAME.result(s)
    assert result.scores == (2.0, 2.0) and result.ranks == (1, 1)


# --- set-up ---------------------------------------------------------------------------------------
def test_first_round_on_the_marked_squares_then_spread_d5() -> None:
    s = fresh(players=4)
    assert s.pawns == list(s.layout.starts)
    rounds.end_round(s, rounds.HOST)
    while s.phase != PLAY:
        seat = min(GAME.actors(s))
        GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    assert s.pawns != list(s.layout.starts) and len(set(s.pawns)) == 4


def finish_round_one(s: LigrettoState) -> None:
    rounds.end_round(s, rounds.HOST)
    while s.phase in (ASIDE, TAKE_BACK):
        seat = min(GAME.actors(s))
        GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])


def test_the_host_may_place_the_pawns_of_later_rounds_d5() -> None:
    """[D-5] 'spread at random with the seed (or placed by the host)'; the seed: 'i giocatori
    mettono le 4 pedine Ligretto su 4 caselle qualsiasi del tabellone'."""
    s = fresh(players=3, pawns="host")
    assert s.pawns == list(s.layout.starts) and s.phase == PLAY  # round 1: the marked squares
    finish_round_one(s)
    assert s.phase == PAWNS and s.round == 2 and s.pawns == []
    assert GAME.actors(s) == {data.HOST_SEAT}
    assert GAME.legal_actions(s, 1) == []
    with pytest.raises(IllegalAction, match="only the host"):
        GAME.apply(s, 1, PlacePawn(5))
    with pytest.raises(IllegalAction, match="not started"):
        GAME.apply(s, 1, TurnOver())
    GAME.apply(s, 0, PlacePawn(1))
    GAME.apply(s, 0, PlacePawn(W))
    with pytest.raises(IllegalAction, match="pawn cannot go on square 1"):
        GAME.apply(s, 0, PlacePawn(1))  # a pawn is there
    # square 0 between two pawns in the corner would be a dead end from the start [D-9]
    assert PlacePawn(0) not in GAME.legal_actions(s, 0)
    with pytest.raises(IllegalAction, match="two free neighbouring squares"):
        GAME.apply(s, 0, PlacePawn(0))
    with pytest.raises(IllegalAction, match="0 to 323"):
        GAME.apply(s, 0, PlacePawn(400))
    assert s.pawns == [1, W]
    GAME.apply(s, 0, PlacePawn(100))
    events = GAME.apply(s, 0, PlacePawn(200))
    assert s.phase == PLAY and s.pawns == [1, W, 100, 200]
    assert events[-1].kind == "round_started"
    assert GAME.actors(s) == {0, 1, 2}


def test_the_host_bot_spreads_the_pawns_over_the_quarters_d5() -> None:
    s = fresh(players=4, pawns="host")
    finish_round_one(s)
    rng = Rng(4)
    while s.phase == PAWNS:
        GAME.apply(s, 0, GAME.heuristic_action(s, 0, rng))
    quarters = {(r >= 9, c >= 9) for r, c in map(s.layout.row_col, s.pawns)}
    assert len(quarters) == 4 and s.phase == PLAY


def test_options_colours_and_layouts_d1_d2() -> None:
    for players, size in ((2, 18 * 12), (3, 18 * 18), (4, 18 * 18)):
        for k in (4, 5, 6):
            s = GAME.setup(players, 0, {"colours": k})
            assert len(s.cover) == size and s.colours == k
            assert all(p.held() == 15 for p in s.players)
    with pytest.raises(ValueError):
        GAME.setup(3, 0, {"colours": 7})


def test_resume_from_saved_state_and_from_individual_boards() -> None:
    """'alla fine della partita potete annotare ... il numero di tessere che ogni giocatore ha
    sulla sua plancia individuale'."""
    s = fresh(players=3)
    GAME.apply(s, 0, TurnOver())
    text = json.dumps(GAME.to_json(s))
    again = GAME.from_json(json.loads(text))
    assert GAME.to_json(again) == GAME.to_json(s)
    resumed = GAME.setup(3, 5, {"individual_boards": [[0, 1], [], [7]]})
    assert [p.held() for p in resumed.players] == [13, 15, 14]
    with pytest.raises(ValueError):
        GAME.setup(3, 5, {"individual_boards": [list(range(15)), [], []]})


# --- views ----------------------------------------------------------------------------------------
def test_views_keep_hands_piles_and_stack_orders_secret() -> None:
    s = fresh(players=3)
    GAME.apply(s, 1, TurnOver())
    GAME.apply(s, 1, Discard())
    GAME.apply(s, 1, TurnOver())
    mine, theirs = GAME.view(s, 1), GAME.view(s, 0)
    assert mine["hand"] == s.players[1].hand and mine["pile"] == s.players[1].pile
    assert mine["stack_tiles"] == sorted(s.players[1].stack)  # contents, not order
    assert "hand" not in GAME.view(s, None)
    assert theirs["players"][1] == mine["players"][1]
    assert theirs["players"][1]["holds_tile"] and theirs["players"][1]["pile"] == 1
    variant = GAME.determinize(s, 0, Rng(3))
    assert GAME.view(variant, 0) == theirs


def test_others_see_a_discard_but_not_the_tile() -> None:
    """The pile is its owner's alone (the views and the events agree)."""
    s = fresh(players=3)
    GAME.apply(s, 1, TurnOver())
    tile = s.players[1].hand
    events = GAME.apply(s, 1, Discard())
    public_data = [e.data for e in events if e.visible_to is None]
    assert public_data == [{"seat": 1}]
    mine = [e.data for e in events if e.visible_to == frozenset({1})]
    assert mine and mine[0]["tile"] == tile


def test_the_text_board_tells_two_tiles_apart() -> None:
    s = fresh(players=2)
    p = s.pawns[0]  # square 58; two tiles side by side in one row: 59-60 then 61-62
    give_for(s, 0, p + 1, p + 2)
    GAME.apply(s, 0, Place(0, p + 1, p + 2))
    give_for(s, 0, p + 3, p + 4)
    GAME.apply(s, 0, Place(0, p + 3, p + 4))
    text = GAME.render(GAME.view(s, 1))
    row = next(line for line in text.splitlines() if line.startswith(f"{p - p % W:>3} "))
    c = s.layout.colours
    letters = [data.COLOURS[c[p + k]][1] for k in (1, 3)]
    assert f"{letters[0]}|> " in row and f"{letters[1]}|> " in row and "@0<" in row
    assert "everybody plays at once" in text.lower() and "red" in text


def test_render_and_describe() -> None:
    s = fresh(players=2)
    text = GAME.render(GAME.view(s, 0))
    assert "@0" in text and "seat 1" in text
    said = {
        TurnOver(): "turn over",
        Discard(): "discard",
        Place(0, 1, 2, (3,)): "pawn 0: after joker(s) on 3, tile on squares 1+2, pawn to 2",
        Place(2, 5, 6): "pawn 2: tile on squares 5+6, pawn to 6",
        Restart(1, 4, 5): "tile on squares 4+5, stuck pawn 1 to 4",
        PlacePawn(7): "square 7",
        EndRound(): "end the stalled round",
        SetAside((1, 2)): "set aside tiles [1, 2]",
        SetAside(()): "set nothing aside",
        TakeBack((3,)): "take back tiles [3]",
    }
    for action, words in said.items():
        assert words in GAME.describe_action(action)


def test_max_actions_bounds_every_round() -> None:
    assert GAME.max_actions(4, {"rounds": 6}) > GAME.max_actions(4, {"rounds": 1}) > 0


def test_determinize_does_not_foresee_the_next_shuffles() -> None:
    # The order of later rounds' stacks is chance to come: a bot's copy must not know it.
    state = GAME.setup(2, 5)
    copies = {GAME.determinize(state, 0, Rng(n)).rng.state for n in range(5)}
    assert state.rng.state not in copies and len(copies) == 5
