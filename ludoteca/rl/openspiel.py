"""OpenSpiel games: every game of the room that has a learning encoding, registered as an
OpenSpiel Python game named `python_ludoteca_<name>`.

    import pyspiel
    import ludoteca.rl.openspiel  # registers the games
    game = pyspiel.load_game("python_ludoteca_goofspiel", {"players": 3})

OpenSpiel's own example scripts find them through `python -m ludoteca.rl SCRIPT [ARGS]`
(`ludoteca.rl.__main__`), which registers the games and then runs the script.

Parameters: `players` (default: the game's smallest table), `options` (the game's options as a
JSON object, default `{}`), `levels` (real time: a bot level for every seat, or one per seat
separated by `;`; default: the usual level), `role_bot` (the bot spec that plays role seats
such as Ciurme's facilitator inside the game; default `heuristic`) and `recall` (how many of a
seat's past decisions its information-state tensor holds; default -1: see
`ludoteca.rl.recall`). OpenSpiel splits a game's string at commas, so the game writes its
options' and levels' commas as `;` (it reads either), and its string gives `recall` as chosen.
The players of the OpenSpiel game are the player seats; a role seat is part of the game's
dynamics.

What each game is, in OpenSpiel's terms:

- **Sequential, imperfect information, zero-sum, terminal rewards.** Returns are 2 x
  `Result.rewards()` - 1 (1: beat every other player; ties count half), so they sum to 0.
- **Chance, explicit.** A game with a chance model (`Game.chance`, `ludoteca.engine.chance`:
  Goofspiel) has a chance node for every draw its seats see, with the draw's outcomes and
  their probabilities (Goofspiel: each prize as it is turned up, any card left alike), so that
  exact solvers (CFR, best responses, exploitability) can walk a small game's tree. Every other
  game starts with four chance nodes of 256 outcomes each that make up the 32-bit seed
  `Game.setup` deals with, and every later chance event (a reshuffle, the next round's deal, a
  reaction time) is sampled inside the state by the game's seeded generator, hidden from every
  seat: their set-ups shuffle and deal a hundred components at once and their matches are far
  beyond exact solvers. OpenSpiel's SAMPLED_STOCHASTIC mode would say the same of those later
  events, but a Python game in that mode cannot be serialised (OpenSpiel asks the game for an
  RNG state that a Python game cannot give), so the game type is EXPLICIT_STOCHASTIC:
  `pyspiel.random_sim_test` with serialisation, pickling and `serialize_game_and_state` all
  work.
- **Several seats at once.** When several seats may act (sealed bids, a festival's
  declarations, votes) they move one after the other, starting after the last seat that moved,
  each action applied at once as a server applies them in arrival order; the game's views keep
  secret what must be. A real-time game (Ligretto) is not OpenSpiel's SIMULTANEOUS dynamics
  (OpenSpiel's MCTSBot and ISMCTSBot need sequential games, and real time has no rounds of
  moves): each seat with nothing on the clock *submits* an action in turn, sealed, and when no
  seat is left to choose, the submissions fire in the order of the reaction times the game's
  model gives them on a simulated clock (`ludoteca.rl.table`), as the batch scheduler plays
  bots. A submission that an earlier one made illegal is refused and its seat chooses again.
- **The true state holds the sealed moves.** So a bot given the state itself (OpenSpiel's
  `MCTSBot.step(state)`) searches a world where the seats that moved before it have shown their
  sealed bids and declarations: it plays with their cards face up. Give such a bot a world drawn
  from what its seat knows instead (`ludoteca.rl.spiel_bots.step_on_information`).
- **Observations come from the seat's view only.** The observation tensor is the game's
  encoding of the view (`Game.observe`, with the segments of `Game.learning_spec` as named
  pieces); the observation string is the view as JSON. The information state string is the
  seat, its view and a digest of everything the seat has observed since the start (the views
  it had after the deal and after each draw, the events it was shown, its own actions and its
  refused submissions), so two histories the seat can tell apart never share an information
  state (perfect recall), and no two seats share one. The information-state tensor is the
  observation with the seat's past decisions (`ludoteca.rl.recall`). `resample_from_infostate`
  is the game's `determinize` (with other seats' sealed submissions redrawn by the game's
  heuristic), which is what OpenSpiel's ISMCTSBot samples worlds with.
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any

import numpy as np
import pyspiel

from ludoteca.engine.actions import Action
from ludoteca.engine.chance import ChanceBounds, ChanceModel, Draw
from ludoteca.engine.codec import quote
from ludoteca.engine.events import Event
from ludoteca.engine.game import Game
from ludoteca.engine.learning import LearningSpec
from ludoteca.engine.rng import Rng
from ludoteca.games import game_names, load_game
from ludoteca.rl.recall import Decisions, RecallLayout, segment_pieces
from ludoteca.rl.table import ROLE_BOT, Table, learning_spec

PREFIX = "python_ludoteca_"
DEAL_NODES = 4  # chance nodes of the deal, one byte of the seed each
DEAL_OUTCOMES = 256
REPLAYS_KEPT = 256  # matches replayed for their decisions, kept to replay from
CHANCE = int(pyspiel.PlayerId.CHANCE)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def short_name(game: Game[Any] | str) -> str:
    """The OpenSpiel name of a game: `python_ludoteca_<game>`."""
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
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": game.min_players,
            "options": "{}",
            "levels": "",
            "role_bot": ROLE_BOT,
            "recall": -1,
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
        decisions = self._max_decisions(game, players, spec)
        layout = RecallLayout.of(spec, spec.seat_decisions or decisions, int(params["recall"]))
        params["recall"] = layout.slots  # the string says how many were chosen
        self.chance: ChanceModel | None = game.chance
        bounds = self.chance.bounds(players, spec.options) if self.chance else None
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.actions,
            max_chance_outcomes=bounds.outcomes if bounds else DEAL_OUTCOMES,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=decisions,
        )
        super().__init__(game_type, info, params)
        self.ludoteca = game
        self.spec = spec
        self.layout = layout
        self.bounds: ChanceBounds | None = bounds
        self.levels = _levels(params["levels"], players)
        for level in self.levels.values():
            game.check_level(level)
        self.role_bot = str(params["role_bot"])
        self._replays: OrderedDict[tuple[int, ...], MatchSoFar] = OrderedDict()

    @staticmethod
    def _max_decisions(game: Game[Any], players: int, spec: LearningSpec) -> int:
        """Every decision applies an action, except in real time, where a submission may be
        refused when another fires (at most one per other seat per action applied)."""
        actions = game.max_actions(players, spec.options)
        return players * (actions + 1) if game.real_time else actions

    def new_initial_state(self) -> LudotecaState:
        """A match at its start, before the deal."""
        return LudotecaState(self)

    def replayed(self, history: list[int]) -> Decisions:
        """Every seat's decisions in the match after `history`: replayed from the longest
        start of it replayed before. A solver or a search asks for the tensors of one tree's
        states, each a step or a few past another, so a replay is a step or a few; the matches
        kept (`REPLAYS_KEPT`, the latest) hold no reference to an OpenSpiel object."""
        key = tuple(history)
        start = max((kept for kept in self._replays if key[: len(kept)] == kept),
                    key=len, default=None)
        scratch = self.new_initial_state()  # its own history is not read: only its match
        if start is None:
            scratch._match.decisions = Decisions(self.num_players())
        else:
            scratch._match = copy.deepcopy(self._replays[start])
            self._replays.move_to_end(start)
        for action in key[len(start or ()) :]:
            scratch.apply_action(action)
        self._replays[key] = scratch._match
        while len(self._replays) > REPLAYS_KEPT:
            self._replays.popitem(last=False)
        decisions = scratch._match.decisions
        assert decisions is not None
        return copy.deepcopy(decisions)  # the state adds to its own; the one kept stays

    def max_chance_nodes_in_history(self) -> int:
        """The most chance nodes a match passes: the game's draws, or the deal's bytes."""
        return self.bounds.draws if self.bounds else DEAL_NODES

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer | PublicObserver | AllPlayersObserver | None:
        """The observer OpenSpiel's `make_observation` asks for:

        - a seat's (private_info SINGLE_PLAYER, the default): the seat's view, with perfect
          recall its information state (`Observer`);
        - the public one (private_info NONE): what a spectator sees (`PublicObserver`);
        - all players' (private_info ALL_PLAYERS, without perfect recall): every seat's view
          at once, which still hides what no seat sees (`AllPlayersObserver`).

        None for the kinds a ludoteca game does not offer (a seat's private part alone, a
        public or all-players observer with perfect recall), as `make_observation` documents."""
        if params:
            raise ValueError(f"observation parameters are not supported; given {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        private = kind.private_info
        if private == pyspiel.PrivateInfoType.NONE and kind.public_info:
            return None if kind.perfect_recall else PublicObserver()
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS and kind.public_info:
            return None if kind.perfect_recall else AllPlayersObserver(
                self.spec, self.num_players())
        if private != pyspiel.PrivateInfoType.SINGLE_PLAYER or not kind.public_info:
            return None
        return Observer(self.spec, self.layout, bool(kind.perfect_recall))


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
class MatchSoFar:
    """What an OpenSpiel state holds of its match: the deal so far (or the key of the last draw
    settled), the table, the last seat that moved, each seat's recall digest and decisions, and
    who moves now. Its copy copies what play changes and shares the rest."""

    def __init__(self) -> None:
        self.deal: list[int] = []
        self.table: Table | None = None
        self.settled: Hashable | None = None  # explicit chance: the last draw settled
        self.last = -1  # the last seat that moved (several may act: the next one moves)
        self.recall: list[str] = []  # per seat: a digest of everything it observed
        self.decisions: Decisions | None = None  # per seat, kept once a tensor is asked for
        self.mover = CHANCE

    def __deepcopy__(self, memo: dict[int, Any]) -> MatchSoFar:
        twin = MatchSoFar()
        twin.deal = list(self.deal)
        twin.table = None if self.table is None else self.table.copy()
        twin.settled = self.settled
        twin.last = self.last
        twin.recall = list(self.recall)
        twin.decisions = None if self.decisions is None else copy.deepcopy(self.decisions)
        twin.mover = self.mover
        return twin


class LudotecaState(pyspiel.State):  # type: ignore[misc]
    """A match: the deal so far (or the draws settled), then the table (`ludoteca.rl.table`)
    and each seat's recall."""

    def __init__(self, game: LudotecaGame) -> None:
        super().__init__(game)
        # Everything in one attribute: OpenSpiel copies a Python state attribute by attribute
        # (`copy.deepcopy` of each), and exact solvers copy states by the hundred thousand.
        self._match = MatchSoFar()

    @property
    def table(self) -> Table:
        assert self._match.table is not None, "the deal is not done yet"
        return self._match.table

    def _spiel_game(self) -> LudotecaGame:
        found: LudotecaGame = self.get_game()
        return found

    @property
    def dealt(self) -> bool:
        """Whether the seats see anything yet: the deal is done, or the first draw settled."""
        match = self._match
        return match.table is not None and (
            self._spiel_game().chance is None or match.settled is not None
        )

    # --- OpenSpiel's hooks ----------------------------------------------------------------------
    def current_player(self) -> int:
        """The player to act, or OpenSpiel's chance or terminal player."""
        return self._match.mover

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.table.legal(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The pending draw's outcomes and their probabilities."""
        if self._spiel_game().chance is not None:
            return list(self._pending_draw().outcomes)
        return [(byte, 1.0 / DEAL_OUTCOMES) for byte in range(DEAL_OUTCOMES)]

    def _apply_action(self, action: int) -> None:
        if self._match.mover == CHANCE:
            self._chance(int(action))
            return
        match = self._match
        seat = match.mover
        table = self.table
        chosen = table.legal(seat)[int(action)]
        if match.decisions is not None:
            match.decisions.add(seat, np.asarray(table.observe(seat), np.float32), int(action))
        self._remember(seat, {"chose": int(action)})
        if table.real_time:
            table.submit(seat, chosen)
            self._fire_until_someone_chooses()
        else:
            self._heard(table.apply(seat, chosen))
            match.last = seat
        self._next_mover()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            if self._spiel_game().chance is None:
                return f"deal byte {action}"
            pending = self._match.mover == CHANCE and self._pending_draw()
            return pending.label(action) if pending else f"chance outcome {action}"
        table = self._match.table
        chosen = table.legal(player).get(action) if table is not None else None
        if chosen is None:
            return f"action #{action}"
        return f"{table.game.describe_action(chosen)} (#{action})"  # type: ignore[union-attr]

    def is_terminal(self) -> bool:
        """Whether the match has ended."""
        return self._match.mover == TERMINAL

    def returns(self) -> list[float]:
        """Each player's return: 1 beat everybody, -1 beaten by everybody, ties counting half."""
        if self._match.table is None:
            return [0.0] * self.get_game().num_players()
        return self._match.table.rewards()

    def __str__(self) -> str:
        """The deal or the draws, the last seat that moved, the table's clock, the sealed
        submissions, each seat's recall and the engine's own JSON of the state (what it is,
        without the caches a repr would show): two states with the same string are the same in
        every respect that counts."""
        match = self._match
        if match.table is None:
            return f"dealing: {match.deal}"
        table = match.table
        state = json.dumps(table.game.to_json(table.state), sort_keys=True, separators=(",", ":"))
        sealed = {s: table.game.encode_action(p.action) for s, p in table.submissions.items()}
        drawn = f"deal {match.deal}" if match.deal else f"settled {match.settled!r}"
        return (f"{drawn}, last mover {match.last}, clock {table.now:.3f}, sealed {sealed}, "
                f"recall {match.recall}: {state}")

    # --- chance -----------------------------------------------------------------------------------
    def _chance(self, outcome: int) -> None:
        """A chance node's outcome: a byte of the deal, or the outcome of the pending draw."""
        chance = self._spiel_game().chance
        if chance is None:
            if not 0 <= outcome < DEAL_OUTCOMES:
                raise ValueError(f"a byte of the deal is from 0 to 255, not {outcome}")
            self._match.deal.append(outcome)
            if len(self._match.deal) == DEAL_NODES:
                self._start(int.from_bytes(bytes(self._match.deal), "big"))
                self._saw()
                self._next_mover()
            return
        draw = self._pending_draw()
        draw.label(outcome)  # a ValueError naming the outcomes, for one that is not
        chance.settle(self.table.state, draw, outcome)
        self.table.changed()
        self._match.settled = draw.key
        self._saw()
        self._next_mover()

    def _pending_draw(self) -> Draw:
        """The draw the game's chance model says comes next (the table set up on first use)."""
        chance = self._spiel_game().chance
        assert chance is not None
        if self._match.table is None:
            self._start(0)  # every draw that matters is settled by the chance nodes
        found = chance.draw(self.table.state)
        assert found is not None and found.key != self._match.settled, "no draw is pending"
        return found

    def _draw_pending(self) -> bool:
        chance = self._spiel_game().chance
        if chance is None:
            return False
        found = chance.draw(self.table.state)
        return found is not None and found.key != self._match.settled

    # --- the match --------------------------------------------------------------------------------
    def _start(self, seed: int) -> None:
        spiel = self._spiel_game()
        table = Table(
            spiel.ludoteca, spiel.num_players(), spiel.spec.options, seed, spiel.levels,
            spiel.role_bot,
        )
        if spiel.chance is not None and (table.real_time or table.roles):
            raise ValueError(
                f"{table.game.name}: a chance model is for turn-based games without role seats "
                "(the table's own generators would be chance no node shows)"
            )
        self._match.table = table
        self._match.recall = [""] * len(table.agents)
        self._heard(table.opening)

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
            for seat, action in fired.refused:
                self._remember(seat, {"refused": table.game.encode_action(action)})

    def _next_mover(self) -> None:
        table = self.table
        if self._draw_pending():
            self._match.mover = CHANCE
            return
        actors = table.actors()
        if table.is_over() or not actors:
            self._match.mover = TERMINAL
            return
        after = [s for s in actors if s > self._match.last]
        self._match.mover = (after or actors)[0]

    def _saw(self) -> None:
        """Each seat takes in its view after the deal or a draw."""
        for seat in range(len(self._match.recall)):
            self._remember(seat, {"saw": self.table.view(seat)})

    def _heard(self, events: list[Event]) -> None:
        if not events:
            return
        told = [(event, event.to_json()) for event in events]
        for seat in range(len(self._match.recall)):
            seen = [data for event, data in told if event.visible(seat)]
            if seen:
                self._remember(seat, seen)

    def _remember(self, seat: int, what: Any) -> None:
        self._match.recall[seat] = _digest(self._match.recall[seat], what)

    # --- what a seat knows ------------------------------------------------------------------------
    def view_json(self, seat: int) -> str:
        """The seat's view as compact JSON (`{}` before the deal)."""
        if not self.dealt:
            return "{}"
        return json.dumps(self.table.view(seat), sort_keys=True, separators=(",", ":"))

    def information_state(self, seat: int) -> str:
        """The seat's information state: its view and its own past decisions (perfect recall)."""
        recall = self._match.recall[seat] if self.dealt else "dealing"
        return f"seat {seat} | {self.view_json(seat)} | recall {recall}"

    def observation(self, seat: int) -> list[float] | None:
        """The seat's observation now (None before the deal)."""
        return self.table.observe(seat) if self.dealt else None

    def decisions(self, seat: int) -> list[tuple[np.ndarray, int]]:
        """The seat's decisions so far, oldest first: the observation it chose on and its action
        index. Kept from the first time they are asked for (worked out once by replaying the
        match's history, `LudotecaGame.replayed`), so searches that never ask pay nothing."""
        if self._match.decisions is None:
            self._match.decisions = self._spiel_game().replayed(self.history())
        return self._match.decisions.of(seat)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LudotecaState:
        """A state `player_id` cannot tell from this one: the game's `determinize` for the seat,
        other seats' sealed submissions redrawn by the game's heuristic, the table's own
        generators reseeded (future chance is known to nobody) and other seats' recall replaced
        by a mark (it holds what this seat cannot know). The world is for searching: it keeps
        no decisions (asked for, they are replayed from the history, the same for the seat)."""
        twin: LudotecaState = self.clone()
        twin._match.decisions = None
        if self._match.table is None:
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
        twin._match.recall = [
            r if s == player_id else _digest("", f"resampled for seat {player_id}")
            for s, r in enumerate(self._match.recall)
        ]
        return twin


# --- observations ---------------------------------------------------------------------------------
class Observer:
    """OpenSpiel's observer of a ludoteca game: the observation tensor (the game's encoding of
    the view, one named piece per segment) and string (the view), or, for perfect recall, the
    information-state tensor (the observation and the seat's past decisions,
    `ludoteca.rl.recall`) and string."""

    def __init__(self, spec: LearningSpec, layout: RecallLayout, perfect_recall: bool) -> None:
        self.spec = spec
        self.layout = layout
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(layout.size if self.perfect_recall else spec.size, np.float32)
        self.dict = (layout.pieces(self.tensor, spec) if self.perfect_recall
                     else segment_pieces(self.tensor, spec))

    def set_from(self, state: LudotecaState, player: int) -> None:
        """Fills the tensor with the player's observation (with perfect recall, its decisions
        too)."""
        observation = state.observation(player)
        if not self.perfect_recall:
            self.tensor[:] = 0.0 if observation is None else observation
            return
        decisions = state.decisions(player) if state.dealt else []
        self.layout.fill(self.tensor, self.dict, observation, decisions)

    def string_from(self, state: LudotecaState, player: int) -> str:
        """The player's information state (perfect recall) or its view, as a string."""
        if self.perfect_recall:
            return state.information_state(player)
        return state.view_json(player)


class PublicObserver:
    """OpenSpiel's public observer: the string is what a spectator sees (`Game.view` of no
    seat) as JSON, the same for every player; the tensor is empty (the games' encodings are a
    seat's: a spectator's view has no numbers of its own)."""

    def __init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, np.ndarray] = {}

    def set_from(self, state: LudotecaState, player: int) -> None:
        return

    def string_from(self, state: LudotecaState, player: int) -> str:
        if not state.dealt:
            return "{}"
        return json.dumps(state.table.game.view(state.table.state, None), sort_keys=True,
                          separators=(",", ":"))


class AllPlayersObserver:
    """OpenSpiel's all-players observer: every seat's observation, one after the other in seat
    order (a piece `seat_N` each), and every seat's view as a JSON list: all that some seat
    sees, and nothing that no seat sees (a deck's order), whoever `player` is."""

    def __init__(self, spec: LearningSpec, players: int) -> None:
        self.size = spec.size
        self.tensor = np.zeros(players * spec.size, np.float32)
        self.dict = {f"seat_{seat}": self.tensor[seat * spec.size : (seat + 1) * spec.size]
                     for seat in range(players)}

    def set_from(self, state: LudotecaState, player: int) -> None:
        for seat, piece in enumerate(self.dict.values()):
            observation = state.observation(seat)
            piece[:] = 0.0 if observation is None else observation

    def string_from(self, state: LudotecaState, player: int) -> str:
        return "[" + ",".join(state.view_json(seat) for seat in range(len(self.dict))) + "]"


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
