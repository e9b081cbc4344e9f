"""Goofspiel's settings for the bots bench (`bench/bots.py`); Goofspiel is the reference game of
every other game's benchmarks and has none of its own.

The panel of plain strategies is measured at the default 5 cards, where the strong level plays
its solved tables and its reading of habits, and at 8 cards, beyond the tables, where it
searches (simultaneous bids searched by regret matching).
"""

from __future__ import annotations

# The options the panel is measured at, each a row of its own.
PANEL_OPTIONS: tuple[dict[str, int], ...] = ({}, {"cards": 8})
