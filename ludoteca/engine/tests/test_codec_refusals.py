"""Every refusal of the codec word for word, with the path it names: free JSON (`Any`), bare
containers, numbers, truth values, unions, mappings and classes that decode themselves."""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from types import MappingProxyType
from typing import Annotated, Any

import pytest

from ludoteca.engine.codec import (
    Between,
    InvalidData,
    Limits,
    Size,
    check_shape,
    decode,
    decoder,
    encode,
)


def refusal(hint: Any, data: Any) -> InvalidData:
    with pytest.raises(InvalidData) as caught:
        decode(hint, data)
    return caught.value


@pytest.mark.parametrize(
    ("hint", "data", "words"),
    [
        (Any, math.nan, "expected a finite number, got nan"),
        (Any, [1, math.inf], "[1]: expected a finite number, got inf"),
        (Any, {"a": {"b": [None, {1: 2}]}}, "a.b[1]: object keys are texts, not 1"),
        (Any, {1.5: 2}, "object keys are texts, not 1.5"),
        (Any, {"k" * 50: math.nan}, f"{'k' * 40}: expected a finite number, got nan"),
        (Any, {1, 2}, "expected a JSON value, got {1, 2}"),
        (tuple, "12", "expected a list, got '12'"),
        (tuple, [1, [2, math.nan]], "[1][1]: expected a finite number, got nan"),
        (list[int], "12", "expected a list, got '12'"),
        (list[int], [1, "2"], "[1]: expected a whole number, got '2'"),
        (dict[str, int], [1], "expected an object, got [1]"),
        (dict[str, int], {"k": "x"}, "k: expected a whole number, got 'x'"),
        (dict[str, int], {"k" * 50: "x"}, f"{'k' * 40}: expected a whole number, got 'x'"),
        (float, "1.5", "expected a finite number, got '1.5'"),
        (float, math.inf, "expected a finite number, got inf"),
        (float, True, "expected a finite number, got True"),
        (bool, 1, "expected true or false, got 1"),
        (str, 1, "expected a text, got 1"),
        (None, 0, "expected null, got 0"),
        (int | str, None, "None fits none of the allowed forms (expected a whole number, got "
         "None; expected a text, got None)"),
        (Annotated[int, Between(0, 1)], 2, "2 is out of range; allowed: 0 to 1"),
        (Annotated[list[int], Size(1)], [], "has 0 items; allowed: at least 1"),
    ],
)
def test_a_refusal_says_where_and_what_word_for_word(hint: Any, data: Any, words: str) -> None:
    assert str(refusal(hint, data)) == words


def test_a_refusal_at_the_top_of_a_document_names_no_path() -> None:
    for hint, data in ((Annotated[int, Between(0, 1)], 2), (Annotated[str, Size(2)], "a"),
                       (Annotated[int, Between(0, 1), Between(-1, 1)], 3)):
        error = refusal(hint, data)
        assert error.path == "" and not str(error).startswith(":")


def test_a_constraint_names_the_path_it_is_given() -> None:
    with pytest.raises(InvalidData) as caught:
        Between(0, 1).check(2, "round")
    assert caught.value.path == "round"
    assert str(caught.value) == "round: 2 is out of range; allowed: 0 to 1"
    with pytest.raises(InvalidData) as caught:
        Size(0, 1).check("ab", "name")
    assert str(caught.value) == "name: has 2 characters; allowed: at least 0 and at most 1"


def test_every_constraint_holds_not_only_the_first() -> None:
    loose_then_tight = Annotated[int, Between(-5, 5), Between(0, 1)]
    assert decode(loose_then_tight, 1) == 1
    assert str(refusal(loose_then_tight, 2)) == "2 is out of range; allowed: 0 to 1"


def test_free_json_and_bare_containers_come_back_as_they_were() -> None:
    document: dict[str, Any] = {"a": [None, True, 1, 2.5, "s", {"b": []}]}
    assert decode(Any, document) == document
    assert decode(dict, document) == document
    assert decode(list, [1, {"a": 2}]) == [1, {"a": 2}]
    assert decode(tuple, [1, [2, [3]]]) == (1, (2, (3,)))


def test_a_union_with_null_takes_null_and_its_other_forms() -> None:
    hint = int | str | None
    assert decode(hint, None) is None
    assert decode(hint, 3) == 3 and decode(hint, "x") == "x"
    assert decode(int | None, None) is None and decode(int | None, 4) == 4


class Ticket:
    """A class that decodes itself, as the generator does."""

    def __init__(self, number: int) -> None:
        self.number = number

    @classmethod
    def from_json(cls, data: Any) -> Ticket:
        if data == "lost":
            raise ValueError("a lost ticket cannot be read")
        return cls(data["number"])  # a KeyError or TypeError on anything else


def test_a_class_that_decodes_itself_is_refused_in_its_own_words() -> None:
    assert decode(Ticket, {"number": 3}).number == 3
    assert str(refusal(Ticket, "lost")) == "a lost ticket cannot be read"
    assert str(refusal(Ticket, {"numero": 3})) == "not a valid Ticket: \"'number'\""
    assert str(refusal(Ticket, 7)) == (
        "not a valid Ticket: \"'int' object is not subscriptable\""
    )


def test_an_unknown_hint_or_class_is_a_programming_error_that_names_it() -> None:
    with pytest.raises(TypeError, match=r"^the codec does not know the type hint set\[int\]$"):
        decode(set[int], [1])
    with pytest.raises(TypeError, match=r"^the codec does not know the class Plain$"):
        decode(Plain, {})
    assert decode(None, None) is None and decode(type(None), None) is None


class Plain:
    """A class that neither is a dataclass nor decodes itself."""


@dataclass
class Checked:
    """A dataclass whose own check refuses a value."""

    low: int
    high: int

    def __post_init__(self) -> None:
        if self.low > self.high:
            raise ValueError(f"low {self.low} is above high {self.high}")


def test_a_dataclass_s_own_check_is_a_refusal_in_its_words() -> None:
    assert decode(Checked, {"low": 1, "high": 2}) == Checked(1, 2)
    assert str(refusal(Checked, {"low": 3, "high": 2})) == "low 3 is above high 2"
    assert str(refusal(Checked, [3, 2])) == "expected an object, got [3, 2]"


def test_the_shape_is_checked_before_decoding_and_names_the_path() -> None:
    with pytest.raises(InvalidData) as caught:
        decode(Any, [[1]], Limits(depth=2), "action")
    assert str(caught.value) == "action: the document is nested too deep (at most 2)"
    with pytest.raises(InvalidData) as caught:
        decode(Any, [1, 2], Limits(nodes=2), "action")
    assert str(caught.value) == "action: the document is too large (more than 2 values)"
    with pytest.raises(InvalidData) as caught:
        check_shape([1, 2], Limits(nodes=2))
    assert str(caught.value) == "the document is too large (more than 2 values)"
    assert caught.value.path == ""


def test_encoding_without_a_hint_walks_lists_tuples_and_mappings() -> None:
    assert encode([1, (2, "a"), {"k": (None, 2.5)}]) == [1, [2, "a"], {"k": [None, 2.5]}]
    assert encode({"a": [True], 3: {"b": ()}}) == {"a": [True], 3: {"b": []}}


class Count(int):
    """A whole number of a class of its own (not an enum)."""


class Word(enum.StrEnum):
    MIX = "mix"


def test_encoding_without_a_hint_takes_subclasses_and_mappings_of_any_kind() -> None:
    assert encode(Word.MIX) == "mix" and type(encode(Word.MIX)) is str
    assert encode(Count(3)) == 3
    assert encode(MappingProxyType({"a": [Word.MIX]})) == {"a": ["mix"]}
    assert encode(Row([Word.MIX, (1,)])) == ["mix", [1]]
    with pytest.raises(TypeError, match=r"^cannot encode object as JSON$"):
        encode(object())


class Row(list[Any]):
    """A list of a class of its own."""


def test_a_hint_that_cannot_be_kept_is_worked_out_each_time() -> None:
    unhashable = Annotated[int, {"why": "a dict cannot be a key"}]
    assert decode(unhashable, 3) == 3
    assert encode(4, unhashable) == 4


def test_a_decoder_function_decodes_within_its_limits() -> None:
    assert decoder(int)(3) == 3
    assert decoder(list[int], Limits(depth=2))([1]) == [1]
    with pytest.raises(InvalidData, match="nested too deep"):
        decoder(list[int], Limits(depth=1))([1])
