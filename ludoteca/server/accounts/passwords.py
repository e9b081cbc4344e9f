"""A person's name and password as an account takes them, and the password's argon2id hash
(argon2-cffi's defaults, RFC 9106's second recommended setting: 64 MiB, 3 passes)."""

from __future__ import annotations

import unicodedata

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

PASSWORD_MIN = 10
# argon2 hashes any length; a cap keeps a request from making the server hash a megabyte.
PASSWORD_MAX = 200
HASHER = PasswordHasher()
# A hash to check a password against when the name has no account, so that a sign-in with an
# unknown name takes as long as one with a wrong password (the time tells nobody who exists).
DECOY_HASH = HASHER.hash("a password nobody has")


def name_key(name: str) -> str:
    """The name folded: "Hugo", "HUGO" and "Ｈｕｇｏ" are one account."""
    return unicodedata.normalize("NFKC", name).casefold()


class PasswordRefused(ValueError):
    """Why a password will not do, in a sentence, with a code and figures for a client that
    says it in its own language."""

    def __init__(self, message: str, code: str, **params: int) -> None:
        super().__init__(message)
        self.code, self.params = code, params


def check_password(password: str, name: str) -> None:
    """A PasswordRefused saying what a password needs, unless it has it."""
    if len(password) < PASSWORD_MIN:
        raise PasswordRefused(f"a password has at least {PASSWORD_MIN} characters (a short "
                              f"sentence is easy to remember); this one has {len(password)}",
                              "password_short", least=PASSWORD_MIN, length=len(password))
    if len(password) > PASSWORD_MAX:
        raise PasswordRefused(f"a password has at most {PASSWORD_MAX} characters",
                              "password_long", most=PASSWORD_MAX)
    if name_key(password) == name_key(name):
        raise PasswordRefused("a password must not be your name", "password_is_name")


def hash_password(password: str) -> str:
    return HASHER.hash(password)


def password_matches(password: str, stored: str | None) -> bool:
    """Whether `password` is the one hashed in `stored` (None: no such account; the decoy is
    checked anyway so both take the same time)."""
    try:
        return HASHER.verify(stored or DECOY_HASH, password) and stored is not None
    except (VerificationError, InvalidHashError):
        return False
