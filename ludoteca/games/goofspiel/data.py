"""Goofspiel's one table: the hand sizes it is played with."""

HAND_SIZES = (3, 4, 5, 6, 8, 13)
