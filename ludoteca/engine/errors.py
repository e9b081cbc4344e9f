"""Errors a game raises at its players, and at the documents it is given."""

from collections.abc import Mapping

from ludoteca.engine.codec import InvalidData


class Reason(str):
    """A refusal's reason in English that carries its sentence in other languages too, for the
    functions that say why an action is refused before anything raises (`why_not`): it is the
    English sentence wherever a string is expected, and `IllegalAction(reason)` takes its
    translations along."""

    translations: Mapping[str, str]

    def __new__(cls, english: str, it: str) -> "Reason":
        reason = super().__new__(cls, english)
        reason.translations = {"it": it}
        return reason

    def __reduce__(self) -> tuple[type["Reason"], tuple[str, str]]:
        return Reason, (str(self), self.translations["it"])


def in_language(reason: str, language: str) -> str:
    """`reason` in `language` where it carries that sentence, else as it is (English)."""
    return reason.translations.get(language, reason) if isinstance(reason, Reason) else reason


class IllegalAction(Exception):
    """An action that the rules do not allow now.

    The message is for a player: it says, in their words, what was wrong (and, where it helps,
    what is allowed). A game raises it before changing anything, so a rejected action never
    leaves a state half-applied. `str(exc)` is the English sentence; `it` says it in Italian,
    and `translations` holds the sentence by language ({} when the game gave only English).
    """

    def __init__(self, reason: str, *, it: str | None = None) -> None:
        super().__init__(reason)
        translations = dict(reason.translations) if isinstance(reason, Reason) else {}
        if it is not None:
            translations["it"] = it
        self.translations: dict[str, str] = translations


class MalformedAction(IllegalAction, InvalidData):
    """An action document that is not an action of the game at all (unknown kind, missing or
    extra fields, wrong types). It is both: refused like an illegal action, and a bad document."""


__all__ = ["IllegalAction", "InvalidData", "MalformedAction", "Reason", "in_language"]
