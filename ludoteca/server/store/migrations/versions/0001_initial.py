"""The first tables: matches, seats, session members, the action log and snapshots.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "matches",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer(), nullable=True),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("started_at", sa.Float(), nullable=True),
        sa.Column("finished_at", sa.Float(), nullable=True),
        sa.Column("step", sa.Integer(), nullable=False),
        sa.Column("host_token_hash", sa.String(64), nullable=False),
        sa.Column("spectator_token_hash", sa.String(64), nullable=False),
        sa.Column("public_spectators", sa.Boolean(), nullable=False),
        sa.Column("join_code", sa.String(8), nullable=True, unique=True),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("clocks", sa.JSON(), nullable=False),
        sa.Column("crews", sa.JSON(), nullable=True),
    )
    op.create_index("ix_matches_status", "matches", ["status"])
    op.create_table(
        "seats",
        sa.Column("match_id", sa.String(16), sa.ForeignKey("matches.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(60), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("bot", sa.String(200), nullable=True),
    )
    op.create_table(
        "members",
        sa.Column("match_id", sa.String(16), sa.ForeignKey("matches.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("member", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("left", sa.Boolean(), nullable=False),
    )
    op.create_table(
        "actions",
        sa.Column("match_id", sa.String(16), sa.ForeignKey("matches.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("step", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.JSON(), nullable=False),
        sa.Column("source", sa.String(12), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_table(
        "snapshots",
        sa.Column("match_id", sa.String(16), sa.ForeignKey("matches.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("step", sa.Integer(), primary_key=True),
        sa.Column("state", sa.JSON(), nullable=False),
    )


def downgrade() -> None:
    for table in ("snapshots", "actions", "members", "seats", "matches"):
        op.drop_table(table)
