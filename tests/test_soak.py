"""Soak: many more seeded playouts of every game through the conformance harness than the
default run affords (`make test-slow`)."""

import pytest

from ludoteca.engine.testing import check_game
from ludoteca.games import load_game

SOAK = [
    ("castell", (2, 3, 4), None, 12),
    ("ligretto", (2, 3, 4), {"rounds": 2}, 8),
    ("ciurme", (8, 9, 13, 27), None, 3),
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players", "options", "playouts"), SOAK, ids=[s[0] for s in SOAK])
def test_soak(
    name: str, players: tuple[int, ...], options: dict[str, object] | None, playouts: int
) -> None:
    check_game(
        load_game(name),
        players=players,
        playouts=playouts,
        seed=1000,
        options=options,
        view_every=3,
    )
