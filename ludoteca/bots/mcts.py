"""Information-set MCTS: the search bot.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): every iteration samples a fresh
`determinize(state, seat)` world, walks one shared tree of the observer's and the other seats'
moves with UCB (counting how often each move was *available*, since worlds differ), expands one
move, plays the rest out with a rollout policy and credits every move with the final reward of
the seat that made it. The true state is only ever passed to `determinize`, so the search cannot
read what the seat may not know.

A `horizon` cuts rollouts short and scores the state reached with the game's `evaluate` (its
judgement of each player's standing): far cheaper iterations in long games. With
`rollout=heuristic` the playouts follow the game's heuristic bot, so the search weighs each move by
how a sensible match would go on from it.

Progressive bias (`bias=N`): the move the game's heuristic would play is tried first and counts N
virtual visits at the root. The bot plays the move with the best mean less a margin that shrinks
with the visits, so with a small budget it plays the heuristic's move unless the search found a
move that clearly does better: it is never worse than the heuristic for lack of time, and better
where the search has evidence.

Focused search (`focus=1`): the game says which moves are worth comparing with its hook
`Game.search_choices(world, seat, rng)` (the heuristic's move first); with one, the bot plays it
without searching, else the search compares only those at the root. The search's budget goes
to the few decisions where the heuristic can be wrong. With `focus=2` the whole tree is
narrowed so: at every node each seat (the observer and the others alike) chooses among the
game's choices, the first of them tried first, and a step where every actor has only one is
played through without a node. The tree spends no visits on moves the game thinks not worth
comparing, and the replies it weighs are the ones a sensible player would make.

Several actors at once (simultaneous bids, votes): the tree branches on the move of one seat
(the observer when it acts, else the lowest acting seat); the other actors' moves are drawn from
the rollout policy, like chance. With `rivals=search` each other actor chooses instead by UCB on
its own statistics kept at the node, which do not depend on the move the tree branches on
(decoupled UCT: a sealed bid is chosen without seeing the others'), so the search plans against
players who play well rather than at random. Where the game says what the observer learns after
a step (`Game.search_key`: the bids revealed, the prize turned up), the tree branches on it too,
so later choices are weighed in the situations the observer will actually see.

Simultaneous steps searched as such (`select=regret`): at a node where several seats act at
once, every one of them (the observer too) chooses by regret matching over its own statistics
kept at the node, with a share `EXPLORE` of uniform exploration, each one's choices taken after
the moves before it (a move may forestall another's, as in a match); the tree goes on along the
observer's move, then along what it learns (`Game.search_key`: the bids revealed). After the
playout each one's regrets grow by what every move of its own would have earned (the move
played credited its reward over the chance it had of being played, the others nothing), less
what it earned: decoupled simultaneous-move MCTS with regret matching (Lanctot, Lisy and
Winands, 2013). No seat sees another's move of the step, and each one's average strategy tends
to an equilibrium of the step, not to a best reply to a guess of the others. The bot then plays
the move its average strategy at the root weighs most: drawn from that strategy instead (its
exploration's crumbs left out), the bids of a 2,000-iteration search at 8 cards won 65% of 40
matches against the heuristic, the most weighed 75% of 52, the panel alike (the search's own
noise still varies its choice). Nodes where one seat acts
alone are searched by UCB as before, and a spec that does not name the method searches as
before.

An equilibrium does not punish a habit: against a bidder who always bids a prize's value it
wins little more than half the matches (Goofspiel's solved table at 5 cards: 54%), and the
search's noisier one at 8 cards lost even to the heuristic (40% in 20). So with `solved=1`
the search plays the others as the match so far says they play, where the game reads it
(`Game.search_habits`: Goofspiel's plain habits, weighed by every bid seen): each iteration
draws one of those habits by its weight, or none, and where it drew one the others move by it
through the tree and the playout, their regrets left as they are; the observer's regrets then
learn what wins against the mixture of the habits and a player who may play anything. Against
a player the habits do not explain the search is the one above.

Solved play (`solved=1`): where the game holds an equilibrium strategy of the position
(`Game.solved_policy`: Goofspiel's tables of few cards), the bot draws its move from it and
does not search.
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable, Iterable, Mapping
from typing import Any

from ludoteca.bots.base import Bot, seat_rewards
from ludoteca.engine.actions import Action
from ludoteca.engine.game import Game, PlainStrategy
from ludoteca.engine.rng import Rng

# How far a move's mean reward may fall short (over one visit) and still be thought the best.
CHOICE_MARGIN = 0.1
# UCB scores this close are a tie (OpenSpiel's ISMCTS uses the same tolerance).
UCB_TIE = 1e-5
# select=regret: the share of each choice drawn uniformly (exploration), and the share of its
# average strategy under which a move is taken for exploration's crumbs and never played.
EXPLORE = 0.1
CRUMBS = 0.05


class _Regrets:
    """One seat's regret-matching statistics at a node (`select=regret`): each move's
    cumulative regret and the sum of the strategies it was chosen with."""

    __slots__ = ("regret", "total")

    def __init__(self) -> None:
        self.regret: dict[Action, float] = {}
        self.total: dict[Action, float] = {}

    def strategy(self, legal: list[Action]) -> list[float]:
        """Regret matching over the moves legal here, mixed with uniform exploration."""
        positive = [max(self.regret.get(a, 0.0), 0.0) for a in legal]
        norm = sum(positive)
        even = 1.0 / len(legal)
        if norm <= 0:
            return [even] * len(legal)
        return [(1 - EXPLORE) * p / norm + EXPLORE * even for p in positive]

    def choose(self, legal: list[Action], rng: Rng) -> tuple[Action, dict[Action, float]]:
        """A move drawn from the current strategy, and that strategy (added to the average)."""
        probs = dict(zip(legal, self.strategy(legal), strict=True))
        for a, p in probs.items():
            self.total[a] = self.total.get(a, 0.0) + p
        return draw(probs, rng), probs

    def learn(self, action: Action, probs: Mapping[Action, float], reward: float) -> None:
        """Each move's regret: what it would have earned (the move played: its reward over its
        chance, an unbiased guess of its worth; the others: nothing seen), less what was
        earned. Each move's mean reward instead (its worth as the search saw it so far) is
        stale while the other seats keep changing their minds: two matchers so updated settle
        on heads 82% and 90% of the time in matching pennies (tests/test_bots_regret.py)."""
        for a, p in probs.items():
            earned = reward / p if a == action else 0.0
            self.regret[a] = self.regret.get(a, 0.0) + earned - reward

    def average(self, legal: list[Action]) -> dict[Action, float]:
        """The average strategy over the moves legal here, exploration's crumbs left out."""
        totals = {a: self.total.get(a, 0.0) for a in legal}
        whole = sum(totals.values()) or 1.0
        kept = {a: t for a, t in totals.items() if t / whole >= CRUMBS}
        return kept or totals


class _Habit:
    """A plain strategy the others play by in one iteration (solved=1, `Game.search_habits`),
    with the notes its player keeps over the iteration."""

    __slots__ = ("notes", "strategy")

    def __init__(self, strategy: PlainStrategy, notes: dict[str, Any]) -> None:
        self.strategy, self.notes = strategy, notes

    def move(self, game: Game[Any], world: Any, seat: int, rng: Rng) -> Action:
        """The habit's move for `seat`, the heuristic's where the habit has no say."""
        action = self.strategy(game, world, seat, rng, self.notes)
        return action if action is not None else game.heuristic_action(world, seat, rng)


def draw(probs: Mapping[Action, float], rng: Rng) -> Action:
    """A move drawn with the given weights."""
    point = rng.random() * sum(probs.values())
    for action, weight in probs.items():
        point -= weight
        if point < 0:
            return action
    return next(reversed(list(probs)))


class _Node:
    """The statistics of the move that leads here, from the view of the seat that made it."""

    __slots__ = ("available", "children", "outcomes", "regrets", "reward", "rivals", "virtual",
                 "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        # rivals=search: the other actors' moves here, per (seat, move), from each one's view
        self.rivals: dict[tuple[int, Action], _Node] = {}
        # the situations the move leads to, one per `Game.search_key` the observer may tell apart
        self.outcomes: dict[Hashable, _Node] = {}
        # select=regret, at a step of several actors: each one's regret-matching statistics
        self.regrets: dict[int, _Regrets] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 0
        self.virtual = 0  # progressive bias: visits granted to the heuristic's move

    def mean(self) -> float:
        return self.reward / self.visits if self.visits else 0.5


# The settings of a spec that leaves them out, unless the game declares its own
# (`Game.mcts_defaults`).
DEFAULTS: dict[str, Any] = {
    "iterations": 200,
    "c": 0.7,
    "rollout": "random",
    "horizon": None,
    "bias": 0,
    "margin": CHOICE_MARGIN,
    "focus": 0,
    "rivals": "rollout",
    "select": "ucb",
    "solved": 0,
}


class MctsBot(Bot):
    """ISMCTS with a budget of `iterations`, or of `seconds` of thinking per move. A parameter
    left out takes the game's default (`Game.mcts_defaults`, a fixed budget that keeps a move
    to a fraction of a second on that game), else the engine's (`DEFAULTS`). The ranges of the
    parameters are checked where a bot is named (`ludoteca.bots.spec`). With
    `game_defaults=False` the game's defaults are ignored: what is left out takes the engine's,
    a search that knows nothing of the game but its rules (a benchmark against other searchers
    sets it so)."""

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        c: float | None = None,
        rollout: str | None = None,
        horizon: int | None = None,
        bias: int | None = None,
        margin: float | None = None,
        level: str | None = None,
        focus: int | None = None,
        rivals: str | None = None,
        select: str | None = None,
        solved: int | None = None,
        game_defaults: bool = True,
    ) -> None:
        given = {
            "iterations": iterations, "c": c, "rollout": rollout, "horizon": horizon,
            "bias": bias, "margin": margin, "focus": focus, "rivals": rivals,
            "select": select, "solved": solved,
        }
        self.given = {k: v for k, v in given.items() if v is not None}
        self.seconds = seconds
        # Seconds of CPU a search may spend whatever its budget (a server's cap), or None.
        self.cpu_seconds: float | None = None
        self.level = level
        self.game_defaults = game_defaults
        self.last_iterations = 0
        self._notes: dict[int, dict[str, Any]] = {}  # solved=1: per seat, what it saw before
        self._settle(DEFAULTS)
        budget = f"seconds={seconds:g}" if seconds is not None else (
            f"iterations={iterations}" if iterations is not None else ""
        )
        extra = "".join(
            f":{k}={v:g}" if isinstance(v, float) else f":{k}={v}"
            for k, v in self.given.items() if k != "iterations"
        )
        self.name = f"mcts:{budget}{extra}" if budget else f"mcts{extra}"

    def _settle(self, defaults: Mapping[str, Any]) -> None:
        """The settings: those given, the rest from `defaults` then the engine's."""
        settings = {**DEFAULTS, **defaults, **self.given}
        self.iterations: int | None = None if self.seconds is not None else settings["iterations"]
        self.c: float = settings["c"]
        self.rollout: str = settings["rollout"]
        self.horizon: int | None = settings["horizon"]
        self.bias: int = settings["bias"]
        self.margin: float = settings["margin"]
        self.focus: int = settings["focus"]
        self.rivals: str = settings["rivals"]
        self.select: str = settings["select"]
        self.solved: int = settings["solved"]

    # --- the search ---------------------------------------------------------------------------
    def choose(self, game: Game[Any], state: Any, seat: int, rng: Rng) -> Action:
        """The action the search finds best from what the seat may know (or the solved policy's,
        with `solved=1`)."""
        self._settle(game.mcts_defaults if self.game_defaults else {})
        if self.solved:
            notes = self._notes.setdefault(seat, {})
            solved = game.solved_policy(game.determinize(state, seat, rng), seat, notes)
            if solved:
                self.last_iterations = 0
                return draw(solved, rng)
        root, legal = self.search(game, state, seat, rng)
        if root is None:
            return legal[0]
        if seat in root.regrets:
            average = root.regrets[seat].average(legal)
            return max(average, key=average.__getitem__)
        return self._best(root, legal)

    def remembers(self, game: Game[Any]) -> bool:
        self._settle(game.mcts_defaults if self.game_defaults else {})
        return bool(self.solved)

    def recall(self, game: Game[Any], earlier: Iterable[Any], seat: int, rng: Rng) -> None:
        """solved=1: the solved strategy asked again at each earlier move, for the notes it
        keeps (the habits it reads); a search keeps none."""
        if not self.remembers(game):
            return
        notes = self._notes.setdefault(seat, {})
        for state in earlier:
            game.solved_policy(game.determinize(state, seat, rng), seat, notes)

    def weigh(
        self, game: Game[Any], state: Any, seat: int, rng: Rng
    ) -> list[tuple[Action, int, float]]:
        """The moves the search compared, with their visits and mean reward (the seat's chance
        of winning after each, as the search estimated it), in the order the bot ranks them:
        its choice first. A move played without searching comes alone, with no visits."""
        root, legal = self.search(game, state, seat, rng)
        if root is None:
            return [(legal[0], 0, 0.0)]
        # Sorting keeps the first of equals, as `_best` does: its choice comes first.
        ranked = sorted(legal, key=lambda a: -self._estimate(root, a))
        return [(a, *self._stats(root, a)) for a in ranked]

    @staticmethod
    def _stats(root: _Node, action: Action) -> tuple[int, float]:
        node = root.children.get(action)
        return (0, 0.0) if node is None else (node.visits, node.mean())

    def search(
        self, game: Game[Any], state: Any, seat: int, rng: Rng
    ) -> tuple[_Node | None, list[Action]]:
        """The search's tree and the moves its root compared; no tree when there was nothing
        to compare (the one move first in the list)."""
        self._settle(game.mcts_defaults if self.game_defaults else {})
        world = game.determinize(state, seat, rng)
        legal = game.legal_actions(world, seat)
        if not legal:
            raise ValueError(f"seat {seat} has nothing to do now")
        if len(legal) == 1:
            self.last_iterations = 0
            return None, legal
        if self.focus:
            legal = list(game.search_choices(world, seat, rng))
            if len(legal) == 1:
                self.last_iterations = 0
                return None, legal
            world = game.determinize(state, seat, rng)
        root_moves = set(legal) if self.focus else None  # the root compares only these
        root = _Node()
        if self.bias:
            first = legal[0] if self.focus else game.heuristic_action(world, seat, rng)
            favourite = root.children[first] = _Node()
            favourite.virtual = self.bias
            world = game.determinize(state, seat, rng)  # the heuristic may have used up rng draws
        habits = self._habits(game, world, seat)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        cpu_deadline = None if self.cpu_seconds is None else time.thread_time() + self.cpu_seconds
        done = 0
        while True:
            if deadline is None:
                if done >= (self.iterations or 0):
                    break
            elif done > 0 and time.perf_counter() >= deadline:
                break
            if cpu_deadline is not None and done > 0 and time.thread_time() >= cpu_deadline:
                break
            if done > 0:
                world = game.determinize(state, seat, rng)
            habit = self._habit(habits, rng) if habits else None
            self._iterate(game, world, seat, root, root_moves, rng, habit)
            done += 1
        self.last_iterations = done
        return root, legal

    def _best(self, root: _Node, legal: list[Action]) -> Action:
        """The move with the best pessimistic estimate (its mean, less a margin that shrinks
        with its visits, virtual ones included): a move tried once must beat the heuristic's
        move by a clear margin, one tried often by little. Untried moves come last."""

        return max(legal, key=lambda action: self._estimate(root, action))

    def _estimate(self, root: _Node, action: Action) -> float:
        """A root move's pessimistic estimate (`_best`); untried moves come last."""
        node = root.children.get(action)
        if node is None or not node.visits:
            return -math.inf
        return node.mean() - self.margin / math.sqrt(node.visits + node.virtual)

    def _habits(self, game: Game[Any], world: Any, seat: int
                ) -> list[tuple[float, PlainStrategy, dict[str, Any]]]:
        """solved=1 with select=regret: the habits the game reads the others by from what the
        seat saw this match (the notes its solved strategy keeps); else none."""
        if not (self.solved and self.select == "regret"):
            return []
        return game.search_habits(world, seat, self._notes.get(seat, {}))

    @staticmethod
    def _habit(habits: list[tuple[float, PlainStrategy, dict[str, Any]]], rng: Rng
               ) -> _Habit | None:
        """solved=1: the habit the others play by this iteration, drawn by the weights the game
        reads from the match (`Game.search_habits`), with a copy of its notes; None: they are
        searched."""
        point = rng.random()
        for weight, strategy, notes in habits:
            point -= weight
            if point < 0:
                return _Habit(strategy, dict(notes))
        return None

    def _iterate(
        self,
        game: Game[Any],
        world: Any,
        seat: int,
        root: _Node,
        root_moves: set[Action] | None,
        rng: Rng,
        habit: _Habit | None = None,
    ) -> None:
        node = root
        path: list[tuple[_Node, int]] = []
        learned: list[tuple[_Regrets, Action, dict[Action, float], int]] = []  # select=regret
        through = 0  # focus=2: steps played through, counted against the horizon
        while True:
            actors = game.actors(world)
            if not actors or (self.horizon is not None and through >= self.horizon):
                break
            mover = seat if seat in actors else min(actors)
            legal = game.legal_actions(world, mover)
            if node is root and root_moves is not None:
                legal = [a for a in legal if a in root_moves]
            elif self.focus > 1:
                legal = list(game.search_choices(world, mover, rng))
                if len(legal) == 1 and self._forced(game, world, actors - {mover}, rng):
                    self._play_through(game, world, mover, legal[0], actors - {mover}, rng)
                    through += 1
                    continue
            others = sorted(actors - {mover})
            if self.select == "regret" and others:
                child, expanded = self._regret_step(game, world, node, mover, legal, others,
                                                    rng, learned, habit)
                path.append((child, mover))
            else:
                child, action, expanded = self._select(node, legal, rng)
                game.apply(world, mover, action)
                path.append((child, mover))
                if self.rivals == "search":
                    path += self._rivals_act(game, world, node, others, rng)
                else:
                    self._others_act(game, world, others, rng)
            node = child
            if expanded:
                break
            key = game.search_key(world, seat)
            if key is not None:
                node = child.outcomes.setdefault(key, _Node())
        rewards = seat_rewards(self._roll_out(game, world, seat, rng, habit),
                               len(game.seats(world)))
        root.visits += 1
        for visited, mover in path:
            visited.visits += 1
            visited.reward += rewards[mover]
        for regrets, action, probs, mover in learned:
            regrets.learn(action, probs, rewards[mover])

    def _regret_step(
        self, game: Game[Any], world: Any, node: _Node, mover: int, legal: list[Action],
        others: list[int], rng: Rng,
        learned: list[tuple[_Regrets, Action, dict[Action, float], int]],
        habit: _Habit | None = None,
    ) -> tuple[_Node, bool]:
        """A step of several actors (`select=regret`): each chooses by regret matching over its
        own statistics at `node`, none seeing another's move (the others by `habit` where one
        was drawn); the tree goes on along the mover's move. The child reached, and whether it
        is new (the walk stops there)."""
        expanded = False
        child = node
        for seat in [mover, *others]:
            # each one's choices after the moves before it: a move may forestall another's
            # (a motion opened by one crew member), as when a match applies them in turn
            choices = legal if seat == mover else self._choices(game, world, seat, rng)
            if not choices:
                continue
            if habit is not None and seat != mover:
                game.apply(world, seat, habit.move(game, world, seat, rng))
                continue
            regrets = node.regrets.setdefault(seat, _Regrets())
            action, probs = regrets.choose(choices, rng)
            game.apply(world, seat, action)
            if len(choices) > 1:
                learned.append((regrets, action, probs, seat))
            if seat == mover:
                expanded = action not in node.children
                child = node.children.setdefault(action, _Node())
        return child, expanded

    def _select(self, node: _Node, legal: list[Action], rng: Rng) -> tuple[_Node, Action, bool]:
        """An untried move if there is one (expansion), else the best UCB move among those
        available in this world; every available move's availability count goes up."""
        children = node.children
        untried = [a for a in legal if a not in children]
        favourite = [a for a in children if children[a].virtual and not children[a].visits]
        expanded = bool(untried or favourite)
        if expanded:
            if favourite:
                action = favourite[0]
            else:  # focus=2: the game's choices come best first, and are tried in that order
                action = untried[0] if self.focus > 1 else rng.choice(untried)
            children.setdefault(action, _Node())
        best: Action | None = None
        best_score = -math.inf
        for a in legal:
            child = children.get(a)
            if child is None:
                continue
            child.available += 1
            if expanded or child.visits == 0:
                continue
            score = self._ucb(child, child.available)
            if score > best_score:
                best, best_score = a, score
        if expanded:
            return children[action], action, True
        assert best is not None
        return children[best], best, False

    def _rivals_act(
        self, game: Game[Any], world: Any, node: _Node, seats: Iterable[int], rng: Rng
    ) -> list[tuple[_Node, int]]:
        """Each other actor moves once, chosen by UCB on its own statistics at `node`
        (`rivals=search`); the statistics it moved by, for crediting its reward."""
        moved = []
        for other in seats:
            legal = self._choices(game, world, other, rng)
            if not legal:
                continue
            if len(legal) == 1 and self.focus > 1:
                game.apply(world, other, legal[0])
                continue
            stats = {a: node.rivals.get((other, a)) for a in legal}
            untried = [a for a, n in stats.items() if n is None]
            if untried:
                action = untried[0] if self.focus > 1 else rng.choice(untried)
                stats[action] = node.rivals[other, action] = _Node()
            else:
                action = self._rival_choice(stats, rng)  # type: ignore[arg-type]
            game.apply(world, other, action)
            chosen = stats[action]
            assert chosen is not None
            moved.append((chosen, other))
        return moved

    def _choices(self, game: Game[Any], world: Any, seat: int, rng: Rng) -> list[Action]:
        """What `seat` chooses among in the tree: its legal moves, or with `focus=2` the game's
        choices (none when it may not act now)."""
        if self.focus > 1:
            if seat not in game.actors(world):
                return []
            return list(game.search_choices(world, seat, rng))
        return game.legal_actions(world, seat)

    def _forced(self, game: Game[Any], world: Any, others: Iterable[int], rng: Rng) -> bool:
        """focus=2: whether every other actor has at most one of the game's choices too."""
        return all(len(self._choices(game, world, other, rng)) <= 1 for other in others)

    def _play_through(self, game: Game[Any], world: Any, mover: int, action: Action,
                      others: Iterable[int], rng: Rng) -> None:
        """focus=2: a step with nothing to compare, played without a node: the mover's move,
        then each other actor's only choice (if it still may act)."""
        game.apply(world, mover, action)
        for other in sorted(others):
            choices = self._choices(game, world, other, rng)
            if choices:
                game.apply(world, other, choices[0])

    def _rival_choice(self, stats: Mapping[Action, _Node], rng: Rng) -> Action:
        """The other actor's move by UCB over its moves legal here, each counted against the
        actor's visits to them all (not against its own availability), ties drawn at random.
        The observer breaks its ties by availability, which follows the order its moves were
        tried; had the other actor done the same, the two would pick in lockstep (each one's
        first move always against the other's first), and with outcomes decided the search
        would never see the other pairs of moves: a Goofspiel search ranked a bid that any
        sensible opponent punishes as its best."""
        pulls = sum(n.visits for n in stats.values())
        scores = {a: self._ucb(n, pulls) for a, n in stats.items()}
        top = max(scores.values())
        tied = [a for a, score in scores.items() if score >= top - UCB_TIE]
        return tied[0] if len(tied) == 1 else rng.choice(tied)

    def _ucb(self, node: _Node, pulls: int) -> float:
        """`node`'s UCB score, its exploration term counted against `pulls` (the observer's:
        how often its move was available; a rival's: its visits to every move here)."""
        return node.mean() + self.c * math.sqrt(math.log(pulls) / (node.visits + node.virtual))

    # --- the rollout policy -------------------------------------------------------------------
    def _policy(self, game: Game[Any], world: Any, seat: int, rng: Rng) -> Action | None:
        if self.rollout == "heuristic":
            if seat not in game.actors(world):
                return None
            return game.heuristic_action(world, seat, rng)
        legal = game.legal_actions(world, seat)
        return rng.choice(legal) if legal else None

    def _others_act(self, game: Game[Any], world: Any, seats: Iterable[int], rng: Rng) -> None:
        """Each other actor moves once by the rollout policy, if it still may."""
        for other in seats:
            action = self._policy(game, world, other, rng)
            if action is not None:
                game.apply(world, other, action)

    def _roll_out(self, game: Game[Any], world: Any, seat: int, rng: Rng,
                  habit: _Habit | None = None) -> list[float]:
        """Every player's reward: play on to the end (the result's rewards), or for `horizon`
        steps and take the game's `evaluate` of the position reached."""
        steps = 0
        while True:
            actors = game.actors(world)
            if not actors:
                return game.result(world).rewards()
            if self.horizon is not None and steps >= self.horizon:
                return game.evaluate(world)
            if habit is None:
                self._others_act(game, world, sorted(actors), rng)
            else:  # the others by the habit drawn, the seat by the rollout policy
                for actor in sorted(actors):
                    if actor == seat:
                        self._others_act(game, world, [actor], rng)
                    elif actor in game.actors(world):
                        game.apply(world, actor, habit.move(game, world, actor, rng))
            steps += 1
