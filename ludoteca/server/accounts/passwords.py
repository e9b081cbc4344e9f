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


def check_password(password: str, name: str) -> None:
    """A ValueError saying what a password needs, unless it has it."""
    if len(password) < PASSWORD_MIN:
        raise ValueError(f"a password has at least {PASSWORD_MIN} characters (a short sentence "
                         f"is easy to remember); this one has {len(password)}")
    if len(password) > PASSWORD_MAX:
        raise ValueError(f"a password has at most {PASSWORD_MAX} characters")
    if name_key(password) == name_key(name):
        raise ValueError("a password must not be your name")


def hash_password(password: str) -> str:
    return HASHER.hash(password)


def password_matches(password: str, stored: str | None) -> bool:
    """Whether `password` is the one hashed in `stored` (None: no such account; the decoy is
    checked anyway so both take the same time)."""
    try:
        return HASHER.verify(stored or DECOY_HASH, password) and stored is not None
    except (VerificationError, InvalidHashError):
        return False
