"""The game contract every game implements, and that every tool relies on.

A game is a plain object with small hooks; the state is the game's own data and is never touched
by anyone else. One function answers each question, for everybody: `legal_actions` serves the UI,
the server's validation, bots and RL masks; `view` serves the browser, the network filter, bots
and RL observations.

The public methods take untrusted input and check it the same way for every game: `setup`
checks the player count, the seed and the options before calling the game's `new_state`;
`apply` checks the seat, finds the action's rule in the game's rule table (`rules`), checks the
phase and who may act, then runs the rule's check and do; `view` checks the seat before calling
the game's `seat_view`; `from_json` decodes with the engine's codec and then runs the game's
`check_state`. So a bad seat, a malformed action or a corrupt document is refused with
`IllegalAction` or `InvalidData` (a ValueError), never a TypeError or an IndexError.

`play` is the trusted way in, for the engine's own loops: searches, random playouts and the
benchmarks apply an action they just took from `legal_actions` of the same state, so it skips
every check and may skip the events, and leaves the same state as `apply`.
"""

from __future__ import annotations

import copy
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any, ClassVar, Generic, TypeVar

from ludoteca.engine.actions import Action, ActionCodec, Undo
from ludoteca.engine.chance import ChanceModel
from ludoteca.engine.clock import Deadline, check_level, default_reaction_seconds
from ludoteca.engine.codec import STATE_LIMITS, InvalidData, decode, encode, quote
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event
from ludoteca.engine.learning import Encoding, LazyView, LearningSpec
from ludoteca.engine.options import NoOptions, parse_options
from ludoteca.engine.result import Measure, ReportSection, Result
from ludoteca.engine.rng import Rng
from ludoteca.engine.rules import Rule, RuleTable
from ludoteca.engine.tunables import Tunable, tunables_of

S = TypeVar("S")

# A plain strategy (`Game.plain_strategies`): the move it makes, given the game, a state
# determinized for the seat, the seat, and notes the bot keeps for that seat over a match (what
# it saw before); None where the strategy has no say, and the game's heuristic plays instead.
PlainStrategy = Callable[[Any, Any, int, Rng, dict[str, Any]], Action | None]

MAX_SEED = 2**64 - 1


class Game(ABC, Generic[S]):
    """One game's rules. Subclasses set the class attributes and implement the hooks."""

    name: ClassVar[str]
    title: ClassVar[str] = ""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[Any]] = NoOptions
    # The state dataclass: the codec writes and reads it by its fields' type hints.
    State: ClassVar[type[Any]]
    # The rule table, walked by `legal_actions` and `apply`.
    rules: ClassVar[RuleTable]
    # Everybody acts at once (Ligretto); the server applies actions in arrival order.
    real_time: ClassVar[bool] = False
    # False where `legal_actions` lists a documented finite subset of what `apply` accepts
    # (Castell's towers): then an unlisted action may be legal.
    legal_actions_complete: ClassVar[bool] = True
    # Seconds a server waits after a player's connection drops before a bot plays the seat until
    # the player is back; None: never on its own (a facilitator decides, as in Ciurme).
    abandoned_seat_grace: ClassVar[float | None] = 60.0
    # Whether the whole record (seed and every action) still holds secrets once the game is
    # over (Ciurme's secret ballots and private channels): then only the host or facilitator
    # may read it. Otherwise whoever may watch the match may read it after its end.
    keeps_secrets_after_end: ClassVar[bool] = False
    # The `mcts` bot's settings where its spec leaves them out (see `ludoteca.bots.mcts`): a
    # fixed budget of iterations, never of time, so that a seeded match plays the same on any
    # machine, chosen so that a move takes a fraction of a second on this game. Empty: the
    # engine's defaults (200 iterations of random rollouts).
    mcts_defaults: ClassVar[Mapping[str, Any]] = {}
    # The steps a player may take back (undo) while nobody else acts after them: steps that
    # reveal nothing hidden and draw nothing by chance (Castell's turn actions). A game with
    # some also decodes `{"kind": "undo"}` (see `ludoteca.engine.timeline`). Empty: no undo.
    undoable_steps: ClassVar[tuple[type[Action], ...]] = ()
    # The plain strategies people play the game by, by name (the `plain` bot plays them; the
    # bots benchmark's panel measures the strong level against each). Empty: none.
    plain_strategies: ClassVar[Mapping[str, PlainStrategy]] = {}

    def __init__(self) -> None:
        self._codec = ActionCodec(
            (*self.action_classes, Undo) if self.undoable_steps else self.action_classes)

    @property
    def action_classes(self) -> tuple[type[Action], ...]:
        return self.rules.action_classes

    # --- set-up -----------------------------------------------------------------------------
    def options(self, options: Any = None) -> Any:
        """The typed options, from an instance, a mapping (checked) or None (defaults)."""
        return parse_options(self.Options, options)

    def check_players(self, players: Any) -> None:
        """Raises ValueError, in a sentence naming the allowed counts, unless `players` is a
        whole number the game seats."""
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            title = self.title or self.name
            raise ValueError(
                f"{title} is for {self.min_players} to {self.max_players} players, "
                f"not {quote(players)}"
            )

    def setup(self, players: int, seed: int, options: Any = None) -> S:
        """A new state; deterministic for a seed (a whole number from 0 to 2**64 - 1)."""
        self.check_players(players)
        if type(seed) is not int or not 0 <= seed <= MAX_SEED:
            raise ValueError(f"a seed is a whole number from 0 to 2**64 - 1, not {quote(seed)}")
        return self.new_state(players, seed, self.options(options))

    @abstractmethod
    def new_state(self, players: int, seed: int, options: Any) -> S:
        """The state of a new game, from checked arguments (`options` typed)."""

    # --- play ---------------------------------------------------------------------------------
    @abstractmethod
    def phase(self, state: S) -> str:
        """The phase the game is in (a StrEnum of the game): picks the rules that apply."""

    @abstractmethod
    def actors(self, state: S) -> frozenset[int]:
        """Seats that may act now (exactly those with legal actions); empty when the game is
        over. Where `legal_actions_complete` is False, `apply` may also accept an unlisted action
        from another seat (a chat message posted at any time), which never makes it an actor."""

    def may_act(self, state: S, seat: int) -> bool:
        """Whether `seat` (a valid seat) is one of the actors."""
        return seat in self.actors(state)

    def is_seat(self, state: S, seat: Any) -> bool:
        """Whether `seat` is one of this state's seats (a whole number, not a bool)."""
        return type(seat) is int and 0 <= seat < len(self.seats(state))

    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """What `seat` may do now (empty when it may not act): the choices of the rules of
        the current phase, in table order."""
        if not self.is_seat(state, seat) or not self.may_act(state, seat):
            return []
        menu: list[Action] = []
        for choices in self.rules.menus.get(self.phase(state), ()):
            menu += choices(state, seat)  # extending one list: a step lists several rules
        return menu

    def apply(self, state: S, seat: int, action: Action) -> list[Event]:
        """Apply in place, or raise IllegalAction (before changing anything)."""
        if not self.is_seat(state, seat):
            raise IllegalAction(
                f"there is no seat {quote(seat)} at this table; its seats are 0 to "
                f"{len(self.seats(state)) - 1}",
                it=f"a questo tavolo non c'è il posto {quote(seat)}; i posti vanno da 0 a "
                f"{len(self.seats(state)) - 1}",
            )
        rule = self.rules.by_action.get(type(action))
        if rule is None:
            kinds = ", ".join(cls.kind for cls in self.rules.action_classes)
            raise IllegalAction(
                f"that is not an action of {self.title or self.name}; its actions: {kinds}",
                it=f"questa non è un'azione di {self.title or self.name}; le sue azioni: {kinds}",
            )
        if self.phase(state) not in rule.phases:
            raise IllegalAction(self.refuse_phase(state, seat, rule))
        if not rule.anyone and not self.may_act(state, seat):
            raise IllegalAction(self.refuse_seat(state, seat, rule))
        return rule.do(state, seat, rule.check(state, seat, action))

    def play(self, state: S, seat: int, action: Action) -> None:
        """Apply, in place, an action known to be legal: one of `legal_actions(state, seat)` of
        this very state, as a search, a random playout or a benchmark draws it from the list.
        Nothing is checked (not the seat, the phase, who may act, nor the rule's check: the
        list already answered) and events need not be built; the state afterwards is the one
        `apply` leaves (a test holds every game to it). Never for an action from outside (a
        person's, a bot's over the network): the server calls `apply`. A rule with a `quiet`
        do (no events built) is played by it."""
        rule = self.rules.by_action[type(action)]
        (rule.quiet or rule.do)(state, seat, action)

    def undoable(self, state: S, seat: int, action: Action) -> bool:
        """Whether `action` of `seat`, about to be applied to `state`, may be taken back after
        (until another seat acts or a step that may not be). Default: its class is one of
        `undoable_steps`; a game whose undoable steps depend on the state says so here."""
        return isinstance(action, self.undoable_steps)

    def round_number(self, state: S) -> int | None:
        """The round being played, from 1 (the log of a match marks where each begins); None:
        the game has no rounds."""
        return None

    def gathers(self, state: S) -> str | None:
        """A stretch of real-time play about to start, named by a key (Ligretto: each round's
        "Ligretto!"): a server holds it until the people at the table say they are ready, then
        counts down, so nobody (bots included) starts before the others. None: nothing to
        gather for. Rules never read a clock: the hold is the server's, not a step of the
        log."""
        return None

    def refuse_phase(self, state: S, seat: int, rule: Rule) -> str:
        """Why `rule`'s action is refused in the current phase, in a player's words."""
        return f"you cannot {rule.action.kind.replace('_', ' ')} now"

    def refuse_seat(self, state: S, seat: int, rule: Rule) -> str:
        """Why `seat`, which is not an actor now, may not act, in a player's words."""
        if self.is_over(state):
            return "the game is over"
        return "it is not your turn"

    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        """What `seat` (None: a spectator) may see, JSON-ready, and nothing more."""
        self._check_viewer(state, seat)
        return self.seat_view(state, seat)

    def views(self, state: S, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
        """The `view` of each of `seats` of one state (the server's broadcast asks for every
        connected seat at every step)."""
        seats = list(seats)
        for seat in seats:
            self._check_viewer(state, seat)
        return self.seat_views(state, seats)

    def _check_viewer(self, state: S, seat: int | None) -> None:
        if seat is not None and not self.is_seat(state, seat):
            raise ValueError(
                f"there is no seat {quote(seat)} at this table; its seats are 0 to "
                f"{len(self.seats(state)) - 1}, or none for a spectator"
            )

    def seat_views(self, state: S, seats: list[int | None]) -> dict[int | None, dict[str, Any]]:
        """The views of valid seats; see `views`. A game whose views share much (public boards,
        rules) builds those parts once here, and the views may then share them: they are to be
        read, never changed. Each must equal the seat's `seat_view`."""
        return {seat: self.seat_view(state, seat) for seat in seats}

    @abstractmethod
    def seat_view(self, state: S, seat: int | None) -> dict[str, Any]:
        """The view of a valid seat (None: a spectator); see `view`."""

    @abstractmethod
    def is_over(self, state: S) -> bool:
        """Whether the match has ended."""

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

    def role_seats(self, state: S) -> list[int]:
        """Seats that are roles, not players (a facilitator): they belong to no team and are
        taken by whoever runs the session. Default: the seats in no team."""
        in_teams = {seat for team in self.teams(state) for seat in team}
        return [seat for seat in self.seats(state) if seat not in in_teams]

    def options_for_teams(self, options: Any, teams: list[int]) -> Any:
        """The game's options for teams of these sizes, as a facilitator formed them (the
        server never names an option); ValueError says why those teams cannot play. Default:
        the options unchanged (the game forms its own teams)."""
        return options

    def team_flags(self, teams: int) -> list[str]:
        """A name for each of `teams` teams, in order, that a screen may show beside its number
        (Ciurme's crew colours); empty: none."""
        return []

    def team_count(self, players: int, options: Any = None) -> int:
        """How many teams a game of `players` has, without setting one up. Default: one per
        player; a game with teams (Ciurme's crews) says how many."""
        return players

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
        """An independent copy of `state` (a deep copy unless the game knows a quicker one)."""
        return copy.deepcopy(state)

    def to_json(self, state: S) -> dict[str, Any]:
        """The state as JSON data, through the engine's codec."""
        data: dict[str, Any] = encode(state, self.State)
        return data

    def from_json(self, data: Any) -> S:
        """A state from an untrusted document: decoded field by field, then `check_state`;
        InvalidData (a ValueError) says what is wrong and where."""
        try:
            state: S = decode(self.State, data, STATE_LIMITS)
            self.check_state(state)
        except InvalidData as exc:
            raise InvalidData(f"not a valid {self.title or self.name} state: {exc}") from None
        return state

    def check_state(self, state: S) -> None:
        """Raise InvalidData where a decoded state breaks the game's invariants (references to
        seats that do not exist, components not conserved...). Default: nothing to check."""

    def encode_action(self, action: Action) -> dict[str, Any]:
        """The action as JSON data (`{"kind": ..., fields}`), through the engine's codec."""
        return self._codec.encode(action)

    def decode_action(self, data: Any) -> Action:
        """An action from untrusted JSON; MalformedAction (an IllegalAction and an InvalidData)
        says what was malformed."""
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

    def check_level(self, level: str) -> None:
        """Raise ValueError, saying which levels there are, unless `reaction_seconds` knows the
        bot level `level` (so a command line refuses a bad level before any match starts).
        Default: the default model's levels, or a speed factor; a game with its own reaction
        model checks its own levels."""
        check_level(level)

    # --- for people and bots ---------------------------------------------------------------------
    def render(self, view: Mapping[str, Any]) -> str:
        """The view as text for `ludoteca play`."""
        return json.dumps(view, indent=2, sort_keys=True)

    def describe_result(self, result: Result, seat: int | None) -> list[str]:
        """The end of a match in the words of `seat` (None: a spectator), for `ludoteca play`.
        Default: the scores and the seats ranked first; a game that declares no overall winner
        says what it declares instead."""
        winners = ", ".join(str(s) for s in result.winners)
        you = " - that's you!" if seat in result.winners else ""
        return [
            f"Game over. Scores {list(result.scores)}, ranks {list(result.ranks)}.",
            f"Winner(s): seat {winners}{you}",
        ]

    def public_result(self, result: Result) -> dict[str, Any]:
        """The result as the room's pages read it (a match's summary, its replay). Default:
        all of it; a game that declares no overall winner leaves out the order of the seats
        its tournaments need, and its own English sentences, which the client says itself."""
        return result.to_json()

    def describe_action(self, action: Action) -> str:
        """One line a player reads to choose this action."""
        fields = self.encode_action(action)
        kind = fields.pop("kind")
        args = ", ".join(f"{k}={v}" for k, v in fields.items())
        return f"{kind} {args}".strip()

    def parse_action_text(self, state: S, seat: int, text: str) -> Action | None:
        """An action typed as text by `seat` where a menu cannot list every choice (a tower
        typed as levels in Castell), for `ludoteca play` and other text front ends: None when
        the text is not one (a menu number, say); IllegalAction when it is meant as one but is
        malformed. `apply` still decides whether it is legal. Default: no typed actions."""
        return None

    def tunables(self, players: int) -> list[Tunable]:
        """The numbers a balance search (`ludoteca tune`) may vary for a table of `players`:
        the tunable options and the variant's numbers (`ludoteca.engine.tunables`). A game
        whose tables are by player count keeps the entries of that count only."""
        return tunables_of(self.Options)

    def measures(self) -> list[Measure]:
        """The game's own figures a balance search may aim at (Ligretto's stuck rounds), read
        from `Result.details` like the report sections. Default: none."""
        return []

    def report_sections(self) -> list[ReportSection]:
        """The game's own sections of a balance report (`ludoteca simulate`): where their
        numbers are in `Result.details`, and how to plot them. Default: none."""
        return []

    def debrief(self, state: S, language: str = "en",
                names: Mapping[int, str] | None = None, audience: str = "facilitator") -> Any:
        """Material for the discussion after a game (Ciurme's facilitator debrief): a
        `ludoteca.engine.debrief.Debrief` of tables and pictures in players' words, drawn by
        `ludoteca debrief` and the browser alike, written in `language` (ValueError, saying
        which it speaks, for another) and naming seats by `names` (the names people chose in
        the room) where given; for `audience` (`debrief.AUDIENCES`): the facilitator's whole,
        or the room's, which leaves out every secret (ballots, private talk) so that anybody
        may read it. None: the game has none."""
        return None

    def evaluate(self, state: S) -> list[float]:
        """How well each player stands, in [0, 1] (1: sure to win), for search bots that stop a
        playout early. Default: `result(state).rewards()`, for games whose `result` can read an
        unfinished state; a game overrides it with its own judgement of the position."""
        return self.result(state).rewards()

    def search_key(self, state: S, seat: int) -> Hashable | None:
        """What `seat` has learnt that its search should tell apart (`state` a determinized
        world): after a step of simultaneous moves and chance, a search tree grows a separate
        branch for each key (the bids revealed, the next card turned up), so the seat's later
        choices are weighed in the situations it will actually see. Default None: branches
        follow the moves alone, other seats' simultaneous moves and chance merged."""
        return None

    def search_choices(self, state: S, seat: int, rng: Rng) -> list[Action]:
        """The moves a search bot should compare for `seat`, the heuristic's move first (`state`
        already determinized). Default: every legal action; a game narrows it to the decisions
        where its heuristic can be wrong, so a small search budget goes where it matters."""
        first = self.heuristic_action(state, seat, rng)
        return [first, *(a for a in self.legal_actions(state, seat) if a != first)]

    def solved_policy(self, state: S, seat: int, notes: dict[str, Any]
                      ) -> Mapping[Action, float] | None:
        """A solved strategy of `seat` in this position, each move with its probability, where
        the game holds one (`state` determinized for the seat; Goofspiel's tables of few cards);
        `notes` are the bot's own for the seat, kept over the match (what it saw before). The
        search bot with `solved=1` plays it. Default None: none."""
        return None

    def search_habits(self, state: S, seat: int, notes: dict[str, Any]
                      ) -> list[tuple[float, PlainStrategy, dict[str, Any]]]:
        """The plain strategies (`plain_strategies`) the other players seem to play by, as
        `seat`'s notes (those `solved_policy` keeps) read them: each with its weight and the
        notes its player would keep; the weights sum to at most 1, the rest being a player who
        may play anything. The search bot with `solved=1` draws one each iteration and plays the
        others by it where it drew a habit. Default: none (the others are searched)."""
        return []

    def heuristic_action(self, state: S, seat: int, rng: Rng) -> Action:
        """The game's rule-of-thumb choice for `seat`. `state` is already determinized for that
        seat, so a heuristic never sees secrets. Default: a random legal action."""
        return rng.choice(self.legal_actions(state, seat))

    # --- for learning agents (ludoteca.engine.learning; the adapters in ludoteca.rl) ----------
    # The game's encoding, its learning.py module (None: the game offers none, and the learning
    # adapters refuse it with a sentence that says so); the three hooks below answer with it.
    encoding: Encoding | None = None
    # The game's chance one draw at a time, its chance.py module (`ludoteca.engine.chance`),
    # for exact solvers; None: its chance is its seeded set-up and generator alone.
    chance: ChanceModel | None = None

    def learning_spec(self, players: int, options: Any = None) -> LearningSpec | None:
        """The numbers of this game at a table of `players` with `options` (typed, or a mapping
        the game checks): the observation's layout and the size of the action space, fixed for
        the table; None for a game without an encoding."""
        if self.encoding is None:
            return None
        return self.encoding.learning_spec(players, self.options(options))

    def observe(self, view: Mapping[str, Any], seat: int, spec: LearningSpec) -> list[float]:
        """`seat`'s view as `spec.size` numbers in [0, 1], laid out as `spec.segments`. It reads
        the view alone (what `view(state, seat)` returned), so it cannot leak a secret."""
        return self._encoding().observe(view, seat, spec)

    def action_index(
        self, view: Mapping[str, Any], seat: int, action: Action, spec: LearningSpec
    ) -> int:
        """The index, from 0 to `spec.actions - 1`, of `action`, one of `seat`'s legal actions
        now; `view` is `seat`'s view now (an index may be relative to what the seat sees, a
        pawn's square say). Legal actions at one moment have distinct indices, except where the
        game's space is bounded on purpose (see `indexed_actions`)."""
        return self._encoding().action_index(view, seat, action, spec)

    def _encoding(self) -> Encoding:
        if self.encoding is None:
            raise NotImplementedError(f"{self.title or self.name} has no learning encoding")
        return self.encoding

    def indexed_actions(
        self,
        state: S,
        seat: int,
        spec: LearningSpec,
        view: Mapping[str, Any] | None = None,
    ) -> dict[int, Action]:
        """`seat`'s legal actions by their index (the keys are the action mask); where two share
        an index, the one the game lists first keeps it. `view`: `seat`'s view now, or a
        `LazyView` of it (the default: many games index most actions without looking)."""
        legal = self.legal_actions(state, seat)
        if not legal:
            return {}
        seen = LazyView(lambda: self.view(state, seat)) if view is None else view
        out: dict[int, Action] = {}
        for action in legal:
            out.setdefault(self.action_index(seen, seat, action, spec), action)
        return out
