"""The conformance harness every game's tests call: `check_game(game, ...)`.

Seeded random playouts for every player count, checking at every step the promises of the
contract that every tool (server, bots, RL adapters) relies on. Each check has a name; a failure
says which check broke, where (players, seed, step) and why, so a planted bug is reported by name.

The checks (names as reported):
- `actors_match_legal_actions`: the actors are exactly the seats with legal actions; nobody acts
  once the game is over, and somebody acts while it is not.
- `listed_actions_apply`: every listed action applies without error.
- `illegal_actions_rejected`: an action of another seat, of a non-actor, of a foreign kind or with
  mutated fields raises IllegalAction (nothing else); where `legal_actions` is complete, an
  unlisted action is never accepted; so is an action from a seat that is not at the table (out
  of range, negative, a bool, a float or a text), and `view` refuses such a seat with ValueError.
- `state_unchanged_on_illegal`: a rejected action leaves the state exactly as it was.
- `clone_independent`: applying to a clone leaves the original alone, and clones kept from
  earlier steps stay as they were while the original plays on (TAG's ForwardModelTester).
- `json_round_trip`: `to_json` is JSON-ready and `from_json(to_json(s))` is the same state.
- `action_codec_round_trip`: `decode_action(encode_action(a)) == a`, through real JSON.
- `replay_deterministic`: equal states given equal actions stay equal, and replaying the log
  from the seed rebuilds the final state (randomness lives in the state).
- `view_secrecy`: a seat's view (and its legal actions) is the same across `determinize`d
  variants of the state, so no view shows what `hidden` says the seat may not know; views are
  JSON-ready; `determinize` leaves the original alone and really resamples the hidden part.
- `undo_restores`: where the game lets a step be taken back (`Game.undoable`), applying it and
  then an undo through a `Timeline` gives back exactly the state before, legal actions and all.
- `views_match_view`: the views built together (`views`, what the server's broadcast asks for)
  are each seat's `view`, spectator included, and building them leaves the state alone.
- `terminates`: every playout ends within `game.max_actions(players, options)`.
- `result_consistent`: a finished game's result has one score and one rank per player, ranks in
  competition order, and is JSON-ready; where its details break the scores down by category
  (`details["categories"]`, one mapping per player), each player's categories add up to its
  score, and its "total" is that score.
- `no_crash`: no hook of the game raises anything unexpected during the playout.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludoteca.engine.actions import Action, Undo
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng
from ludoteca.engine.timeline import Timeline

CHECKS = (
    "actors_match_legal_actions",
    "listed_actions_apply",
    "illegal_actions_rejected",
    "state_unchanged_on_illegal",
    "clone_independent",
    "json_round_trip",
    "action_codec_round_trip",
    "replay_deterministic",
    "view_secrecy",
    "undo_restores",
    "views_match_view",
    "terminates",
    "result_consistent",
    "no_crash",
)


@dataclass(frozen=True)
class Failure:
    """A check of the conformance harness that failed: which, why, and the seed that shows it."""

    check: str
    message: str
    players: int
    seed: int
    step: int

    def __str__(self) -> str:
        return f"[{self.check}] players={self.players} seed={self.seed} step={self.step}: " + (
            self.message
        )


class ConformanceError(AssertionError):
    """Raised by `check_game` when any check fails; `checks` names the ones that did."""

    def __init__(self, game: str, failures: Sequence[Failure]) -> None:
        self.failures = list(failures)
        self.checks = sorted({f.check for f in failures})
        lines = "\n".join(f"  {f}" for f in self.failures[:20])
        super().__init__(f"{game} fails {', '.join(self.checks)}:\n{lines}")


@dataclass
class Report:
    """What the conformance harness played and the checks that failed."""

    game: str
    playouts: int = 0
    steps: int = 0
    failures: list[Failure] = field(default_factory=list)


class _Failed(Exception):
    def __init__(self, check: str, message: str) -> None:
        super().__init__(message)
        self.check = check


@dataclass(frozen=True)
class _Foreign(Action):
    """An action kind no game has."""

    kind = "not-an-action-of-this-game"


def _snapshot(game: Game[Any], state: Any) -> str:
    """The state as canonical JSON text (also proves it is JSON-ready)."""
    try:
        return json.dumps(game.to_json(state), sort_keys=True)
    except (TypeError, ValueError) as exc:
        raise _Failed("json_round_trip", f"to_json is not JSON-ready: {exc}") from exc


def _json_text(what: str, value: Any, check: str) -> str:
    try:
        return json.dumps(value, sort_keys=True)
    except (TypeError, ValueError) as exc:
        raise _Failed(check, f"{what} is not JSON-ready: {exc}") from exc


def _mutations(action: Action) -> Iterable[Action]:
    """Variants of a legal action with one field changed to something unlikely to be legal."""
    if not dataclasses.is_dataclass(action):
        return
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if isinstance(value, bool):
            candidates: list[Any] = [not value]
        elif isinstance(value, int):
            candidates = [-1, value + 1, value + 1000]
        elif isinstance(value, str):
            candidates = ["?", ""]
        elif isinstance(value, tuple):
            candidates = [(), value + value[-1:]] if value else [(-1,)]
        elif value is None:
            candidates = [-1]
        else:
            continue
        for candidate in candidates:
            yield dataclasses.replace(action, **{f.name: candidate})


class _Playout:
    """One seeded random playout with every check applied at every step."""

    def __init__(
        self,
        game: Game[Any],
        players: int,
        seed: int,
        options: Any,
        listed_limit: int,
        view_every: int,
        clone_every: int,
        policy: Callable[[Game[Any], Any, int, list[Action], Rng], Action] | None,
    ) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.listed_limit = listed_limit
        self.view_every = view_every
        self.clone_every = clone_every
        self.policy = policy
        self.rng = Rng(seed * 7919 + players)
        self.step = 0
        self.log: list[tuple[int, Action]] = []
        self.kept: list[tuple[Any, str]] = []
        self.hidden_seen = 0
        self.hidden_resampled = 0

    def run(self) -> None:
        game = self.game
        state = game.setup(self.players, self.seed, self.options)
        limit = game.max_actions(self.players, self.options)
        while not game.is_over(state):
            if self.step >= limit:
                raise _Failed(
                    "terminates",
                    f"not over after max_actions={limit} actions",
                )
            self.check_step(state)
            self.step += 1
        self.step_over(state)

    # --- one step ---------------------------------------------------------------------------
    def check_step(self, state: Any) -> None:
        game = self.game
        before = _snapshot(game, state)
        self.check_json(state, before)
        legal = self.check_actors(state)
        seat = self.rng.choice(sorted(legal))
        action = self.choose(state, seat, legal[seat])
        self.check_clone_and_determinism(state, seat, action, before)
        self.check_undo(state, seat, action, before)
        if self.step % self.view_every == 0:
            self.check_views(state, before)
        self.check_codec(legal[seat])
        self.check_listed_apply(state, seat, legal[seat], before)
        self.check_illegal(state, seat, legal, before)
        if self.step % self.clone_every == 0:
            self.kept.append((game.clone(state), before))
        game.apply(state, seat, action)
        self.log.append((seat, action))
        self.check_kept_clones()

    def choose(self, state: Any, seat: int, actions: list[Action]) -> Action:
        if self.policy is None:
            return self.rng.choice(actions)
        return self.policy(self.game, state, seat, actions, self.rng)

    def check_json(self, state: Any, text: str) -> None:
        game = self.game
        again = game.from_json(json.loads(text))
        if _snapshot(game, again) != text:
            raise _Failed("json_round_trip", "from_json(to_json(state)) differs from the state")

    def check_actors(self, state: Any) -> dict[int, list[Action]]:
        game = self.game
        actors = game.actors(state)
        legal = {seat: game.legal_actions(state, seat) for seat in game.seats(state)}
        with_actions = {seat for seat, acts in legal.items() if acts}
        if set(actors) != with_actions:
            raise _Failed(
                "actors_match_legal_actions",
                f"actors {sorted(actors)} but seats with legal actions {sorted(with_actions)}",
            )
        if not actors:
            raise _Failed("actors_match_legal_actions", "the game is not over but nobody may act")
        return {seat: legal[seat] for seat in actors}

    def check_codec(self, actions: list[Action]) -> None:
        game = self.game
        for action in actions[: self.listed_limit]:
            text = _json_text(
                "encode_action", game.encode_action(action), "action_codec_round_trip"
            )
            try:
                back = game.decode_action(json.loads(text))
            except IllegalAction as exc:
                raise _Failed(
                    "action_codec_round_trip", f"{action!r} does not decode: {exc}"
                ) from exc
            if back != action:
                raise _Failed("action_codec_round_trip", f"{action!r} decodes as {back!r}")

    def check_listed_apply(self, state: Any, seat: int, actions: list[Action], text: str) -> None:
        game = self.game
        sample = actions
        if len(actions) > self.listed_limit:
            sample = [actions[self.rng.randrange(len(actions))] for _ in range(self.listed_limit)]
        for action in sample:
            copy = game.clone(state)  # `clone_independent` has already proved clones apart
            try:
                game.apply(copy, seat, action)
            except Exception as exc:
                raise _Failed(
                    "listed_actions_apply",
                    f"seat {seat}: listed action {action!r} raised {type(exc).__name__}: {exc}",
                ) from exc

    def check_illegal(
        self, state: Any, seat: int, legal: dict[int, list[Action]], text: str
    ) -> None:
        game = self.game
        listed = legal[seat]
        attempts: list[tuple[int, Action, bool]] = [(seat, _Foreign(), True)]
        seats = game.seats(state)
        for other in seats:
            if other not in legal:
                # Where `legal_actions` is a subset, a non-actor may still have an unlisted
                # legal action (Ciurme's chat); then only a clean rejection is required.
                attempts.append((other, listed[0], game.legal_actions_complete))
                break
        # seats that are not at the table, or not whole numbers, are refused with IllegalAction
        for stranger in (max(seats) + 1000, -1, True, float(seat), str(seat)):
            attempts.append((stranger, listed[0], True))  # type: ignore[arg-type]
        for action in self.rng.sample(listed, min(3, len(listed))):
            for variant in _mutations(action):
                if variant not in listed:
                    attempts.append((seat, variant, game.legal_actions_complete))
        for who, action, must_fail in attempts:
            self.try_illegal(state, text, who, action, must_fail)

    def try_illegal(
        self, state: Any, text: str, seat: int, action: Action, must_fail: bool
    ) -> None:
        game = self.game
        copy = game.clone(state)
        try:
            game.apply(copy, seat, action)
        except IllegalAction as exc:
            if not str(exc).strip():
                raise _Failed(
                    "illegal_actions_rejected", f"IllegalAction without a reason for {action!r}"
                ) from exc
            if _snapshot(game, copy) != text:
                raise _Failed(
                    "state_unchanged_on_illegal",
                    f"seat {seat}: {action!r} was rejected ({exc}) but changed the state",
                ) from exc
            return
        except Exception as exc:
            raise _Failed(
                "illegal_actions_rejected",
                f"seat {seat}: {action!r} raised {type(exc).__name__}: {exc} "
                "instead of IllegalAction",
            ) from exc
        if must_fail:
            raise _Failed(
                "illegal_actions_rejected", f"seat {seat}: unlisted {action!r} was accepted"
            )

    def check_clone_and_determinism(self, state: Any, seat: int, action: Action, text: str) -> None:
        game = self.game
        clone = game.clone(state)
        game.apply(clone, seat, action)
        if _snapshot(game, state) != text:
            raise _Failed(
                "clone_independent", f"applying {action!r} to a clone changed the original"
            )
        twin = game.from_json(json.loads(text))
        game.apply(twin, seat, action)
        if _snapshot(game, twin) != _snapshot(game, clone):
            raise _Failed(
                "replay_deterministic",
                f"{action!r} applied to two equal states gave different states: "
                "randomness outside the state?",
            )

    def check_undo(self, state: Any, seat: int, action: Action, text: str) -> None:
        game = self.game
        if not game.undoable(state, seat, action):
            return
        legal = game.legal_actions(state, seat)
        timeline = Timeline(game, game.clone(state))
        timeline.apply(seat, action)
        if not timeline.may_undo(seat):
            raise _Failed("undo_restores", f"{action!r} is undoable but cannot be taken back")
        events = timeline.apply(seat, Undo())
        if _snapshot(game, timeline.state) != text:
            raise _Failed("undo_restores", f"taking back {action!r} left another state")
        if game.legal_actions(timeline.state, seat) != legal:
            raise _Failed("undo_restores", f"taking back {action!r} changed the legal actions")
        if [e.kind for e in events] != ["undone"]:
            raise _Failed("undo_restores", f"an undo told {events!r}, not one 'undone' event")

    def check_kept_clones(self) -> None:
        for clone, text in self.kept:
            if _snapshot(self.game, clone) != text:
                raise _Failed(
                    "clone_independent",
                    "a clone kept from an earlier step changed while the original played on",
                )

    def check_views(self, state: Any, text: str) -> None:
        game = self.game
        viewers = [*game.seats(state), None]
        together = game.views(state, viewers)
        if _snapshot(game, state) != text:
            raise _Failed("views_match_view", "building the views changed the state")
        if list(together) != viewers:
            raise _Failed("views_match_view", f"views gave the seats {list(together)}, "
                          f"not {viewers}")
        for seat in viewers:
            if json.dumps(together[seat]) != json.dumps(game.view(state, seat)):
                raise _Failed("views_match_view",
                              f"the view of seat {seat} built with the others differs from its "
                              "own `view`")
        for seat in viewers:
            view = _json_text(f"view for seat {seat}", game.view(state, seat), "view_secrecy")
            hidden = _json_text("hidden", game.hidden(state, seat), "view_secrecy")
            legal = game.legal_actions(state, seat) if seat is not None else []
            variant = game.determinize(state, seat, self.rng.fork())
            if _snapshot(game, state) != text:
                raise _Failed("view_secrecy", f"determinize for seat {seat} changed the original")
            if json.dumps(game.view(variant, seat), sort_keys=True) != view:
                raise _Failed(
                    "view_secrecy",
                    f"the view of seat {seat} changes when hidden information is resampled: "
                    "it shows something that seat may not know",
                )
            if seat is not None and game.legal_actions(variant, seat) != legal:
                raise _Failed(
                    "view_secrecy",
                    f"the legal actions of seat {seat} depend on what it may not know",
                )
            if hidden not in ("null", "[]", "{}", '""'):
                self.hidden_seen += 1
                if json.dumps(game.hidden(variant, seat), sort_keys=True) != hidden:
                    self.hidden_resampled += 1
        strangers: tuple[Any, ...] = (len(game.seats(state)), -1, True, "0")
        for stranger in strangers:
            try:
                game.view(state, stranger)
            except ValueError:
                continue
            raise _Failed("illegal_actions_rejected", f"view accepts the seat {stranger!r}")

    # --- the end ------------------------------------------------------------------------------
    def step_over(self, state: Any) -> None:
        game = self.game
        final = _snapshot(game, state)
        if game.actors(state):
            raise _Failed("actors_match_legal_actions", "the game is over but somebody may act")
        self.check_result(state)
        replayed = game.setup(self.players, self.seed, self.options)
        for seat, action in self.log:
            game.apply(replayed, seat, action)
        if _snapshot(game, replayed) != final:
            raise _Failed(
                "replay_deterministic", "replaying the log from the seed gives another state"
            )
        if self.hidden_seen >= 5 and self.hidden_resampled == 0:
            raise _Failed(
                "view_secrecy",
                "determinize never resampled what `hidden` declares secret: secrecy is untested",
            )

    def check_result(self, state: Any) -> None:
        result = self.game.result(state)
        _json_text("result", result.to_json(), "result_consistent")
        n = self.players
        if len(result.scores) != n or len(result.ranks) != n:
            raise _Failed(
                "result_consistent",
                f"result has {len(result.scores)} scores and {len(result.ranks)} ranks "
                f"for {n} players",
            )
        for rank in result.ranks:
            if rank != 1 + sum(1 for other in result.ranks if other < rank):
                raise _Failed(
                    "result_consistent", f"ranks {list(result.ranks)} are not competition ranks"
                )
        categories = result.details.get("categories")
        if categories is None:
            return
        if len(categories) != n:
            raise _Failed("result_consistent", f"{len(categories)} rows of categories for {n} "
                          "players")
        for seat, row in enumerate(categories):
            parts = sum(v for k, v in row.items() if k != "total")
            if parts != result.scores[seat] or row.get("total", parts) != result.scores[seat]:
                raise _Failed("result_consistent", f"seat {seat}'s categories {row} do not add "
                              f"up to its score {result.scores[seat]}")


def check_game(
    game: Game[Any],
    players: Sequence[int] | None = None,
    playouts: int = 3,
    seed: int = 0,
    options: Any = None,
    listed_limit: int = 8,
    view_every: int = 1,
    clone_every: int = 10,
    policy: Callable[[Game[Any], Any, int, list[Action], Rng], Action] | None = None,
    raise_on_failure: bool = True,
) -> Report:
    """Run `playouts` seeded random playouts per player count and check the contract.

    `players` defaults to every supported count. `listed_limit` caps how many listed actions are
    applied (and codec-checked) per step, `view_every` how often the views are checked,
    `clone_every` how often a clone is kept to be re-checked later. `policy` picks the action
    played (default: uniform random). Raises ConformanceError naming the failed checks.
    """
    counts = (
        list(players)
        if players is not None
        else list(range(game.min_players, game.max_players + 1))
    )
    report = Report(game.name)
    for n in counts:
        for i in range(playouts):
            playout = _Playout(
                game, n, seed + i, options, listed_limit, view_every, clone_every, policy
            )
            try:
                playout.run()
            except _Failed as failure:
                report.failures.append(
                    Failure(failure.check, str(failure), n, seed + i, playout.step)
                )
            except Exception as exc:  # a crash in the game itself is a failure too
                message = f"{type(exc).__name__}: {exc}"
                report.failures.append(Failure("no_crash", message, n, seed + i, playout.step))
            report.playouts += 1
            report.steps += playout.step
    if report.failures and raise_on_failure:
        raise ConformanceError(game.name, report.failures)
    return report


# --- a game's encoding for learning agents ---------------------------------------------------
def check_learning(
    game: Game[Any],
    players: Sequence[int] | None = None,
    playouts: int = 2,
    seed: int = 0,
    options: Any = None,
    every: int = 1,
) -> int:
    """Seeded random playouts checking the game's learning encoding (`Game.learning_spec`) at
    every `every`-th step, for every seat: the observation has `spec.size` numbers, each in
    [0, 1], and is the same in a `determinize`d variant (it reads the view alone); every legal
    action of an actor has an index in range. Raises AssertionError saying where; returns the
    number of steps checked."""
    counts = players or range(game.min_players, game.max_players + 1)
    checked = 0
    for n in counts:
        typed = game.options(options)
        spec = game.learning_spec(n, typed)
        assert spec is not None, f"{game.name} has no learning encoding"
        for i in range(playouts):
            state = game.setup(n, seed + i, typed)
            rng = Rng(seed + i)
            step = 0
            while not game.is_over(state):
                if step % every == 0:
                    _check_encoding(game, state, spec, rng, f"players={n} seed={seed + i} "
                                    f"step={step}")
                    checked += 1
                seat = rng.choice(sorted(game.actors(state)))
                game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
                step += 1
            _check_encoding(game, state, spec, rng, f"players={n} seed={seed + i} over")
    return checked


def _check_encoding(game: Game[Any], state: Any, spec: Any, rng: Rng, where: str) -> None:
    for seat in range(spec.players):
        view = game.view(state, seat)
        values = game.observe(view, seat, spec)
        assert len(values) == spec.size, f"{where}: seat {seat} observed {len(values)} numbers"
        bad = [v for v in values if not 0.0 <= v <= 1.0]
        assert not bad, f"{where}: seat {seat} observed {bad[0]!r}, outside [0, 1]"
        variant = game.determinize(state, seat, rng)
        again = game.observe(game.view(variant, seat), seat, spec)
        assert again == values, f"{where}: seat {seat}'s observation reads hidden information"
        for action in game.legal_actions(state, seat):
            index = game.action_index(view, seat, action, spec)
            assert type(index) is int and 0 <= index < spec.actions, (
                f"{where}: seat {seat}'s {action} has index {index!r}, not 0 to "
                f"{spec.actions - 1}"
            )


def check_own_indices(
    game: Game[Any],
    players: int,
    seed: int = 0,
    options: Any = None,
    choose: Callable[[Game[Any], Any, int, Rng], Action] | None = None,
    every: int = 1,
) -> int:
    """A seeded playout at a table of `players` checking, at every `every`-th step, that each
    acting player seat's legal actions have an index each (`indexed_actions` keeps them all:
    the space holds every action the game lists) and that its observation keeps the spec's
    size and range. `choose(game, state, seat, rng)` makes the moves (default: random; a game
    whose later stages random play seldom reaches passes its heuristic). Returns the steps
    checked."""
    spec = game.learning_spec(players, game.options(options))
    assert spec is not None, f"{game.name} has no learning encoding"
    state = game.setup(players, seed, spec.options)
    rng = Rng(seed)
    step = checked = 0
    while not game.is_over(state):
        if step % every == 0:
            for seat in sorted(s for s in game.actors(state) if s < players):
                where = f"players={players} seed={seed} step={step}: seat {seat}"
                legal = game.legal_actions(state, seat)
                kept = game.indexed_actions(state, seat, spec)
                assert len(kept) == len(legal), (
                    f"{where} has {len(legal)} legal actions on {len(kept)} indices"
                )
                values = game.observe(game.view(state, seat), seat, spec)
                assert len(values) == spec.size and all(0.0 <= v <= 1.0 for v in values), (
                    f"{where}: an observation of {len(values)} numbers, not {spec.size} in [0, 1]"
                )
            checked += 1
        seat = rng.choice(sorted(game.actors(state)))
        if choose is None:
            action = rng.choice(game.legal_actions(state, seat))
        else:
            action = choose(game, state, seat, rng)
        game.apply(state, seat, action)
        step += 1
    return checked
