"""The shipped board and tile sets: [D-1] [D-2] [D-3] [D-4]."""

from collections import Counter

import pytest

from ludoteca.games.ligretto import data, generate_board


def _colouring(k: int) -> list[int]:
    """The 18x18 colouring of preset k, rebuilt from the shipped pieces."""
    return list(data.layout(4, k).colours)


@pytest.mark.parametrize("k", data.COLOUR_PRESETS)
def test_shipped_colouring_satisfies_d3_in_both_layouts(k: int) -> None:
    colours = _colouring(k)
    assert generate_board.check_colouring(colours, k) == []
    for edges in (generate_board.EDGES_FULL, generate_board.EDGES_TWO):
        counts = generate_board.pair_counts(colours, edges, k)
        assert all(v == 0 for (a, b), v in counts.items() if a == b)  # zero same-colour pairs
        mixed = [v for (a, b), v in counts.items() if a != b]
        assert len(mixed) == k * (k - 1) // 2
        assert max(mixed) / min(mixed) <= 1.1


@pytest.mark.parametrize("k", data.COLOUR_PRESETS)
def test_two_player_board_is_the_top_of_the_big_one(k: int) -> None:
    """[D-1]: 2 players use pieces 1-6, the top two rows of the 3x3 grid."""
    small, big = data.layout(2, k), data.layout(3, k)
    assert (small.width, small.height) == (18, 12)
    assert (big.width, big.height) == (18, 18)
    assert small.colours == big.colours[: 18 * 12]
    assert data.layout(4, k) == big


def test_nine_pieces_of_six_by_six() -> None:
    board = data.board_data()
    for k in data.COLOUR_PRESETS:
        pieces = board["colourings"][str(k)]
        assert sorted(pieces, key=int) == [str(n) for n in range(1, 10)]
        assert all(len(rows) == 6 and all(len(r) == 6 for r in rows) for rows in pieces.values())


@pytest.mark.parametrize("players", [2, 3])
def test_four_marked_starts_spread_over_the_quarters(players: int) -> None:
    layout = data.layout(players, 5)
    assert len(set(layout.starts)) == 4
    quarters = {
        (r >= layout.height // 2, c >= layout.width // 2)
        for r, c in map(layout.row_col, layout.starts)
    }
    assert len(quarters) == 4


def test_tile_sets_d4() -> None:
    for k, tiles in data.TILE_SETS.items():
        assert len(tiles) == data.TILES_PER_PLAYER
        assert all(a != b and 0 <= a < k and 0 <= b < k for a, b in tiles)
    five = Counter(c for tile in data.TILE_SETS[5] for c in tile)
    assert set(five.values()) == {6}  # each colour on 6 tiles
    assert len(set(data.TILE_SETS[6])) == 15  # every pair once
    four = Counter(tuple(sorted(t)) for t in data.TILE_SETS[4])
    assert four == Counter({(0, 1): 3, (2, 3): 3, (0, 2): 3, (0, 3): 2, (1, 2): 2, (1, 3): 2})


def test_every_colour_has_a_name_letter_and_glyph_d2() -> None:
    assert len({glyph for _, _, glyph in data.COLOURS}) == len(data.COLOURS) >= 6
    assert len(set(data.LETTERS)) == len(data.LETTERS) == len(data.COLOURS)  # board.json's
    assert data.DEFAULT_COLOURS == 5


@pytest.mark.slow
def test_generator_reproduces_the_frozen_file() -> None:
    """The committed generator, with its seed, writes exactly the shipped board.json."""
    assert generate_board.main(["--check"]) == 0
