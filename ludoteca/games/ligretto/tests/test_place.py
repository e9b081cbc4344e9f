"""Placing the turned tile next to a pawn [D-7], with jokers [D-8]; the first to arrive keeps
the spot."""

from __future__ import annotations

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.ligretto import GAME, data
from ludoteca.games.ligretto.actions import (
    Place,
    TurnOver,
)
from ludoteca.games.ligretto.state import (
    FREE,
    JOKER,
    NO_TILE,
    square_key,
)
from ludoteca.games.ligretto.tests.helpers import (
    COVERED,
    W,
    colour,
    fresh,
    give_for,
    give_mismatch,
)


def test_tile_next_to_the_pawn_moves_it_to_the_far_square() -> None:
    """'La pedina Ligretto va spostata sempre sulla casella più distante'."""
    s = fresh()
    p = s.pawns[0]
    near, far = p + 1, p + 2
    tile = give_for(s, 1, near, far)
    GAME.apply(s, 1, Place(0, near, far))
    assert s.pawns[0] == far
    assert s.cover[near] == s.cover[far] == square_key(1, tile)
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
    tile = give_mismatch(s, 0, p + 1, p + 2)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 0, Place(0, p + 1, p + 2))
    a, b = sorted(s.tiles()[tile])
    mine = "-".join(data.colour_names((a, b)))
    a, b = sorted((colour(s, p + 1), colour(s, p + 2)))
    squares = "-".join(data.colour_names((a, b)))
    assert str(refused.value) == (
        f"Your {mine} tile does not match those {squares} squares. Your tile stays in your hand."
    )


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


def test_one_joker_then_the_tile_as_one_action() -> None:
    s = fresh()
    p = s.pawns[0]
    joker, near, far = p + 1, p + 2, p + 3
    give_for(s, 0, near, far)
    GAME.apply(s, 0, Place(0, near, far, (joker,)))
    assert s.cover[joker] == square_key(0, JOKER)
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
    give_mismatch(s, 0, p + 2, p + 3)
    assert Place(0, p + 2, p + 3, (p + 1,)) not in GAME.legal_actions(s, 0)
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, Place(0, p + 2, p + 3, (p + 1,)))
    with pytest.raises(IllegalAction, match="share a side"):  # tile not touching the joker
        give_for(s, 0, p + 3 + W, p + 4 + W)
        GAME.apply(s, 0, Place(0, p + 3 + W, p + 4 + W, (p + 1,)))
    assert s.players[0].jokers == 2 and s.cover[p + 1] == FREE


def test_no_joker_is_spent_where_the_tile_reaches_the_same_squares_without_it() -> None:
    """At the start of a round a pawn stands on a bare square, so a second joker could go back
    onto it (the pawn steps off and back) and the tile be laid as it could without jokers:
    "è sempre consigliabile usare i jolly con parsimonia". Neither the menu nor the bots offer
    a joker where fewer jokers lay the tile on the same squares, and such a joker is refused."""
    s = fresh()
    p = s.pawns[0]
    near, far = p + 1, p + 2
    give_for(s, 0, near, far)
    pointless = Place(0, near, far, (p - W, p))
    places = [a for a in GAME.legal_actions(s, 0) if isinstance(a, Place)]
    assert Place(0, near, far) in places and pointless not in places
    fewest: dict[tuple[int, int, int], int] = {}
    for a in places:  # listed pawn by pawn, fewer jokers first
        fewest.setdefault((a.pawn, a.near, a.far), len(a.jokers))
    assert all(len(a.jokers) == fewest[a.pawn, a.near, a.far] for a in places)
    assert any(a.jokers for a in places)  # jokers that reach new squares are still offered
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 0, pointless)
    assert str(refused.value) == (
        f"No joker is needed: your tile reaches squares {near}+{far} from pawn 0 with fewer "
        "jokers; keep them for later. Your tile stays in your hand."
    )
    assert s.players[0].jokers == 2 and s.cover[p] == FREE


def test_a_tile_that_ends_on_its_own_pawn_is_refused_in_words() -> None:
    """Its squares are on the board, side by side and of the tile's colours, but its far half
    goes back onto the square the pawn stands on: no particular reason fits, the general words
    answer."""
    s = fresh()
    p = s.pawns[0]
    give_for(s, 0, p + 1, p)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 0, Place(0, p + 1, p))
    assert str(refused.value) == (
        "That placement is not possible on the board as it is now. Your tile stays in your hand."
    )


def test_square_zero_is_on_the_board_and_minus_one_is_not() -> None:
    s = fresh()
    s.cover[0] = COVERED
    s.pawns[0] = 1
    s.board_changed()
    give_for(s, 0, 0, W)
    keep = " That place may have been taken a moment ago. Your tile stays in your hand."
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 0, Place(0, 0, W))
    assert str(refused.value) == "Square 0 is already covered by a tile or a joker." + keep
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 0, Place(0, -1, 0))
    assert str(refused.value) == "Square -1 is not a square of the board (0 to 323)." + keep


def test_a_joker_on_a_covered_square_is_refused_in_words() -> None:
    s = fresh()
    p = s.pawns[0]
    s.cover[p + 1] = COVERED
    s.board_changed()
    give_for(s, 0, p + 2, p + 3)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 0, Place(0, p + 2, p + 3, (p + 1,)))
    assert str(refused.value) == (
        f"Joker square {p + 1} is already covered by a tile or a joker. "
        "Your tile stays in your hand."
    )


def test_a_tile_on_another_pawn_is_refused_in_words() -> None:
    s = fresh()
    p = s.pawns[0]
    s.pawns[1] = p + 2
    s.board_changed()
    give_for(s, 0, p + 1, p + 2)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 0, Place(0, p + 1, p + 2))
    assert str(refused.value) == (
        f"Square {p + 2} holds a pawn; no tile covers a pawn. That place may have been taken "
        "a moment ago. Your tile stays in your hand."
    )


def test_jokers_far_from_the_pawn_or_from_each_other_are_refused_in_words() -> None:
    s = fresh()
    p = s.pawns[0]
    give_for(s, 0, p + 3, p + 4)
    keep = " Your tile stays in your hand."
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 0, Place(0, p + 3, p + 4, (p + 2,)))
    assert str(refused.value) == (
        f"The joker on square {p + 2} must share a side with the pawn's square." + keep
    )
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 0, Place(0, p + 4, p + 5, (p + 1, p + 3)))
    assert str(refused.value) == (
        f"The joker on square {p + 3} must share a side with the previous joker." + keep
    )


def test_a_tile_away_from_the_pawn_or_split_in_two_is_refused_in_words() -> None:
    s = fresh()
    p = s.pawns[0]
    keep = " Your tile stays in your hand."
    give_for(s, 0, p + 2, p + 3)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 0, Place(0, p + 2, p + 3))
    assert str(refused.value) == (
        "The tile must share a side with pawn 0's square (a corner does not count); pawn 0 "
        f"is now on square {p}." + keep
    )
    give_for(s, 0, p + 3, p + 4)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 0, Place(0, p + 3, p + 4, (p + 1,)))
    assert str(refused.value) == (
        "The tile must share a side with the last joker (a corner does not count); pawn 0 "
        f"is now on square {p}." + keep
    )
    give_for(s, 0, p + 1, p + 3)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 0, Place(0, p + 1, p + 3))
    assert str(refused.value) == "A tile covers two squares that share a side." + keep


def test_placing_without_a_turned_tile_is_refused_in_words() -> None:
    """The tile placed is the one turned over ("scopre la tessera in cima al mazzo e controlla
    se può posizionare la tessera vicino a una pedina Ligretto")."""
    s = fresh()
    p = s.pawns[0]
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 0, Place(0, p + 1, p + 2))
    assert str(refused.value) == "You hold no turned tile: turn one over first."


def test_no_such_pawn_and_three_jokers_are_refused_in_words() -> None:
    """Four pawns on the board [D-5]; at most two jokers, one after the other from the pawn
    [D-8]."""
    s = fresh()
    p = s.pawns[0]
    give_for(s, 0, p + 4, p + 5)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 0, Place(4, p + 1, p + 2))
    assert str(refused.value) == "There is no pawn 4; pawns are 0 to 3."
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 0, Place(0, p + 4, p + 5, (p + 1, p + 2, p + 3)))
    assert str(refused.value) == "Use at most two jokers, listed in order from the pawn."
