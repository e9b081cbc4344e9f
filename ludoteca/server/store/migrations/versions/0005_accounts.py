"""Accounts, optional: a person, the devices they are signed in on, their passkeys, and the
matches they created or play (with the tokens kept for them).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("name_key", sa.String(60), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
    )
    op.create_table(
        "sign_ins",
        sa.Column("cookie_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(16),
                  sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("csrf_token", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("seen_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_sign_ins_account_id", "sign_ins", ["account_id"])
    op.create_table(
        "account_matches",
        sa.Column("account_id", sa.String(16),
                  sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("match_id", sa.String(16),
                  sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("seat_token", sa.String(64), nullable=True),
        sa.Column("host_token", sa.String(64), nullable=True),
        sa.Column("added_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_account_matches_match_id", "account_matches", ["match_id"])
    op.create_table(
        "passkeys",
        sa.Column("credential_id", sa.String(1400), primary_key=True),
        sa.Column("account_id", sa.String(16),
                  sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("public_key", sa.LargeBinary(), nullable=False),
        sa.Column("sign_count", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_passkeys_account_id", "passkeys", ["account_id"])


def downgrade() -> None:
    op.drop_table("passkeys")
    op.drop_table("account_matches")
    op.drop_table("sign_ins")
    op.drop_table("accounts")
