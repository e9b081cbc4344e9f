"""OpenSpiel games: every game of the room that has a learning encoding, registered as an
OpenSpiel Python game named `python_ludoteca_<name>`.

    import pyspiel
    import ludoteca.rl.openspiel  # registers the games
    game = pyspiel.load_game("python_ludoteca_goofspiel", {"players": 3})

Parameters: `players` (default: the game's smallest table), `options` (the game's options as a
JSON object, default `{}`), `levels` (real time: a bot level for every seat, or one per seat
separated by `;`; default: the usual level) and `role_bot` (the bot spec that plays role seats
such as Ciurme's facilitator inside the game; default `heuristic`). OpenSpiel splits a game's
string at commas, so the game writes its options' and levels' commas as `;` (it reads either).
The players of the OpenSpiel game are the player seats; a role seat is part of the game's
dynamics.

What each game is, in OpenSpiel's terms:

- **Sequential, imperfect information, zero-sum, terminal rewards.** Returns are 2 x
  `Result.rewards()` - 1 (1: beat every other player; ties count half), so they sum to 0.
- **Chance: the deal, then the game's own generator.** A match starts with four chance nodes
  of 256 outcomes each that make up the 32-bit seed `Game.setup` deals with; every later chance
  event (a reshuffle, the next round's deal) is sampled inside the state by the game's seeded
  generator, hidden from every seat. OpenSpiel's SAMPLED_STOCHASTIC mode would say the same of
  every chance event, but a Python game in that mode cannot be serialised (OpenSpiel asks the
  game for an RNG state that a Python game cannot give), so the game type is
  EXPLICIT_STOCHASTIC with the deal explicit: `pyspiel.random_sim_test` with serialisation,
  pickling and `serialize_game_and_state` all work.
- **Several seats at once.** When several seats may act (sealed bids, a festival's
  declarations, votes) they move one after the other, starting after the last seat that moved,
  each action applied at once as a server applies them in arrival order; the game's views keep
  secret what must be. A real-time game (Ligretto) is not OpenSpiel's SIMULTANEOUS dynamics
  (OpenSpiel's MCTSBot and ISMCTSBot need sequential games, and real time has no rounds of
  moves): each seat with nothing on the clock *submits* an action in turn, sealed, and when no
  seat is left to choose, the submissions fire in the order of the reaction times the game's
  model gives them on a simulated clock (`ludoteca.rl.table`), as the batch scheduler plays
  bots. A submission that an earlier one made illegal is dropped and its seat chooses again.
- **Observations come from the seat's view only.** The observation tensor is the game's
  encoding of the view (`Game.observe`, with the segments of `Game.learning_spec` as named
  pieces); the observation string is the view as JSON; the information state string is the
  view plus a digest of everything the seat has observed since the deal (its first view, the
  events it was shown, its own actions and submissions), so two histories the seat can tell
  apart never share an information state. `resample_from_infostate` is the game's
  `determinize` (with other seats' sealed submissions redrawn by the game's heuristic), which
  is what OpenSpiel's ISMCTSBot samples worlds with.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np
import pyspiel

from ludoteca.engine.actions import Action
from ludoteca.engine.codec import quote
from ludoteca.engine.events import Event
from ludoteca.engine.game import Game
from ludoteca.engine.learning import LearningSpec
from ludoteca.engine.rng import Rng
from ludoteca.games import game_names, load_game
from ludoteca.rl.table import ROLE_BOT, Table, learning_spec

PREFIX = "python_ludoteca_"
DEAL_NODES = 4  # chance nodes of the deal, one byte of the seed each
DEAL_OUTCOMES = 256


def short_name(game: Game[Any] | str) -> str:
    return PREFIX + (game if isinstance(game, str) else game.name)


def _digest(before: str, what: Any) -> str:
    """A hash chain: `before` extended by `what` (JSON-ready data, whose repr is as exact as
    its JSON and quicker to make)."""
    return hashlib.blake2b((before + repr(what)).encode(), digest_size=16).hexdigest()


# --- the game -------------------------------------------------------------------------------------
def _game_type(game: Game[Any]) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"ludoteca {game.title or game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": game.min_players,
            "options": "{}",
            "levels": "",
            "role_bot": ROLE_BOT,
        },
    )


class LudotecaGame(pyspiel.Game):  # type: ignore[misc]
    """One of the room's games at one table, as an OpenSpiel game."""

    def __init__(self, game: Game[Any], params: dict[str, Any] | None = None) -> None:
        game_type = _game_type(game)
        params = {**game_type.parameter_specification, **(params or {})}
        players = int(params["players"])
        given = read_options(str(params["options"]))
        # written without commas, so that the game's string reads back
        params["options"] = options_text(given)
        params["levels"] = str(params["levels"]).replace(",", ";")
        spec = learning_spec(game, players, given)
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.actions,
            max_chance_outcomes=DEAL_OUTCOMES,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self._max_decisions(game, players, spec),
        )
        super().__init__(game_type, info, params)
        self.ludoteca = game
        self.spec = spec
        self.levels = _levels(params["levels"], players)
        for level in self.levels.values():
            game.check_level(level)
        self.role_bot = str(params["role_bot"])

    @staticmethod
    def _max_decisions(game: Game[Any], players: int, spec: LearningSpec) -> int:
        """Every decision applies an action, except in real time, where a submission may be
        dropped when another fires (at most one per other seat per action applied)."""
        actions = game.max_actions(players, spec.options)
        return players * (actions + 1) if game.real_time else actions

    def new_initial_state(self) -> LudotecaState:
        return LudotecaState(self)

    def max_chance_nodes_in_history(self) -> int:
        return DEAL_NODES

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported; given {params}")
        return Observer(self.spec, iig_obs_type)


def options_text(options: dict[str, Any]) -> str:
    """Options as the `options` parameter: JSON with `;` for its commas."""
    return json.dumps(options, sort_keys=True, separators=(";", ":"))


def read_options(text: str) -> dict[str, Any]:
    """The `options` parameter read: a JSON object, its commas written as `,` or `;` (a game's
    options hold numbers, booleans, names and lists of them, never a comma of their own)."""
    try:
        found = json.loads(text.replace(";", ","))
    except json.JSONDecodeError:
        found = None
    if not isinstance(found, dict):
        raise ValueError(
            f"options: a JSON object of the game's options, e.g. {{\"rounds\": 2}}, not "
            f"{quote(text)}"
        )
    return found


def _levels(text: str, players: int) -> dict[int, str]:
    """`levels` read: nothing, one level for every seat, or one per seat."""
    parts = [p.strip() for p in text.replace(",", ";").split(";")] if text.strip() else []
    if len(parts) == 1:
        parts *= players
    if parts and len(parts) != players:
        raise ValueError(
            f"levels: one for every seat or one per seat ({players}), not {quote(text)}"
        )
    return dict(enumerate(parts))


# --- the state ------------------------------------------------------------------------------------
class LudotecaState(pyspiel.State):  # type: ignore[misc]
    """A match: the deal so far, then the table (`ludoteca.rl.table`) and each seat's recall."""

    def __init__(self, game: LudotecaGame) -> None:
        super().__init__(game)
        self._deal: list[int] = []
        self._table: Table | None = None
        self._last = -1  # the last seat that moved (several may act: the next one moves)
        self._recall: list[str] = []  # per seat: a digest of everything it observed
        self._mover = pyspiel.PlayerId.CHANCE

    @property
    def table(self) -> Table:
        assert self._table is not None, "the deal is not done yet"
        return self._table

    def _spiel_game(self) -> LudotecaGame:
        found: LudotecaGame = self.get_game()
        return found

    # --- OpenSpiel's hooks ----------------------------------------------------------------------
    def current_player(self) -> int:
        return int(self._mover)

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.table.legal(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(byte, 1.0 / DEAL_OUTCOMES) for byte in range(DEAL_OUTCOMES)]

    def _apply_action(self, action: int) -> None:
        if self._table is None:
            self._deal.append(int(action))
            if len(self._deal) == DEAL_NODES:
                self._start(int.from_bytes(bytes(self._deal), "big"))
            return
        seat = int(self._mover)
        chosen = self.table.legal(seat)[int(action)]
        self._remember(seat, {"chose": self.table.game.encode_action(chosen)})
        if self.table.real_time:
            self.table.submit(seat, chosen)
            self._fire_until_someone_chooses()
        else:
            self._heard(self.table.apply(seat, chosen))
            self._last = seat
        self._next_mover()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal byte {action}"
        table = self._table
        chosen = table.legal(player).get(action) if table is not None else None
        if chosen is None:
            return f"action #{action}"
        return f"{table.game.describe_action(chosen)} (#{action})"  # type: ignore[union-attr]

    def is_terminal(self) -> bool:
        return self._table is not None and self._table.is_over()

    def returns(self) -> list[float]:
        if self._table is None:
            return [0.0] * self.get_game().num_players()
        return self._table.rewards()

    def __str__(self) -> str:
        if self._table is None:
            return f"dealing: {self._deal}"
        table = self.table
        # the engine's own JSON of the state: what it is, without the caches a repr would show
        state = json.dumps(table.game.to_json(table.state), sort_keys=True, separators=(",", ":"))
        sealed = {s: table.game.encode_action(p.action) for s, p in table.submissions.items()}
        return f"deal {self._deal}, clock {table.now:.3f}, sealed {sealed}: {state}"

    # --- the match --------------------------------------------------------------------------------
    def _start(self, seed: int) -> None:
        spiel = self._spiel_game()
        table = Table(
            spiel.ludoteca, spiel.num_players(), spiel.spec.options, seed, spiel.levels,
            spiel.role_bot,
        )
        self._table = table
        self._recall = [_digest("", table.view(seat)) for seat in table.agents]
        self._heard(table.opening)
        self._next_mover()

    def _fire_until_someone_chooses(self) -> None:
        """Real time: when every seat that may act has its submission on the clock, they fire,
        earliest first, until somebody has to choose again (or the match is over)."""
        table = self.table
        while not table.is_over() and not table.actors():
            fired = table.fire()
            if fired is None:
                return
            if fired.accepted:
                self._heard(fired.events)
            else:
                self._remember(fired.seat, {"refused": table.game.encode_action(fired.action)})

    def _next_mover(self) -> None:
        table = self.table
        actors = table.actors()
        if table.is_over() or not actors:
            self._mover = pyspiel.PlayerId.TERMINAL
            return
        after = [s for s in actors if s > self._last]
        self._mover = (after or actors)[0]

    def _heard(self, events: list[Event]) -> None:
        for seat in range(len(self._recall)):
            seen = [e.to_json() for e in events if e.visible(seat)]
            if seen:
                self._remember(seat, seen)

    def _remember(self, seat: int, what: Any) -> None:
        self._recall[seat] = _digest(self._recall[seat], what)

    # --- what a seat knows ------------------------------------------------------------------------
    def view_json(self, seat: int) -> str:
        if self._table is None:
            return "{}"
        return json.dumps(self._table.view(seat), sort_keys=True, separators=(",", ":"))

    def information_state(self, seat: int) -> str:
        recall = self._recall[seat] if self._recall else "dealing"
        return f"{self.view_json(seat)} | recall {recall}"

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LudotecaState:
        """A state `player_id` cannot tell from this one: the game's `determinize` for the seat,
        other seats' sealed submissions redrawn by the game's heuristic, the table's own
        generators reseeded (future chance is known to nobody) and other seats' recall replaced
        by a mark (it holds what this seat cannot know)."""
        twin: LudotecaState = self.clone()
        if self._table is None:
            return twin
        rng = Rng(int(probability_sampler() * 2**53))
        table = twin.table
        game = table.game
        table.state = game.determinize(self.table.state, player_id, rng)
        table.role_rng = rng.fork()
        table.clock_rng = rng.fork()
        for seat, submission in table.submissions.items():
            if seat != player_id:
                submission.action = game.heuristic_action(table.state, seat, rng)
                submission.fire_at = table.now + game.reaction_seconds(
                    table.state, seat, submission.action, table.levels.get(seat), rng
                )
        table.changed()
        twin._recall = [
            r if s == player_id else _digest("", f"resampled for seat {player_id}")
            for s, r in enumerate(self._recall)
        ]
        return twin


# --- observations ---------------------------------------------------------------------------------
class Observer:
    """OpenSpiel's observer of a ludoteca game: the observation tensor (the game's encoding of
    the view, one named piece per segment) and string (the view), or, for perfect recall, the
    information state string (no tensor)."""

    def __init__(self, spec: LearningSpec, iig_obs_type: Any) -> None:
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if kind.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not kind.public_info:
            raise ValueError(
                "ludoteca games observe a seat's view, its public and private parts together"
            )
        self.spec = spec
        self.perfect_recall = bool(kind.perfect_recall)
        self.tensor: np.ndarray | None = None
        self.dict: dict[str, np.ndarray] = {}
        if not self.perfect_recall:
            self.tensor = np.zeros(spec.size, np.float32)
            start = 0
            for segment in spec.segments:
                self.dict[segment.name] = self.tensor[start : start + segment.size]
                start += segment.size

    def set_from(self, state: LudotecaState, player: int) -> None:
        if self.tensor is None:
            return
        if state._table is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = state._table.observe(player)

    def string_from(self, state: LudotecaState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state(player)
        return state.view_json(player)


# --- registration ---------------------------------------------------------------------------------
def register(names: list[str] | None = None) -> list[str]:
    """Register the named games (default: every game with a learning encoding) with OpenSpiel,
    once each; their short names."""
    registered = set(pyspiel.registered_names())
    out = []
    for name in names if names is not None else game_names():
        game = load_game(name)
        if game.learning_spec(game.min_players, game.options(None)) is None:
            continue
        if short_name(game) not in registered:
            pyspiel.register_game(_game_type(game), _game_class(game))
        out.append(short_name(game))
    return out


def _game_class(game: Game[Any]) -> type[LudotecaGame]:
    """A class per game, what OpenSpiel calls with the parameters (a class rather than a
    closure: OpenSpiel keeps the factory until after Python has shut down, and dropping the
    last reference to a closure then crashes the interpreter on exit)."""

    def __init__(self: LudotecaGame, params: dict[str, Any] | None = None) -> None:
        LudotecaGame.__init__(self, load_game(game.name), params)

    name = f"Ludoteca{game.name.title()}Game"
    made = type(name, (LudotecaGame,), {"__init__": __init__, "__qualname__": name})
    globals()[name] = made  # found by name here, as pickle looks a game's class up
    return made


def load(
    name: str, players: int | None = None, options: dict[str, Any] | None = None, **params: Any
) -> Any:
    """The OpenSpiel game of a ludoteca game (registered if need be), e.g.
    `load("goofspiel", 3, {"cards": 8})`."""
    register([name])
    given: dict[str, Any] = dict(params)
    if players is not None:
        given["players"] = players
    if options:
        given["options"] = options_text(options)
    return pyspiel.load_game(short_name(name), given)


def chosen_action(state: LudotecaState, index: int) -> Action:
    """The game's action behind an OpenSpiel action index of the player to move."""
    return state.table.legal(state.current_player())[index]


register()
