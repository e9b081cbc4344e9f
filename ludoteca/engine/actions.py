"""Actions and their JSON codec.

An action is a small frozen dataclass with a class-level `kind`. Its fields are plain values
(int, str, bool, None, enums) or tuples of them, so it is hashable, comparable and JSON-ready.
The codec turns it into `{"kind": ..., field: value, ...}` and back. Decoding treats its input as
untrusted (see `ludoteca.engine.codec`): exact types from the fields' hints, declared ranges, a
bounded size; anything else raises `MalformedAction`, whose message says what was wrong.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from ludoteca.engine.codec import (
    ACTION_LIMITS,
    InvalidData,
    check_shape,
    decode,
    encode,
    quote,
    type_hints,
)
from ludoteca.engine.errors import MalformedAction


@dataclasses.dataclass(frozen=True)
class Action:
    """Base class of every game's actions; subclasses set `kind`."""

    kind: ClassVar[str] = "action"


@dataclasses.dataclass(frozen=True)
class Undo(Action):
    """Take back one's last step, where the game allows it (`Game.undoable_steps`): an entry of
    the action log like any other, replayed by `ludoteca.engine.timeline.Timeline`."""

    kind = "undo"


class ActionCodec:
    """Encodes and decodes the actions of one game."""

    def __init__(self, action_classes: Iterable[type[Action]]) -> None:
        self.classes: dict[str, type[Action]] = {}
        for cls in action_classes:
            if cls.kind in self.classes:
                raise ValueError(f"two action classes share the kind {cls.kind!r}")
            self.classes[cls.kind] = cls

    def encode(self, action: Action) -> dict[str, Any]:
        """The action as JSON data: its kind and its fields."""
        out: dict[str, Any] = {"kind": action.kind}
        hints = type_hints(type(action))
        for f in dataclasses.fields(action):
            out[f.name] = encode(getattr(action, f.name), hints[f.name])
        return out

    def decode(self, data: Any) -> Action:
        """The action that JSON data describes; MalformedAction, in a sentence, for data of no
        action's shape."""
        try:
            check_shape(data, ACTION_LIMITS, "action")
        except InvalidData as exc:
            raise MalformedAction(str(exc)) from None
        if not isinstance(data, Mapping):
            raise MalformedAction("an action must be an object with a 'kind'")
        kind = data.get("kind")
        cls = self.classes.get(kind) if isinstance(kind, str) else None
        if cls is None:
            allowed = ", ".join(sorted(self.classes))
            raise MalformedAction(f"unknown action kind {quote(kind)}; allowed kinds: {allowed}")
        names = [f.name for f in dataclasses.fields(cls)]
        extra = sorted(str(k) for k in set(data) - set(names) - {"kind"})
        if extra:
            raise MalformedAction(
                f"unexpected field {quote(extra[0])} for a {kind!r} action; its fields are "
                f"{names}"
            )
        hints = type_hints(cls)
        values: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            if f.name in data:
                try:
                    values[f.name] = decode(hints[f.name], data[f.name], ACTION_LIMITS, f.name)
                except InvalidData as exc:
                    raise MalformedAction(f"a {kind!r} action's {exc}") from None
            elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise MalformedAction(f"a {kind!r} action needs the field {f.name!r}")
        return cls(**values)
