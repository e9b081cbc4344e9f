"""Ligretto's rules, one module per part of the game: turning tiles over and discarding them,
placing them (with jokers), restarts from dead ends, the end of a round, scoring, the choices
between rounds, and the round's life that ties them together."""
