"""Seats open to anyone (the others are kept for their invite link), and the client's `ref`
kept with each action (a resent action is recognised as accepted earlier).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as seats:
        seats.add_column(sa.Column("open", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
    with op.batch_alter_table("actions") as actions:
        actions.add_column(sa.Column("ref", sa.String(100), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("actions") as actions:
        actions.drop_column("ref")
    with op.batch_alter_table("seats") as seats:
        seats.drop_column("open")
