"""The text board and the menu lines."""

from __future__ import annotations

from ludoteca.games.ligretto import GAME, data
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
from ludoteca.games.ligretto.tests.helpers import (
    W,
    fresh,
    give_for,
)


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
