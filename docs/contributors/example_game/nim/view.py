"""What each seat sees of a game of Nim: everything (it keeps no secret)."""

from __future__ import annotations

from typing import Any

from ludoteca.games.nim.state import NimState


def seat_view(state: NimState, seat: int | None) -> dict[str, Any]:
    return {"heaps": list(state.heaps), "turn": state.turn, "take_limit": state.take_limit}
