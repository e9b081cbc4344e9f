"""A Ligretto match as text, for `ludoteca play`: the board as a grid, the players, what the
game waits for, and one line per action."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.engine.actions import Action
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
from ludoteca.games.ligretto.state import FREE, JOKER, Ending, Phase, key_covering, key_owner

FRAME_MARKS = "|‖:."  # single, double, dashed, dotted
ENDINGS = {
    Ending.LIGRETTO: "Ligretto stop!",
    Ending.STUCK: "nobody could place any more",
    Ending.HOST: "ended by the host",
    Ending.STALLED: "stalled, ended by itself",
}


def _tile_text(view: Mapping[str, Any], tile: int) -> str:
    a, b = view["tiles"][tile]
    return f"{data.COLOURS[a][1]}{data.COLOURS[b][1]} ({data.COLOURS[a][0]}-{data.COLOURS[b][0]})"


def _letters(view: Mapping[str, Any], tile: int) -> str:
    """A tile's two colour letters, "RY"."""
    return _tile_text(view, tile).split()[0]


def _partner_arrow(view: Mapping[str, Any], cell: int) -> str:
    """Where the other square of the tile on `cell` lies, so two tiles side by side read
    apart: a tile's two squares carry the same owner and point at each other."""
    cover, width = view["cover"], view["width"]
    r, c = divmod(cell, width)
    for arrow, (rr, cc) in (("<", (r, c - 1)), (">", (r, c + 1)), ("^", (r - 1, c)),
                            ("v", (r + 1, c))):
        if 0 <= rr < view["height"] and 0 <= cc < width and cover[rr * width + cc] == cover[cell]:
            return arrow
    return " "


def _square_text(view: Mapping[str, Any], cell: int, pawn_at: Mapping[int, int]) -> str:
    cover = view["cover"][cell]
    if cover == FREE:
        text = str(view["squares"][cell]).lower() + " "
    elif key_covering(cover) == JOKER:
        text = "*" + FRAME_MARKS[key_owner(cover)]
    else:
        text = str(view["squares"][cell]) + FRAME_MARKS[key_owner(cover)]
    if cell in pawn_at:
        text = f"@{pawn_at[cell]}"
    if cover == FREE or key_covering(cover) == JOKER:
        return text + " "
    return text + _partner_arrow(view, cell)


def _legend(view: Mapping[str, Any]) -> str:
    names = {name: (letter, glyph) for name, letter, glyph in data.COLOURS}
    colours = ", ".join(
        f"{names[n][0].lower()} {n} {names[n][1]}" for n in view["colours"]
    )
    marks = FRAME_MARKS[: len(view["players"])]
    return (
        f"free squares: {colours}\nUPPER CASE: a tile, its owner's mark ({marks}) and an arrow to "
        "its other square; * a joker; @n pawn n"
    )


def _asked(view: Mapping[str, Any]) -> str:
    """What the game waits for now."""
    phase, pending = view["phase"], view["pending"]
    if phase == Phase.PLAY:
        text = "Everybody plays at once: turn a tile over, then place it or discard it."
        if view["host_may_end"]:
            text += f" The round has stalled: the host (seat {view['host']}) may end it."
        return text
    if phase == Phase.PAWNS:
        return (
            f"Before round {view['round']}: the host (seat {view['host']}) puts pawn "
            f"{len(view['pawns'])} on the board."
        )
    if phase == Phase.SET_ASIDE:
        return f"Waiting for seat(s) {pending} to choose tiles to set aside (nothing or 2)."
    if phase == Phase.TAKE_BACK:
        return f"Every individual board holds tiles: seat(s) {pending} take 2 back into play."
    if phase == Phase.OVER:
        scores = [p["score"] for p in view["players"]]
        best = max(scores)
        winners = [s for s, score in enumerate(scores) if score == best]
        return f"The match is over: seat(s) {winners} win with {best} points."
    return ""


def render(view: Mapping[str, Any]) -> str:
    """The board as a grid: a free square is its colour letter in lower case, a placed tile's
    square its letter in upper case followed by its owner's frame mark and an arrow to the
    tile's other square, a joker `*`, a pawn `@` with its number."""
    width = view["width"]
    pawn_at = {cell: n for n, cell in enumerate(view["pawns"])}
    lines = [f"Round {view['round']}/{view['rounds']}. {_asked(view)}", _legend(view)]
    lines.append("    " + "".join(f"{c:<4}" for c in range(width)))
    for r in range(view["height"]):
        row = "".join(_square_text(view, r * width + c, pawn_at) + " " for c in range(width))
        lines.append(f"{r * width:>3} " + row.rstrip())
    for s, p in enumerate(view["players"]):
        mark = " (you)" if s == view.get("seat") else ""
        host = " host" if s == view["host"] else ""
        duties = f"; owes a restart of pawn(s) {p['duties']}" if p["duties"] else ""
        top = f" (top {_letters(view, p['pile_top'])})" if p["pile_top"] is not None else ""
        turned = f", turned {_letters(view, p['turned'])}" if p["turned"] is not None else ""
        lines.append(
            f"seat {s}{mark}{host} [{FRAME_MARKS[s]} {p['frame']}]: {p['score']} pts, "
            f"stack {p['stack']}, pile {p['pile']}{top}{turned}, placed {p['placed']}, "
            f"jokers {p['jokers']}, individual board {len(p['individual_board'])}{duties}"
        )
    if view.get("hand") is not None:
        lines.append(f"your turned tile: {_tile_text(view, view['hand'])}")
    if view.get("pile"):
        tops = " ".join(_letters(view, t) for t in view["pile"])
        lines.append(f"your pile (top last): {tops}")
    seat = view.get("seat")
    if view["phase"] in (Phase.SET_ASIDE, Phase.TAKE_BACK) and seat is not None:
        aside = view["players"][seat]["individual_board"]
        numbered = " ".join(
            f"{t}:{_letters(view, t)}" for t in range(len(view["tiles"]))
        )
        lines.append(f"your tiles by number: {numbered}; on your individual board: {aside}")
    stuck = [n for n, s in enumerate(view.get("stuck", [])) if s]
    if stuck:
        lines.append(f"pawns in a dead end: {stuck}")
    if view.get("open_restarts"):
        lines.append(f"anybody may restart pawn(s) {view['open_restarts']}")
    if view["phase"] != Phase.PLAY and view["history"]:
        last = view["history"][-1]
        lines.append(
            f"round {last['round']} ended ({ENDINGS.get(last['ending'], last['ending'])}): "
            f"winners {last['winners']}, points {last['points']}, "
            f"tiles left {last['tiles_left']}"
        )
    return "\n".join(lines)


def describe_action(action: Action) -> str:
    if isinstance(action, TurnOver):
        return "turn over the top tile of your stack"
    if isinstance(action, Discard):
        return "discard the turned tile onto your pile"
    if isinstance(action, Place):
        jokers = ""
        if action.jokers:
            jokers = f" after joker(s) on {', '.join(map(str, action.jokers))},"
        return (
            f"pawn {action.pawn}:{jokers} tile on squares {action.near}+{action.far}, "
            f"pawn to {action.far}"
        )
    if isinstance(action, Restart):
        return (
            f"restart: tile on squares {action.onto}+{action.other}, "
            f"stuck pawn {action.pawn} to {action.onto}"
        )
    if isinstance(action, PlacePawn):
        return f"put the next pawn on square {action.square}"
    if isinstance(action, EndRound):
        return "end the stalled round (host)"
    if isinstance(action, SetAside):
        return f"set aside tiles {list(action.tiles)}" if action.tiles else "set nothing aside"
    if isinstance(action, TakeBack):
        return f"take back tiles {list(action.tiles)}"
    return str(action)
