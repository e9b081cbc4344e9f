"""The game contract every game implements, and that every tool relies on.

A game is a plain object with small hooks; the state is the game's own data and is never touched
by anyone else. One function answers each question, for everybody: `legal_actions` serves the UI,
the server's validation, bots and RL masks; `view` serves the browser, the network filter, bots
and RL observations.
"""

from __future__ import annotations

import copy
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar, Generic, TypeVar

from ludoteca.engine.actions import Action, ActionCodec
from ludoteca.engine.clock import Deadline, default_reaction_seconds
from ludoteca.engine.events import Event
from ludoteca.engine.options import NoOptions, parse_options
from ludoteca.engine.result import Result
from ludoteca.engine.rng import Rng

S = TypeVar("S")


class Game(ABC, Generic[S]):
    """One game's rules. Subclasses set the class attributes and implement the hooks."""

    name: ClassVar[str]
    title: ClassVar[str] = ""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[Any]] = NoOptions
    action_classes: ClassVar[tuple[type[Action], ...]] = ()
    # Everybody acts at once (Ligretto); the server applies actions in arrival order.
    real_time: ClassVar[bool] = False
    # False where `legal_actions` lists a documented finite subset of what `apply` accepts
    # (Castell's towers): then an unlisted action may be legal.
    legal_actions_complete: ClassVar[bool] = True
    # Seconds a server waits after a player's connection drops before a bot plays the seat until
    # the player is back; None: never on its own (a facilitator decides, as in Ciurme).
    abandoned_seat_grace: ClassVar[float | None] = 60.0

    def __init__(self) -> None:
        self._codec = ActionCodec(self.action_classes)

    # --- set-up -----------------------------------------------------------------------------
    def options(self, options: Any = None) -> Any:
        """The typed options, from an instance, a mapping (checked) or None (defaults)."""
        return parse_options(self.Options, options)

    def check_players(self, players: int) -> None:
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            title = self.title or self.name
            raise ValueError(
                f"{title} is for {self.min_players} to {self.max_players} players, not {players!r}"
            )

    @abstractmethod
    def setup(self, players: int, seed: int, options: Any = None) -> S:
        """A new state; deterministic for a seed."""

    # --- play ---------------------------------------------------------------------------------
    @abstractmethod
    def actors(self, state: S) -> frozenset[int]:
        """Seats that may act now (exactly those with legal actions); empty when the game is
        over. Where `legal_actions_complete` is False, `apply` may also accept an unlisted action
        from another seat (a chat message posted at any time), which never makes it an actor."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """What `seat` may do now (empty when it may not act)."""

    @abstractmethod
    def apply(self, state: S, seat: int, action: Action) -> list[Event]:
        """Apply in place, or raise IllegalAction (before changing anything)."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        """What `seat` (None: a spectator) may see, JSON-ready, and nothing more."""

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def result(self, state: S) -> Result:
        """Final scores and ranks of a finished game, with the game's breakdown."""

    @abstractmethod
    def seats(self, state: S) -> list[int]:
        """Every seat id of this state: the players, and roles such as a facilitator."""

    def teams(self, state: S) -> list[list[int]]:
        """The player seats that play as one side (Ciurme's crews), each list sorted; default:
        every player alone. Tournaments put one bot on each team; roles beyond the players (a
        facilitator) belong to none."""
        return [[seat] for seat in range(len(self.seats(state)))]

    @abstractmethod
    def max_actions(self, players: int, options: Any = None) -> int:
        """An upper bound on the number of actions of any playout (the harness enforces it)."""

    # --- hidden information ---------------------------------------------------------------------
    def hidden(self, state: S, seat: int | None) -> Any:
        """What `seat` may not know, JSON-ready (None: nothing). `determinize` resamples exactly
        this; the conformance harness uses it to prove views keep secrets."""
        return None

    def determinize(self, state: S, seat: int | None, rng: Rng) -> S:
        """A copy with what `seat` cannot know resampled consistently with what it knows. A game
        that draws from its generator during play also reseeds the copy's generator from `rng`:
        future chance is known to nobody, so a search must not foresee it."""
        return self.clone(state)

    # --- bookkeeping ------------------------------------------------------------------------------
    def clone(self, state: S) -> S:
        return copy.deepcopy(state)

    @abstractmethod
    def to_json(self, state: S) -> dict[str, Any]: ...

    @abstractmethod
    def from_json(self, data: Mapping[str, Any]) -> S: ...

    def encode_action(self, action: Action) -> dict[str, Any]:
        return self._codec.encode(action)

    def decode_action(self, data: Any) -> Action:
        """An action from untrusted JSON; IllegalAction says what was malformed."""
        return self._codec.decode(data)

    # --- time -------------------------------------------------------------------------------------
    def deadlines(self, state: S) -> list[Deadline]:
        """The clocks running now (a vote's timer...): when one ends, its seat applies its
        action (see `ludoteca.engine.clock`). Default: none."""
        return []

    def reaction_seconds(
        self, state: S, seat: int, action: Action, level: str | None, rng: Rng
    ) -> float:
        """Seconds a bot of `level` takes before `action` in real time (None: the usual
        level). Default: a level's mean with a human spread; a real-time game models its own."""
        return default_reaction_seconds(level, rng)

    # --- for people and bots ---------------------------------------------------------------------
    def render(self, view: Mapping[str, Any]) -> str:
        """The view as text for `ludoteca play`."""
        return json.dumps(view, indent=2, sort_keys=True)

    def describe_action(self, action: Action) -> str:
        """One line a player reads to choose this action."""
        fields = self.encode_action(action)
        kind = fields.pop("kind")
        args = ", ".join(f"{k}={v}" for k, v in fields.items())
        return f"{kind} {args}".strip()

    def debrief(self, state: S) -> dict[str, Any]:
        """Material for the discussion after a game (Ciurme's facilitator debrief): JSON-ready
        tables, drawn by `ludoteca debrief` as tables and pictures. Empty: the game has none."""
        return {}

    def evaluate(self, state: S) -> list[float]:
        """How well each player stands, in [0, 1] (1: sure to win), for search bots that stop a
        playout early. Default: `result(state).rewards()`, for games whose `result` can read an
        unfinished state; a game overrides it with its own judgement of the position."""
        return self.result(state).rewards()

    def search_choices(self, state: S, seat: int, rng: Rng) -> list[Action]:
        """The moves a search bot should compare for `seat`, the heuristic's move first (`state`
        already determinized). Default: every legal action; a game narrows it to the decisions
        where its heuristic can be wrong, so a small search budget goes where it matters."""
        first = self.heuristic_action(state, seat, rng)
        return [first, *(a for a in self.legal_actions(state, seat) if a != first)]

    def heuristic_action(self, state: S, seat: int, rng: Rng) -> Action:
        """The game's rule-of-thumb choice for `seat`. `state` is already determinized for that
        seat, so a heuristic never sees secrets. Default: a random legal action."""
        return rng.choice(self.legal_actions(state, seat))
