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
    Restart,
    SetAside,
    TakeBack,
    TurnOver,
)
from ludoteca.games.ligretto.placement import fits, open_duties
from ludoteca.games.ligretto.state import FREE, JOKER, NO_TILE, PLAY, LigrettoState


def view(state: LigrettoState, seat: int | None) -> dict[str, Any]:
    layout = state.layout
    letters = "".join(letter for _, letter, _ in data.COLOURS)
    tiles = state.tiles()
    out: dict[str, Any] = {
        "round": state.round,
        "rounds": state.rounds,
        "phase": state.phase,
        "colours": [data.COLOURS[c][0] for c in range(state.colours)],
        "width": layout.width,
        "height": layout.height,
        "squares": "".join(letters[c] for c in layout.colours),
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
    again at random into the same counts."""
    copy = state.clone()
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
    return str(data.COLOURS[a][1] + data.COLOURS[b][1])


def render(view: Mapping[str, Any]) -> str:
    """The board as a grid: a free square is its colour letter in lower case, a placed tile's
    square its letter in upper case followed by its owner's frame mark, a joker `*`, a pawn
    `@` with its number."""
    width, squares = view["width"], view["squares"]
    pawn_at = {cell: n for n, cell in enumerate(view["pawns"])}
    lines = [f"Round {view['round']}/{view['rounds']}  ({view['phase']})"]
    lines.append("    " + "".join(f"{c:<3}" for c in range(width)))
    for r in range(view["height"]):
        row = []
        for c in range(width):
            cell = r * width + c
            cover = view["cover"][cell]
            if cell in pawn_at:
                text = f"@{pawn_at[cell]}"
            elif cover == FREE:
                text = squares[cell].lower() + " "
            elif cover % 32 == JOKER:
                text = "*" + FRAME_MARKS[cover // 32]
            else:
                text = squares[cell] + FRAME_MARKS[cover // 32]
            row.append(text + " ")
        lines.append(f"{r * width:>3} " + "".join(row))
    for s, p in enumerate(view["players"]):
        mark = " (you)" if s == view.get("seat") else ""
        duties = f" owes restart of pawn(s) {p['duties']}" if p["duties"] else ""
        lines.append(
            f"seat {s}{mark} [{FRAME_MARKS[s]} {p['frame']}]: {p['score']} pts, "
            f"stack {p['stack']}, pile {p['pile']}, placed {p['placed']}, "
            f"jokers {p['jokers']}, individual board {len(p['individual_board'])}{duties}"
        )
    if view.get("hand") is not None:
        lines.append(f"your turned tile: {_tile_text(view, view['hand'])}")
    if view.get("pile"):
        lines.append(f"your pile (top last): {' '.join(_tile_text(view, t) for t in view['pile'])}")
    stuck = [n for n, s in enumerate(view.get("stuck", [])) if s]
    if stuck:
        lines.append(f"pawns in a dead end: {stuck}")
    if view["phase"] != PLAY and view["history"]:
        last = view["history"][-1]
        lines.append(
            f"round {last['round']} ended ({last['ending']}): winners {last['winners']}, "
            f"points {last['points']}, tiles left {last['tiles_left']}"
        )
    return "\n".join(lines)


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
    if isinstance(action, EndRound):
        return "end the stalled round (host)"
    if isinstance(action, SetAside):
        return f"set aside tiles {list(action.tiles)}" if action.tiles else "set nothing aside"
    if isinstance(action, TakeBack):
        return f"take back tiles {list(action.tiles)}"
    return str(action)
