"""Research interfaces: the room's games for learning agents and search algorithms.

- `ludoteca.rl.gym`: a Gymnasium environment for one seat against bots (`SeatEnv`).
- `ludoteca.rl.pettingzoo`: PettingZoo environments (AEC for turn-based games, Parallel for a
  real-time game).
- `ludoteca.rl.openspiel`: every game registered as an OpenSpiel Python game
  (`python_ludoteca_<name>`) as soon as `ludoteca.rl` is imported; `python -m ludoteca.rl
  SCRIPT` runs OpenSpiel's example scripts with them registered; `ludoteca.rl.spiel_bots`
  steps OpenSpiel's bots on what their seat knows; `ludoteca.rl.recall`, the
  information-state tensor.
- `ludoteca.rl.efg`: a small game's whole tree as a Gambit `.efg` file, for OpenSpiel's C++
  solvers and Gambit's (`ludoteca solve export`); `ludoteca.rl.profiles` carries an
  equilibrium from one to the other.
- `ludoteca.rl.table`: what they share: a match with agents, role seats played by bots, and real
  time on a simulated clock.
- `ludoteca.rl.examples`: runnable examples (a linear policy trained with numpy).

All need the `rl` extra. They read a game only through its contract and its learning hooks
(`Game.learning_spec`, `Game.observe`, `Game.action_index`, and `Game.chance` where a game
offers its chance one draw at a time); nothing here names a game.
"""

from ludoteca.rl import openspiel as _openspiel  # noqa: E402, F401 (registers the games)
