"""A match as the learning adapters run it: the game's state, the seats agents play, the role
seats the table plays itself, and in a real-time game the agents' submissions on a clock.

Everything about the game comes from its contract: `legal_actions` (by index, through the
game's `action_index`) is the action mask, `view` read by the game's `observe` is the
observation, `result` gives the rewards. The table adds only what a learning loop needs around
them:

- **Agents and roles.** Agents play the player seats (0 to players - 1). Seats beyond them are
  roles (Ciurme's facilitator): the table plays them itself with a bot (the game's heuristic by
  default, which steers the phases as a facilitator would), right after any action that makes
  them an actor, so an agent never waits on a role.
- **Real time** (`Game.real_time`, Ligretto). Agents *submit* actions; each submission fires
  after the reaction time the game's model gives it (`Game.reaction_seconds`, for the seat's bot
  level) on a simulated clock, the earliest first, exactly as the batch scheduler plays bots
  (`ludoteca.bots.realtime`): a submission that an earlier one made illegal (another seat got
  there first) is refused (`Fired.refused`, which the adapters report), and its seat chooses
  again from the state it finds. A seat with a submission on the clock has nothing to choose
  until it fires or is refused.

The table's randomness (the reaction times, the role bots' choices) comes from generators seeded
with the match's seed, so a match is a function of (game, players, options, seed, the agents'
actions). A table pickles as the game's JSON state (`Game.to_json`), so it travels to worker
processes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludoteca.bots.base import Bot
from ludoteca.bots.spec import parse_bot
from ludoteca.engine.actions import Action
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event
from ludoteca.engine.game import Game
from ludoteca.engine.learning import LazyView, LearningSpec
from ludoteca.engine.rng import Rng
from ludoteca.games import load_game

ROLE_BOT = "heuristic"
# Seeds of the table's own generators, derived from the match seed (not the game's).
_CLOCK_SALT = 0xC10C_4B07
_ROLES_SALT = 0x2013_B075


def learning_spec(game: Game[Any], players: int, options: Any = None) -> LearningSpec:
    """The game's spec for a table of `players` (checked) with `options` (typed here); a
    ValueError for a game without an encoding."""
    game.check_players(players)
    typed = game.options(options)
    spec = game.learning_spec(players, typed)  # a variant it cannot encode is refused there
    if spec is None:
        raise ValueError(
            f"{game.title or game.name} has no encoding for learning agents "
            "(Game.learning_spec returns None)"
        )
    return spec


@dataclass
class Submission:
    """A real-time action on the clock: it fires at `fire_at` (simulated seconds)."""

    action: Action
    fire_at: float


@dataclass(frozen=True)
class Fired:
    """The submission that fired: whose, what, whether the game accepted it and its events; and
    the submissions refused with it (seat, action): this one if the game refused it, and those
    it made illegal (their squares taken a moment before) or whose seats may no longer act."""

    seat: int
    action: Action
    accepted: bool
    events: list[Event]
    refused: tuple[tuple[int, Action], ...] = ()


class Table:
    """A match under way for the learning adapters (see the module's documentation)."""

    def __init__(
        self,
        game: Game[Any] | str,
        players: int,
        options: Any = None,
        seed: int = 0,
        levels: dict[int, str] | None = None,
        role_bot: str = ROLE_BOT,
    ) -> None:
        self.game = load_game(game) if isinstance(game, str) else game
        self.spec = learning_spec(self.game, players, options)
        self.seed = seed
        self.state: Any = self.game.setup(players, seed, self.spec.options)
        self.agents = list(range(players))
        self.roles = [s for s in self.game.seats(self.state) if s >= players]
        self.levels = dict(levels or {})
        for level in self.levels.values():
            self.game.check_level(level)
        self.role_bot_spec = role_bot
        self.role_bot: Bot = parse_bot(role_bot)
        self.role_rng = Rng(seed ^ _ROLES_SALT)
        self.clock_rng = Rng(seed ^ _CLOCK_SALT)
        self.now = 0.0
        self.submissions: dict[int, Submission] = {}
        # what the seats see and may choose, until the state changes
        self._views: dict[int, dict[str, Any]] = {}
        self._legal: dict[int, dict[int, Action]] = {}
        self._actors: frozenset[int] | None = None  # the game's actors in this state
        # what the roles did before any agent acted (an adapter's recall starts with it)
        self.opening: list[Event] = self.play_roles()

    # --- what the agents see ----------------------------------------------------------------
    @property
    def real_time(self) -> bool:
        return self.game.real_time

    def is_over(self) -> bool:
        """Whether the match has ended."""
        return bool(self.game.is_over(self.state))

    def actors(self) -> list[int]:
        """The agent seats with something to choose now, in seat order (in real time: the
        actors without a submission on the clock)."""
        if self._actors is None:
            self._actors = self.game.actors(self.state)
        actors = self._actors
        return [s for s in self.agents if s in actors and s not in self.submissions]

    def view(self, seat: int) -> dict[str, Any]:
        """The seat's view (kept until the state changes: do not change it)."""
        found = self._views.get(seat)
        if found is None:
            found = self._views[seat] = self.game.view(self.state, seat)
        return found

    def observe(self, seat: int) -> list[float]:
        """The seat's view as the game's numbers."""
        return self.game.observe(self.view(seat), seat, self.spec)

    def legal(self, seat: int) -> dict[int, Action]:
        """The seat's choices now by index (empty when it has none: not an actor, or its
        submission is on the clock)."""
        found = self._legal.get(seat)
        if found is None:
            found = {}
            if seat in self.actors():
                seen = LazyView(lambda: self.view(seat))
                found = self.game.indexed_actions(self.state, seat, self.spec, seen)
            self._legal[seat] = found
        return found

    def rewards(self) -> list[float]:
        """Each agent's reward in [-1, 1] once the match is over (1: it beat every other
        player, -1: every other beat it; a tie counts half), else 0."""
        if not self.is_over():
            return [0.0] * len(self.agents)
        return [2 * r - 1 for r in self.game.result(self.state).rewards()]

    # --- acting -----------------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply an agent's action now (turn-based games), then let the roles act; the events
        of both, in order."""
        events = self.game.apply(self.state, seat, action)
        self.changed()
        return events + self.play_roles()

    def play_roles(self) -> list[Event]:
        """The role seats act while they are actors (a facilitator closing a vote...)."""
        events: list[Event] = []
        if not self.roles:
            return events
        for _ in range(self.game.max_actions(len(self.agents), self.spec.options)):
            acting = [s for s in self.roles if s in self.game.actors(self.state)]
            if not acting:
                return events
            for seat in acting:
                action = self.role_bot.choose(self.game, self.state, seat, self.role_rng)
                events += self.game.apply(self.state, seat, action)
                self.changed()
        raise RuntimeError(f"{self.game.name}: the role seats never stop acting")

    def submit(self, seat: int, action: Action) -> None:
        """Put a real-time action on the clock; it fires after the seat's reaction time."""
        delay = self.game.reaction_seconds(
            self.state, seat, action, self.levels.get(seat), self.clock_rng
        )
        self.submissions[seat] = Submission(action, self.now + delay)
        self._legal.pop(seat, None)

    def fire(self) -> Fired | None:
        """Fire the earliest submission (None: none is on the clock); refuse, taking them off
        the clock, the submissions it made illegal and those of seats that may no longer act
        (their seats choose again from the state they find)."""
        if not self.submissions:
            return None
        seat = min(self.submissions, key=lambda s: (self.submissions[s].fire_at, s))
        submission = self.submissions.pop(seat)
        self.now = submission.fire_at
        try:
            events = self.game.apply(self.state, seat, submission.action)
        except IllegalAction:
            self.changed()
            return Fired(seat, submission.action, False, [], ((seat, submission.action),))
        self.changed()
        events += self.play_roles()
        overtaken = [
            other for other, waiting in self.submissions.items()
            if waiting.action not in self.game.legal_actions(self.state, other)
        ]
        refused = tuple((other, self.submissions.pop(other).action) for other in overtaken)
        self.changed()
        return Fired(seat, submission.action, True, events, refused)

    def changed(self) -> None:
        """Forget what was worked out from the state (call it after changing the state)."""
        self._views.clear()
        self._legal.clear()
        self._actors = None

    # --- copies ------------------------------------------------------------------------------
    def copy(self) -> Table:
        """An independent copy (the game's `clone` of the state)."""
        twin = object.__new__(Table)
        twin.__dict__.update(self.__dict__)
        twin.state = self.game.clone(self.state)
        twin.levels = dict(self.levels)
        twin.role_rng = self.role_rng.copy()
        twin.clock_rng = self.clock_rng.copy()
        twin.submissions = {s: Submission(p.action, p.fire_at) for s, p in self.submissions.items()}
        twin._views = {}
        twin._legal = {}
        twin._actors = None
        twin.opening = []
        return twin

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self.copy()

    def __getstate__(self) -> dict[str, Any]:
        """The game by name and the state as JSON: a table pickles without the game's code
        objects or caches."""
        data = dict(self.__dict__)
        data["game"] = self.game.name
        data["state"] = self.game.to_json(self.state)
        data["role_bot"] = None
        data["_views"] = {}
        data["_legal"] = {}
        data["_actors"] = None
        data["opening"] = []
        return data

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.__dict__.update(data)
        self.game = load_game(data["game"])
        self.state = self.game.from_json(data["state"])
        self.role_bot = parse_bot(self.role_bot_spec)
