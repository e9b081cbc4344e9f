"""What each seat sees of a Ligretto match, what it may not know, and determinize.

The board, pawns, scores, individual boards and everybody's counts are public. Every player's
turned tile and the top of their discard pile lie face up, so every seat sees them [D-15]
("posa la tessera scoperta davanti a sé"); the tiles under the top of a pile are their owner's
to remember (others see the count). The order of a stack is unknown to everybody, its owner
included: it lies face down, and a pile turned over into a stack counts as unknown too (nobody
memorises it in real time). The owner does know what their stack holds (their tiles minus the
ones they can see), so their view lists it sorted.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.codec import encode_record
from ludoteca.engine.rng import Rng
from ludoteca.games.ligretto import data
from ludoteca.games.ligretto.placement import fits, open_duties
from ludoteca.games.ligretto.rules.round_end import host_may_end
from ludoteca.games.ligretto.state import NO_TILE, LigrettoState, Phase


def seat_view(state: LigrettoState, seat: int | None) -> dict[str, Any]:
    layout = state.layout
    playing = state.phase is Phase.PLAY
    out: dict[str, Any] = {
        "round": state.round,
        "rounds": state.rounds,
        "phase": state.phase.value,
        "colours": [data.COLOURS[c][0] for c in range(state.colours)],
        "width": layout.width,
        "height": layout.height,
        "squares": "".join(data.LETTERS[c] for c in layout.colours),
        "cover": list(state.cover),  # FREE, or a square key (state.square_key)
        "pawns": list(state.pawns),
        "stuck": list(fits(state).stuck) if playing else [],
        # Restarts are owed only while a round runs (invariants.py), so none show between rounds.
        "open_restarts": open_duties(state),
        "host": data.HOST_SEAT,
        "host_may_end": host_may_end(state),
        "pending": list(state.pending),
        "history": [encode_record(h) for h in state.history],
        "tiles": [list(t) for t in state.tiles()],
        "players": [
            {
                "frame": data.FRAMES[s],
                "score": p.score,
                "stack": len(p.stack),
                "pile": len(p.pile),
                "holds_tile": p.hand != NO_TILE,
                "turned": None if p.hand == NO_TILE else p.hand,  # face up [D-15]
                "pile_top": p.pile[-1] if p.pile else None,  # face up [D-15]
                "stall_turns": state.stall_turns[s],  # since the last placement [D-16]
                "placed": p.placed,
                "jokers": p.jokers,
                "duties": list(p.duties),
                "individual_board": list(p.aside),
            }
            for s, p in enumerate(state.players)
        ],
        "seat": seat,
    }
    if seat is not None:
        me = state.players[seat]
        out["hand"] = None if me.hand == NO_TILE else me.hand
        out["pile"] = list(me.pile)  # bottom first; the owner laid it face up
        out["stack_tiles"] = sorted(me.stack)
    return out


def hidden(state: LigrettoState, seat: int | None) -> Any:
    """The stack orders, and what lies under the top of the other players' piles [D-15]."""
    out: dict[str, Any] = {}
    for s, p in enumerate(state.players):
        if s == seat:
            out[str(s)] = {"stack": list(p.stack)}
        else:
            out[str(s)] = {"stack": list(p.stack), "under_the_top": p.pile[:-1]}
    return out


def determinize(state: LigrettoState, seat: int | None, rng: Rng) -> LigrettoState:
    """Stacks reshuffled; another player's unseen tiles (its stack, its pile under the top)
    dealt again at random into the same counts, its turned tile and pile top kept, as they lie
    face up [D-15]; and the generator reseeded, since how the next rounds will be shuffled is
    known to nobody."""
    copy = state.clone()
    copy.rng = rng.fork()
    for s, p in enumerate(copy.players):
        if s == seat:
            rng.shuffle(p.stack)
            continue
        top = p.pile[-1:]
        pool = p.stack + p.pile[:-1]
        rng.shuffle(pool)
        n_stack = len(p.stack)
        p.stack, p.pile = pool[:n_stack], pool[n_stack:] + top
    copy.cache = state.cache  # the board is unchanged
    return copy
