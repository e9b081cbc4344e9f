"""A game's rule table: for each action class, where it is allowed, how its choices are listed,
its check and its do.

The engine walks the table (see `Game.legal_actions` and `Game.apply`), so finding a rule means
finding the action's name in the table of the game's `game.py`:

    RULES = RuleTable(
        Rule(Bid, phases=(Phase.BIDDING,), choices=bidding.bids, check=bidding.check_bid,
             do=bidding.do_bid),
        ...
    )

- `phases`: the game's phases (a StrEnum) in which the action is allowed at all.
- `choices(state, seat)`: the actions of this class the seat may take now, as the menus, bots
  and learning masks list them; None: never listed (free chat, which `apply` still accepts).
- `check(state, seat, action)`: raises IllegalAction, in a player's words, before anything
  changes; returns the action to do (the same one, or a normalised copy).
- `do(state, seat, action)`: changes the state and returns the events.
- `quiet(state, seat, action)`: optional, `do`'s change of the state without building the
  events, for `Game.play`, which drops them: for the rules whose events cost a noticeable share
  of a random playout; the others are played by `do`.
- `anyone`: the action may come from a seat that is not an actor now (a chat message).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.engine.events import Event

Choices = Callable[[Any, int], Iterable[Action]]
Check = Callable[[Any, int, Any], Action]
Do = Callable[[Any, int, Any], list[Event]]
Quiet = Callable[[Any, int, Any], None]


@dataclass(frozen=True)
class Rule:
    """One line of a rule table."""

    action: type[Action]
    phases: tuple[str, ...]
    check: Check
    do: Do
    choices: Choices | None = None
    anyone: bool = False
    quiet: Quiet | None = None


class RuleTable:
    """A game's rules by action class, in the order its menus list them."""

    def __init__(self, *rules: Rule) -> None:
        self.rules = rules
        self.by_action: dict[type[Action], Rule] = {}
        for rule in rules:
            if rule.action in self.by_action:
                raise ValueError(f"two rules for the action {rule.action.__name__}")
            self.by_action[rule.action] = rule
        self._listed: dict[str, tuple[Rule, ...]] = {}
        # Each phase's menu as the `choices` of its listed rules, in table order (a phase no
        # rule lists has none): `Game.legal_actions` reads it at every step.
        self.menus: dict[str, tuple[Choices, ...]] = {
            phase: tuple(r.choices for r in self.listed_in(phase) if r.choices is not None)
            for phase in {phase for r in rules for phase in r.phases}
        }

    def __iter__(self) -> Iterator[Rule]:
        return iter(self.rules)

    @property
    def action_classes(self) -> tuple[type[Action], ...]:
        return tuple(rule.action for rule in self.rules)

    def listed_in(self, phase: str) -> tuple[Rule, ...]:
        """The rules whose choices are listed in `phase`, in table order."""
        found = self._listed.get(phase)
        if found is None:
            found = self._listed[phase] = tuple(
                r for r in self.rules if phase in r.phases and r.choices is not None
            )
        return found
