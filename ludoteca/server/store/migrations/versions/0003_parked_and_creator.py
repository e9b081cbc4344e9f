"""A match parked while nobody is at it (no process loads it until someone comes back), and who
created it (what the creation quotas count).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as matches:
        matches.add_column(sa.Column("parked_at", sa.Float(), nullable=True))
        matches.add_column(sa.Column("creator", sa.String(64), nullable=True))
        matches.create_index("ix_matches_creator", ["creator"])


def downgrade() -> None:
    with op.batch_alter_table("matches") as matches:
        matches.drop_index("ix_matches_creator")
        matches.drop_column("creator")
        matches.drop_column("parked_at")
