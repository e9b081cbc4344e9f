"""The accounts' tables, beside the matches' (one metadata, one chain of migrations)."""

from __future__ import annotations

from sqlalchemy import Float, ForeignKey, Integer, LargeBinary, String
from sqlalchemy.orm import Mapped, mapped_column

from ludoteca.server.store.models import Base


class AccountRow(Base):
    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    # The name shown to everybody, and the same name folded (case, width, accents' forms):
    # two people cannot sign up as "Hugo" and "hugo".
    name: Mapped[str] = mapped_column(String(60))
    name_key: Mapped[str] = mapped_column(String(60), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[float] = mapped_column(Float)


class SignInRow(Base):
    """One device signed in: its cookie's hash, and the token that its writes carry in a
    header (a page elsewhere cannot read it, so it cannot forge a write)."""

    __tablename__ = "sign_ins"

    cookie_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    csrf_token: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[float] = mapped_column(Float)
    seen_at: Mapped[float] = mapped_column(Float)


class AccountMatchRow(Base):
    """A match a person created or took a seat in, with the tokens kept for them: any device
    they sign in on gets them back (a person sees what their seat or their host role may)."""

    __tablename__ = "account_matches"

    account_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    match_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    seat: Mapped[int | None] = mapped_column(Integer)
    seat_token: Mapped[str | None] = mapped_column(String(64))
    host_token: Mapped[str | None] = mapped_column(String(64))
    added_at: Mapped[float] = mapped_column(Float)


class PasskeyRow(Base):
    """A passkey (a WebAuthn credential) the person registered: its id, its public key and the
    count of its signatures (a count that goes back tells of a cloned key)."""

    __tablename__ = "passkeys"

    credential_id: Mapped[str] = mapped_column(String(1400), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    public_key: Mapped[bytes] = mapped_column(LargeBinary)
    sign_count: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[float] = mapped_column(Float)
