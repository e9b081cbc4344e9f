"""Castell's rules, one module per part of the game: the set-up, each action of a turn (move,
recruit, train, the special actions, local performances), the end of a turn, the festivals and
the end of a round. Each rule's choices, `check_*` and `do_*` sit next to each other; the rule
table in `game.py` ties them to their action classes."""
