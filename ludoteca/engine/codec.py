"""The one codec for states and actions: dataclasses to JSON and back, every input checked.

Encoding walks a dataclass by its fields. Decoding is driven by the same type hints, and treats
its input as untrusted (a browser, an edited file, a database row): types are exact (no bool for
an int, no float for an int, no string for a bool), declared ranges and sizes hold, enums take
only their values, objects have exactly their fields, and the input's depth and size are bounded.
Anything else raises `InvalidData`, whose message names the path in the document and what was
allowed. A game's own invariants (castellers conserved, seats that exist...) are checked after
decoding by `Game.check_state`.

Supported hints: int, float, bool, str, None, `X | None`, `Literal[...]`, enums (by value), list,
tuple (`tuple[X, ...]` or fixed), dict with str, int or enum keys (int keys are written as a
sorted list of `[key, value]` pairs, since JSON objects only have string keys), nested
dataclasses, `Any` (any JSON value), and classes with `to_json()` / `from_json(data)` (the Rng).
Constraints ride on `Annotated`: `Annotated[int, Between(0, 14)]`, `Annotated[list[int], Size(0,
15)]`. A dataclass field with `metadata={"codec": "skip"}` (a cache) is neither written nor read:
it gets its default.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar, get_args, get_origin

T = TypeVar("T")

SKIP = {"codec": "skip"}  # field metadata: not part of the document
MESSAGE_LIMIT = 300  # characters of an error message
VALUE_LIMIT = 40  # characters of an offending value quoted in a message


class InvalidData(ValueError):
    """A document (a saved state, an action, options) that does not decode. The message names
    the path (`players[2].team[0]`) and what was allowed, and is never longer than
    MESSAGE_LIMIT characters, whatever the input."""

    def __init__(self, message: str, path: str = "") -> None:
        self.path = path
        text = f"{path}: {message}" if path else message
        if len(text) > MESSAGE_LIMIT:
            text = text[: MESSAGE_LIMIT - 1] + "…"
        super().__init__(text)


def quote(value: Any) -> str:
    """A short quotation of an untrusted value for an error message."""
    text = repr(value)
    return text if len(text) <= VALUE_LIMIT else text[: VALUE_LIMIT - 1] + "…"


@dataclass(frozen=True)
class Between:
    """A number from `low` to `high`, both included (None: unbounded on that side)."""

    low: float | None = None
    high: float | None = None

    def check(self, value: float, path: str) -> None:
        if (self.low is not None and value < self.low) or (
            self.high is not None and value > self.high
        ):
            raise InvalidData(f"{quote(value)} is out of range; allowed: {self}", path)

    def __str__(self) -> str:
        if self.high is None:
            return f"at least {self.low}"
        if self.low is None:
            return f"at most {self.high}"
        return f"{self.low} to {self.high}"


@dataclass(frozen=True)
class Size:
    """A list, text or mapping with `low` to `high` items (characters for a text)."""

    low: int = 0
    high: int | None = None

    def check(self, value: Any, path: str) -> None:
        n = len(value)
        if n < self.low or (self.high is not None and n > self.high):
            unit = "characters" if isinstance(value, str) else "items"
            most = "" if self.high is None else f" and at most {self.high}"
            raise InvalidData(f"has {n} {unit}; allowed: at least {self.low}{most}", path)


@dataclass(frozen=True)
class Limits:
    """Bounds on an untrusted document, checked before anything else is done with it."""

    depth: int = 32  # nesting of lists and objects
    nodes: int = 1_000_000  # values in all
    text: int = 100_000  # characters of one string


STATE_LIMITS = Limits()
ACTION_LIMITS = Limits(depth=8, nodes=2_000, text=4_000)


# --- encoding ------------------------------------------------------------------------------------
def encode(value: Any, hint: Any = Any) -> Any:
    """`value` as JSON-ready data: dataclasses as objects of their fields, enums as values,
    tuples as lists, dicts with int keys (by their type hint) as sorted `[key, value]` pairs."""
    if value is None or isinstance(value, bool | int | float | str):
        return value.value if isinstance(value, enum.Enum) else value
    if get_origin(hint) is typing.Annotated:
        hint = get_args(hint)[0]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        hints = type_hints(type(value))
        return {
            f.name: encode(getattr(value, f.name), hints.get(f.name, Any))
            for f in dataclasses.fields(value)
            if f.metadata.get("codec") != "skip"
        }
    args = get_args(hint)
    if isinstance(value, list | tuple):
        if all(type(v) in _PLAIN for v in value):  # a board of numbers: nothing to convert
            return list(value)
        if get_origin(hint) is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            return [encode(v, h) for v, h in zip(value, args, strict=False)]
        item = args[0] if args else Any
        return [encode(v, item) for v in value]
    if isinstance(value, Mapping):
        key_hint, value_hint = args if len(args) == 2 else (Any, Any)
        if key_hint is int:
            return [[k, encode(v, value_hint)] for k, v in sorted(value.items())]
        return {encode(k): encode(v, value_hint) for k, v in value.items()}
    to_json = getattr(value, "to_json", None)
    if to_json is not None:
        return to_json()
    raise TypeError(f"cannot encode {type(value).__name__} as JSON")


_PLAIN = (int, float, str, type(None))  # exact types that encode as themselves


# --- decoding ------------------------------------------------------------------------------------
def decode(hint: Any, data: Any, limits: Limits = STATE_LIMITS, path: str = "") -> Any:
    """`data` decoded as `hint` (a type hint), every value checked; InvalidData otherwise."""
    check_shape(data, limits, path)
    return _decode(hint, data, path)


def check_shape(data: Any, limits: Limits, path: str = "") -> None:
    """Refuse a document nested deeper, larger, or with longer texts than `limits` allow,
    without recursion (a list nested a million deep is refused, not a crash)."""
    too_large = f"the document is too large (more than {limits.nodes} values)"
    stack: list[tuple[Any, int]] = [(data, 1)]
    nodes = 0
    while stack:
        value, depth = stack.pop()
        nodes += 1
        if nodes > limits.nodes:
            raise InvalidData(too_large, path)
        if isinstance(value, str):
            if len(value) > limits.text:
                raise InvalidData(
                    f"a text of {len(value)} characters is too long (at most {limits.text})", path
                )
            continue
        children: Any = ()
        if isinstance(value, Mapping):
            children = [*value.keys(), *value.values()]
        elif isinstance(value, list | tuple):
            children = value
        if children and depth >= limits.depth:
            raise InvalidData(f"the document is nested too deep (at most {limits.depth})", path)
        for child in children:
            if type(child) in _SCALARS:  # counted here: a board of numbers is walked once
                nodes += 1
                if nodes > limits.nodes:
                    raise InvalidData(too_large, path)
            else:
                stack.append((child, depth + 1))


_SCALARS = frozenset({int, float, bool, type(None)})


def _decode(hint: Any, data: Any, path: str) -> Any:
    constraints: tuple[Any, ...] = ()
    if get_origin(hint) is typing.Annotated:
        hint, *extra = get_args(hint)
        constraints = tuple(extra)
    value = _decode_plain(hint, data, path)
    for constraint in constraints:
        if hasattr(constraint, "check"):
            constraint.check(value, path)
    return value


def _decode_plain(hint: Any, data: Any, path: str) -> Any:
    if hint is Any:
        return _json_value(data, path)
    if hint is None or hint is type(None):
        if data is not None:
            raise InvalidData(f"expected null, got {quote(data)}", path)
        return None
    origin = get_origin(hint)
    if hint in (list, tuple, dict):  # bare containers: any JSON inside
        origin = hint
    if origin is typing.Union or origin is types.UnionType:
        return _decode_union(get_args(hint), data, path)
    if origin is typing.Literal:
        allowed = get_args(hint)
        if data not in allowed or type(data) not in {type(a) for a in allowed}:
            raise InvalidData(f"{quote(data)} is not allowed; allowed: {_listing(allowed)}", path)
        return data
    if origin in (list, tuple, dict):
        return _decode_container(origin, get_args(hint), data, path)
    if isinstance(hint, type):
        return _decode_class(hint, data, path)
    raise TypeError(f"the codec does not know the type hint {hint!r}")


def _decode_union(options: tuple[Any, ...], data: Any, path: str) -> Any:
    if data is None and type(None) in options:
        return None
    rest = [o for o in options if o is not type(None)]
    if len(rest) == 1:
        return _decode(rest[0], data, path)
    errors = []
    for option in rest:
        try:
            return _decode(option, data, path)
        except InvalidData as exc:
            errors.append(str(exc))
    raise InvalidData(f"{quote(data)} fits none of the allowed forms ({'; '.join(errors)})", path)


def _decode_container(origin: Any, args: tuple[Any, ...], data: Any, path: str) -> Any:
    if origin is dict:
        return _decode_dict(args, data, path)
    if not isinstance(data, list | tuple):
        raise InvalidData(f"expected a list, got {quote(data)}", path)
    if origin is list:
        item = args[0] if args else Any
        whole = _whole_numbers(item, data)
        if whole is not None:
            return whole
        return [_decode(item, v, f"{path}[{i}]") for i, v in enumerate(data)]
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_decode(args[0], v, f"{path}[{i}]") for i, v in enumerate(data))
    if not args:  # a bare tuple: any JSON inside, lists frozen into tuples (hashable)
        return _frozen(_json_value(list(data), path))
    if len(data) != len(args):
        raise InvalidData(f"expected a list of {len(args)} items, got {len(data)}", path)
    pairs = enumerate(zip(args, data, strict=True))
    return tuple(_decode(a, v, f"{path}[{i}]") for i, (a, v) in pairs)


def _whole_numbers(item: Any, data: Any) -> list[int] | None:
    """A list of `item`s (`int`, or `Annotated[int, Between(...)]`) decoded at once, for long
    lists such as a board; None where `item` is another hint or some value does not fit (the
    item-by-item decoding then says which and why)."""
    try:
        bounds = _INT_ITEMS[item] if item in _INT_ITEMS else _INT_ITEMS.setdefault(
            item, _int_bounds(item)
        )
    except TypeError:  # an unhashable hint: decoded item by item
        return None
    if bounds is None:
        return None
    low, high = bounds
    for v in data:
        if type(v) is not int or (low is not None and v < low) or (high is not None and v > high):
            return None
    return list(data)


def _int_bounds(item: Any) -> tuple[float | None, float | None] | None:
    """(low, high) for `int` and `Annotated[int, Between(low, high)]`; None for anything else."""
    if item is int:
        return (None, None)
    if get_origin(item) is typing.Annotated:
        base, *extra = get_args(item)
        if base is int and len(extra) == 1 and type(extra[0]) is Between:
            return (extra[0].low, extra[0].high)
    return None


_INT_ITEMS: dict[Any, tuple[float | None, float | None] | None] = {}


def _decode_dict(args: tuple[Any, ...], data: Any, path: str) -> dict[Any, Any]:
    key_hint, value_hint = args if args else (str, Any)
    if key_hint is int:  # written as sorted [key, value] pairs
        if not isinstance(data, list | tuple):
            raise InvalidData(f"expected a list of [key, value] pairs, got {quote(data)}", path)
        out: dict[Any, Any] = {}
        for i, pair in enumerate(data):
            if not isinstance(pair, list | tuple) or len(pair) != 2:
                where = f"{path}[{i}]"
                raise InvalidData(f"expected a [key, value] pair, got {quote(pair)}", where)
            key = _decode(int, pair[0], f"{path}[{i}][0]")
            if key in out:
                raise InvalidData(f"the key {key} appears twice", f"{path}[{i}]")
            out[key] = _decode(value_hint, pair[1], f"{path}[{i}][1]")
        return out
    if not isinstance(data, Mapping):
        raise InvalidData(f"expected an object, got {quote(data)}", path)
    return {
        _decode(key_hint, k, path): _decode(value_hint, v, f"{path}.{k}" if path else str(k))
        for k, v in data.items()
    }


def _decode_class(cls: type, data: Any, path: str) -> Any:
    if cls is bool:
        if type(data) is not bool:
            raise InvalidData(f"expected true or false, got {quote(data)}", path)
        return data
    if cls is int:
        if type(data) is not int:
            raise InvalidData(f"expected a whole number, got {quote(data)}", path)
        return data
    if cls is float:
        if type(data) not in (int, float) or not math.isfinite(data):
            raise InvalidData(f"expected a finite number, got {quote(data)}", path)
        return float(data)
    if cls is str:
        if type(data) is not str:
            raise InvalidData(f"expected a text, got {quote(data)}", path)
        return data
    if issubclass(cls, enum.Enum):
        for member in cls:
            if data == member.value and type(data) is type(member.value):
                return member
        allowed = _listing([m.value for m in cls])
        raise InvalidData(f"{quote(data)} is not allowed; allowed: {allowed}", path)
    if dataclasses.is_dataclass(cls):
        return _decode_dataclass(cls, data, path)
    from_json = getattr(cls, "from_json", None)
    if from_json is not None:
        try:
            return from_json(data)
        except ValueError as exc:  # InvalidData included: its own words, with the path
            raise InvalidData(str(exc), path) from None
        except (TypeError, KeyError, IndexError, AttributeError) as exc:
            raise InvalidData(f"not a valid {cls.__name__}: {quote(str(exc))}", path) from None
    raise TypeError(f"the codec does not know the class {cls.__name__}")


def _decode_dataclass(cls: type, data: Any, path: str) -> Any:
    if not isinstance(data, Mapping):
        raise InvalidData(f"expected an object, got {quote(data)}", path)
    fields = [f for f in dataclasses.fields(cls) if f.metadata.get("codec") != "skip"]
    names = {f.name for f in fields}
    unknown = sorted(str(k) for k in data if k not in names)
    if unknown:
        raise InvalidData(
            f"unknown field {quote(unknown[0])}; the fields are: {_listing(sorted(names))}", path
        )
    hints = type_hints(cls)
    values: dict[str, Any] = {}
    for f in fields:
        where = f"{path}.{f.name}" if path else f.name
        if f.name not in data:
            raise InvalidData(f"the field {f.name!r} is missing", path or "the document")
        values[f.name] = _decode(hints[f.name], data[f.name], where)
    try:
        return cls(**values)
    except (ValueError, TypeError) as exc:  # a dataclass's own __post_init__ check
        raise InvalidData(str(exc), path) from None


def _json_value(data: Any, path: str) -> Any:
    """Any JSON value, checked to be one (finite numbers, string keys)."""
    if data is None or type(data) in (bool, int, str):
        return data
    if type(data) is float:
        if not math.isfinite(data):
            raise InvalidData(f"expected a finite number, got {quote(data)}", path)
        return data
    if isinstance(data, list | tuple):
        return [_json_value(v, f"{path}[{i}]") for i, v in enumerate(data)]
    if isinstance(data, Mapping):
        for key in data:
            if type(key) is not str:
                raise InvalidData(f"object keys are texts, not {quote(key)}", path)
        return {k: _json_value(v, f"{path}.{k}") for k, v in data.items()}
    raise InvalidData(f"expected a JSON value, got {quote(data)}", path)


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def _listing(values: Any) -> str:
    text = ", ".join(str(v) for v in values)
    return text if len(text) <= 120 else text[:119] + "…"


_HINTS: dict[type, dict[str, Any]] = {}


def type_hints(cls: type) -> dict[str, Any]:
    """The resolved type hints of a class, `Annotated` kept (cached: they never change)."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls, include_extras=True)
    return hints


def decoder(hint: type[T], limits: Limits = STATE_LIMITS) -> Callable[[Any], T]:
    """A function decoding untrusted data as `hint`."""
    return lambda data: decode(hint, data, limits)
