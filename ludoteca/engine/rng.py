"""The seeded random number generator that lives inside a game state.

Every random draw of a game goes through the state's own `Rng`, so a match is fully described by
(game, options, seed, action log) and replays exactly. The generator is SplitMix64: its whole
state is one 64-bit integer, which serialises to JSON as a plain number and clones for free.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Iterable, MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1, _MIX2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


# randrange's bound by n: draws at or above it are redrawn, so that every remainder is as likely.
# Kept for the small bounds that menus and shuffles ask for again and again.
_LIMITS: dict[int, int] = {}
_KEPT_BELOW = 1 << 16


def _limit(n: int) -> int:
    if n <= 0:
        raise ValueError(f"randrange needs a positive bound, got {n}")
    limit = (1 << 64) - ((1 << 64) % n)
    if type(n) is int and n < _KEPT_BELOW:
        _LIMITS[n] = limit
    return limit


# A shuffle's draws are mixed all at once: each draw is a lane of one big integer, 128 bits
# apart, so that a lane's 64-bit value times a 64-bit constant stays within its lane, and masks
# keep each lane's low 64 bits as the single step's masks do. By the number of lanes: every
# lane's low 64 bits set, a one in each lane, and lane d holding (d + 1) * golden (the
# generator's state d + 1 steps on, less the state it starts from).
_LANE_BYTES = 16
_LANES: dict[int, tuple[int, int, int]] = {}  # lanes -> (mask, ones, steps)
_LANES_KEPT_TO = 256  # lanes kept for shuffles of up to 257 items (some 1.6 MB at most)


def _packed(values: Iterable[int]) -> int:
    """The values as the lanes of one integer, the first lowest."""
    return int.from_bytes(b"".join(v.to_bytes(_LANE_BYTES, "little") for v in values), "little")


def _lanes(count: int) -> tuple[int, int, int]:
    found = _LANES.get(count)
    if found is None:
        ones = _packed([1] * count)
        found = ones * _MASK, ones, _packed((d + 1) * _GOLDEN for d in range(count))
        if count <= _LANES_KEPT_TO:
            _LANES[count] = found
    return found


def _outputs(state: int, count: int) -> list[int]:
    """The next `count` outputs of next_u64 from `state` (its step, lane by lane)."""
    mask, ones, steps = _lanes(count)
    z = (state * ones + steps) & mask
    z = (((z ^ (z >> 30)) & mask) * _MIX1) & mask
    z = (((z ^ (z >> 27)) & mask) * _MIX2) & mask
    z ^= z >> 31  # what this brings into a lane's high 64 bits is not read
    halves = struct.unpack(f"<{2 * count}Q", z.to_bytes(count * _LANE_BYTES, "little"))
    return list(halves[::2])


class Rng:
    """A small, fast, serialisable PRNG (SplitMix64)."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        """The next 64-bit number of the sequence (SplitMix64)."""
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """A uniform integer in [0, n); rejection sampling keeps it unbiased. Every shuffle,
        choice and random playout draws through here, so the bound is worked out once per `n`
        and the step is written out rather than called (a draw is a tenth of some games'
        playout work)."""
        limit = _LIMITS.get(n) or _limit(n)
        while True:
            self.state = state = (self.state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * _MIX1) & _MASK  # next_u64, written out
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            x = z ^ (z >> 31)
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in [low, high], both ends included."""
        return low + self.randrange(high - low + 1)

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        """One of `items`, drawn uniformly; ValueError for an empty sequence."""
        if not items:
            raise ValueError("choice from an empty sequence")
        return items[self.randrange(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place: item i swaps with item randrange(i + 1), from the last down.
        The draws are worked out together (a game's set-up shuffles some 200 times). A bound
        n redraws only draws of 2**64 - n or more (once in 2**48 draws at most): where one
        is that high, the shuffle draws one by one as randrange does."""
        count = len(items) - 1
        if count < 1:
            return
        outputs = _outputs(self.state, count)
        if max(outputs) > _MASK - count:
            for i in range(count, 0, -1):
                j = self.randrange(i + 1)
                items[i], items[j] = items[j], items[i]
            return
        for i, x in zip(range(count, 0, -1), outputs, strict=True):
            j = x % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = (self.state + count * _GOLDEN) & _MASK

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """`k` distinct items of `items`, in a random order."""
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]

    def expovariate(self, rate: float) -> float:

        """A draw of the exponential distribution of rate `rate` (mean 1 / rate)."""
        return -math.log(1.0 - self.random()) / rate

    def gauss(self, mu: float = 0.0, sigma: float = 1.0) -> float:
        """Box-Muller; one normal deviate per call (keeps the state a single integer)."""

        u1 = 1.0 - self.random()
        u2 = self.random()
        return mu + sigma * math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * u2)

    def fork(self) -> Rng:
        """An independent generator seeded from this one (advances this one by one draw)."""
        return Rng(self.next_u64())

    def copy(self) -> Rng:
        """An independent generator at the same point of the sequence."""
        return Rng(self.state)

    def to_json(self) -> int:
        """The generator's state as JSON data."""
        return self.state

    @classmethod
    def from_json(cls, data: object) -> Rng:
        """A generator from its saved state: a whole number from 0 to 2**64 - 1."""
        if type(data) is not int or not 0 <= data <= _MASK:
            raise ValueError(f"a generator's state is a whole number from 0 to 2**64 - 1, "
                             f"not {str(data)[:40]!r}")
        rng = cls()
        rng.state = data
        return rng

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"
