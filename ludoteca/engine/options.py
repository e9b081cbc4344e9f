"""Typed game options: a frozen dataclass per game, with defaults, checked on the way in.

A field may list its allowed values in its metadata (`choices`), bound its range with its type
hint (`Annotated[int, Between(1, 20)]`) and explain itself (`help`); `parse_options` turns
untrusted input (a dict from the CLI or the network) into the dataclass with the engine's codec
and says clearly what is wrong and what is allowed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeVar

from ludoteca.engine.codec import (
    Between,
    InvalidData,
    Limits,
    decode,
    encode,
    quote,
    type_hints,
)

T = TypeVar("T")


@dataclasses.dataclass(frozen=True)
class NoOptions:
    """For games without options."""


def option_field(
    default: Any, help: str, choices: tuple[Any, ...] | None = None, tunable: bool = False
) -> Any:
    """A dataclass field for an option, with its help text and allowed values; `tunable`: a
    balance search may vary it (`ludoteca.engine.tunables`)."""
    return dataclasses.field(
        default=default, metadata={"help": help, "choices": choices, "tunable": tunable}
    )


OPTION_LIMITS = Limits(depth=8, nodes=10_000, text=1_000)


def parse_options(cls: type[T], data: T | Mapping[str, Any] | None) -> T:
    """`data` as an instance of the options dataclass `cls`, every value checked by the engine's
    codec against the field's type hint (exact types, `Annotated` ranges) and its choices."""
    if data is None:
        return cls()
    if isinstance(data, cls):
        return data
    if not isinstance(data, Mapping):
        raise InvalidData(f"options must be a mapping of names to values, got {quote(data)}")
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(str(k) for k in set(data) - set(fields))
    if unknown:
        allowed = ", ".join(sorted(fields)) or "none"
        raise InvalidData(
            f"unknown option(s) {', '.join(unknown)[:80]}; this game's options: {allowed}"
        )
    hints = type_hints(cls)
    values: dict[str, Any] = {}
    for name, value in data.items():
        try:
            parsed = decode(hints[name], value, OPTION_LIMITS)
        except InvalidData as exc:
            raise InvalidData(f"option {name!r}: {exc}") from None
        choices = fields[name].metadata.get("choices")
        if choices is not None and parsed not in choices:
            allowed = ", ".join(str(c) for c in choices)
            raise InvalidData(f"option {name!r} cannot be {quote(value)}; allowed: {allowed}")
        values[name] = parsed
    return cls(**values)


def options_to_json(options: Any) -> dict[str, Any]:
    """A JSON-ready dict of an options dataclass (the engine's codec: enums as their values,
    tuples as lists), which `parse_options` reads back."""
    data: dict[str, Any] = encode(options, type(options))
    return data


def describe_options(cls: type[Any]) -> list[dict[str, Any]]:
    """Name, type, default, allowed values or range and help of every option, for docs, the
    CLI and the lobby's forms. A game's variant (its data tables, for balance searches) is not
    an option a table chooses, so it is left out."""
    hints = type_hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        if f.metadata.get("variant"):
            continue
        hint = hints[f.name]
        bounds = [c for c in getattr(hint, "__metadata__", ()) if isinstance(c, Between)]
        out.append(
            {
                "name": f.name,
                "type": type(f.default).__name__,
                "default": f.default,
                "choices": f.metadata.get("choices"),
                "range": [bounds[0].low, bounds[0].high] if bounds else None,
                "help": f.metadata.get("help", ""),
            }
        )
    return out
