"""Castell's bots: the heuristic (`heuristic.py`) and the evaluation of an unfinished game for
search bots (`evaluation.py`)."""
