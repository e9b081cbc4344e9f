"""Every limit of the codec at its boundary: the last value allowed and the first refused, so
that a comparison turned from `>=` to `>` (or back) fails a test.

Depth counts every value on the way down, the document itself being depth 1 (`[[1]]` is three
deep); nodes count every value, keys of objects included; a text's limit is in characters.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

import pytest

from ludoteca.engine.codec import (
    ACTION_LIMITS,
    MESSAGE_LIMIT,
    OMIT_DEFAULT,
    SKIP,
    STATE_LIMITS,
    VALUE_LIMIT,
    Between,
    InvalidData,
    Limits,
    Size,
    check_shape,
    decode,
    encode,
    quote,
)


def nested(depth: int, bottom: Any = 1) -> Any:
    """A document `depth` values deep: lists around `bottom` (itself one level)."""
    document = bottom
    for _ in range(depth - 1):
        document = [document]
    return document


def nested_objects(depth: int) -> Any:
    document: Any = "x"
    for _ in range(depth - 1):
        document = {"k": document}
    return document


# --- depth -------------------------------------------------------------------------------------
@pytest.mark.parametrize("limits", [ACTION_LIMITS, STATE_LIMITS, Limits(depth=3)])
@pytest.mark.parametrize("build", [nested, nested_objects, lambda d: nested(d, [])])
def test_a_document_exactly_as_deep_as_the_limit_passes_and_one_deeper_is_refused(
    limits: Limits, build: Any
) -> None:
    check_shape(build(limits.depth), limits)
    with pytest.raises(InvalidData, match=rf"nested too deep \(at most {limits.depth}\)"):
        check_shape(build(limits.depth + 1), limits)


def test_the_limits_of_actions_and_states() -> None:
    assert (ACTION_LIMITS.depth, ACTION_LIMITS.nodes, ACTION_LIMITS.text) == (8, 2_000, 4_000)
    assert (STATE_LIMITS.depth, STATE_LIMITS.nodes, STATE_LIMITS.text) == (32, 1_000_000, 100_000)
    assert Limits() == STATE_LIMITS


def test_empty_containers_and_scalars_at_the_deepest_level_pass() -> None:
    check_shape([[], {}, 1, "a", None, 2.5, True], Limits(depth=2))
    check_shape(7, Limits(depth=1))
    with pytest.raises(InvalidData, match="nested too deep"):
        check_shape([1], Limits(depth=1))


def test_the_depth_error_names_the_path_given() -> None:
    with pytest.raises(InvalidData) as caught:
        check_shape(nested(4), Limits(depth=3), "action")
    assert str(caught.value) == "action: the document is nested too deep (at most 3)"


# --- nodes -------------------------------------------------------------------------------------
def object_of(values: int) -> dict[str, Any]:
    """An object of exactly `values` values: itself, its keys and theirs."""
    if values % 2:
        return {str(i): i for i in range((values - 1) // 2)}
    return {"z": [0]} | {str(i): i for i in range((values - 4) // 2)}


@pytest.mark.parametrize(
    "build",
    [
        lambda n: [0] * (n - 1),  # the list and its numbers
        lambda n: ["s"] * (n - 1),  # texts are walked one by one
        lambda n: [[0] * (n - 2)],  # a list inside a list
        lambda n: object_of(n),
    ],
)
@pytest.mark.parametrize("most", [7, 10, 2_000])
def test_a_document_of_exactly_the_most_values_passes_and_one_more_is_refused(
    build: Any, most: int
) -> None:
    limits = Limits(nodes=most)
    check_shape(build(most), limits)
    with pytest.raises(InvalidData, match=rf"too large \(more than {most} values\)"):
        check_shape(build(most + 1), limits)


def test_values_deep_inside_count_as_well() -> None:
    document = [[[1, 2], "a"], {"b": [3]}]  # 4 lists, an object, its key and 4 more: 10
    check_shape(document, Limits(nodes=10))
    with pytest.raises(InvalidData, match="too large"):
        check_shape(document, Limits(nodes=9))


def test_a_mapping_that_is_not_a_dict_is_walked_like_one() -> None:
    from types import MappingProxyType

    document = MappingProxyType({"a": [1, 2], "b": 3})  # itself, 2 keys, a list, 3 numbers
    check_shape(document, Limits(nodes=7))
    with pytest.raises(InvalidData, match="too large"):
        check_shape(document, Limits(nodes=6))
    with pytest.raises(InvalidData, match="nested too deep"):
        check_shape(document, Limits(depth=2))
    check_shape(document, Limits(depth=3))


# --- texts -------------------------------------------------------------------------------------
@pytest.mark.parametrize("limits", [ACTION_LIMITS, Limits(text=5)])
@pytest.mark.parametrize("where", [lambda t: t, lambda t: [t], lambda t: {t: 1}])
def test_a_text_exactly_as_long_as_the_limit_passes_and_one_longer_is_refused(
    limits: Limits, where: Any
) -> None:
    check_shape(where("é" * limits.text), limits)
    with pytest.raises(InvalidData) as caught:
        check_shape(where("é" * (limits.text + 1)), limits, "p")
    assert str(caught.value) == (
        f"p: a text of {limits.text + 1} characters is too long (at most {limits.text})"
    )


# --- ranges ------------------------------------------------------------------------------------
@dataclass
class Ranged:
    whole: Annotated[int, Between(-2, 5)]
    real: Annotated[float, Between(0.5, 1.5)] = 1.0
    at_least: Annotated[int, Between(3)] = 3
    at_most: Annotated[int, Between(None, 3)] = 3
    both: Annotated[int, Between(0, 1), Between(-5, 5)] = 0  # not the one-Between fast path


def ranged(**values: Any) -> Any:
    document = {"whole": 0, "real": 1.0, "at_least": 3, "at_most": 3, "both": 0, **values}
    return decode(Ranged, document)


@pytest.mark.parametrize(
    ("name", "inside", "outside", "allowed"),
    [
        ("whole", -2, -3, "-2 to 5"),
        ("whole", 5, 6, "-2 to 5"),
        ("real", 0.5, 0.49, "0.5 to 1.5"),
        ("real", 1.5, 1.51, "0.5 to 1.5"),
        ("at_least", 3, 2, "at least 3"),
        ("at_most", 3, 4, "at most 3"),
        ("both", 0, -1, "0 to 1"),
        ("both", 1, 2, "0 to 1"),
    ],
)
def test_a_range_includes_both_ends_and_nothing_past_them(
    name: str, inside: float, outside: float, allowed: str
) -> None:
    at_the_edge(ranged, name, inside, outside, f"{outside!r} is out of range; allowed: {allowed}")


def at_the_edge(build: Any, name: str, inside: Any, outside: Any, words: str) -> None:
    """Field `name` takes `inside` and refuses `outside` with `words`."""
    assert getattr(build(**{name: inside}), name) == inside
    with pytest.raises(InvalidData) as caught:
        build(**{name: outside})
    assert str(caught.value) == f"{name}: {words}"


def test_a_range_open_on_one_side_takes_anything_on_that_side() -> None:
    assert ranged(at_least=10**9).at_least == 10**9
    assert ranged(at_most=-(10**9)).at_most == -(10**9)
    assert str(Between(None, None)) == "at least None"


@pytest.mark.parametrize("bad", [True, 1.0, "1", None])
def test_a_bounded_whole_number_takes_only_whole_numbers(bad: object) -> None:
    with pytest.raises(InvalidData, match=r"^whole: expected a whole number, got "):
        ranged(whole=bad)


# --- sizes -------------------------------------------------------------------------------------
@dataclass
class Sized:
    items: Annotated[list[int], Size(2, 4)]
    name: Annotated[str, Size(1, 3)] = "a"
    table: Annotated[dict[str, int], Size(0, 1)] = field(default_factory=dict)
    open_ended: Annotated[list[int], Size(1)] = field(default_factory=lambda: [0])


def sized(**values: Any) -> Any:
    return decode(Sized, {"items": [0, 0], "name": "a", "table": {}, "open_ended": [0], **values})


@pytest.mark.parametrize(
    ("name", "inside", "outside", "words"),
    [
        ("items", [1, 2], [1], "has 1 items; allowed: at least 2 and at most 4"),
        ("items", [1, 2, 3, 4], [1, 2, 3, 4, 5], "has 5 items; allowed: at least 2 and at most 4"),
        ("name", "a", "", "has 0 characters; allowed: at least 1 and at most 3"),
        ("name", "abc", "abcd", "has 4 characters; allowed: at least 1 and at most 3"),
        ("table", {"a": 1}, {"a": 1, "b": 2}, "has 2 items; allowed: at least 0 and at most 1"),
        ("open_ended", [1], [], "has 0 items; allowed: at least 1"),
    ],
)
def test_a_size_includes_both_ends_and_nothing_past_them(
    name: str, inside: Any, outside: Any, words: str
) -> None:
    at_the_edge(sized, name, inside, outside, words)


def test_an_open_ended_size_has_no_most() -> None:
    assert len(sized(open_ended=[0] * 1000).open_ended) == 1000


# --- messages and quotations -------------------------------------------------------------------
def test_a_message_as_long_as_the_limit_is_kept_whole_and_a_longer_one_is_cut() -> None:
    assert str(InvalidData("m" * MESSAGE_LIMIT)) == "m" * MESSAGE_LIMIT
    cut = str(InvalidData("m" * (MESSAGE_LIMIT + 1)))
    assert cut == "m" * (MESSAGE_LIMIT - 1) + "…" and len(cut) == MESSAGE_LIMIT
    with_path = InvalidData("m" * (MESSAGE_LIMIT - 3), "ab")  # "ab: " makes it one over
    assert str(with_path) == "ab: " + "m" * (MESSAGE_LIMIT - 5) + "…"
    assert MESSAGE_LIMIT == 300


def test_a_message_cut_again_when_a_path_is_added_above() -> None:
    error = InvalidData("m" * (MESSAGE_LIMIT - 6), "[3]")
    assert len(str(error)) == MESSAGE_LIMIT - 1
    error.within("field")
    assert error.path == "field[3]"
    assert str(error) == "field[3]: " + "m" * (MESSAGE_LIMIT - 11) + "…"
    assert error.args == (str(error),)


def test_paths_join_fields_with_dots_and_indices_without() -> None:
    error = InvalidData("bad")
    assert error.within("[2]").path == "[2]"
    assert error.within("team").path == "team[2]"
    assert error.within("players").path == "players.team[2]"
    assert str(error) == "players.team[2]: bad" and error.reason == "bad"


def test_a_quotation_as_long_as_the_limit_is_kept_whole_and_a_longer_one_is_cut() -> None:
    exact = "q" * (VALUE_LIMIT - 2)  # repr adds the two quotes
    assert quote(exact) == repr(exact) and len(quote(exact)) == VALUE_LIMIT
    longer = exact + "q"
    assert quote(longer) == repr(longer)[: VALUE_LIMIT - 1] + "…"
    assert len(quote(longer)) == VALUE_LIMIT and VALUE_LIMIT == 40
    assert quote(Colour.RED) == "'red'"  # as a player wrote it, not the member's repr


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


Many = Literal[tuple(f"choice{n:03d}" for n in range(40))]  # type: ignore[valid-type]


def test_a_list_of_allowed_values_is_cut_past_120_characters() -> None:
    with pytest.raises(InvalidData) as caught:
        decode(Colour, "green")
    assert str(caught.value) == "'green' is not allowed; allowed: red, blue"
    with pytest.raises(InvalidData) as caught:
        decode(Many, "x")
    allowed = ", ".join(f"choice{n:03d}" for n in range(40))
    assert str(caught.value) == f"'x' is not allowed; allowed: {allowed[:119]}…"
    for last, kept in (("wxyz", True), ("vwxyz", False)):
        values = (*(f"{n:02d}" for n in range(29)), last)  # 120 characters listed, then 121
        listing = ", ".join(values)
        with pytest.raises(InvalidData) as caught:
            decode(Literal[values], "x")
        expected = listing if kept else listing[:119] + "…"
        assert str(caught.value) == f"'x' is not allowed; allowed: {expected}"


# --- fixed shapes --------------------------------------------------------------------------------
@dataclass
class Shapes:
    pair: tuple[int, str]
    by_number: dict[int, str]
    colour: Colour
    maybe: int | None = None
    either: int | str = 0
    cache: int = field(default=0, metadata=SKIP)
    variant: int = field(default=5, metadata=OMIT_DEFAULT)


def shapes(**values: Any) -> Any:
    document = {"pair": [1, "a"], "by_number": [[2, "b"]], "colour": "red", "maybe": None,
                "either": 0, **values}
    return decode(Shapes, document)


@pytest.mark.parametrize(
    ("values", "words"),
    [
        ({"pair": [1]}, "pair: expected a list of 2 items, got 1"),
        ({"pair": [1, "a", 2]}, "pair: expected a list of 2 items, got 3"),
        ({"pair": "1a"}, "pair: expected a list, got '1a'"),
        ({"pair": [1, 2]}, "pair[1]: expected a text, got 2"),
        ({"by_number": [[2]]}, "by_number[0]: expected a [key, value] pair, got [2]"),
        (
            {"by_number": [[2, "b", 3]]},
            "by_number[0]: expected a [key, value] pair, got [2, 'b', 3]",
        ),
        ({"by_number": [[2, "b"], [2, "c"]]}, "by_number[1]: the key 2 appears twice"),
        (
            {"by_number": {"2": "b"}},
            "by_number: expected a list of [key, value] pairs, got {'2': 'b'}",
        ),
        ({"colour": "RED"}, "colour: 'RED' is not allowed; allowed: red, blue"),
        ({"maybe": "1"}, "maybe: expected a whole number, got '1'"),
        ({"either": 1.5}, "either: 1.5 fits none of the allowed forms (expected a whole number, "
         "got 1.5; expected a text, got 1.5)"),
        ({"cache": 3}, "unknown field 'cache'; the fields are: by_number, colour, either, maybe, "
         "pair, variant"),
    ],
)
def test_fixed_shapes_say_what_was_expected(values: dict[str, Any], words: str) -> None:
    with pytest.raises(InvalidData) as caught:
        shapes(**values)
    assert str(caught.value) == words


def test_fixed_shapes_round_trip_and_defaults_stay_out() -> None:
    value = shapes(by_number=[[3, "c"], [1, "a"]], variant=6, maybe=4, either="e")
    assert value == Shapes((1, "a"), {1: "a", 3: "c"}, Colour.RED, 4, "e", 0, 6)
    assert encode(value) == {
        "pair": [1, "a"], "by_number": [[1, "a"], [3, "c"]], "colour": "red", "maybe": 4,
        "either": "e", "variant": 6,
    }
    assert "variant" not in encode(shapes())
    assert shapes().variant == 5
    with pytest.raises(InvalidData, match="the field 'colour' is missing"):
        decode(Shapes, {"pair": [1, "a"], "by_number": [], "maybe": None, "either": 0})
