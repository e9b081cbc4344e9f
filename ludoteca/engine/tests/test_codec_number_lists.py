"""Long lists of whole numbers (a board) are decoded and shape-checked at once, with the same
answers as item by item."""

from dataclasses import dataclass
from typing import Annotated

import pytest

from ludoteca.engine.codec import Between, InvalidData, Limits, check_shape, decode, encode


@dataclass
class Board:
    cover: list[Annotated[int, Between(-1, 127)]]
    marks: list[int]


def test_a_board_of_numbers_round_trips() -> None:
    board = Board(list(range(-1, 128)) * 3, [0, -5, 10**12])
    assert decode(Board, encode(board)) == board


@pytest.mark.parametrize(
    ("cover", "words"),
    [
        ([0, 1, 128], "cover[2]: 128 is out of range; allowed: -1 to 127"),
        ([0, True], "cover[1]: expected a whole number, got True"),
        ([0, 1.0], "cover[1]: expected a whole number, got 1.0"),
    ],
)
def test_a_bad_number_in_a_long_list_is_named_by_its_place(cover: list[object], words: str) -> None:
    with pytest.raises(InvalidData) as caught:
        decode(Board, {"cover": cover, "marks": []})
    assert str(caught.value) == words


def test_a_list_of_numbers_counts_every_number_towards_the_size_limit() -> None:
    check_shape([[1] * 5], Limits(nodes=7))
    with pytest.raises(InvalidData, match="too large"):
        check_shape([[1] * 6], Limits(nodes=7))
