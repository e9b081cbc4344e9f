"""A way back for guests: a session member's or a match seat's personal code (hashed), the
token it replaced when they came back on another device, the member an entry was merged into,
and the claims of people who lost their code.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as seats:
        seats.add_column(sa.Column("code_hash", sa.String(64), nullable=True))
        seats.add_column(sa.Column("replaced_hash", sa.String(64), nullable=True))
    with op.batch_alter_table("members") as members:
        members.add_column(sa.Column("code_hash", sa.String(64), nullable=True))
        members.add_column(sa.Column("replaced_hash", sa.String(64), nullable=True))
        members.add_column(sa.Column("merged_into", sa.Integer(), nullable=True))
    op.create_table(
        "seat_claims",
        sa.Column("match_id", sa.String(16), sa.ForeignKey("matches.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("claim", sa.Integer(), primary_key=True),
        sa.Column("member", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("code_hash", sa.String(64), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("seat_claims")
    with op.batch_alter_table("members") as members:
        members.drop_column("merged_into")
        members.drop_column("replaced_hash")
        members.drop_column("code_hash")
    with op.batch_alter_table("seats") as seats:
        seats.drop_column("replaced_hash")
        seats.drop_column("code_hash")
