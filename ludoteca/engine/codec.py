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
it gets its default. A field with `metadata={"codec": "omit-default"}` (a game's variant, at its
published values in almost every document) is written only when it differs from its default and
read as its default when missing, so documents of the published game stay as they were.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import threading
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar, get_args, get_origin

T = TypeVar("T")
F = TypeVar("F")

SKIP = {"codec": "skip"}  # field metadata: not part of the document
OMIT_DEFAULT = {"codec": "omit-default"}  # field metadata: written only when not the default
MESSAGE_LIMIT = 300  # characters of an error message
VALUE_LIMIT = 40  # characters of an offending value quoted in a message


class InvalidData(ValueError):
    """A document (a saved state, an action, options) that does not decode. The message names
    the path (`players[2].team[0]`) and what was allowed, and is never longer than
    MESSAGE_LIMIT characters, whatever the input."""

    def __init__(self, message: str, path: str = "") -> None:
        self.reason = message
        self.path = path
        super().__init__(self._text())

    def _text(self) -> str:
        text = f"{self.path}: {self.reason}" if self.path else self.reason
        return text if len(text) <= MESSAGE_LIMIT else text[: MESSAGE_LIMIT - 1] + "…"

    def within(self, segment: str) -> InvalidData:
        """The same error seen one level up: `segment` is a field name or an `[index]`."""
        if not self.path:
            self.path = segment
        elif self.path.startswith("["):
            self.path = segment + self.path
        else:
            self.path = f"{segment}.{self.path}"
        self.args = (self._text(),)
        return self


def quote(value: Any) -> str:
    """A short quotation of an untrusted value for an error message; an enum member by its
    value, as a player wrote it ('Girona', not <Region.GIRONA: 'Girona'>)."""
    text = repr(value.value if isinstance(value, enum.Enum) else value)
    return text if len(text) <= VALUE_LIMIT else text[: VALUE_LIMIT - 1] + "…"


@dataclass(frozen=True)
class Between:
    """A number from `low` to `high`, both included (None: unbounded on that side)."""

    low: float | None = None
    high: float | None = None

    def check(self, value: float, path: str) -> None:
        """Raises InvalidData, naming `path`, for a number outside the bounds."""
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
        """Raises InvalidData, naming `path`, for a text or collection of a length outside the
        bounds."""
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
Encoder = Callable[[Any], Any]
Decoder = Callable[[Any], Any]


def encode(value: Any, hint: Any = Any) -> Any:
    """`value` as JSON-ready data: dataclasses as objects of their fields, enums as values,
    tuples as lists, dicts with int keys (by their type hint) as sorted `[key, value]` pairs."""
    return _encoder(hint)(value)


RECORDS_KEPT = 20_000  # record encodings kept at most, the oldest forgotten first
_records: dict[int, tuple[Any, Any]] = {}  # id of a record -> (the record, its encoding)
_records_lock = threading.Lock()  # bots may build views in worker threads


def encode_record(value: Any) -> Any:
    """`encode(value)` of a record that is never changed once written (a festival held, a
    closed vote, a round's result), worked out once and kept by the record's identity: a view
    lists every record at every step and a state's clones share them, so each is encoded
    about once a match. The record is kept alive beside its encoding, so that its identity
    cannot be taken by another value meanwhile. The encoding is shared: read it, never change
    it."""
    with _records_lock:
        kept = _records.get(id(value))
        if kept is not None:
            return kept[1]
        encoded = encode(value)
        if len(_records) >= RECORDS_KEPT:
            del _records[next(iter(_records))]
        _records[id(value)] = (value, encoded)
        return encoded


def _once_per_hint(cache: dict[Any, F], build: Callable[[Any], F], hint: Any) -> F:
    """`build(hint)`, kept in `cache` so that it is worked out once per hint."""
    try:
        found = cache.get(hint)
    except TypeError:  # an unhashable hint: worked out each time
        return build(hint)
    if found is None:
        found = cache[hint] = build(hint)
    return found


def _encoder(hint: Any) -> Encoder:
    """The encoding function of a type hint, worked out once per hint."""
    return _once_per_hint(_ENCODERS, _build_encoder, hint)


def _build_encoder(hint: Any) -> Encoder:
    if get_origin(hint) is typing.Annotated:
        return _encoder(get_args(hint)[0])
    origin, args = get_origin(hint), get_args(hint)
    if origin is typing.Union or origin is types.UnionType:
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1:
            inner = _encoder(rest[0])
            return lambda v: None if v is None else inner(v)
        return _encode_any
    if origin is list or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        item = _encoder(args[0])
        if item is _plain:
            return _plain_list
        return lambda v: [item(x) for x in v]
    if origin is tuple and args:
        items = [_encoder(a) for a in args]
        return lambda v: [e(x) for e, x in zip(items, v, strict=True)]
    if origin is dict and len(args) == 2:
        value = _encoder(args[1])
        if args[0] is int:
            return lambda v: [[k, value(x)] for k, x in sorted(v.items())]
        key = _encoder(args[0])
        return lambda v: {key(k): value(x) for k, x in v.items()}
    if hint in (int, str, bool, float):
        return _plain
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _enum_value
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass_encoder(hint)
    return _encode_any


def _dataclass_encoder(cls: type) -> Encoder:
    fields: list[tuple[str, Encoder]] = []
    omitted: dict[str, Any] = {}  # omit-default fields and their defaults

    def encode_dataclass(value: Any) -> Any:
        if not fields:  # worked out at first use, so a class may refer to itself
            hints = type_hints(cls)
            for f in dataclasses.fields(cls):
                if f.metadata.get("codec") == "omit-default":
                    omitted[f.name] = _default(f)
                if f.metadata.get("codec") != "skip":
                    fields.append((f.name, _encoder(hints[f.name])))
        if not omitted:
            return {name: enc(getattr(value, name)) for name, enc in fields}
        return {
            name: enc(getattr(value, name))
            for name, enc in fields
            if name not in omitted or getattr(value, name) != omitted[name]
        }

    return encode_dataclass


def _default(f: dataclasses.Field[Any]) -> Any:
    """A field's default value (from its factory, where it has one)."""
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return f.default


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, enum.Enum) else value


def _plain_list(value: Any) -> Any:
    if all(type(v) in _PLAIN for v in value):  # a board of numbers: nothing to convert
        return list(value)
    return [_plain(v) for v in value]


def _enum_value(value: Any) -> Any:
    return value.value


def _encode_any(value: Any) -> Any:
    """Encoding without a hint: by the value's own type."""
    # The common exact types first (views are mostly these): the same result as below, in a
    # third of the time (no isinstance chain, no dataclass check).
    kind = type(value)
    if kind in _PLAIN_TYPES:
        return value
    if kind is list or kind is tuple:
        return [_encode_any(v) for v in value]
    if kind is dict:
        return {_encode_any(k): _encode_any(v) for k, v in value.items()}
    if value is None or isinstance(value, bool | int | float | str):
        return value.value if isinstance(value, enum.Enum) else value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _encoder(type(value))(value)
    if isinstance(value, list | tuple):
        return [_encode_any(v) for v in value]
    if isinstance(value, Mapping):
        return {_encode_any(k): _encode_any(v) for k, v in value.items()}
    to_json = getattr(value, "to_json", None)
    if to_json is not None:
        return to_json()
    raise TypeError(f"cannot encode {type(value).__name__} as JSON")


_PLAIN = (int, float, str, type(None))  # exact types that encode as themselves
_PLAIN_TYPES = frozenset((*_PLAIN, bool))
_ENCODERS: dict[Any, Encoder] = {}


# --- decoding ------------------------------------------------------------------------------------
def decode(hint: Any, data: Any, limits: Limits = STATE_LIMITS, path: str = "") -> Any:
    """`data` decoded as `hint` (a type hint), every value checked; InvalidData otherwise."""
    check_shape(data, limits, path)
    try:
        return _decoder(hint)(data)
    except InvalidData as exc:
        raise (exc.within(path) if path else exc) from None


def check_shape(data: Any, limits: Limits, path: str = "") -> None:
    """Refuse a document nested deeper, larger, or with longer texts than `limits` allow,
    without recursion (a list nested a million deep is refused, not a crash)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    # Every value is counted once, with its parent (the document by itself), so the count never
    # falls: at each check it holds every value met so far, texts still on the stack included.
    nodes = 1
    while stack:
        value, depth = stack.pop()
        kind = type(value)
        if kind is dict or (kind not in _LISTS and isinstance(value, Mapping)):
            children: Any = [*value.keys(), *value.values()]
        elif kind in _LISTS:
            children = value
        else:
            if kind is str and len(value) > limits.text:
                raise InvalidData(
                    f"a text of {len(value)} characters is too long (at most {limits.text})", path
                )
            continue
        nodes += len(children)
        if nodes > limits.nodes:
            raise InvalidData(f"the document is too large (more than {limits.nodes} values)", path)
        if children and depth >= limits.depth:
            raise InvalidData(f"the document is nested too deep (at most {limits.depth})", path)
        for child in children:  # numbers were counted with their parent: a board is walked once
            if type(child) not in _SCALARS:
                stack.append((child, depth + 1))


_LISTS = frozenset({list, tuple})
_SCALARS = frozenset({int, float, bool, type(None)})


def _decoder(hint: Any) -> Decoder:
    """The decoding function of a type hint, worked out once per hint."""
    return _once_per_hint(_DECODERS, _build_decoder, hint)


def _build_decoder(hint: Any) -> Decoder:
    if get_origin(hint) is typing.Annotated:
        base, *extra = get_args(hint)
        return _constrained(_decoder(base), [c for c in extra if hasattr(c, "check")])
    if hint is Any:
        return _json_value
    if hint is None or hint is type(None):
        return _null
    origin, args = get_origin(hint), get_args(hint)
    if hint in (list, tuple, dict):  # bare containers: any JSON inside
        origin, args = hint, ()
    if origin is typing.Union or origin is types.UnionType:
        return _union_decoder(args)
    if origin is typing.Literal:
        return _literal_decoder(args)
    if origin is dict:
        return _dict_decoder(args)
    if origin is list:
        return _list_decoder(args[0] if args else Any)
    if origin is tuple:
        return _tuple_decoder(args)
    if isinstance(hint, type):
        return _class_decoder(hint)
    raise TypeError(f"the codec does not know the type hint {hint!r}")


def _constrained(inner: Decoder, constraints: list[Any]) -> Decoder:
    if not constraints:
        return inner
    if inner is _whole_number and len(constraints) == 1 and type(constraints[0]) is Between:
        low, high = constraints[0].low, constraints[0].high

        def bounded_number(data: Any) -> Any:
            if type(data) is int and (low is None or data >= low) and (
                high is None or data <= high
            ):
                return data
            constraints[0].check(_whole_number(data), "")
            return data  # pragma: no cover (check raised)

        return bounded_number

    def constrained(data: Any) -> Any:
        value = inner(data)
        for constraint in constraints:
            constraint.check(value, "")
        return value

    return constrained


def _null(data: Any) -> None:
    if data is not None:
        raise InvalidData(f"expected null, got {quote(data)}")


def _union_decoder(options: tuple[Any, ...]) -> Decoder:
    rest = [o for o in options if o is not type(None)]
    nullable = len(rest) < len(options)
    if len(rest) == 1:
        inner = _decoder(rest[0])
        return lambda data: None if data is None and nullable else inner(data)
    decoders = [_decoder(o) for o in rest]

    def one_of(data: Any) -> Any:
        if data is None and nullable:
            return None
        errors = []
        for dec in decoders:
            try:
                return dec(data)
            except InvalidData as exc:
                errors.append(str(exc))
        raise InvalidData(f"{quote(data)} fits none of the allowed forms ({'; '.join(errors)})")

    return one_of


def _literal_decoder(allowed: tuple[Any, ...]) -> Decoder:
    types_allowed = {type(a) for a in allowed}

    def literal(data: Any) -> Any:
        if data not in allowed or type(data) not in types_allowed:
            raise InvalidData(f"{quote(data)} is not allowed; allowed: {_listing(allowed)}")
        return data

    return literal


def _list_decoder(item_hint: Any) -> Decoder:
    item = _decoder(item_hint)

    def decode_list(data: Any) -> Any:
        if not isinstance(data, list | tuple):
            raise InvalidData(f"expected a list, got {quote(data)}")
        out = []
        for i, v in enumerate(data):
            try:
                out.append(item(v))
            except InvalidData as exc:
                raise exc.within(f"[{i}]") from None
        return out

    return decode_list


def _tuple_decoder(args: tuple[Any, ...]) -> Decoder:
    if not args:  # a bare tuple: any JSON inside, lists frozen into tuples (hashable)

        def bare_tuple(data: Any) -> Any:
            if not isinstance(data, list | tuple):
                raise InvalidData(f"expected a list, got {quote(data)}")
            return _frozen(_json_value(list(data)))

        return bare_tuple
    if len(args) == 2 and args[1] is Ellipsis:
        as_list = _list_decoder(args[0])
        return lambda data: tuple(as_list(data))
    items = [_decoder(a) for a in args]

    def fixed_tuple(data: Any) -> Any:
        if not isinstance(data, list | tuple):
            raise InvalidData(f"expected a list, got {quote(data)}")
        if len(data) != len(items):
            raise InvalidData(f"expected a list of {len(items)} items, got {len(data)}")
        out = []
        for i, (dec, v) in enumerate(zip(items, data, strict=True)):
            try:
                out.append(dec(v))
            except InvalidData as exc:
                raise exc.within(f"[{i}]") from None
        return tuple(out)

    return fixed_tuple


def _dict_decoder(args: tuple[Any, ...]) -> Decoder:
    key_hint, value_hint = args if args else (str, Any)
    value = _decoder(value_hint)
    if key_hint is int:  # written as sorted [key, value] pairs
        return _pairs_decoder(value)
    key = _decoder(key_hint)

    def decode_dict(data: Any) -> Any:
        if not isinstance(data, Mapping):
            raise InvalidData(f"expected an object, got {quote(data)}")
        out = {}
        for k, v in data.items():
            try:
                out[key(k)] = value(v)
            except InvalidData as exc:
                raise exc.within(str(k)[:VALUE_LIMIT]) from None
        return out

    return decode_dict


def _pairs_decoder(value: Decoder) -> Decoder:
    def decode_pairs(data: Any) -> Any:
        if not isinstance(data, list | tuple):
            raise InvalidData(f"expected a list of [key, value] pairs, got {quote(data)}")
        out: dict[Any, Any] = {}
        for i, pair in enumerate(data):
            try:
                if not isinstance(pair, list | tuple) or len(pair) != 2:
                    raise InvalidData(f"expected a [key, value] pair, got {quote(pair)}")
                key = _whole_number(pair[0])
                if key in out:
                    raise InvalidData(f"the key {key} appears twice")
                out[key] = value(pair[1])
            except InvalidData as exc:
                raise exc.within(f"[{i}]") from None
        return out

    return decode_pairs


def _whole_number(data: Any) -> int:
    if type(data) is not int:
        raise InvalidData(f"expected a whole number, got {quote(data)}")
    return data


def _truth(data: Any) -> bool:
    if type(data) is not bool:
        raise InvalidData(f"expected true or false, got {quote(data)}")
    return data


def _number(data: Any) -> float:
    if type(data) not in (int, float) or not math.isfinite(data):
        raise InvalidData(f"expected a finite number, got {quote(data)}")
    return float(data)


def _text(data: Any) -> str:
    if type(data) is not str:
        raise InvalidData(f"expected a text, got {quote(data)}")
    return data


_BASIC: dict[type, Decoder] = {int: _whole_number, bool: _truth, float: _number, str: _text}


def _class_decoder(cls: type) -> Decoder:
    if cls in _BASIC:
        return _BASIC[cls]
    if issubclass(cls, enum.Enum):
        return _enum_decoder(cls)
    if dataclasses.is_dataclass(cls):
        return _dataclass_decoder(cls)
    from_json = getattr(cls, "from_json", None)
    if from_json is not None:
        return _custom_decoder(cls, from_json)
    raise TypeError(f"the codec does not know the class {cls.__name__}")


def _enum_decoder(cls: type[enum.Enum]) -> Decoder:
    members = {(type(m.value), m.value): m for m in cls}
    allowed = _listing([m.value for m in cls])

    def decode_enum(data: Any) -> Any:
        try:
            return members[(type(data), data)]
        except (KeyError, TypeError):
            raise InvalidData(f"{quote(data)} is not allowed; allowed: {allowed}") from None

    return decode_enum


def _custom_decoder(cls: type, from_json: Callable[[Any], Any]) -> Decoder:
    def decode_custom(data: Any) -> Any:
        try:
            return from_json(data)
        except ValueError as exc:  # InvalidData included: its own words
            raise InvalidData(str(exc)) from None
        except (TypeError, KeyError, IndexError, AttributeError) as exc:
            raise InvalidData(f"not a valid {cls.__name__}: {quote(str(exc))}") from None

    return decode_custom


def _dataclass_decoder(cls: type) -> Decoder:
    fields: list[tuple[str, Decoder]] = []
    names: set[str] = set()
    optional: set[str] = set()  # omit-default fields: their default when missing

    def decode_dataclass(data: Any) -> Any:
        if not fields:  # worked out at first use, so a class may refer to itself
            hints = type_hints(cls)
            for f in dataclasses.fields(cls):
                if f.metadata.get("codec") == "omit-default":
                    optional.add(f.name)
                if f.metadata.get("codec") != "skip":
                    fields.append((f.name, _decoder(hints[f.name])))
                    names.add(f.name)
        if not isinstance(data, Mapping):
            raise InvalidData(f"expected an object, got {quote(data)}")
        if len(data) != len(fields) or not names.issuperset(data):
            unknown = sorted(str(k) for k in data if k not in names)
            if unknown:
                raise InvalidData(
                    f"unknown field {quote(unknown[0])}; the fields are: {_listing(sorted(names))}"
                )
        values: dict[str, Any] = {}
        for name, dec in fields:
            if name not in data:
                if name in optional:
                    continue
                raise InvalidData(f"the field {name!r} is missing")
            try:
                values[name] = dec(data[name])
            except InvalidData as exc:
                raise exc.within(name) from None
        try:
            return cls(**values)
        except (ValueError, TypeError) as exc:  # a dataclass's own __post_init__ check
            raise InvalidData(str(exc)) from None

    return decode_dataclass


def _json_value(data: Any) -> Any:
    """Any JSON value, checked to be one (finite numbers, string keys)."""
    if data is None or type(data) in (bool, int, str):
        return data
    if type(data) is float:
        if not math.isfinite(data):
            raise InvalidData(f"expected a finite number, got {quote(data)}")
        return data
    if isinstance(data, list | tuple):
        out = []
        for i, v in enumerate(data):
            try:
                out.append(_json_value(v))
            except InvalidData as exc:
                raise exc.within(f"[{i}]") from None
        return out
    if isinstance(data, Mapping):
        result = {}
        for key, v in data.items():
            if type(key) is not str:
                raise InvalidData(f"object keys are texts, not {quote(key)}")
            try:
                result[key] = _json_value(v)
            except InvalidData as exc:
                raise exc.within(key[:VALUE_LIMIT]) from None
        return result
    raise InvalidData(f"expected a JSON value, got {quote(data)}")


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def _listing(values: Any) -> str:
    text = ", ".join(str(v) for v in values)
    return text if len(text) <= 120 else text[:119] + "…"


_DECODERS: dict[Any, Decoder] = {}
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
