"""A game as numbers, for learning agents: a fixed observation layout and fixed action indices.

A game that offers learning says, for a table of `players` with `options`, what its numbers
are: a `LearningSpec` with the layout of the observation vector (named segments of numbers in
[0, 1]) and the size of the action space (`Game.learning_spec`). It encodes a seat's *view*,
never the state (`Game.observe`), so an observation holds nothing the seat may not see, and
gives each action a seat may take its index (`Game.action_index`), read from the view too, so
an index means the same thing wherever the seat stands (a tile placed north of pawn 2, a bid of
the 5). The engine turns these into a seat's legal actions by index (`Game.indexed_actions`),
which is the action mask.

The space is fixed per table, so a policy network has one input and one output size. Where the
actions a game lists are more than its space holds, two legal actions may share an index; then
the first one the game lists keeps it, and the game's `learning.py` says which actions a space
leaves out (Castell's towers: the best tower per size token).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ludoteca.engine.actions import Action


@dataclass(frozen=True)
class Segment:
    """One named run of numbers in an observation, and what they mean."""

    name: str
    size: int
    meaning: str


@dataclass(frozen=True)
class LearningSpec:
    """The numbers of one game at one table: `players`, the typed `options`, the observation's
    segments in order (every number in [0, 1]) and the number of action indices (`actions`),
    with `action_layout` saying which ranges of indices mean what. `seat_decisions`: the most
    decisions one seat makes in a match, where the game knows it (None: bounded only by the
    match's length); an information-state tensor that remembers every decision is sized by
    it."""

    players: int
    options: Any
    segments: tuple[Segment, ...]
    actions: int
    action_layout: tuple[Segment, ...] = ()
    seat_decisions: int | None = None

    @property
    def size(self) -> int:
        """How many numbers an observation holds."""
        return sum(segment.size for segment in self.segments)

    def pack(self, parts: Mapping[str, Sequence[float]]) -> list[float]:
        """The observation from its segments by name, in the spec's order; a ValueError names a
        segment that is missing, unknown or of the wrong size (a game's encoding is wrong)."""
        unknown = set(parts) - {segment.name for segment in self.segments}
        if unknown:
            raise ValueError(f"no observation segment named {sorted(unknown)[0]!r}")
        out: list[float] = []
        for segment in self.segments:
            values = parts.get(segment.name)
            if values is None or len(values) != segment.size:
                found = "missing" if values is None else f"{len(values)} numbers"
                raise ValueError(
                    f"observation segment {segment.name!r} holds {segment.size} numbers, "
                    f"not {found}"
                )
            out.extend(values)
        return out

    def unpack(self, values: Sequence[float]) -> dict[str, list[float]]:
        """An observation split into its segments by name."""
        out: dict[str, list[float]] = {}
        start = 0
        for segment in self.segments:
            out[segment.name] = list(values[start : start + segment.size])
            start += segment.size
        return out

    def action_offsets(self) -> dict[str, int]:
        """The first index of each range of `action_layout`, by name (do not change it)."""
        return self._offsets

    @functools.cached_property
    def _offsets(self) -> dict[str, int]:
        out: dict[str, int] = {}
        start = 0
        for segment in self.action_layout:
            out[segment.name] = start
            start += segment.size
        return out


def spec_of(
    players: int,
    options: Any,
    segments: Iterable[tuple[str, int, str]],
    actions: Iterable[tuple[str, int, str]],
    seat_decisions: int | None = None,
) -> LearningSpec:
    """A spec from (name, size, meaning) triples for the observation and the action ranges; the
    action space is as large as its ranges together."""
    layout = tuple(Segment(*a) for a in actions)
    return LearningSpec(
        players,
        options,
        tuple(Segment(*s) for s in segments),
        sum(a.size for a in layout),
        layout,
        seat_decisions,
    )


class Encoding(Protocol):
    """A game's encoding (its `learning.py` module, which `Game.encoding` names): what the
    `Game` hooks `learning_spec`, `observe` and `action_index` answer with."""

    def learning_spec(self, players: int, options: Any) -> LearningSpec:
        """The sizes of the observations and of the action indices for this table."""

    def observe(self, view: Mapping[str, Any], seat: int, spec: LearningSpec) -> list[float]:
        """The seat's view as a vector of numbers, of the spec's observation size."""

    def action_index(
        self, view: Mapping[str, Any], seat: int, action: Action, spec: LearningSpec
    ) -> int:
        """The index of a legal action of the seat, below the spec's number of actions."""


class LazyView(Mapping[str, Any]):
    """A seat's view worked out on first use: `action_index` takes the view, and most actions
    of most games are indexed without looking at it."""

    def __init__(self, make: Callable[[], Mapping[str, Any]]) -> None:
        self._make = make
        self._view: Mapping[str, Any] | None = None

    def _found(self) -> Mapping[str, Any]:
        if self._view is None:
            self._view = self._make()
        return self._view

    def __getitem__(self, key: str) -> Any:
        return self._found()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._found())

    def __len__(self) -> int:
        return len(self._found())


# --- helpers every game's encoding uses ---------------------------------------------------------
def one_hot(index: int | None, size: int) -> list[float]:
    """`size` zeros with a 1 at `index` (none for None or an index out of range)."""
    out = [0.0] * size
    if index is not None and 0 <= index < size:
        out[index] = 1.0
    return out


def many_hot(indices: Iterable[int], size: int) -> list[float]:
    """`size` zeros with a 1 at each of `indices` in range."""
    out = [0.0] * size
    for index in indices:
        if 0 <= index < size:
            out[index] = 1.0
    return out


def scaled(value: float, maximum: float) -> float:
    """`value` / `maximum`, clipped to [0, 1]."""
    if maximum <= 0:
        return 0.0
    return min(1.0, max(0.0, value / maximum))


def seat_order(seat: int, seats: int) -> list[int]:
    """The seats as `seat` sees the table: itself first, then the others in turn order, so an
    observation means the same thing from every seat."""
    return [(seat + k) % seats for k in range(seats)]


def published_numbers_only(options: Any, why: str) -> None:
    """Refuse, by name, a variant of the game's numbers (`ludoteca tune`'s) that the game's
    encoding cannot hold (`why`: what it is sized on), rather than read it wrongly. A game whose
    encoding holds its variant does not call this: every learning interface takes it."""
    import dataclasses

    from ludoteca.engine.tunables import is_variant

    if not dataclasses.is_dataclass(options):
        return
    for f in dataclasses.fields(options):
        if is_variant(f) and getattr(options, f.name) != f.default:
            raise ValueError(
                f"this game's learning encoding is for its published numbers ({why}): leave "
                f"out the option {f.name!r} (a variant of the game's numbers, for balance "
                "searches)"
            )
