"""Actions and their JSON codec.

An action is a small frozen dataclass with a class-level `kind`. Its fields are plain values
(int, str, bool, None) or tuples of them, so it is hashable, comparable and JSON-ready. The codec
turns it into `{"kind": ..., field: value, ...}` and back; decoding untrusted input raises
`IllegalAction` with a message that says what was wrong.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from ludoteca.engine.errors import IllegalAction


@dataclasses.dataclass(frozen=True)
class Action:
    """Base class of every game's actions; subclasses set `kind`."""

    kind: ClassVar[str] = "action"


def _to_json_value(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_to_json_value(v) for v in value]
    return value


def _from_json_value(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_from_json_value(v) for v in value)
    if isinstance(value, dict):
        raise IllegalAction("an action's fields hold numbers, words or lists, not objects")
    return value


class ActionCodec:
    """Encodes and decodes the actions of one game."""

    def __init__(self, action_classes: Iterable[type[Action]]) -> None:
        self.classes: dict[str, type[Action]] = {}
        for cls in action_classes:
            if cls.kind in self.classes:
                raise ValueError(f"two action classes share the kind {cls.kind!r}")
            self.classes[cls.kind] = cls

    def encode(self, action: Action) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": action.kind}
        for f in dataclasses.fields(action):
            out[f.name] = _to_json_value(getattr(action, f.name))
        return out

    def decode(self, data: Any) -> Action:
        if not isinstance(data, Mapping):
            raise IllegalAction("an action must be an object with a 'kind'")
        kind = data.get("kind")
        cls = self.classes.get(kind) if isinstance(kind, str) else None
        if cls is None:
            allowed = ", ".join(sorted(self.classes))
            raise IllegalAction(f"unknown action kind {kind!r}; allowed kinds: {allowed}")
        names = [f.name for f in dataclasses.fields(cls)]
        extra = sorted(set(data) - set(names) - {"kind"})
        if extra:
            raise IllegalAction(
                f"unexpected fields {extra} for a {kind!r} action; its fields are {names}"
            )
        values: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            if f.name in data:
                values[f.name] = _from_json_value(data[f.name])
            elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise IllegalAction(f"a {kind!r} action needs the field {f.name!r}")
        return cls(**values)
