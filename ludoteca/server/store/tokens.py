"""Secrets: seat, spectator, facilitator and host tokens, and sessions' join codes.

A token is 128 random bits. The database keeps only its SHA-256 (a token is random, so a plain
hash is enough: there is no password to guess); a presented token is hashed and compared with
`hmac.compare_digest`, in constant time, against the hashes it may match.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable

TOKEN_BYTES = 16  # 128 bits
# Join codes are read aloud and typed on phones: no 0/O, 1/I/L, 2/Z, 5/S, 8/B, U/V.
CODE_ALPHABET = "ACDEFGHJKMNPQRTWXY34679"
CODE_LENGTH = 6


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str | None, stored_hash: str | None) -> bool:
    """Whether `token` is the one whose hash is stored, in constant time."""
    if not token or not stored_hash:
        return False
    return hmac.compare_digest(hash_token(token), stored_hash)


def find_token(token: str | None, candidates: Iterable[tuple[str | None, object]]) -> object:
    """The key of the first (hash, key) pair `token` matches, or None. Every candidate is
    compared, so the time does not say which one matched."""
    if not token:
        return None
    return find_hash(hash_token(token), candidates)


def new_join_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(code: str) -> str:
    return "".join(code.split()).upper()


def new_match_id() -> str:
    return secrets.token_urlsafe(9)  # 12 characters


def find_hash(presented: str | None, candidates: Iterable[tuple[str | None, object]]) -> object:
    """Like `find_token`, for a token already hashed (a connection keeps only the hash)."""
    found: object = None
    if not presented:
        return None
    for stored, key in candidates:
        if stored and hmac.compare_digest(presented, stored) and found is None:
            found = key
    return found


# A person's personal code: shown on their own screen, typed on another device to take their
# seat back (api.guests). 23**5 (6.4 million) codes, guessed at most a few a minute per session
# and per address, so a code is never found by trying.
PERSONAL_CODE_LENGTH = 5


def new_personal_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(PERSONAL_CODE_LENGTH))


def hash_personal_code(match_id: str, code: str) -> str:
    """A personal code as stored: hashed with its session's id (the same code in two sessions
    hashes apart), never kept as typed."""
    return hash_token(f"personal code {match_id} {normalise_code(code)}")
