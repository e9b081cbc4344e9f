"""Errors a game raises at its players, and at the documents it is given."""

from ludoteca.engine.codec import InvalidData


class IllegalAction(Exception):
    """An action that the rules do not allow now.

    The message is for a player: it says, in their words, what was wrong (and, where it helps,
    what is allowed). A game raises it before changing anything, so a rejected action never
    leaves a state half-applied.
    """


class MalformedAction(IllegalAction, InvalidData):
    """An action document that is not an action of the game at all (unknown kind, missing or
    extra fields, wrong types). It is both: refused like an illegal action, and a bad document."""


__all__ = ["IllegalAction", "InvalidData", "MalformedAction"]
