"""What each seat sees: everything but the bag's order and festival declarations that are not
revealed yet (a player sees their own); `determinize` resamples exactly those."""

from __future__ import annotations

from typing import Any

from ludoteca.engine.codec import encode
from ludoteca.engine.rng import Rng
from ludoteca.games.castell.data import REGIONS, ROUNDS, SIZES, local_tile
from ludoteca.games.castell.result import categories
from ludoteca.games.castell.rules.festival import suggestion
from ludoteca.games.castell.state import CastellState, Phase
from ludoteca.games.castell.wheel import wheel_view


def seat_view(state: CastellState, seat: int | None) -> dict[str, Any]:
    view: dict[str, Any] = encode({
        "seat": seat,
        "round": state.round,
        "rounds": ROUNDS,
        "phase": state.phase,
        "first": state.first,
        "current": state.current if state.phase == Phase.TURN else None,
        "used": list(state.used) if state.phase == Phase.TURN else [],
        "free_special": state.free_special,
        "wheel": wheel_view(state),
        "advanced": state.advanced,
        "regions": {r: list(state.regions[r]) for r in REGIONS},
        "rows": {r: [local_tile(t) for t in state.rows[r]] for r in REGIONS},
        "row_tokens": {r: list(state.row_tokens[r]) for r in REGIONS},
        "calendar": [encode(f) for f in state.calendar],
        "piles": dict(state.piles),
        # The bag's contents by size are public; its order is not.
        "bag": {str(size): state.bag.count(size) for size in SIZES},
        "players": [{**encode(p), "score_now": categories(p)} for p in state.players],
        "festival": festival_view(state, seat),
        "history": [encode(h) for h in state.history],
    })
    return view


def festival_view(state: CastellState, seat: int | None) -> dict[str, Any] | None:
    if state.phase != Phase.FESTIVAL or state.festival is None:
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
        out["my_declaration"] = state.declarations[seat]
    elif seat is not None and seat in state.to_declare:
        tower = suggestion(state.players[seat], festival)
        out["suggestion"] = None if tower is None else [list(level) for level in tower]
    return out


def hidden(state: CastellState, seat: int | None) -> Any:
    return {
        "bag_order": list(state.bag),
        "declarations": {
            str(s): t for s, t in sorted(state.declarations.items()) if s != seat
        },
    }


def determinize(state: CastellState, seat: int | None, rng: Rng) -> CastellState:
    """The bag reshuffled; others' hidden declarations redrawn: their suggested tower, or
    abstaining."""
    copy = state.clone()
    rng.shuffle(copy.bag)
    if copy.festival is not None:
        festival = copy.calendar[copy.festival]
        for other in copy.declarations:
            if other != seat:
                tower = suggestion(copy.players[other], festival)
                choice = rng.choice([None, tower])
                copy.declarations[other] = (
                    None if choice is None else [list(level) for level in choice]
                )
    return copy
