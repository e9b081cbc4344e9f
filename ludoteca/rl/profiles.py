"""One exported tree (`ludoteca.rl.efg`), two solvers: a Gambit behaviour profile as an
OpenSpiel policy and an OpenSpiel policy as a Gambit profile, so each solver can measure the
other's equilibrium (OpenSpiel's exploitability of Gambit's, Gambit's regret of OpenSpiel's).

Both read the same file, so an information set is the same in both: OpenSpiel names it
`PLAYER-PLAYER-NUMBER-LABEL`, Gambit by its label (`SEAT:NUMBER`, as the exporter writes
it), and an action is found by its label in both.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pygambit
import pyspiel


@dataclass(frozen=True)
class Infoset:
    """One information set as OpenSpiel knows it: its string, a state in it (to ask a policy
    with) and its actions by label."""

    key: str
    state: Any
    actions: dict[str, int]


def infosets(game: Any) -> dict[str, Infoset]:
    """Every information set of an OpenSpiel game loaded from an exported file, by its Gambit
    label."""
    found: dict[str, Infoset] = {}
    for state in _decision_states(game.new_initial_state()):
        player = state.current_player()
        key = state.information_state_string(player)
        gambit_label = key.split("-", 3)[3]
        if gambit_label not in found:
            actions = {state.action_to_string(player, a): a for a in state.legal_actions()}
            found[gambit_label] = Infoset(key, state, actions)
    return found


def _decision_states(state: Any) -> Iterator[Any]:
    if state.is_terminal():
        return
    if not state.is_chance_node():
        yield state
    actions = ([a for a, _ in state.chance_outcomes()] if state.is_chance_node()
               else state.legal_actions())
    for action in actions:
        yield from _decision_states(state.child(action))


def to_policy(profile: Any, spiel_sets: dict[str, Infoset]) -> Any:
    """A Gambit behaviour profile as an OpenSpiel tabular policy of the same file's game. An
    information set its own player never reaches (Gambit's sequence-form solvers leave its
    probabilities unscaled, summing to anything from 0) gets them scaled to 1, or uniform: no
    play reaches it, so it changes no value."""
    table = {}
    for player in profile.game.players:
        for infoset in player.infosets:
            known = spiel_sets[infoset.label]
            chances = [max(0.0, float(profile[action])) for action in infoset.actions]
            total = sum(chances)
            chances = ([c / total for c in chances] if total > 0
                       else [1.0 / len(chances)] * len(chances))
            table[known.key] = [(known.actions[action.label], chance)
                                for action, chance in zip(infoset.actions, chances, strict=True)]
    return pyspiel.TabularPolicy(table)


def to_profile(policy: Any, spiel_sets: dict[str, Infoset], game: pygambit.Game) -> Any:
    """An OpenSpiel policy as a Gambit behaviour profile (floating point) of the same file's
    game."""
    profile = game.mixed_behavior_profile(rational=False)
    for player in game.players:
        for infoset in player.infosets:
            known = spiel_sets[infoset.label]
            chances = policy.action_probabilities(known.state)
            for action in infoset.actions:
                profile[action] = float(chances.get(known.actions[action.label], 0.0))
    return profile


def weighted_regret(profile: Any) -> float:
    """Gambit's largest regret of a profile at one information set, weighted by the chance
    the profile reaches it: what its player would gain by changing its play there alone, so
    never more than that player's best response gains (twice OpenSpiel's exploitability of a
    two-player zero-sum profile, at most)."""
    worst = 0.0
    for player in profile.game.players:
        for infoset in player.infosets:
            reach = float(profile.infoset_prob(infoset))
            if reach > 0:
                best = max(float(profile.action_value(a)) for a in infoset.actions)
                worst = max(worst, reach * (best - float(profile.infoset_value(infoset))))
    return worst
