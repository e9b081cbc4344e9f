"""Goofspiel's bots: the heuristic (`heuristic.py`)."""
