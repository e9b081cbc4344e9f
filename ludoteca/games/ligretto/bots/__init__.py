"""Ligretto's bots: the heuristic (and the moves worth a search), the evaluation of an
unfinished match, and how fast a bot of each level reacts in real time."""
