"""Round trips generated from the types: Hypothesis strategies built from a dataclass's type
hints (the way the codec itself reads them), so that every shape the codec handles is written,
through real JSON, and read back equal; and every refusal met by a value of the wrong shape.

The shapes: whole numbers, numbers, truth values, text, None, `X | None`, `Literal`, enums,
lists, open and fixed tuples, mappings with text, whole-number and enum keys (nested in each
other), nested dataclasses, `Annotated` ranges and sizes, and a class with its own `to_json`
(the Rng). `Shapes` below holds each of them; the games' states and actions are generated the
same way from their own hints.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, get_args, get_origin

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from ludoteca.engine.codec import Between, InvalidData, Size, decode, encode, type_hints
from ludoteca.engine.rng import Rng
from ludoteca.games import game_names, load_game


class Suit(enum.Enum):
    CUPS = 1
    SWORDS = 2


class Word(enum.StrEnum):
    YES = "yes"
    NO = "no"


@dataclass
class Inner:
    count: Annotated[int, Between(0, 9)]
    by_seat: dict[int, Suit]
    maybe: tuple[int, str] | None = None


@dataclass
class Shapes:
    """One field of each shape the codec handles, nested where nesting matters."""

    whole: int
    number: float
    flag: bool
    text: str
    nothing: None
    optional: int | None
    ranged: Annotated[float, Between(-1.5, 2.5)]
    sized: Annotated[list[int], Size(1, 3)]
    short: Annotated[str, Size(0, 4)]
    choice: Literal["a", "b", 3]
    suit: Suit
    word: Word
    items: list[Suit]
    open_tuple: tuple[int, ...]
    fixed: tuple[Suit, dict[int, str], Inner]
    by_text: dict[str, Inner]
    by_seat: dict[int, dict[int, list[Suit]]]
    by_word: dict[Word, int]  # (JSON keys are text: an enum key is a text-valued one)
    by_seat_optional: dict[int, Inner | None]
    annotated_map: Annotated[dict[int, tuple[Word, int]], Size(0, 3)]
    inner: Inner
    rng: Rng
    nested: list[dict[int, Inner]] = field(default_factory=list)


TEXT = st.text(max_size=6)
SMALL = 3  # items of a list or mapping at most


def values(hint: Any) -> st.SearchStrategy[Any]:
    """Values of a type hint, within its `Annotated` ranges and sizes."""
    if get_origin(hint) is Annotated:
        base, *constraints = get_args(hint)
        between = next((c for c in constraints if isinstance(c, Between)), None)
        size = next((c for c in constraints if isinstance(c, Size)), None)
        if between is not None and base is int:
            low, high = between.low, between.high
            return st.integers(-(2**53) if low is None else int(low),
                               2**53 if high is None else int(high))
        if between is not None:
            return st.floats(between.low, between.high, allow_nan=False, allow_infinity=False)
        if size is None:
            return values(base)
        low = size.low or 0
        high = low + 3 if size.high is None else min(size.high, low + 3)
        inner, items = get_origin(base), get_args(base)
        if inner is typing.Union or inner is types.UnionType:  # the size holds for each arm
            return st.one_of(*(st.none() if arm is type(None) else values(Annotated[arm, size])
                               for arm in items))
        if base is str:
            return st.text(min_size=low, max_size=high)
        if inner is list or (inner is tuple and items[-1:] == (Ellipsis,)):
            sized = st.lists(values(items[0]), min_size=low, max_size=high)
            return sized if inner is list else sized.map(tuple)
        if inner is dict:
            return st.dictionaries(values(items[0]), values(items[1]), min_size=low,
                                   max_size=high)
        raise NotImplementedError(f"no strategy for {hint!r}: teach `values` the new shape")
    origin, args = get_origin(hint), get_args(hint)
    if origin is typing.Union or origin is types.UnionType:
        return st.one_of(*(values(a) for a in args))
    if origin is Literal:
        return st.sampled_from(args)
    if origin is list or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        listed = st.lists(values(args[0]), max_size=SMALL)
        return listed if origin is list else listed.map(tuple)
    if origin is tuple:
        return st.tuples(*(values(a) for a in args))
    if origin is dict:
        return st.dictionaries(values(args[0]), values(args[1]), max_size=SMALL)
    if hint is type(None) or hint is None:
        return st.none()
    if hint is bool:
        return st.booleans()
    if hint is int:
        return st.integers(-(2**53), 2**53)
    if hint is float:
        return st.floats(allow_nan=False, allow_infinity=False)
    if hint is str:
        return TEXT
    if hint is Rng:
        return st.integers(0, 2**64 - 1).map(Rng)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return st.sampled_from(hint)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return records(hint)
    raise NotImplementedError(f"no strategy for {hint!r}: teach `values` the new shape")


def records(cls: type) -> st.SearchStrategy[Any]:
    hints = type_hints(cls)
    kept = [f for f in dataclasses.fields(cls) if f.metadata.get("codec") != "skip" and f.init]
    return st.builds(cls, **{f.name: values(hints[f.name]) for f in kept})


def round_trip(hint: Any, value: Any) -> Any:
    return decode(hint, json.loads(json.dumps(encode(value, hint), allow_nan=False)))


def same(a: Any, b: Any) -> bool:
    """Equal, the Rng by its state (it has no equality of its own)."""
    if isinstance(a, Rng):
        return isinstance(b, Rng) and a.to_json() == b.to_json()
    if dataclasses.is_dataclass(a) and not isinstance(a, type):
        return type(a) is type(b) and all(
            same(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a)
            if f.metadata.get("codec") != "skip")
    return bool(a == b)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records(Shapes))
def test_every_shape_the_codec_handles_comes_back_equal(value: Shapes) -> None:
    assert same(round_trip(Shapes, value), value)


# --- values of the wrong shape --------------------------------------------------------------
def encoded(hint: Any) -> st.SearchStrategy[Any]:
    """Right encodings of `hint`."""
    return values(hint).map(lambda v: encode(v, hint))


def wrong(hint: Any) -> st.SearchStrategy[Any]:
    """JSON values that are no encoding of `hint`: the wrong type, out of range, the wrong
    size or length, a value not allowed, a broken item inside."""
    if get_origin(hint) is Annotated:
        base, *constraints = get_args(hint)
        between = next((c for c in constraints if isinstance(c, Between)), None)
        size = next((c for c in constraints if isinstance(c, Size)), None)
        out = [wrong(base)]
        if between is not None:
            outside = ([] if between.low is None else [between.low - 1]) + (
                [] if between.high is None else [between.high + 1])
            out.append(st.sampled_from(outside))
        if size is not None and size.high is not None and base is str:
            out.append(st.just("x" * (size.high + 1)))
        elif size is not None and size.high is not None and get_origin(base) is list:
            item = get_args(base)[0]
            out.append(st.lists(values(item).map(lambda v: encode(v, item)),
                                min_size=size.high + 1, max_size=size.high + 1))
        return st.one_of(*out)
    origin, args = get_origin(hint), get_args(hint)
    not_a_list: st.SearchStrategy[Any] = st.sampled_from([{}, "x", 1, True, None])
    if origin is typing.Union or origin is types.UnionType:
        rest = [a for a in args if a is not type(None)]
        return wrong(rest[0]).filter(lambda v: v is not None) if len(rest) == 1 else st.just(
            object())
    if origin is Literal:
        return st.sampled_from(["zzz", 99, True, None, 1.5]).filter(
            lambda v: not any(v == a and type(v) is type(a) for a in args))
    if origin is list or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        return st.one_of(not_a_list, wrong(args[0]).map(lambda bad: [bad]))
    if origin is tuple:
        right = [encoded(a) for a in args]
        short = st.tuples(*right).map(lambda t: list(t)[:-1])
        longer = st.tuples(*right).map(lambda t: [*t, t[-1]])
        broken = st.tuples(*right, st.integers(0, len(args) - 1), *(wrong(a) for a in args)).map(
            lambda t: [t[len(args) + 1 + i] if i == t[len(args)] else t[i]
                       for i in range(len(args))])
        return st.one_of(not_a_list, short, longer, broken)
    if origin is dict:
        key, value = args
        good_value = values(value).map(lambda v: encode(v, value))
        if key is int:  # written as [key, value] pairs
            return st.one_of(
                st.sampled_from([{}, "x", 1, None]),
                st.tuples(st.text(min_size=1, max_size=3), good_value).map(lambda p: [list(p)]),
                st.tuples(st.integers(), wrong(value)).map(lambda p: [list(p)]),
                st.integers().map(lambda k: [[k]]),
            )
        good_key = values(key).map(lambda k: encode(k, key))
        return st.one_of(
            st.sampled_from([[], "x", 1, None]),
            st.tuples(good_key, wrong(value)).map(lambda p: {p[0]: p[1]}),
        )
    if hint is type(None) or hint is None:
        return st.sampled_from([0, "", [], {}, False])
    if hint is bool:
        return st.sampled_from([0, 1, "true", None, []])
    if hint is int:
        return st.sampled_from([True, 1.5, "1", None, [], 2.0])
    if hint is float:
        return st.sampled_from([True, "1.5", None, []])
    if hint is str:
        return st.sampled_from([1, True, None, [], {}])
    if hint is Rng:
        return st.sampled_from(["x", [], None, -1])
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return st.sampled_from(["nothing", 99, None, [], True])
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return wrong_record(hint)
    raise NotImplementedError(f"no wrong values for {hint!r}: teach `wrong` the new shape")


def field_names(cls: type) -> list[str]:
    return [f.name for f in dataclasses.fields(cls)
            if f.metadata.get("codec") != "skip" and f.init]


def with_broken(cls: type, name: str) -> st.SearchStrategy[Any]:
    """A record's encoding with the field `name` of the wrong shape."""
    right = records(cls).map(lambda v: encode(v, cls))
    return st.tuples(right, wrong(type_hints(cls)[name])).map(lambda t: {**t[0], name: t[1]})


def wrong_record(cls: type) -> st.SearchStrategy[Any]:
    """A record's encoding with one field broken, one missing, or one too many."""
    right = records(cls).map(lambda v: encode(v, cls))
    missing = st.tuples(right, st.sampled_from(field_names(cls))).map(
        lambda t: {k: v for k, v in t[0].items() if k != t[1]})
    extra = right.map(lambda doc: {**doc, "unheard_of": 1})
    return st.one_of(st.sampled_from([[], "x", 1, None]), missing, extra,
                     st.sampled_from(field_names(cls)).flatmap(
                         lambda name: with_broken(cls, name)))


@pytest.mark.parametrize("name", field_names(Shapes))
def test_every_value_of_the_wrong_shape_is_refused_with_a_sentence(name: str) -> None:
    # field by field, so that each shape meets every kind of wrong value it has
    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(with_broken(Shapes, name))
    def check(data: Any) -> None:
        with pytest.raises(InvalidData) as refused:
            decode(Shapes, data)
        assert name in str(refused.value)

    check()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(wrong_record(Shapes))
def test_a_record_broken_anywhere_is_refused(data: Any) -> None:
    with pytest.raises(InvalidData) as refused:
        decode(Shapes, data)
    assert str(refused.value)


# --- the games' own states and actions --------------------------------------------------------
def game_types() -> list[tuple[str, type]]:
    found = []
    for name in game_names():
        game = load_game(name)
        found.append((f"{name} state", game.State))
        found += [(f"{name} {cls.__name__}", cls) for cls in game.action_classes
                  if dataclasses.fields(cls)]
    return found


@pytest.mark.parametrize(("name", "cls"), game_types(), ids=[n for n, _ in game_types()])
def test_a_games_state_and_actions_come_back_equal(name: str, cls: type) -> None:
    # (no shrinking: a game's state is large, and the example found says enough)
    @settings(max_examples=8, deadline=None, phases=[Phase.explicit, Phase.generate],
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                     HealthCheck.data_too_large])
    @given(records(cls))
    def check(value: Any) -> None:
        assert same(round_trip(cls, value), value), name

    check()
