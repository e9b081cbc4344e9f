"""Errors a game raises at its players."""


class IllegalAction(Exception):
    """An action that the rules do not allow now.

    The message is for a player: it says, in their words, what was wrong (and, where it helps,
    what is allowed). A game raises it before changing anything, so a rejected action never
    leaves a state half-applied.
    """
