"""Ligretto's data, all in one place: colours, board layouts, tile sets, frames, bot timings.

The board colouring is frozen in board.json, written by `generate_board.py` [D-3]; another
layout can replace it without touching the rules.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

# --- colours [D-2] ----------------------------------------------------------------------------
# name, letter (board.json and the text board), glyph (so nobody depends on colour vision)
COLOURS: tuple[tuple[str, str, str], ...] = (
    ("red", "R", "♥"),
    ("yellow", "Y", "☀"),
    ("green", "G", "♣"),
    ("blue", "B", "♦"),
    ("purple", "P", "♠"),
    ("orange", "O", "★"),
)
LETTERS = "".join(letter for _, letter, _ in COLOURS)  # colour index -> letter


def colour_names(pair: tuple[int, int]) -> list[str]:
    """A tile's (or two squares') colours by name, for events and screens."""
    return [COLOURS[c][0] for c in pair]


COLOUR_PRESETS = (4, 5, 6)
DEFAULT_COLOURS = 5

# --- tiles [D-4]: every player has the same 15 tiles (colour index pairs) -------------------
_R, _Y, _G, _B, _P, _O = range(6)


def _all_pairs(k: int) -> list[tuple[int, int]]:
    return [(a, b) for a in range(k) for b in range(a + 1, k)]


TILE_SETS: dict[int, tuple[tuple[int, int], ...]] = {
    4: tuple(_all_pairs(4) * 2 + [(_R, _Y), (_G, _B), (_R, _G)]),
    5: tuple(_all_pairs(5) + [(_R, _Y), (_Y, _G), (_G, _B), (_B, _P), (_R, _P)]),
    6: tuple(_all_pairs(6)),
}


@cache
def tile_names(colours: int) -> tuple[tuple[str, ...], ...]:
    """Each tile's colours by name, per colour preset: every turn-over and placement says
    them."""
    return tuple(tuple(colour_names(pair)) for pair in TILE_SETS[colours])


TILES_PER_PLAYER = 15  # "Ciascun giocatore riceve 15 tessere con la stessa cornice"
JOKERS_PER_PLAYER = 2  # "e 2 tessere jolly"; given back at the start of every round [D-13]
PAWNS = 4  # "4 pedine Ligretto"
MIN_PLAYERS, MAX_PLAYERS = 2, 4  # "per 2-4 giocatori"
# The largest board: 3x3 pieces of 6x6 squares for 3-4 players [D-1]; squares are numbered
# row by row from 0.
MAX_SQUARES = 18 * 18
# one per seat, shown on the text board: "(singola, doppia, tratteggiata o a quadratini)"
FRAMES = ("single", "double", "dashed", "dotted")

# --- scoring -----------------------------------------------------------------------------------
WINNER_POINTS = 2  # "Il giocatore che ha posizionato tutte le tessere riceve un gettone da 2 punti"
FEWEST_POINTS = 1  # "Il giocatore con meno tessere in mano prende un gettone da 1 punto"
# tiles a scoreless player may lay on their individual board: "possono posare 2 delle loro
# tessere sulla propria plancia individuale"
SET_ASIDE = 2
# tiles everybody takes back when every individual board holds some: "ciascun giocatore
# riprende in mano 2 tessere dalla propria plancia"
TAKE_BACK = 2
DEFAULT_ROUNDS = 6  # "Per le prime partite si consiglia di giocare 6 round"
MAX_ROUNDS = 20  # our bound on the rounds of one match

# --- the host and stalled rounds ------------------------------------------------------------
# The seat that may end a stalled round and, with option pawns="host", places the pawns of
# rounds 2+ [D-5]. The spec also lets "the facilitator of a server match" end a stalled round;
# Ligretto has no facilitator seat, so the host plays that part.
HOST_SEAT = 0
# A round has stalled when every seat has gone through its whole stack since the last placement
# by anybody (it has turned over as many tiles as it holds): the host may then end it [D-16].
# When every seat has done so STALL_CYCLES times, the round ends by itself, as the host would
# end it: this keeps bot matches finite (a player may discard a tile that fits [D-6]). One
# player's turn-overs alone never end a round. A round that ends so is scored like any other
# (recorded as "stalled").
STALL_CYCLES = 3

# --- bots' reaction times, in seconds, by level ------------------------------------------------
# A person playing in the browser, step by step, as published studies time people:
# - the keystroke-level model (Card, Moran and Newell, "The keystroke-level model for user
#   performance time with interactive systems", Communications of the ACM 23(7), 1980): pointing
#   at a target with a mouse P = 1.1 s; a click or key press K = 0.28 s for an average
#   non-secretary typist, 0.12 s for a good typist (90 words a minute); mental preparation
#   M = 1.35 s before a step the person has not made routine (the model drops it inside a
#   practised chunk);
# - visual search (Wolfe, Palmer and Horowitz, "Reaction time distributions constrain models of
#   visual search", Vision Research 50(14), 2010): an inefficient search costs more than 25-30 ms
#   for every item looked at; an efficient one nearly nothing; saying "none" means looking at
#   every item, about twice the time of finding one (looking at half, on average).
# The items a player searches are the free square pairs beside the pawns: about six at each of
# the four pawns.
SOURCES = (
    "Card, Moran & Newell (1980), The keystroke-level model for user performance time with "
    "interactive systems, Communications of the ACM 23(7): P 1.1 s, K 0.28 s (0.12 s for a good "
    "typist), M 1.35 s",
    "Wolfe, Palmer & Horowitz (2010), Reaction time distributions constrain models of visual "
    "search, Vision Research 50(14): inefficient search over 25-30 ms an item; a target absent "
    "takes about twice as long as one present",
)
POINT, THINK = 1.1, 1.35  # P and M
SEARCH_ITEMS = 24  # free pairs beside the four pawns


@dataclass(frozen=True)
class Player:
    """How a person of one level plays: their click (K), whether they stop to think (M) before
    looking for a fit, and their search time for each pair looked at."""

    click: float
    thinks: bool
    per_item: float

    def times(self) -> dict[str, float]:
        """The mean seconds of each step: turning a tile over (point at the stack, click),
        spotting a fit (looking at half the pairs on average), placing it (point, click),
        giving up and discarding (looking at every pair, then point and click), a joker
        (point, click)."""
        move = POINT + self.click
        look = THINK if self.thinks else 0.0
        return {
            "turn": move,
            "spot": look + self.per_item * SEARCH_ITEMS / 2,
            "place": move,
            "give_up": look + self.per_item * SEARCH_ITEMS + move,
            "joker": move,
        }


# A newcomer thinks before each look and searches pair by pair, colour by colour (twice the
# inefficient 30 ms); a casual player thinks and searches at 30 ms; an expert has made the
# steps routine (no M), clicks like a good typist and searches nearly efficiently.
PLAYERS = {
    "beginner": Player(click=0.28, thinks=True, per_item=0.060),
    "casual": Player(click=0.28, thinks=True, per_item=0.030),
    "expert": Player(click=0.12, thinks=False, per_item=0.010),
}
# Means of a log-normal delay, by level and step.
REACTION_SECONDS: dict[str, dict[str, float]] = {
    level: player.times() for level, player in PLAYERS.items()
}
REACTION_SPREAD = 0.35  # sigma of the log-normal
BETWEEN_ROUNDS_SECONDS = 3.0  # choosing tiles to set aside or take back


@dataclass(frozen=True)
class Layout:
    """One board as the rules see it: cells numbered row by row, their colours, neighbours."""

    name: str
    width: int
    height: int
    colours: tuple[int, ...]  # colour index per cell
    neighbours: tuple[tuple[int, ...], ...]  # side-adjacent cells per cell
    starts: tuple[int, ...]  # the 4 marked pawn squares

    def cell(self, row: int, col: int) -> int:
        return row * self.width + col

    def row_col(self, cell: int) -> tuple[int, int]:
        return divmod(cell, self.width)


BOARD_FILE = Path(__file__).with_name("board.json")


@cache
def board_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(BOARD_FILE.read_text())
    return data


def layout_name(players: int) -> str:
    return "2" if players == 2 else "3-4"


@cache
def layout(players: int, colours: int) -> Layout:
    """The board for a player count and a colour preset [D-1] [D-3]."""
    data = board_data()
    name = layout_name(players)
    spec = data["layouts"][name]
    pieces = data["colourings"][str(colours)]
    size = int(data["piece_size"])
    rows: list[str] = []
    for piece_row in spec["pieces"]:
        for r in range(size):
            rows.append("".join(pieces[str(p)][r] for p in piece_row))
    width, height = len(rows[0]), len(rows)
    cell_colours = tuple(LETTERS.index(ch) for row in rows for ch in row)
    neighbours = []
    for cell in range(width * height):
        r, c = divmod(cell, width)
        around = [(r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)]
        neighbours.append(
            tuple(rr * width + cc for rr, cc in around if 0 <= rr < height and 0 <= cc < width)
        )
    starts = tuple(r * width + c for r, c in spec["starts"])
    return Layout(name, width, height, cell_colours, tuple(neighbours), starts)


def pair_key(a: int, b: int) -> int:
    """One number per unordered colour pair, so a tile fits squares when the keys match [D-7]."""
    return a * 8 + b if a < b else b * 8 + a


def pair_colours(key: int) -> tuple[int, int]:
    """The two colours of a `pair_key`, the lower index first."""
    low, high = divmod(key, 8)
    return low, high
