"""Typed game options: a frozen dataclass per game, with defaults, checked on the way in.

A field may list its allowed values in its metadata (`choices`) and explain itself (`help`);
`parse_options` turns untrusted input (a dict from the CLI or the network) into the dataclass and
says clearly what is wrong and what is allowed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeVar

T = TypeVar("T")


@dataclasses.dataclass(frozen=True)
class NoOptions:
    """For games without options."""


def option_field(default: Any, help: str, choices: tuple[Any, ...] | None = None) -> Any:
    """A dataclass field for an option, with its help text and allowed values."""
    return dataclasses.field(default=default, metadata={"help": help, "choices": choices})


def _coerce(name: str, value: Any, default: Any) -> Any:
    kind = type(default)
    if kind is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("true", "false", "yes", "no", "1", "0"):
            return value.lower() in ("true", "yes", "1")
        raise ValueError(f"option {name!r} must be true or false, got {value!r}")
    if kind is int:
        if isinstance(value, bool):
            raise ValueError(f"option {name!r} must be a whole number, got {value!r}")
        try:
            return int(value)
        except (TypeError, ValueError):
            raise ValueError(f"option {name!r} must be a whole number, got {value!r}") from None
    if kind is float:
        try:
            return float(value)
        except (TypeError, ValueError):
            raise ValueError(f"option {name!r} must be a number, got {value!r}") from None
    if kind is tuple:
        if isinstance(value, list | tuple):
            return tuple(tuple(v) if isinstance(v, list) else v for v in value)
        raise ValueError(f"option {name!r} must be a list, got {value!r}")
    if default is None or kind is str:
        return value if value is None else str(value)
    return value


def parse_options(cls: type[T], data: T | Mapping[str, Any] | None) -> T:
    """`data` as an instance of the options dataclass `cls`, every value checked."""
    if data is None:
        return cls()
    if isinstance(data, cls):
        return data
    if not isinstance(data, Mapping):
        raise ValueError(f"options must be a mapping of names to values, got {data!r}")
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(set(data) - set(fields))
    if unknown:
        allowed = ", ".join(sorted(fields)) or "none"
        raise ValueError(f"unknown option(s) {', '.join(unknown)}; this game's options: {allowed}")
    values: dict[str, Any] = {}
    for name, value in data.items():
        f = fields[name]
        coerced = _coerce(name, value, f.default)
        choices = f.metadata.get("choices")
        if choices is not None and coerced not in choices:
            allowed = ", ".join(str(c) for c in choices)
            raise ValueError(f"option {name!r} cannot be {value!r}; allowed: {allowed}")
        values[name] = coerced
    return cls(**values)


def options_to_json(options: Any) -> dict[str, Any]:
    """A JSON-ready dict of an options dataclass."""
    return {
        f.name: list(v) if isinstance(v := getattr(options, f.name), tuple) else v
        for f in dataclasses.fields(options)
    }


def describe_options(cls: type[Any]) -> list[dict[str, Any]]:
    """Name, default, allowed values and help of every option, for docs and the CLI."""
    return [
        {
            "name": f.name,
            "default": f.default,
            "choices": f.metadata.get("choices"),
            "help": f.metadata.get("help", ""),
        }
        for f in dataclasses.fields(cls)
    ]
