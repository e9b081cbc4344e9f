"""Forming the crews of a session: balanced by default, or as the facilitator lists them."""

from __future__ import annotations

from ludoteca.games.ciurme.data import CREW_SIZES, MAX_CREWS, MIN_CREWS

SMALL, LARGE = CREW_SIZES


def balanced_sizes(players: int) -> list[int]:
    """The fewest crews of 4 or 5 that seat everybody, the crews of 4 first (9 -> 4+5)."""
    count = -(-players // LARGE)
    if not MIN_CREWS <= count <= MAX_CREWS or count * SMALL > players:
        raise ValueError(
            f"{players} players cannot form {MIN_CREWS} to {MAX_CREWS} crews of "
            f"{SMALL} or {LARGE}; choose another number of players or list the crews"
        )
    large = players - count * SMALL
    return [SMALL] * (count - large) + [LARGE] * large


def form_crews(players: int, explicit: tuple) -> list[list[int]]:  # type: ignore[type-arg]
    """Seats of each crew. `explicit` is () (balanced), crew sizes, or seat lists."""
    if not explicit:
        sizes = balanced_sizes(players)
    elif all(isinstance(item, int) for item in explicit):
        sizes = list(explicit)
    else:
        crews = [sorted(int(seat) for seat in item) for item in explicit]
        _check(players, [len(c) for c in crews])
        seats = sorted(seat for crew in crews for seat in crew)
        if seats != list(range(players)):
            raise ValueError(f"the crews must seat every player 0..{players - 1} exactly once")
        return crews
    _check(players, sizes)
    crews, start = [], 0
    for size in sizes:
        crews.append(list(range(start, start + size)))
        start += size
    return crews


def _check(players: int, sizes: list[int]) -> None:
    if not MIN_CREWS <= len(sizes) <= MAX_CREWS:
        raise ValueError(f"a session has {MIN_CREWS} to {MAX_CREWS} crews, not {len(sizes)}")
    if any(size not in CREW_SIZES for size in sizes):
        raise ValueError(f"a crew has {SMALL} or {LARGE} players, not {sizes}")
    if sum(sizes) != players:
        raise ValueError(f"the crews seat {sum(sizes)} players, but there are {players}")
