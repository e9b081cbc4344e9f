"""Ligretto as numbers for learning agents: the board and every seat's tiles as the seat sees
them, and one index per action, placements counted from the pawn.

Observation (S = the board's squares, width x height, row by row; C = the colours; seats in
the order the seat sees them: itself first, then the others in seat order after it):

| segment | size | meaning |
|---|---|---|
| `square_colours` | S x C | each square's colour, one-hot |
| `covered` | S | a tile or a joker lies there |
| `jokers_on_board` | S | a joker lies there |
| `pawns` | 4 x S | each pawn's square, one-hot (all 0 before the pawn is down) |
| `stuck` | 4 | the pawn is in a dead end [D-9] |
| `open_restarts` | 4 | anybody may restart the pawn [D-9] |
| `phase` | 5 | pawns, play, set_aside, take_back, over |
| `round` | 2 | the round / the rounds, the rounds / 20 |
| `host` | 1 per seat | the host (who ends a stall, puts pawns down) |
| `host_may_end` | 1 | the host may end the stalled round now |
| `pending` | 1 per seat | still to choose between rounds |
| `tile_colours` | 15 x C | the colours of each tile number of a set |
| `my_turned` | 15 | this seat's turned tile, one-hot |
| `my_pile` | 15 | the tiles of this seat's pile |
| `my_pile_top` | 15 | the top of its pile, one-hot |
| `my_stack` | 15 | the tiles of its stack (their order is unknown to it too) |
| `my_board` | 15 | the tiles on its individual board |
| `seats` | 12 per seat | every seat's figures (below) |
| `seat_tiles` | 2C per seat | the colours of its turned tile and of its pile top |

A seat's figures: score / (3 x rounds), stack / 15, pile / 15, holds a turned tile, stall turns
/ 45, placed / 15, jokers / 2, individual board / 15, and one per pawn: owes its restart.

Actions (squares and pawns as in the game; a direction is one of north, west, east, south):

| range | size | action |
|---|---|---|
| `turn`, `discard`, `end_round` | 1 each | turn a tile over, discard it, (the host) end the round |
| `place` | 4 x 336 | per pawn, a path: the direction of each step (below) |
| `restart` | 4 x S x 4 | per pawn, the square it moves onto, the direction of the other |
| `place_pawn` | S | (the host) the next pawn on that square |
| `set_aside`, `take_back` | 121 each | nothing, one tile, or two tiles (by number) |

A placement's path goes from the pawn's square through its jokers to the tile's near and far
squares, one direction per step: 16 paths without a joker, 64 with one, 256 with two.
Every legal action has its own index: the space is not bounded.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.engine.learning import LearningSpec, many_hot, one_hot, scaled, seat_order, spec_of
from ludoteca.games.ligretto import data
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
from ludoteca.games.ligretto.options import LigrettoOptions
from ludoteca.games.ligretto.state import FREE, JOKER, Phase, key_covering

TILES = data.TILES_PER_PLAYER
PAWNS = data.PAWNS
PHASES = tuple(Phase)
DIRECTIONS = 4  # north, west, east, south
# Paths from a pawn with 0, 1 and 2 jokers: one direction per step (jokers, near, far).
PATHS: tuple[int, ...] = tuple(
    DIRECTIONS ** (jokers + 2) for jokers in range(data.JOKERS_PER_PLAYER + 1)
)
PATHS_PER_PAWN = sum(PATHS)
# Nothing, one tile or two, of a set: what a player sets aside or takes back [D-11].
TILE_CHOICES: tuple[tuple[int, ...], ...] = (
    (),
    *((t,) for t in range(TILES)),
    *combinations(range(TILES), 2),
)
CHOICE_INDEX = {choice: i for i, choice in enumerate(TILE_CHOICES)}
SEAT_FIGURES = 12
MAX_STALL_TURNS = TILES * data.STALL_CYCLES


def learning_spec(players: int, options: LigrettoOptions) -> LearningSpec:
    layout = data.layout(players, options.colours)
    squares = layout.width * layout.height
    c = options.colours
    return spec_of(
        players,
        options,
        [
            ("square_colours", squares * c, "each square's colour, one-hot"),
            ("covered", squares, "a tile or a joker covers the square"),
            ("jokers_on_board", squares, "a joker covers the square"),
            ("pawns", PAWNS * squares, "each pawn's square, one-hot"),
            ("stuck", PAWNS, "the pawn is in a dead end"),
            ("open_restarts", PAWNS, "anybody may restart the pawn"),
            ("phase", len(PHASES), "pawns, play, set_aside, take_back, over"),
            ("round", 2, "round / rounds, rounds / 20"),
            ("host", players, "the host, per seat from this one"),
            ("host_may_end", 1, "the host may end the stalled round"),
            ("pending", players, "still to choose between rounds, per seat from this one"),
            ("tile_colours", TILES * c, "each tile number's two colours"),
            ("my_turned", TILES, "this seat's turned tile"),
            ("my_pile", TILES, "the tiles of its pile"),
            ("my_pile_top", TILES, "the top of its pile"),
            ("my_stack", TILES, "the tiles of its stack"),
            ("my_board", TILES, "the tiles on its individual board"),
            ("seats", SEAT_FIGURES * players, "every seat's figures, from this one"),
            ("seat_tiles", 2 * c * players, "every seat's turned tile and pile top colours"),
        ],
        [
            ("turn", 1, "turn a tile over"),
            ("discard", 1, "discard the turned tile"),
            ("end_round", 1, "the host ends the stalled round"),
            ("place", PAWNS * PATHS_PER_PAWN, "per pawn, the path of jokers and tile"),
            ("restart", PAWNS * squares * DIRECTIONS, "per pawn, onto square, other direction"),
            ("place_pawn", squares, "the host puts the next pawn on the square"),
            ("set_aside", len(TILE_CHOICES), "nothing, one tile or two"),
            ("take_back", len(TILE_CHOICES), "nothing, one tile or two"),
        ],
    )


# --- observations ---------------------------------------------------------------------------------
def observe(view: Mapping[str, Any], seat: int, spec: LearningSpec) -> list[float]:
    colours = len(view["colours"])
    squares = view["width"] * view["height"]
    order = seat_order(seat, spec.players)
    cover = view["cover"]
    me = view["players"][seat]
    pile = view["pile"]
    return spec.pack(
        {
            "square_colours": _square_colours(view["squares"], colours),
            "covered": [float(what != FREE) for what in cover],
            "jokers_on_board": [
                float(what != FREE and key_covering(what) == JOKER) for what in cover
            ],
            "pawns": [x for pawn in range(PAWNS) for x in one_hot(_pawn(view, pawn), squares)],
            "stuck": [float(stuck) for stuck in view["stuck"]] or [0.0] * PAWNS,
            "open_restarts": many_hot(view["open_restarts"], PAWNS),
            "phase": one_hot(PHASES.index(Phase(view["phase"])), len(PHASES)),
            "round": [
                scaled(view["round"], view["rounds"]),
                scaled(view["rounds"], data.MAX_ROUNDS),
            ],
            "host": [float(s == view["host"]) for s in order],
            "host_may_end": [float(view["host_may_end"])],
            "pending": [float(s in view["pending"]) for s in order],
            "tile_colours": _tile_colours(tuple(map(tuple, view["tiles"])), colours),
            "my_turned": one_hot(view["hand"], TILES),
            "my_pile": many_hot(pile, TILES),
            "my_pile_top": one_hot(pile[-1] if pile else None, TILES),
            "my_stack": many_hot(view["stack_tiles"], TILES),
            "my_board": many_hot(me["individual_board"], TILES),
            "seats": [x for s in order for x in _seat_figures(view["players"][s], view)],
            "seat_tiles": [x for s in order for x in _seat_tiles(view["players"][s], view)],
        }
    )


@functools.cache
def _square_colours(squares: str, colours: int) -> list[float]:
    """The board's colours, one-hot per square (the same all match long: worked out once)."""
    return [x for letter in squares for x in one_hot(data.LETTERS.index(letter), colours)]


@functools.cache
def _tile_colours(tiles: tuple[tuple[int, ...], ...], colours: int) -> list[float]:
    return [x for pair in tiles for x in many_hot(pair, colours)]


def _pawn(view: Mapping[str, Any], pawn: int) -> int | None:
    pawns = view["pawns"]
    return pawns[pawn] if pawn < len(pawns) else None


def _seat_figures(player: Mapping[str, Any], view: Mapping[str, Any]) -> list[float]:
    return [
        scaled(player["score"], (data.WINNER_POINTS + data.FEWEST_POINTS) * view["rounds"]),
        scaled(player["stack"], TILES),
        scaled(player["pile"], TILES),
        float(player["holds_tile"]),
        scaled(player["stall_turns"], MAX_STALL_TURNS),
        scaled(player["placed"], TILES),
        scaled(player["jokers"], data.JOKERS_PER_PLAYER),
        scaled(len(player["individual_board"]), TILES),
        *many_hot(player["duties"], PAWNS),
    ]


def _seat_tiles(player: Mapping[str, Any], view: Mapping[str, Any]) -> list[float]:
    colours = len(view["colours"])
    out: list[float] = []
    for tile in (player["turned"], player["pile_top"]):
        out += [0.0] * colours if tile is None else many_hot(view["tiles"][tile], colours)
    return out


# --- actions --------------------------------------------------------------------------------------
def action_index(view: Mapping[str, Any], seat: int, action: Action, spec: LearningSpec) -> int:
    at = spec.action_offsets()
    if isinstance(action, TurnOver):
        return at["turn"]
    if isinstance(action, Discard):
        return at["discard"]
    if isinstance(action, EndRound):
        return at["end_round"]
    width: int = view["width"]
    squares: int = width * view["height"]
    if isinstance(action, Place):
        steps = [*action.jokers, action.near, action.far]
        path = _path_number(int(view["pawns"][action.pawn]), steps, width)
        return at["place"] + action.pawn * PATHS_PER_PAWN + path
    if isinstance(action, Restart):
        way = _direction(action.onto, action.other, width)
        return at["restart"] + (action.pawn * squares + action.onto) * DIRECTIONS + way
    if isinstance(action, PlacePawn):
        return at["place_pawn"] + action.square
    if isinstance(action, SetAside):
        return at["set_aside"] + CHOICE_INDEX[tuple(sorted(action.tiles))]
    if isinstance(action, TakeBack):
        return at["take_back"] + CHOICE_INDEX[tuple(sorted(action.tiles))]
    raise ValueError(f"not a Ligretto action: {action!r}")


def _direction(frm: int, to: int, width: int) -> int:
    """0 north, 1 west, 2 east, 3 south: `to` shares a side with `frm`."""
    step = to - frm
    if step == -width:
        return 0
    if step == -1:
        return 1
    if step == 1:
        return 2
    if step == width:
        return 3
    raise ValueError(f"squares {frm} and {to} do not share a side")


def _path_number(start: int, steps: Sequence[int], width: int) -> int:
    """The number of a path among those with as many jokers: its steps' directions as digits
    in base 4, after the paths with fewer jokers."""
    number: int = 0
    at = start
    for square in steps:
        number = number * DIRECTIONS + _direction(at, square, width)
        at = square
    return sum(PATHS[: len(steps) - 2]) + number
