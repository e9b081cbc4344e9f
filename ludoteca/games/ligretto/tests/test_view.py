"""What each seat sees and what it may not know."""

from __future__ import annotations

from ludoteca.engine.codec import encode
from ludoteca.engine.rng import Rng
from ludoteca.games.ligretto import GAME, data
from ludoteca.games.ligretto.actions import Discard, TurnOver
from ludoteca.games.ligretto.rules.rounds import end_round
from ludoteca.games.ligretto.state import Ending, LigrettoState
from ludoteca.games.ligretto.tests.helpers import fresh, held


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


def test_a_seat_view_field_by_field() -> None:
    s = turned_and_discarded(2)  # seat 1: two tiles on its pile, one turned over
    me = s.players[1]
    view = GAME.view(s, 1)
    board = {key: view[key] for key in ("round", "rounds", "phase", "colours", "width", "height")}
    assert board == {"round": 1, "rounds": 2, "phase": "play",
                     "colours": ["red", "yellow", "green", "blue", "purple"],
                     "width": 18, "height": 18}
    assert view["squares"] == "".join("RYGBP"[c] for c in s.layout.colours)
    assert view["cover"] == [-1] * 18 * 18 and view["pawns"] == list(s.layout.starts)
    assert view["stuck"] == [False] * 4 and view["open_restarts"] == []
    assert (view["host"], view["host_may_end"], view["pending"]) == (0, False, [])
    assert view["history"] == [] and view["tiles"] == [list(t) for t in s.tiles()]
    assert view["seat"] == 1 and view["hand"] == me.hand and view["pile"] == me.pile
    assert view["stack_tiles"] == sorted(me.stack) and len(me.stack) == 12
    assert view["players"][1] == {
        "frame": "double", "score": 0, "stack": 12, "pile": 2, "holds_tile": True,
        "turned": me.hand, "pile_top": me.pile[-1], "stall_turns": 3, "placed": 0,
        "jokers": 2, "duties": [], "individual_board": [],
    }
    assert view["players"][0] == {
        "frame": "single", "score": 0, "stack": 15, "pile": 0, "holds_tile": False,
        "turned": None, "pile_top": None, "stall_turns": 0, "placed": 0,
        "jokers": 2, "duties": [], "individual_board": [],
    }
    assert [p["frame"] for p in GAME.view(s, None)["players"]] == ["single", "double", "dashed"]
    assert GAME.view(s, 0)["hand"] is None  # seat 0 has turned no tile over


def test_between_rounds_nobody_is_stuck_and_the_history_is_shown() -> None:
    s = fresh(players=3)
    s.players[0].placed = 1
    held(s, [13, 12, 14])
    end_round(s, Ending.HOST)
    view = GAME.view(s, 2)
    assert view["phase"] == "set_aside" and view["pending"] == [2]
    assert view["stuck"] == [] and view["open_restarts"] == []
    assert view["history"] == [encode(s.history[0])]
    assert view["players"][0]["score"] == 2 and view["players"][1]["score"] == 1


def test_hidden_is_every_stack_s_order_and_the_other_piles_under_their_tops() -> None:
    s = turned_and_discarded(3)
    pile, stacks = s.players[1].pile, [list(p.stack) for p in s.players]
    assert GAME.hidden(s, 1) == {
        "0": {"stack": stacks[0], "under_the_top": []},
        "1": {"stack": stacks[1]},
        "2": {"stack": stacks[2], "under_the_top": []},
    }
    assert GAME.hidden(s, 0)["1"] == {"stack": stacks[1], "under_the_top": pile[:-1]}
    assert GAME.hidden(s, None)["1"] == {"stack": stacks[1], "under_the_top": pile[:-1]}


def test_determinize_shuffles_ones_own_stack_and_keeps_the_board() -> None:
    s = turned_and_discarded(2)
    mine = s.players[1]
    orders = {tuple(GAME.determinize(s, 1, Rng(n)).players[1].stack) for n in range(10)}
    assert len(orders) > 1 and all(sorted(o) == sorted(mine.stack) for o in orders)
    copy = GAME.determinize(s, 1, Rng(0))
    assert copy.players[1].pile == mine.pile and copy.players[1].hand == mine.hand
    assert copy.cache is s.cache and copy.cover == s.cover
