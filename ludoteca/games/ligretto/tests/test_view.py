"""What each seat sees and what it may not know."""

from __future__ import annotations

from ludoteca.engine.rng import Rng
from ludoteca.games.ligretto import GAME, data
from ludoteca.games.ligretto.actions import Discard, TurnOver
from ludoteca.games.ligretto.state import LigrettoState
from ludoteca.games.ligretto.tests.helpers import fresh


def turned_and_discarded(times: int) -> LigrettoState:
    """Seat 1 turns over and discards `times` tiles, then turns one more over."""
    s = fresh(players=3)
    for _ in range(times):
        GAME.apply(s, 1, TurnOver())
        GAME.apply(s, 1, Discard())
    GAME.apply(s, 1, TurnOver())
    return s


def test_turned_tiles_and_pile_tops_are_public_d15() -> None:
    """[D-15] Every player's turned tile and the top of their discard pile lie face up: "scopre
    la tessera in cima al mazzo ... posa la tessera scoperta davanti a sé"."""
    s = fresh(players=3)
    turned = GAME.apply(s, 1, TurnOver())
    tile = s.players[1].hand
    words = data.colour_names(s.tiles()[tile])
    assert [(e.kind, e.data, e.visible_to) for e in turned] == [
        ("turned", {"seat": 1, "tile": tile, "colours": words}, None)
    ]
    for seat in (0, 2, None):
        assert GAME.view(s, seat)["players"][1]["turned"] == tile
    discarded = GAME.apply(s, 1, Discard())
    assert [(e.kind, e.data, e.visible_to) for e in discarded] == [
        ("discarded", {"seat": 1, "tile": tile, "colours": words}, None)
    ]
    theirs = GAME.view(s, 0)["players"][1]
    assert theirs["pile_top"] == tile and theirs["turned"] is None and theirs["pile"] == 1
    letters = "".join(data.COLOURS[c][1] for c in s.tiles()[tile])
    assert f"pile 1 (top {letters})" in GAME.render(GAME.view(s, 2))


def test_views_keep_piles_under_the_top_and_stack_orders_secret() -> None:
    s = turned_and_discarded(3)
    mine, theirs = GAME.view(s, 1), GAME.view(s, 0)
    assert mine["hand"] == s.players[1].hand and mine["pile"] == s.players[1].pile
    assert mine["stack_tiles"] == sorted(s.players[1].stack)  # contents, not order
    assert "hand" not in GAME.view(s, None) and theirs["pile"] == []  # seat 0's own
    assert theirs["players"][1] == mine["players"][1]
    assert theirs["players"][1]["pile"] == 3
    variant = GAME.determinize(s, 0, Rng(3))
    assert GAME.view(variant, 0) == theirs


def test_determinize_keeps_what_lies_face_up_d15() -> None:
    s = turned_and_discarded(4)
    seen = s.players[1]
    for n in range(20):
        other = GAME.determinize(s, 0, Rng(n)).players[1]
        assert other.hand == seen.hand and other.pile[-1] == seen.pile[-1]
        assert sorted(other.stack + other.pile) == sorted(seen.stack + seen.pile)
    assert len({tuple(GAME.determinize(s, 0, Rng(n)).players[1].pile) for n in range(20)}) > 1


def test_determinize_does_not_foresee_the_next_shuffles() -> None:
    # The order of later rounds' stacks is chance to come: a bot's copy must not know it.
    state = GAME.setup(2, 5)
    copies = {GAME.determinize(state, 0, Rng(n)).rng.state for n in range(5)}
    assert state.rng.state not in copies and len(copies) == 5
