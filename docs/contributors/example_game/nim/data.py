"""Nim's numbers, in one place."""

HEAP_SIZES = (3, 4, 5, 6)  # the heaps at the start, the first `heaps` of them
HEAP_COUNTS = (2, 3, 4)  # how many heaps a game may have
MAX_TAKE = 6  # the most a variant may cap a turn's take at (0: no cap)
