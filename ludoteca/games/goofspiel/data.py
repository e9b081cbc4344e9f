"""Goofspiel's one table: the hand sizes it is played with."""

HAND_SIZES = (3, 4, 5, 6, 8, 13)
# Prize points the first seat starts with: none in the game as published. It is the reference
# game's deliberately unfair number, for proving that a balance search finds the fair value.
HEAD_START = 0
MAX_HEAD_START = 10
