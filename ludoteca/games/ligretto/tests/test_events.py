"""What every player is told of each action: the events of a placement (jokers included), a dead
end, a restart, the host's pawns and the rounds' ends, field by field. Every Ligretto event is
public [D-15]."""

from __future__ import annotations

from typing import Any

from ludoteca.engine.codec import encode
from ludoteca.engine.events import Event
from ludoteca.games.ligretto import GAME
from ludoteca.games.ligretto.actions import Place, PlacePawn, Restart, SetAside
from ludoteca.games.ligretto.rules.rounds import end_round, round_over
from ludoteca.games.ligretto.state import Ending, Phase
from ludoteca.games.ligretto.tests.helpers import W, fresh, give_for, held
from ludoteca.games.ligretto.tests.test_restart import dead_end_board


def told(events: list[Event]) -> list[tuple[str, dict[str, Any]]]:
    assert all(event.visible_to is None for event in events)
    return [(event.kind, dict(event.data)) for event in events]


def test_a_placement_with_a_joker_tells_the_tile_its_squares_and_the_jokers() -> None:
    s = fresh(players=2)
    p = s.pawns[0]
    tile = give_for(s, 1, p + 2, p + 3)
    events = GAME.apply(s, 1, Place(0, p + 2, p + 3, (p + 1,)))
    assert told(events) == [
        ("placed", {"seat": 1, "pawn": 0, "tile": tile, "colours": s.tile_colours(tile),
                    "squares": [p + 2, p + 3], "jokers": [p + 1]}),
    ]


def test_a_dead_end_and_its_restart_are_told() -> None:
    s = dead_end_board()
    tile = give_for(s, 1, 41, 42)
    placed, dead_end = told(GAME.apply(s, 1, Place(0, 41, 42)))
    assert placed[0] == "placed" and placed[1]["jokers"] == []
    assert dead_end == ("dead_end", {"seat": 1, "pawns": [0]})
    tile = give_for(s, 1, 8 * W + 8, 8 * W + 9)
    assert told(GAME.apply(s, 1, Restart(0, 8 * W + 9, 8 * W + 8))) == [
        ("restarted", {"seat": 1, "pawn": 0, "tile": tile, "colours": s.tile_colours(tile),
                       "squares": [8 * W + 9, 8 * W + 8]}),
    ]


def test_the_host_is_asked_for_pawns_and_each_pawn_placed_is_told() -> None:
    s = fresh(players=3, pawns="host")
    # nobody placed a tile: all are winners [D-14] and nobody sets tiles aside
    assert told(round_over(s, Ending.HOST))[-1] == ("pawns_wanted", {"round": 2, "host": 0})
    squares = [1, W, 100, 200]
    for pawn, square in enumerate(squares[:3]):
        assert told(GAME.apply(s, 0, PlacePawn(square))) == [
            ("pawn_placed", {"seat": 0, "pawn": pawn, "square": square})
        ]
    assert told(GAME.apply(s, 0, PlacePawn(200))) == [
        ("pawn_placed", {"seat": 0, "pawn": 3, "square": 200}),
        ("round_started", {"round": 2, "pawns": squares}),
    ]


def test_choices_between_rounds_and_the_next_round_are_told() -> None:
    s = fresh(players=3)
    held(s, [13, 12, 14])
    s.players[0].placed = 2  # seat 0 wins, seat 1 holds the fewest tiles, seat 2 scores nothing
    end_round(s, Ending.HOST)
    assert GAME.phase(s) is Phase.SET_ASIDE and s.pending == [2]
    events = GAME.apply(s, 2, SetAside((0, 4)))
    assert told(events)[0] == ("set_aside", {"seat": 2, "tiles": [0, 4]})
    assert told(events)[-1] == ("round_started", {"round": 2, "pawns": list(s.pawns)})
    assert s.phase is Phase.PLAY


def test_the_round_s_end_is_told_with_its_record_and_the_last_ends_the_match() -> None:
    s = fresh(players=2, rounds=1)
    s.players[1].placed = 1  # seat 1 wins; with 2 players only the winner scores
    events = told(round_over(s, Ending.HOST))
    assert events[0] == ("round_over", encode(s.history[0]))
    assert events[0][1]["winners"] == [1] and events[0][1]["points"] == [0, 2]
    # The last round ends the match at once: nobody sets tiles aside after it [D-11].
    assert events[1:] == [("match_over", {"scores": [0, 2]})]
    assert GAME.is_over(s) and not GAME.legal_actions(s, 0)
