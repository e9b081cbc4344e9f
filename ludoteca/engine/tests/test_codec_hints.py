"""Encoding follows a value's type hint through every wrapper: a mapping with whole-number keys
is written as sorted `[key, value]` pairs wherever its hint puts it (constrained, optional, inside
another mapping), and a fixed tuple is never written cut short."""

from __future__ import annotations

import enum
from typing import Annotated, Literal, Optional

import pytest

from ludoteca.engine.codec import Size, decode, encode

BY_SEAT = {2: "b", 1: "a"}
PAIRS = [[1, "a"], [2, "b"]]


def test_a_constrained_mapping_is_written_as_its_pairs() -> None:
    hint = Annotated[dict[int, str], Size(0, 4)]
    assert encode(BY_SEAT, hint) == PAIRS
    assert decode(hint, PAIRS) == BY_SEAT


@pytest.mark.parametrize("hint", [dict[int, str] | None, Optional[dict[int, str]]])  # noqa: UP045
def test_an_optional_mapping_is_written_as_its_pairs_or_null(hint: object) -> None:
    assert encode(BY_SEAT, hint) == PAIRS
    assert encode(None, hint) is None
    assert decode(hint, PAIRS) == BY_SEAT


def test_a_mapping_inside_a_mapping_is_written_by_its_own_hint() -> None:
    hint = dict[str, dict[int, str]]
    assert encode({"seats": BY_SEAT}, hint) == {"seats": PAIRS}
    assert decode(hint, {"seats": PAIRS}) == {"seats": BY_SEAT}


def test_a_choice_of_two_words_is_written_as_the_word() -> None:
    assert encode("yes", Literal["yes", "no"]) == "yes"


def test_a_fixed_tuple_encodes_each_item_by_its_own_hint() -> None:
    assert encode(({1: "a"}, 2), tuple[dict[int, str], int]) == [[[1, "a"]], 2]


def test_a_fixed_tuple_of_the_wrong_length_is_refused_not_cut_short() -> None:
    with pytest.raises(ValueError, match="zip"):
        encode((1, 2, 3), tuple[int, int])


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


def test_a_list_of_plain_values_gives_enum_members_as_their_values() -> None:
    encoded = encode([Colour.RED, "blue"], list[str])
    assert encoded == ["red", "blue"] and type(encoded[0]) is str
    assert encode([1, 2], list[int]) == [1, 2]
    alone = encode([Colour.RED, Colour.BLUE], list[str])  # no plain value to skip the work
    assert alone == ["red", "blue"] and all(type(v) is str for v in alone)
