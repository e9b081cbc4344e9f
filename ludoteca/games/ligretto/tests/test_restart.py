"""Dead ends and the restarts they owe [D-9]."""

from __future__ import annotations

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.ligretto import GAME, data
from ludoteca.games.ligretto.actions import (
    Discard,
    Place,
    Restart,
    TurnOver,
)
from ludoteca.games.ligretto.state import FREE, NO_TILE, LigrettoState
from ludoteca.games.ligretto.tests.helpers import (
    COVERED,
    W,
    board,
    colour,
    fresh,
    give_for,
    give_mismatch,
    region,
)


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
    q = s.pawns[1]
    give_for(s, 1, q + 1, q + 2)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 1, Place(1, q + 1, q + 2))
    assert str(refused.value) == (
        "You owe a restart for pawn 0 (a dead end you caused): place your tile anywhere it "
        "matches and move that pawn onto it, or discard. Your tile stays in your hand."
    )
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
    assert GAME.view(s, 2)["open_restarts"] == [0]  # every screen shows whom it may restart
    give_for(s, 0, a, b)
    assert Restart(0, a, b) in GAME.legal_actions(s, 0)
    GAME.apply(s, 0, Restart(0, a, b))
    assert s.pawns[0] == a and debtor.duties == []


def test_a_restart_that_cannot_be_made_is_refused_in_words() -> None:
    s = dead_end_board()
    keep = " Your tile stays in your hand."
    give_for(s, 1, 41, 42)
    GAME.apply(s, 1, Place(0, 41, 42))  # seat 1 owes the restart of pawn 0

    def refused(seat: int, action: Restart) -> str:
        with pytest.raises(IllegalAction) as caught:
            GAME.apply(s, seat, action)
        return str(caught.value)

    a, b, c = 8 * W + 8, 8 * W + 9, 8 * W + 10
    assert refused(1, Restart(0, a, b)) == "You hold no turned tile: turn one over first."
    give_for(s, 0, a, b)
    assert refused(0, Restart(0, a, b)) == (
        "No pawn waits for a restart from you; place your tile next to a pawn."
    )
    tile = give_for(s, 1, a, b)
    assert refused(1, Restart(2, a, b)) == "You may restart pawn(s) [0] only." + keep
    assert refused(1, Restart(0, 40, a)) == (
        "Square 40 is already covered by a tile or a joker." + keep
    )
    assert refused(1, Restart(0, a, c)) == "A tile covers two squares that share a side." + keep
    mine = data.pair_key(*s.tiles()[tile])
    other = next(
        (x, y) for x in region(8, 8, 3, 3) for y in s.layout.neighbours[x]
        if y in region(8, 8, 3, 3) and data.pair_key(colour(s, x), colour(s, y)) != mine
    )
    names = "-".join(data.colour_names(data.pair_colours(mine)))
    assert refused(1, Restart(0, *other)) == f"Those squares do not match your {names} tile." + keep
    board(s, {a, b}, s.pawns)  # one free pair left, and not of the tile's colours
    give_mismatch(s, 1, a, b)
    assert refused(1, Restart(0, a, b)) == (
        "Your tile matches no free pair of squares on the board." + keep
    )


def test_a_placement_that_shuts_in_no_new_pawn_tells_no_dead_end() -> None:
    s = dead_end_board()
    give_for(s, 1, 41, 42)
    GAME.apply(s, 1, Place(0, 41, 42))  # pawn 0 shut in: seat 1 owes its restart
    q = s.pawns[1]
    give_for(s, 2, q + 1, q + 2)
    events = GAME.apply(s, 2, Place(1, q + 1, q + 2))  # pawn 1 keeps a way out
    assert [e.kind for e in events] == ["placed"]
    assert s.players[1].duties == [0] and s.players[2].duties == []


def test_shutting_in_the_last_free_pawn_owes_its_restart_d9() -> None:
    """'Se posizionando una tessera un giocatore blocca un'altra pedina Ligretto' holds even
    when every other pawn is in a dead end already: the pawn just shut in is owed, and the
    others stay owed by whoever owed them."""
    s = fresh(players=3)
    board(s, {41, 42} | region(8, 8, 3, 3), [40, 15, 14 * W + 1, 14 * W + 14])
    s.players[0].duties = [1, 2, 3]  # pawns 1-3: dead ends that seat 0 caused
    give_for(s, 1, 41, 42)
    events = GAME.apply(s, 1, Place(0, 41, 42))
    assert [(e.kind, dict(e.data)) for e in events][1:] == [
        ("dead_end", {"seat": 1, "pawns": [0]})
    ]
    assert s.players[1].duties == [0] and s.players[0].duties == [1, 2, 3]
