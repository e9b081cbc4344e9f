"""What a seat may see: everything but the bag's order and festival declarations that are
not revealed yet (a player sees their own)."""

from __future__ import annotations

from typing import Any

from ludoteca.games.castell.data import REGIONS, ROUNDS, SIZES, local_tile
from ludoteca.games.castell.festivals import suggestion
from ludoteca.games.castell.scoring import categories
from ludoteca.games.castell.state import FESTIVAL, TURN, CastellState
from ludoteca.games.castell.wheel import wheel_view


def view(state: CastellState, seat: int | None) -> dict[str, Any]:
    return {
        "seat": seat,
        "round": state.round,
        "rounds": ROUNDS,
        "phase": state.phase,
        "first": state.first,
        "current": state.current if state.phase == TURN else None,
        "used": list(state.used) if state.phase == TURN else [],
        "free_special": state.free_special,
        "wheel": wheel_view(state),
        "advanced": state.advanced,
        "regions": {r: list(state.regions[r]) for r in REGIONS},
        "rows": {r: [local_tile(t) for t in state.rows[r]] for r in REGIONS},
        "row_tokens": {r: list(state.row_tokens[r]) for r in REGIONS},
        "calendar": [f.to_json() for f in state.calendar],
        "piles": dict(state.piles),
        # The bag's contents by size are public; its order is not.
        "bag": {str(size): state.bag.count(size) for size in SIZES},
        "players": [
            {**p.to_json(), "score_now": categories(p)} for p in state.players
        ],
        "festival": festival_view(state, seat),
        "history": [dict(h) for h in state.history],
    }


def festival_view(state: CastellState, seat: int | None) -> dict[str, Any] | None:
    if state.phase != FESTIVAL or state.festival is None:
        return None
    festival = state.calendar[state.festival]
    out: dict[str, Any] = {
        "index": state.festival,
        "region": festival.region,
        "tokens": list(festival.tokens),
        "seats": list(state.to_declare),
        "declared": sorted(state.declarations),
    }
    if seat is not None and seat in state.declarations:
        mine = state.declarations[seat]
        out["my_declaration"] = mine
    elif seat is not None and seat in state.to_declare:
        tower = suggestion(state.players[seat], festival)
        out["suggestion"] = None if tower is None else [list(level) for level in tower]
    return out
