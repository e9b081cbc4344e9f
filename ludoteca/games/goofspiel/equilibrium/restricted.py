"""A restricted Nash response to the plain habits and the bots people meet (Johanson, Zinkevich
and Bowling, 2007): the strong level's strategy while the other's bids still fit one of them,
solved by CFR+.

The game solved: before the deal, chance makes the other seat a free player (probability 1 - p)
or one of the kinds (p shared alike among them): the plain strategies, deterministic (their
bids computed by their own functions), and the bots whose bids are drawn (the normal level, the
old strong search), each a distribution of bids per position sampled from the real bot
(`kinds.py`); the strong seat is not told which. Bids are public, so the strong seat's
information at a prize is the public history, and what it says about the other's kind is a
posterior: how likely each kind was to bid so (1 or 0 for a habit, the product of a drawn
kind's probabilities), beside how likely the free player was. The key is therefore the whole
history, not the position and a bucket of the posterior: the tree is small enough to keep
exact (some 250,000 histories at 5 cards), and nothing is lost. Where no kind bids as the other
did, the other is known to be free and the rest of the match is the plain game, solved exactly
by the Markov tables (`cards-N.json`): its value there is the table's, and the tree below
stops. So the tree is the histories some kind may bid, each a decision of the strong seat and
one of the free player, who also sees the whole history (no restriction of its key).

As p goes from 0 to 1 the response goes from the equilibrium (exploitability 0, the kinds
beaten no more than the table beats them) to the best reply to the kinds (each beaten as far
as they can be, exploitable without bound): the frontier between the two is what p chooses.
The figures of a strategy are exact: the win rate against each kind (ties half; a drawn
kind's as its stored distribution bids) an expectation over the prize order, and the
exploitability a best response's over the public tree, the Markov table's value standing for
the rest of the match where no kind bids so (the table's own exploitability, under 0.001,
aside; the bots bench measures the whole level). A history where the response is the solved
table's is not stored (`SAME`): the strong level plays the table where none is.
Nothing here runs at play time: numpy is needed only by the solving command.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ludoteca.engine.rng import Rng
from ludoteca.games.goofspiel.bots.plain import STRATEGIES
from ludoteca.games.goofspiel.equilibrium import (
    KEEP,
    compact,
    decided,
    kinds,
    read_strategy,
    solved_strategy,
    worth,
)
from ludoteca.games.goofspiel.equilibrium.habits import Round, history_key
from ludoteca.games.goofspiel.state import GoofspielState

HABITS = tuple(STRATEGIES)  # the plain habits, deterministic
DRAWN = tuple(kinds.KINDS)  # the bots whose bids are drawn (`kinds.py`)
KINDS = (*HABITS, *DRAWN)  # the other's kinds besides the free player, in this order
SAME = 0.005  # a response this close to the solved table's at a history is not stored


@dataclass
class Node:
    """A history that fits a habit, a prize turned up: what the tree keeps of it."""
    rounds: tuple[Round, ...]
    prize: int
    mine: tuple[int, ...]
    theirs: tuple[int, ...]
    prizes: tuple[int, ...]  # the prizes left, the one turned up among them
    lead: int
    # How likely each kind (in KINDS) was to bid as the other did: 1 or 0 for a habit.
    reach: tuple[float, ...]


@dataclass
class Step:
    """The histories of one step of the match (every hand of `size` cards), as arrays: node n,
    the strong seat's bid i (its i-th card), the other's j."""
    size: int
    nodes: list[Node] = field(default_factory=list)
    kind_bids: Any = None  # (n, kind, j): how likely the kind bids j (0 where it fits no more)
    reach: Any = None  # (n, kind): the nodes' reach of each kind
    child: Any = None  # (n, i, j): the after-bids node, -1 where no kind bids j
    off: Any = None  # (n, i, j): the table's value after a bid no kind makes
    parent: Any = None  # (n, 3): the node before, i and j there (the first step: -1)
    after_value: Any = None  # (after-bids node): its value where the match is settled, else nan
    after_next: Any = None  # (after-bids node, prize): the next step's node, -1 if settled
    fixed: Any = None  # the last step's matrices (`step_values`): every match settled after it


def habit_bid(habit: str, node: Node) -> int:
    """The card the habit bids here, by the plain strategy's own function (the other in seat
    1; a copier's notes: the hands before the last prize)."""
    state = GoofspielState([list(node.mine), list(node.theirs)],
                           [node.prize, *(p for p in node.prizes if p != node.prize)],
                           [None, None], [0, 0], Rng(0))
    notes: dict[str, Any] = {}
    if node.rounds:
        _, mine, theirs = node.rounds[-1]
        notes["hands"] = [{*node.mine, mine}, {*node.theirs, theirs}]
    bid = STRATEGIES[habit](None, state, 1, Rng(0), notes)
    return int(bid.card)  # type: ignore[attr-defined]


def kind_bids(cards: int, kind: str, node: Node) -> dict[int, float]:
    """The kind's bids here, card -> probability: a habit's one card, a drawn kind's sampled
    distribution (`kinds.py`)."""
    if kind in STRATEGIES:
        return {habit_bid(kind, node): 1.0}
    return kinds.bids(cards, kind, (node.theirs, node.mine, node.prizes, node.prize, -node.lead))


def settled(lead: int, left: tuple[int, ...], mine: tuple[int, ...],
            theirs: tuple[int, ...]) -> float | None:
    """The strong seat's reward where no choice is left (the match over, decided, or one card
    each), else None."""
    if len(left) == 1:
        lead += left[0] if mine[0] > theirs[0] else -left[0] if theirs[0] > mine[0] else 0
        left = ()
    if not left or decided(lead, left):
        return 1.0 if lead > 0 else 0.0 if lead < 0 else 0.5
    return None


def build(cards: int) -> list[Step]:
    """The tree of histories some kind may bid, step by step."""
    import numpy as np

    deck = tuple(range(1, cards + 1))
    everyone = (1.0,) * len(KINDS)
    steps: list[Step] = []
    current = [Node((), p, deck, deck, deck, 0, everyone) for p in deck]
    parents: list[tuple[int, int, int]] = [(-1, -1, -1)] * len(current)
    for size in range(cards, 1, -1):
        step = Step(size, current)
        count = len(current)
        step.kind_bids = np.zeros((count, len(KINDS), size))
        step.reach = np.array([node.reach for node in current])
        step.child = np.full((count, size, size), -1)
        step.off = np.zeros((count, size, size))
        step.parent = np.array(parents)
        values: list[float] = []
        follow: list[list[Node]] = []
        for n, node in enumerate(current):
            for k, kind in enumerate(KINDS):
                if node.reach[k] > 0:
                    for card, p in kind_bids(cards, kind, node).items():
                        step.kind_bids[n, k, node.theirs.index(card)] = p
            for i, mine in enumerate(node.mine):
                for j, theirs in enumerate(node.theirs):
                    reach = tuple(float(r * p) for r, p in
                                  zip(node.reach, step.kind_bids[n, :, j], strict=True))
                    if not any(reach):
                        step.off[n, i, j] = table_value(node, mine, theirs)
                        continue
                    step.child[n, i, j] = len(values)
                    value, nxt = after(node, mine, theirs, reach)
                    values.append(value)
                    follow.append(nxt)
        step.after_value = np.array(values)
        nexts = [nd for group in follow for nd in group]
        firsts = np.cumsum([0, *(len(group) for group in follow)])
        step.after_next = np.array(
            [list(range(first, first + len(group))) or [-1] * (size - 1)
             for first, group in zip(firsts, follow, strict=False)]).reshape(-1, size - 1)
        parents = parent_links(current, nexts)
        steps.append(step)
        current = nexts
        if not current:
            break
    return steps


def table_value(node: Node, mine: int, theirs: int) -> float:
    """The strong seat's value after bids of which the other's fits no habit: the solved
    table's, both playing it from there."""
    found = worth((node.mine, node.theirs, node.prizes, node.prize, node.lead), mine, theirs)
    if found is None:
        raise ValueError(f"no solved table holds the positions after {node}: write the tables "
                         "first (the command without --habits)")
    return found


def after(node: Node, mine: int, theirs: int, reach: tuple[float, ...]
          ) -> tuple[float, list[Node]]:
    """After these bids: the strong seat's reward if the match is settled (nan if not), and the
    nodes of the next prize (none if it is)."""
    lead = node.lead + (node.prize if mine > theirs else -node.prize if theirs > mine else 0)
    left = tuple(p for p in node.prizes if p != node.prize)
    hand = tuple(c for c in node.mine if c != mine)
    other = tuple(c for c in node.theirs if c != theirs)
    reward = settled(lead, left, hand, other)
    if reward is not None:
        return reward, []
    rounds = (*node.rounds, (node.prize, mine, theirs))
    return float("nan"), [Node(rounds, p, hand, other, left, lead, reach) for p in left]


def parent_links(current: list[Node], nexts: list[Node]) -> list[tuple[int, int, int]]:
    """For each node of the next step: its node in this one, and i and j of the bids there."""
    where = {(node.rounds, node.prize): n for n, node in enumerate(current)}
    links = []
    for nd in nexts:
        *earlier, (prize, mine, theirs) = nd.rounds
        n = where[(tuple(earlier), prize)]
        links.append((n, current[n].mine.index(mine), current[n].theirs.index(theirs)))
    return links


def regret_matching(regret: Any) -> Any:
    import numpy as np

    total = regret.sum(axis=1, keepdims=True)
    return np.where(total > 0, regret / np.where(total > 0, total, 1), 1 / regret.shape[1])


def step_values(step: Step, below: Any, mine: Any, theirs: Any | None) -> tuple[Any, Any, Any]:
    """The strong seat's value of each node of the step for each kind of other (column 0 the
    free player, then KINDS; a kind's given it reached the node), given the values of the next
    step's nodes (`below`) and the strategies here; `theirs` None: the free player replies
    best. Also the free player's matrix (n, i, j) and the kinds' rows (n, i, kind)."""
    import numpy as np

    if below is None and step.fixed is None:
        step.fixed = matrices(step, None)
    free, habits = step.fixed if below is None else matrices(step, below)
    values = np.zeros((len(step.nodes), 1 + len(KINDS)))
    against = np.einsum("ni,nij->nj", mine, free)
    values[:, 0] = against.min(axis=1) if theirs is None else (against * theirs).sum(axis=1)
    values[:, 1:] = np.einsum("ni,nik->nk", mine, habits)
    return values, free, habits


def matrices(step: Step, below: Any) -> tuple[Any, Any]:
    """The step's entries: the free player's matrix (n, i, j) and each kind's expectation over
    its bids (n, i, kind), given the next step's node values (`below`; None: there is none)."""
    import numpy as np

    columns = 1 + len(KINDS)
    settled_here = ~np.isnan(step.after_value)
    after = np.repeat(step.after_value[:, None], columns, axis=1)
    if below is not None and (~settled_here).any():
        after[~settled_here] = below[step.after_next[~settled_here]].mean(axis=1)
    reached = after[np.maximum(step.child, 0)]  # (n, i, j, column)
    free = np.where(step.child >= 0, reached[..., 0], step.off)
    others = np.where((step.child >= 0)[..., None], reached[..., 1:], 0.0)
    return free, np.einsum("nijk,nkj->nik", others, step.kind_bids)


def all_values(steps: list[Step], mine: list[Any], theirs: list[Any] | None) -> list[Any]:
    """Every step's node values (see `step_values`), from the last step back."""
    out: list[Any] = [None] * len(steps)
    below = None
    for s in reversed(range(len(steps))):
        out[s], _, _ = step_values(steps[s], below, mine[s],
                                   None if theirs is None else theirs[s])
        below = out[s]
    return out


def solve(steps: list[Step], share: float, iterations: int, lean: float = 1.0) -> list[Any]:
    """The strong seat's average strategy at every node of the tree, by CFR+ (regret matching+
    with both players updated together, the average weighted by the iteration), the other a
    free player with probability 1 - `share`, else one of the kinds, a drawn kind `lean`
    times as likely as a habit."""
    import numpy as np

    weights = np.array([1.0] * len(HABITS) + [lean] * len(DRAWN))
    weights *= share / weights.sum()
    regret_mine = [np.zeros((len(s.nodes), s.size)) for s in steps]
    regret_theirs = [np.zeros((len(s.nodes), s.size)) for s in steps]
    mean_mine = [np.zeros((len(s.nodes), s.size)) for s in steps]
    for t in range(1, iterations + 1):
        mine = [regret_matching(r) for r in regret_mine]
        theirs = [regret_matching(r) for r in regret_theirs]
        reach_mine, reach_theirs = reaches(steps, mine, theirs)
        below = None
        for s in reversed(range(len(steps))):
            step = steps[s]
            values, free, habits = step_values(step, below, mine[s], theirs[s])
            below = values
            gain = ((1 - share) * reach_theirs[s][:, None] * np.einsum("nij,nj->ni", free,
                                                                       theirs[s])
                    + np.einsum("nik,nk->ni", habits, weights * step.reach))
            regret_mine[s] = np.maximum(
                regret_mine[s] + gain - (gain * mine[s]).sum(1, keepdims=True), 0)
            loss = -reach_mine[s][:, None] * np.einsum("ni,nij->nj", mine[s], free)
            regret_theirs[s] = np.maximum(
                regret_theirs[s] + loss - (loss * theirs[s]).sum(1, keepdims=True), 0)
            mean_mine[s] += t * reach_mine[s][:, None] * mine[s]
    return [regret_matching(m) for m in mean_mine]


def reaches(steps: list[Step], mine: list[Any], theirs: list[Any]) -> tuple[list[Any], list[Any]]:
    """How likely each seat's own bids make each node (chance and the other aside)."""
    import numpy as np

    reach_mine = [np.ones(len(steps[0].nodes))]
    reach_theirs = [np.ones(len(steps[0].nodes))]
    for s in range(1, len(steps)):
        n, i, j = steps[s].parent.T
        reach_mine.append(reach_mine[-1][n] * mine[s - 1][n, i])
        reach_theirs.append(reach_theirs[-1][n] * theirs[s - 1][n, j])
    return reach_mine, reach_theirs


def figures(steps: list[Step], mine: list[Any]) -> dict[str, float]:
    """The strategy's exploitability (a best response's gain, returns from -1 to 1) and its
    win rate against each kind (ties half), over the prize order."""
    replies = all_values(steps, mine, None)[0].mean(axis=0)
    out = {"exploitability": round(float(1 - 2 * replies[0]), 5)}
    for k, kind in enumerate(KINDS):
        out[kind] = round(float(replies[1 + k]), 5)
    return out


def table(steps: list[Step], mine: list[Any]) -> dict[str, int | dict[str, float]]:
    """The strategy as stored: by history, only where the strategy itself may go (a bid under
    `KEEP` left out), as the Markov tables store theirs, and only where it differs from the
    solved table's by more than `SAME` (the strong level plays the table where the history
    is not stored)."""
    import numpy as np

    stored: dict[str, int | dict[str, float]] = {}
    kept = [np.where(m >= KEEP, m, 0.0) for m in mine]
    reach = [np.ones(len(steps[0].nodes))]
    for s in range(1, len(steps)):
        n, i, _ = steps[s].parent.T
        reach.append(reach[-1][n] * (kept[s - 1][n, i] > 0))
    for step, strategy, reached in zip(steps, mine, reach, strict=True):
        for node, row, seen in zip(step.nodes, strategy, reached, strict=True):
            kept_row = compact(node.mine, row)
            if seen and not same(read_strategy(kept_row), solved_row(node)):
                stored[history_key(node.rounds, node.prize)] = kept_row
    return stored


def solved_row(node: Node) -> dict[int, float]:
    """The solved table's strategy at the node's position (any bid alike where none)."""
    found = solved_strategy((node.mine, node.theirs, node.prizes, node.prize, node.lead))
    return found or {card: 1 / len(node.mine) for card in node.mine}


def same(one: dict[int, float], other: dict[int, float]) -> bool:
    return all(abs(one.get(c, 0.0) - other.get(c, 0.0)) <= SAME for c in {*one, *other})


def from_table(steps: list[Step], stored: dict[str, Any]) -> list[Any]:
    """The stored strategy as the solver's arrays, as the strong level plays it (a history not
    stored: the solved table's strategy)."""
    import numpy as np

    out = []
    for step in steps:
        rows = np.full((len(step.nodes), step.size), 1 / step.size)
        for n, node in enumerate(step.nodes):
            found = stored.get(history_key(node.rounds, node.prize))
            chosen = solved_row(node) if found is None else read_strategy(found)
            rows[n] = [chosen.get(card, 0.0) for card in node.mine]
        out.append(rows / rows.sum(axis=1, keepdims=True))
    return out


def respond(cards: int, iterations: int, target: float, shares: list[float],
            lean: float = 1.0) -> dict[str, Any]:
    """The restricted response to keep, of the shares of habits in `shares` (tried in order
    until one leaves a best response `target` or more): the table, its share, its figures and
    the frontier of every share tried."""
    steps = build(cards)
    frontier: list[dict[str, float]] = []
    kept: list[dict[str, Any]] = []
    for share in shares:
        # No kind at all: the response is the equilibrium, which the solved table is already.
        stored = table(steps, solve(steps, share, iterations, lean)) if share else {}
        found = {"share": share, **figures(steps, from_table(steps, stored))}
        frontier.append(found)
        print(f"  {cards} cards, share {share:g}: {found}", flush=True)
        if found["exploitability"] >= target:
            break
        kept.append({"share": share, "figures": found, "strategy": stored})
    if not kept:
        raise ValueError(f"no share of habits leaves the exploitability under {target:g}: "
                         "allow more, or try smaller shares")
    chosen = max(kept, key=lambda k: preference(k["figures"]))
    return {**chosen, "frontier": frontier, "positions": len(chosen["strategy"])}


def preference(found: dict[str, float]) -> tuple[float, float, float]:
    """How a response ranks among those under the target: the win rate against the habit it
    beats least first (the panel's goal is each habit), then the least exploitable, then the
    mean win rate; compared to the hundredth and the thousandth, finer than any bench tells.
    (At 3 cards no share beats the value bidder more than half the time, and the response kept
    is an equilibrium that still beats the others as far as one can.)"""
    rates = [found[kind] for kind in KINDS]
    return (round(min(rates), 2), -round(found["exploitability"], 3),
            sum(rates) / len(rates))
