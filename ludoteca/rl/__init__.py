"""Research interfaces: the room's games for learning agents and search algorithms.

- `ludoteca.rl.pettingzoo`: PettingZoo environments (AEC for turn-based games, Parallel for a
  real-time game), needs the `rl` extra.
- `ludoteca.rl.openspiel`: every game registered as an OpenSpiel Python game
  (`python_ludoteca_<name>`), needs the `rl` extra.
- `ludoteca.rl.table`: what both share: a match with agents, role seats played by bots, and real
  time on a simulated clock.

Both read a game only through its contract and its learning hooks (`Game.learning_spec`,
`Game.observe`, `Game.action_index`); nothing here names a game.
"""
