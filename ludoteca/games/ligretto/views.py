"""What each seat sees, what it may not know, the text board, and the match's statistics.

Secrets [decided here]: the board, pawns, scores, individual boards and everybody's counts are
public. A player's turned tile and the contents of their pile are theirs alone (others see only
the counts). The order of a stack is unknown to everybody, its owner included: it lies face
down, and a pile turned over into a stack counts as unknown too (nobody memorises it in real
time). The owner does know what their stack holds (their tiles minus the ones they can see), so
their view lists it sorted.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.engine.rng import Rng
from ludoteca.games.ligretto import data, rounds
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
from ludoteca.games.ligretto.placement import fits, open_duties
from ludoteca.games.ligretto.state import (
    ASIDE,
    FREE,
    JOKER,
    NO_TILE,
    OVER,
    PAWNS,
    PLAY,
    TAKE_BACK,
    LigrettoState,
)


def colour_names(tile: tuple[int, int]) -> list[str]:
    """A tile's two colours by name, for events and screens."""
    return [data.COLOURS[c][0] for c in tile]


def view(state: LigrettoState, seat: int | None) -> dict[str, Any]:
    layout = state.layout
    tiles = state.tiles()
    out: dict[str, Any] = {
        "round": state.round,
        "rounds": state.rounds,
        "phase": state.phase,
        "colours": [data.COLOURS[c][0] for c in range(state.colours)],
        "width": layout.width,
        "height": layout.height,
        "squares": "".join(data.LETTERS[c] for c in layout.colours),
        "cover": list(state.cover),  # FREE, or seat * 32 + tile (JOKER for a joker)
        "pawns": list(state.pawns),
        "stuck": list(fits(state).stuck) if state.phase == PLAY else [],
        "open_restarts": open_duties(state) if state.phase == PLAY else [],
        "host": data.HOST_SEAT,
        "host_may_end": rounds.host_may_end(state),
        "pending": list(state.pending),
        "history": [dict(h) for h in state.history],
        "tiles": [list(t) for t in tiles],
        "players": [
            {
                "frame": data.FRAMES[s],
                "score": p.score,
                "stack": len(p.stack),
                "pile": len(p.pile),
                "holds_tile": p.hand != NO_TILE,
                "placed": p.placed,
                "jokers": p.jokers,
                "duties": list(p.duties),
                "individual_board": list(p.aside),
            }
            for s, p in enumerate(state.players)
        ],
        "seat": seat,
    }
    if seat is not None and 0 <= seat < len(state.players):
        me = state.players[seat]
        out["hand"] = None if me.hand == NO_TILE else me.hand
        out["pile"] = list(me.pile)  # bottom first; the owner laid it face up
        out["stack_tiles"] = sorted(me.stack)
    return out


def hidden(state: LigrettoState, seat: int | None) -> Any:
    """The stack orders, and the other players' turned tiles and piles."""
    out: dict[str, Any] = {}
    for s, p in enumerate(state.players):
        if s == seat:
            out[str(s)] = {"stack": list(p.stack)}
        else:
            out[str(s)] = {"stack": list(p.stack), "pile": list(p.pile), "hand": p.hand}
    return out


def determinize(state: LigrettoState, seat: int | None, rng: Rng) -> LigrettoState:
    """Stacks reshuffled; another player's tiles in hand (stack, pile, turned tile) dealt
    again at random into the same counts; and the generator reseeded, since how the next
    rounds will be shuffled is known to nobody."""
    copy = state.clone()
    copy.rng = rng.fork()
    for s, p in enumerate(copy.players):
        if s == seat:
            rng.shuffle(p.stack)
            continue
        pool = p.holding()
        rng.shuffle(pool)
        n_stack, n_pile = len(p.stack), len(p.pile)
        p.stack, p.pile = pool[:n_stack], pool[n_stack:n_stack + n_pile]
        if p.hand != NO_TILE:
            p.hand = pool[-1]
    copy.cache = state.cache  # the board is unchanged
    return copy


def result_details(state: LigrettoState) -> dict[str, Any]:
    """The per-round breakdown and what a balance report needs."""
    history = state.history
    turned = sum(sum(h["turned"]) for h in history)
    fit_sum = sum(sum(h["fits"]) for h in history)
    return {
        "colours": state.colours,
        "rounds_played": len(history),
        "rounds": [dict(h) for h in history],
        "round_winners": [h["winners"] for h in history],
        "tiles_left": [h["tiles_left"] for h in history],
        "jokers_used": [h["jokers_used"] for h in history],
        "stuck_rounds": sum(1 for h in history if h["ending"] == rounds.STUCK),
        "endings": {
            e: sum(1 for h in history if h["ending"] == e)
            for e in (rounds.LIGRETTO, rounds.STUCK, rounds.HOST, rounds.STALLED)
        },
        "fits_per_turned_tile": fit_sum / turned if turned else 0.0,
        "individual_boards": [list(p.aside) for p in state.players],
        "scores": [p.score for p in state.players],
    }


# --- text --------------------------------------------------------------------------------
FRAME_MARKS = "|‖:."  # single, double, dashed, dotted


def _tile_text(view: Mapping[str, Any], tile: int) -> str:
    a, b = view["tiles"][tile]
    return f"{data.COLOURS[a][1]}{data.COLOURS[b][1]} ({data.COLOURS[a][0]}-{data.COLOURS[b][0]})"


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
    elif cover % 32 == JOKER:
        text = "*" + FRAME_MARKS[cover // 32]
    else:
        text = str(view["squares"][cell]) + FRAME_MARKS[cover // 32]
    if cell in pawn_at:
        text = f"@{pawn_at[cell]}"
    if cover == FREE or cover % 32 == JOKER:
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
    if phase == PLAY:
        text = "Everybody plays at once: turn a tile over, then place it or discard it."
        if view["host_may_end"]:
            text += f" The round has stalled: the host (seat {view['host']}) may end it."
        return text
    if phase == PAWNS:
        return (
            f"Before round {view['round']}: the host (seat {view['host']}) puts pawn "
            f"{len(view['pawns'])} on the board."
        )
    if phase == ASIDE:
        return f"Waiting for seat(s) {pending} to choose tiles to set aside (nothing or 2)."
    if phase == TAKE_BACK:
        return f"Every individual board holds tiles: seat(s) {pending} take 2 back into play."
    if phase == OVER:
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
        holding = " + 1 turned" if p["holds_tile"] else ""
        lines.append(
            f"seat {s}{mark}{host} [{FRAME_MARKS[s]} {p['frame']}]: {p['score']} pts, "
            f"stack {p['stack']}, pile {p['pile']}{holding}, placed {p['placed']}, "
            f"jokers {p['jokers']}, individual board {len(p['individual_board'])}{duties}"
        )
    if view.get("hand") is not None:
        lines.append(f"your turned tile: {_tile_text(view, view['hand'])}")
    if view.get("pile"):
        tops = " ".join(_tile_text(view, t).split()[0] for t in view["pile"])
        lines.append(f"your pile (top last): {tops}")
    seat = view.get("seat")
    if view["phase"] in (ASIDE, TAKE_BACK) and seat is not None:
        aside = view["players"][seat]["individual_board"]
        numbered = " ".join(
            f"{t}:{_tile_text(view, t).split()[0]}" for t in range(len(view["tiles"]))
        )
        lines.append(f"your tiles by number: {numbered}; on your individual board: {aside}")
    stuck = [n for n, s in enumerate(view.get("stuck", [])) if s]
    if stuck:
        lines.append(f"pawns in a dead end: {stuck}")
    if view.get("open_restarts"):
        lines.append(f"anybody may restart pawn(s) {view['open_restarts']}")
    if view["phase"] != PLAY and view["history"]:
        last = view["history"][-1]
        lines.append(
            f"round {last['round']} ended ({ENDINGS.get(last['ending'], last['ending'])}): "
            f"winners {last['winners']}, points {last['points']}, "
            f"tiles left {last['tiles_left']}"
        )
    return "\n".join(lines)


ENDINGS = {
    rounds.LIGRETTO: "Ligretto stop!",
    rounds.STUCK: "nobody could place any more",
    rounds.HOST: "ended by the host",
    rounds.STALLED: "stalled, ended by itself",
}


def describe_action(action: Any) -> str:
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
