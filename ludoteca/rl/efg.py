"""A small game's whole tree in Gambit's extensive-form format (`.efg`), for native solvers.

    from ludoteca.rl.efg import export
    tree = export("goofspiel", 2, {"cards": 4}, "goof4.efg")

or `ludoteca solve export goofspiel --option cards=4 -o goof4.efg`. The file is read by
OpenSpiel's C++ `pyspiel.load_efg_game` (then its C++ CFR, CFR+, best responses and
exploitability run on it at native speed) and by Gambit (`pygambit.read_efg`, then its
equilibrium solvers: `pygambit.nash.lcp_solve`, `logit_solve`...).

The tree is walked from the OpenSpiel adapter (`ludoteca.rl.openspiel`), so it is the game the
adapter's solvers see, node for node:

- **Chance nodes** are the game's chance model (`Game.chance`): each draw with its outcomes,
  their labels and their probabilities (written as exact fractions where they are one, e.g.
  `1/3`). A game without a chance model starts with a 32-bit seed and is refused: its tree is
  beyond any exact solver.
- **Information sets** are the adapter's information states (`information_state_string`): two
  nodes share one exactly when their seat cannot tell them apart, with perfect recall. They are
  numbered per player from 1, in the order the walk meets them, and labelled `SEAT:NUMBER`
  (OpenSpiel names them `PLAYER-PLAYER-NUMBER-LABEL`).
- **Actions** are labelled with the game's own words and index (`bid 3 (#2)`), the same label
  for the same action everywhere, as OpenSpiel numbers actions by label.
- **Payoffs** are the adapter's returns (2 x `Result.rewards()` - 1: zero-sum, in [-1, 1]);
  each distinct payoff vector is one Gambit outcome.

`write_efg` walks any OpenSpiel game that gives information state strings (OpenSpiel's own
Goofspiel included), so a native game and ours can be compared on the same solver.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, TextIO

import pyspiel

from ludoteca.rl import openspiel

MAX_NODES = 500_000  # a tree larger than this is beyond the exact solvers it is written for
DENOMINATOR = 1_000_000  # the largest denominator a probability or payoff is written with
CHANCE = int(pyspiel.PlayerId.CHANCE)


@dataclass(frozen=True)
class TreeSize:
    """What was written: nodes of each kind and each player's information sets."""

    terminals: int
    chance_nodes: int
    decision_nodes: int
    infosets: tuple[int, ...]

    @property
    def nodes(self) -> int:
        return self.terminals + self.chance_nodes + self.decision_nodes


class TooLarge(ValueError):
    """The tree passes `MAX_NODES`."""


def number(value: float) -> str:
    """A probability or payoff as Gambit reads it: an exact fraction where the float is one
    (`1/3`, `-1`), else its decimal digits."""
    near = Fraction(value).limit_denominator(DENOMINATOR)
    if abs(float(near) - value) > 1e-15:
        return repr(float(value))
    return str(near.numerator) if near.denominator == 1 else f"{near.numerator}/{near.denominator}"


def label(text: str) -> str:
    """A name as Gambit and OpenSpiel read it: quoted, without quotes or line breaks inside
    (neither format escapes them)."""
    return '"' + " ".join(text.replace('"', "'").split()) + '"'


class _Writer:
    """One walk of the tree, depth first, writing each node as it is met (Gambit's order)."""

    def __init__(self, out: TextIO, players: int, max_nodes: int) -> None:
        self.out = out
        self.max_nodes = max_nodes
        self.infosets: list[dict[str, int]] = [{} for _ in range(players)]
        self.outcomes: dict[tuple[str, ...], int] = {}
        self.chance_nodes = self.decision_nodes = self.terminals = 0

    def walk(self, state: Any) -> None:
        self._count()
        if state.is_terminal():
            self._terminal(state)
        elif state.is_chance_node():
            self._chance(state)
        else:
            self._decision(state)

    def _count(self) -> None:
        if self.terminals + self.chance_nodes + self.decision_nodes >= self.max_nodes:
            raise TooLarge(
                f"the tree passes {self.max_nodes:,} nodes: the export is for small games "
                "(e.g. goofspiel with cards=4); choose smaller options"
            )

    def _terminal(self, state: Any) -> None:
        self.terminals += 1
        payoffs = tuple(number(r) for r in state.returns())
        outcome = self.outcomes.setdefault(payoffs, len(self.outcomes) + 1)
        shown = " ".join(payoffs)
        self.out.write(f't "" {outcome} "{shown}" {{ {shown} }}\n')

    def _chance(self, state: Any) -> None:
        self.chance_nodes += 1
        outcomes = state.chance_outcomes()
        branches = " ".join(f"{label(state.action_to_string(CHANCE, a))} {number(p)}"
                            for a, p in outcomes)
        self.out.write(f'c "" {self.chance_nodes} "" {{ {branches} }} 0\n')
        for action, _ in outcomes:
            self.walk(state.child(action))

    def _decision(self, state: Any) -> None:
        self.decision_nodes += 1
        player = state.current_player()
        seen = self.infosets[player]
        infoset = seen.setdefault(state.information_state_string(player), len(seen) + 1)
        actions = state.legal_actions()
        names = " ".join(label(state.action_to_string(player, a)) for a in actions)
        self.out.write(f'p "" {player + 1} {infoset} "{player}:{infoset}" {{ {names} }} 0\n')
        for action in actions:
            self.walk(state.child(action))


def write_efg(game: Any, out: TextIO, title: str = "", max_nodes: int = MAX_NODES) -> TreeSize:
    """Write the whole tree of the OpenSpiel game `game` to `out` (see the module's
    documentation); a `TooLarge` error past `max_nodes` nodes."""
    if isinstance(game, openspiel.LudotecaGame) and game.chance is None:
        raise ValueError(
            f"{game.ludoteca.name} has no chance model (Game.chance): its matches start from a "
            "32-bit seed, a tree beyond any exact solver; the export is for games such as "
            "goofspiel"
        )
    players = game.num_players()
    names = " ".join(label(f"Player {seat + 1}") for seat in range(players))
    out.write(f"EFG 2 R {label(title or str(game))} {{ {names} }}\n\"\"\n\n")
    writer = _Writer(out, players, max_nodes)
    writer.walk(game.new_initial_state())
    return TreeSize(writer.terminals, writer.chance_nodes, writer.decision_nodes,
                    tuple(len(seen) for seen in writer.infosets))


def export(
    name: str, players: int | None = None, options: dict[str, Any] | None = None,
    path: str | Path | None = None, max_nodes: int = MAX_NODES,
) -> TreeSize:
    """Write the tree of a ludoteca game at a table (`players`, default: its smallest) with
    `options` (variant included) to `path`; what was written. The file is written whole or not
    at all."""
    game = openspiel.load(name, players, options)
    shown = openspiel.options_text(options or {}).replace(";", ",")
    title = f"ludoteca {name}, {game.num_players()} players, options {shown}"
    target = Path(path if path is not None else f"{name}.efg")
    partial = target.with_name(target.name + ".partial")
    try:
        with partial.open("w", encoding="utf-8") as out:
            size = write_efg(game, out, title, max_nodes)
        partial.replace(target)
    finally:
        partial.unlink(missing_ok=True)
    return size
