"""A game's tunable parameters: the numbers a balance search (`ludoteca tune`) may vary.

They live in one place, the game's options, which the rules already read:

- options a player may also choose, marked `option_field(..., tunable=True)` (Ligretto's
  colours and rounds, Goofspiel's cards);
- the game's *variant*: a frozen dataclass of its data tables and counts (Castell's region
  scoring, Ciurme's stamps), carried as the options' `variant` field (`variant_field`). At its
  published values it is left out of every document (the codec's omit-default), and the lobby's
  form never shows it (`describe_options` leaves it out); a match set up with other values keeps
  them in its options, so it replays as it was played. A variant's document names only the
numbers that differ from the published ones (`{"variant": {"special_tokens": 9}}`).

A variant field is a number bounded by its type hint (`Annotated[int, Between(1, 9)]`) or a
table of them (a tuple), whose entries are tuned one by one as `name[i]` (or `name[key]` where
the field's metadata names its keys, such as player counts). Every value is checked by the same
codec as any option: a bad type or a value out of range is refused with what is allowed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, get_args, get_origin

from ludoteca.engine.codec import Between, InvalidData, quote, type_hints
from ludoteca.engine.options import options_to_json

VARIANT = "variant"  # the options field holding a game's variant
# A variant's document names only what differs from the published game.
_PARTIAL = {"codec": "omit-default"}


@dataclass(frozen=True)
class Tunable:
    """One number a search may vary: its name, its kind (`int`, `float`, or `choice` among
    `choices`), its range, its published value and what it is."""

    name: str
    kind: str
    published: Any
    help: str
    low: float | None = None
    high: float | None = None
    choices: tuple[Any, ...] | None = None
    field: str = ""  # the options (or variant) field it lives in
    index: int | None = None  # its entry, in a table
    in_variant: bool = False

    def describe(self) -> str:
        """`name` (int 1..9, published 3): help."""
        if self.choices is not None:
            allowed = "one of " + ", ".join(str(c) for c in self.choices)
        else:
            allowed = f"{self.kind} {self.low:g}..{self.high:g}"
        return f"{self.name} ({allowed}; published {self.published}): {self.help}"

    def check(self, value: Any) -> Any:
        """`value` if this parameter may take it; else a ValueError saying what is allowed."""
        if self.choices is not None:
            if value not in self.choices:
                allowed = ", ".join(str(c) for c in self.choices)
                raise InvalidData(f"{self.name} cannot be {quote(value)}; allowed: {allowed}")
            return value
        exact = int if self.kind == "int" else (int, float)
        if type(value) is bool or not isinstance(value, exact):
            raise InvalidData(f"{self.name} is a{'n' if self.kind == 'int' else ''} {self.kind}, "
                              f"not {quote(value)}")
        assert self.low is not None and self.high is not None
        if not self.low <= value <= self.high:
            raise InvalidData(
                f"{self.name} cannot be {quote(value)}; allowed: {self.low:g} to {self.high:g}"
            )
        return value


def variant_field(variant: type[Any], help: str) -> Any:
    """The options field carrying a game's variant (its published values by default)."""
    return dataclasses.field(
        default=variant(), metadata={"codec": "omit-default", VARIANT: True, "help": help}
    )


def table_field(default: tuple[Any, ...], help: str, keys: tuple[Any, ...] = ()) -> Any:
    """A variant field holding a table; `keys` name its entries (player counts, say) where
    positions would not say what they are."""
    return dataclasses.field(default=default, metadata={**_PARTIAL, "help": help, "keys": keys})


def number_field(default: Any, help: str) -> Any:
    """A variant field holding one number."""
    return dataclasses.field(default=default, metadata={**_PARTIAL, "help": help})


def is_variant(field: dataclasses.Field[Any]) -> bool:
    """Whether an options field is a variant (a tuple of tunable numbers) rather than a plain
    option."""
    return bool(field.metadata.get(VARIANT))


def tunables_of(options_class: type[Any]) -> list[Tunable]:
    """Every tunable parameter of a game's options class: the tunable options, then the
    variant's numbers and table entries."""
    out: list[Tunable] = []
    hints = type_hints(options_class)
    for f in dataclasses.fields(options_class):
        if is_variant(f):
            out.extend(_variant_tunables(f.name, hints[f.name], f.default))
        elif f.metadata.get("tunable"):
            out.append(_option_tunable(f, hints[f.name]))
    return out


def _bounds(hint: Any) -> tuple[type, Between]:
    """The number type of a hint and its `Between` bounds (both required of a tunable)."""
    base, *extra = get_args(hint) if hasattr(hint, "__metadata__") else (hint,)
    bounds = [c for c in extra if isinstance(c, Between)]
    if base not in (int, float) or not bounds or None in (bounds[0].low, bounds[0].high):
        raise TypeError(f"a tunable needs Annotated[int or float, Between(low, high)], not {hint}")
    return base, bounds[0]


def _option_tunable(f: dataclasses.Field[Any], hint: Any) -> Tunable:
    help_text = f.metadata.get("help", "")
    choices = f.metadata.get("choices")
    if choices is not None:
        return Tunable(f.name, "choice", f.default, help_text, choices=tuple(choices),
                       field=f.name)
    base, bounds = _bounds(hint)
    return Tunable(f.name, base.__name__, f.default, help_text, bounds.low, bounds.high,
                   field=f.name)


def _variant_tunables(field_name: str, variant_class: Any, published: Any) -> list[Tunable]:
    out: list[Tunable] = []
    hints = type_hints(variant_class)
    for f in dataclasses.fields(variant_class):
        hint, value, help_text = hints[f.name], getattr(published, f.name), f.metadata["help"]
        if get_origin(_unannotated(hint)) is tuple:
            base, bounds = _bounds(get_args(_unannotated(hint))[0])
            keys = f.metadata.get("keys") or tuple(range(len(value)))
            for index, (key, entry) in enumerate(zip(keys, value, strict=True)):
                out.append(Tunable(f"{f.name}[{key}]", base.__name__, entry, help_text,
                                   bounds.low, bounds.high, field=f.name, index=index,
                                   in_variant=True))
        else:
            base, bounds = _bounds(hint)
            out.append(Tunable(f.name, base.__name__, value, help_text, bounds.low, bounds.high,
                               field=f.name, in_variant=True))
    return out


def _unannotated(hint: Any) -> Any:
    return get_args(hint)[0] if hasattr(hint, "__metadata__") else hint


def with_values(
    game: Any, base: Any, tunables: list[Tunable], values: Mapping[str, Any]
) -> Any:
    """The game's typed options: `base` with these tunable parameters set (every value
    checked by the game's options parser, the variant's own checks included)."""
    by_name = {t.name: t for t in tunables}
    data = options_to_json(base)
    variant = dict(data.get(VARIANT, {}))
    for name, value in values.items():
        if name not in by_name:
            raise InvalidData(f"unknown tunable parameter {quote(name)}; this game's: "
                              + ", ".join(by_name))
        tunable = by_name[name]
        tunable.check(value)
        if not tunable.in_variant:
            data[tunable.field] = value
            continue
        if tunable.index is None:
            variant[tunable.field] = value
        else:
            table = list(variant.get(tunable.field, tunable_table(base, tunable)))
            table[tunable.index] = value
            variant[tunable.field] = table
    if variant:
        data[VARIANT] = variant
    return game.options(data)


def tunable_table(options: Any, tunable: Tunable) -> list[Any]:
    """The table a tunable entry belongs to, as `options` has it."""
    return list(getattr(getattr(options, VARIANT), tunable.field))


def current_value(options: Any, tunable: Tunable) -> Any:
    """The value of a tunable parameter in `options`."""
    if not tunable.in_variant:
        return getattr(options, tunable.field)
    value = getattr(getattr(options, VARIANT), tunable.field)
    return value if tunable.index is None else value[tunable.index]
