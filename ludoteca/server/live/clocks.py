"""Clocks the server runs: the game's deadlines and optional per-seat time banks.

Both live in the match's `clocks` column, written in the same transaction as the action that
changed them, so a restart knows when each clock started. A running clock is `since` (when it
last started running, wall-clock seconds) plus `elapsed` (time run before a pause); a paused
match has `since` None everywhere.

Deadlines (`Game.deadlines`): measured from when a key first appeared; a deadline whose
`seconds` change keeps its start; when one ends and its key is still listed, the server applies
its action as its seat.

Time banks (a per-match setting, for turn-based games): every seat starts with `seconds`; while
it may act its bank runs down; each action it makes adds `per_move`. When a bank runs out the
stand-in bot makes the seat's move; the bank then starts again from `per_move`, or from
`seconds` when `per_move` is 0.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ludoteca.engine.clock import Deadline


@dataclass(frozen=True)
class TimeBank:
    seconds: float
    per_move: float = 0.0

    @property
    def restart(self) -> float:
        return self.per_move if self.per_move > 0 else self.seconds


class ClockBook:
    """The clocks of one match, over its JSON-ready `clocks` dict (edited in place)."""

    def __init__(self, data: dict[str, Any], bank: TimeBank | None) -> None:
        self.data = data
        self.bank = bank
        data.setdefault("deadlines", {})
        if bank is not None:
            data.setdefault("banks", {"left": {}, "since": None, "timed": []})

    # --- deadlines ---------------------------------------------------------------------------
    def track(self, deadlines: Iterable[Deadline], now: float, running: bool) -> None:
        """Keep the starts of deadlines still listed, start new ones, forget the rest."""
        old = self.data["deadlines"]
        self.data["deadlines"] = {
            d.key: old.get(d.key) or {"elapsed": 0.0, "since": now if running else None}
            for d in deadlines
        }

    def deadline_due(self, deadline: Deadline) -> float | None:
        """When `deadline` ends (wall clock), or None while the match is paused."""
        entry = self.data["deadlines"].get(deadline.key)
        if entry is None or entry["since"] is None:
            return None
        return float(entry["since"]) + deadline.seconds - float(entry["elapsed"])

    def deadline_left(self, deadline: Deadline, now: float) -> float:
        """Seconds `deadline` has left on this clock (standing still while the match is
        paused); the screens count down from it, whatever their own clocks say."""
        due = self.deadline_due(deadline)
        if due is not None:
            return max(0.0, due - now)
        entry = self.data["deadlines"].get(deadline.key)  # paused, or not tracked yet
        return max(0.0, deadline.seconds - (float(entry["elapsed"]) if entry else 0.0))

    def seen_left(self, deadlines: Iterable[Deadline], seat: int | None, now: float
                  ) -> dict[str, float]:
        """The time left of each deadline `seat` may know of, by key."""
        return {
            d.key: round(self.deadline_left(d, now), 1)
            for d in deadlines
            if d.seen_by is None or (seat is not None and seat in d.seen_by)
        }

    # --- time banks --------------------------------------------------------------------------
    def settle(self, now: float, actors: Iterable[int], acted: int | None, running: bool) -> None:
        """After a step (or at the start): charge the seats that could act for the time they
        had, credit the seat that acted (a spent bank, whose move a bot just made, starts
        again), and time the seats that may act now."""
        if self.bank is None:
            return
        banks = self.data["banks"]
        left: dict[str, float] = banks["left"]
        if banks["since"] is not None:
            for seat in banks["timed"]:
                left[str(seat)] = self.left(seat) - (now - float(banks["since"]))
        if acted is not None and acted in banks["timed"]:
            spent = self.left(acted) <= 0
            left[str(acted)] = self.bank.restart if spent else self.left(acted) + \
                self.bank.per_move
        banks["timed"] = sorted(set(actors))
        banks["since"] = now if running else None

    def left(self, seat: int) -> float:
        assert self.bank is not None
        return float(self.data["banks"]["left"].get(str(seat), self.bank.seconds))

    def bank_due(self, seat: int) -> float | None:
        """When `seat`'s bank runs out, if it is being timed and the match runs."""
        if self.bank is None:
            return None
        banks = self.data["banks"]
        if seat not in banks["timed"] or banks["since"] is None:
            return None
        return float(banks["since"]) + self.left(seat)

    def banks_view(self, now: float) -> dict[str, float]:
        """Seconds left per seat (public: everybody sees the clocks)."""
        if self.bank is None:
            return {}
        banks = self.data["banks"]
        out = {}
        for key, value in banks["left"].items():
            out[key] = float(value)
        for seat in banks["timed"]:
            running = now - float(banks["since"]) if banks["since"] is not None else 0.0
            out[str(seat)] = self.left(seat) - running
        return {k: round(max(0.0, v), 1) for k, v in sorted(out.items())}

    def banks_running(self) -> list[int]:
        """The seats whose bank runs down now (public, so every screen counts them down)."""
        if self.bank is None or self.data["banks"]["since"] is None:
            return []
        return sorted(self.data["banks"]["timed"])

    # --- pause -------------------------------------------------------------------------------
    def pause(self, now: float) -> None:
        for entry in self.data["deadlines"].values():
            if entry["since"] is not None:
                entry["elapsed"] = float(entry["elapsed"]) + now - float(entry["since"])
                entry["since"] = None
        if self.bank is not None:
            banks = self.data["banks"]
            if banks["since"] is not None:
                for seat in banks["timed"]:
                    banks["left"][str(seat)] = self.left(seat) - (now - float(banks["since"]))
                banks["since"] = None

    def resume(self, now: float) -> None:
        for entry in self.data["deadlines"].values():
            if entry["since"] is None:
                entry["since"] = now
        if self.bank is not None:
            self.data["banks"]["since"] = now
