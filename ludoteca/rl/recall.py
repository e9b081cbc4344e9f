"""What a seat remembers, as numbers: the information-state tensor of the OpenSpiel adapter.

An observation (`Game.observe`) is what a seat sees now. The information-state tensor adds what
it saw and did before: the observation now, then the seat's last `slots` decisions, oldest
first, each as whether it was made (1; 0 for a slot not reached yet), the observation the seat
had when it chose, and the action it chose (one-hot). Three named pieces hold the decisions:
`decision_made` (slots), `decision_observation` (slots x the observation's size) and
`decision_action` (slots x the action space), after the observation's own segments.

- It is built from the seat's own observations and actions only, so two histories the seat
  cannot tell apart give the same tensor.
- Where the slots cover every decision a seat can make in a match (`LearningSpec.seat_decisions`,
  else the match's length), nothing is dropped: the tensor recalls, in order, everything the
  seat saw when it chose and everything it chose. By default the slots cover a whole match where
  that takes at most `RECALL_NUMBERS` numbers (Goofspiel at every size), else as many of the
  latest decisions as fit (at least one); the OpenSpiel game parameter `recall` sets them.
- What a seat saw between two of its decisions and its view no longer shows at the next (an
  event's details) is in the information-state *string*, which digests every view, event and
  choice the seat saw; the tensor holds the views at its decisions. In Goofspiel that is all
  there is to know: there the tensor tells apart exactly the histories the string tells apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ludoteca.engine.learning import LearningSpec

RECALL_NUMBERS = 16_384  # the default tensor's size at most, where a whole match does not fit


@dataclass(frozen=True)
class RecallLayout:
    """The tensor's layout at one table: the observation's size, the action space and how many
    past decisions it keeps."""

    observation: int
    actions: int
    slots: int

    @classmethod
    def of(cls, spec: LearningSpec, decisions: int, slots: int = -1) -> RecallLayout:
        """The layout for `spec`, a seat making at most `decisions` decisions a match, with
        `slots` kept decisions (-1: the default, see the module's documentation)."""
        if slots < -1:
            raise ValueError(f"recall: how many past decisions to keep, from 0 (or -1 for "
                             f"the default), not {slots}")
        per_slot = 1 + spec.size + spec.actions
        if slots == -1:
            whole = spec.size + decisions * per_slot
            fits = max(1, (RECALL_NUMBERS - spec.size) // per_slot)
            slots = decisions if whole <= RECALL_NUMBERS else min(decisions, fits)
        return cls(spec.size, spec.actions, slots)

    @property
    def size(self) -> int:
        return self.observation + self.slots * (1 + self.observation + self.actions)

    def pieces(self, tensor: np.ndarray, spec: LearningSpec) -> dict[str, np.ndarray]:
        """The named pieces of `tensor` (views into it, in its order): the observation's
        segments, then the decisions' three pieces."""
        out = segment_pieces(tensor, spec)
        start = spec.size
        for name, width in (
            ("decision_made", 1),
            ("decision_observation", self.observation),
            ("decision_action", self.actions),
        ):
            end = start + self.slots * width
            piece = tensor[start:end]
            out[name] = piece if width == 1 else piece.reshape(self.slots, width)
            start = end
        return out

    def fill(
        self,
        tensor: np.ndarray,
        pieces: dict[str, np.ndarray],
        observation: Sequence[float] | None,
        decisions: list[tuple[np.ndarray, int]],
    ) -> None:
        """Write the observation now (None: zeros) and the last `slots` of `decisions` into
        `tensor`, whose `pieces` these are."""
        tensor.fill(0.0)
        if observation is not None:
            tensor[: self.observation] = observation
        kept = decisions[max(0, len(decisions) - self.slots) :] if self.slots else []
        made, seen, chosen = (
            pieces["decision_made"], pieces["decision_observation"], pieces["decision_action"]
        )
        for slot, (observed, action) in enumerate(kept):
            made[slot] = 1.0
            seen[slot] = observed
            chosen[slot, action] = 1.0


def segment_pieces(tensor: np.ndarray, spec: LearningSpec) -> dict[str, np.ndarray]:
    """The observation's segments at the start of `tensor`, by name (views into it)."""
    out: dict[str, np.ndarray] = {}
    start = 0
    for segment in spec.segments:
        out[segment.name] = tensor[start : start + segment.size]
        start += segment.size
    return out


class Decisions:
    """Each seat's decisions so far, oldest first: the observation it chose on and the action
    index it chose. A copy shares the entries (they are never changed), so copying a state is
    cheap."""

    def __init__(self, seats: int) -> None:
        self.by_seat: list[list[tuple[np.ndarray, int]]] = [[] for _ in range(seats)]

    def add(self, seat: int, observation: np.ndarray, action: int) -> None:
        """Records a decision of `seat`: its observation and the action chosen."""
        self.by_seat[seat].append((observation, action))

    def of(self, seat: int) -> list[tuple[np.ndarray, int]]:
        """The decisions of `seat` so far, oldest first."""
        return self.by_seat[seat]

    def __deepcopy__(self, memo: dict[int, Any]) -> Decisions:
        twin = Decisions(0)
        twin.by_seat = [list(entries) for entries in self.by_seat]
        return twin
