"""Reading the other bidder: the strong level's memory of the match, and its bid.

An equilibrium never loses in the long run, but it does not punish a habit either: against a
player who always bids the prize's value it wins little more than half the matches, where a
player who noticed would win nearly all of them. So the strong level keeps what it saw of the
match (each prize, the hands before it, the other's bid) and, while every bid of the other fits
one of the plain habits people bid by, plays the restricted Nash response to them
(`habits.py`, `restricted.py`): the strategy that beats the habits as far as it can while a
best response to it gains less than a set bound, whatever the other plans (one who bids like a
habit for a prize or two and then punishes the reply included). Once a bid fits no habit, the
other plays freely and the solved table is played. The state does not keep the order of the
bids, so what was seen lives in the bot's notes: the server keeps one bot per seat over a
match, and one made for a match under way recalls the seat's earlier moves.

`read_policy` is the earlier reading, no longer played, kept as the yardstick the response
replaced: Bayes over the kinds of player the other may be (the equilibrium's or a habit's, each
allowed a slip), then the best reply to the mixture, played only within a budget that starts
at `ALLOWANCE` and grows with what the other's bids gave (safe exploitation, "risk what you've
won": Ganzfried and Sandholm, 2015). It could not have both: a budget of 0.22 won 76% and
69-72% against the value and value-plus-one bidders at 5 cards but left a best response 0.19
to gain there; 0.1 left 0.034 but won only 59% and 62%. The response wins 77.6% or more
against each habit at an exploitability of 0.028 (the figures beside `habits-5.json`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.engine.game import PlainStrategy
from ludoteca.engine.rng import Rng
from ludoteca.games.goofspiel.equilibrium import Position, at, decided, policy, value, worth
from ludoteca.games.goofspiel.equilibrium.habits import Round, response
from ludoteca.games.goofspiel.state import GoofspielState

PRIOR_EQUILIBRIUM = 0.5  # the prior weight of a player of the equilibrium; the rest: habits
SLIP = 0.05  # the chance a player of a habit bids otherwise
READ = 0.2  # the habits' weight from which the bot considers a reply to them
# The earlier reading's budget at the first prize (a share of a win); see the docstring.
ALLOWANCE = 0.22
FLOOR = 1e-3  # a kind of player this unlikely is dropped

# One earlier prize of the match: the position the seat bid in, and the bid the other made.
Seen = tuple[GoofspielState, int]


def position(hands: list[list[int]], prizes: list[int], scores: list[int]) -> GoofspielState:
    """A position to bid in, as the seat saw it (the deck's order after the prize turned up
    does not matter to a bid)."""
    return GoofspielState([list(h) for h in hands], list(prizes), [None, None], list(scores),
                          Rng(0))


def remember(notes: dict[str, Any], state: GoofspielState, seat: int) -> list[Seen]:
    """The prizes seen so far this match, the current position noted for the next call: the
    other's bid is the card gone from its hand since (the hands are public). The same prize
    asked again (a server's bot thinks again when the other's bid comes in) adds nothing."""
    seen: list[Seen] = notes.get("seen", [])
    if asked_again(notes, state, seat):
        return seen
    last: GoofspielState | None = notes.get("last")
    if last is None or len(last.hands[seat]) != len(state.hands[seat]) + 1:
        seen = []  # a new match
    else:
        gone = set(last.hands[1 - seat]) - set(state.hands[1 - seat])
        seen = [*seen, (last, gone.pop())]
    notes["seen"] = seen
    notes["last"] = position(state.hands, state.prizes, state.scores)
    return seen


def asked_again(notes: dict[str, Any], state: GoofspielState, seat: int) -> bool:
    """Whether the notes' last position is this prize's (no bid seen since)."""
    last: GoofspielState | None = notes.get("last")
    return last is not None and len(last.hands[seat]) == len(state.hands[seat])


class Kind:
    """A kind of player the other may be: its weight, and (for a habit) the notes its player
    keeps over the match (a copier's: the hands it saw last)."""

    def __init__(self, habit: PlainStrategy | None, weight: float,
                 notes: dict[str, Any] | None = None) -> None:
        self.habit, self.weight = habit, weight
        self.notes: dict[str, Any] = notes if notes is not None else {}

    def bids(self, state: GoofspielState, other: int) -> tuple[dict[int, float], Kind]:
        """What this kind bids here, and the kind as it goes on after bidding (its notes)."""
        hand = state.hands[other]
        if self.habit is None:
            solved = policy(state, other)
            return (solved or {c: 1 / len(hand) for c in hand}), self
        notes = dict(self.notes)  # a plain strategy replaces what it notes, never changes it
        chosen = self.habit(None, state, other, Rng(0), notes)
        card = getattr(chosen, "card", None)
        if len(hand) == 1:
            return {hand[0]: 1.0}, Kind(self.habit, self.weight, notes)
        slip = SLIP / (len(hand) - 1)
        return ({c: 1 - SLIP if c == card else slip for c in hand},
                Kind(self.habit, self.weight, notes))


def kinds(habits: Mapping[str, PlainStrategy], seen: list[Seen], seat: int) -> list[Kind]:
    """The kinds of player the other may be, weighed by the bids seen."""
    share = (1 - PRIOR_EQUILIBRIUM) / max(1, len(habits))
    found = [Kind(None, PRIOR_EQUILIBRIUM)] + [Kind(habit, share) for habit in habits.values()]
    for state, bid in seen:
        going_on = []
        for kind in found:
            bids, after = kind.bids(state, 1 - seat)
            after.weight = kind.weight * bids.get(bid, 0.0)
            going_on.append(after)
        found = going_on
    return normalised(found)


def normalised(found: list[Kind]) -> list[Kind]:
    """The kinds still possible, their weights summing to 1."""
    total = sum(k.weight for k in found)
    kept = [k for k in found if total > 0 and k.weight / total >= FLOOR]
    total = sum(k.weight for k in kept)
    return [Kind(k.habit, k.weight / total, k.notes) for k in kept]


def reply(state: GoofspielState, seat: int, found: list[Kind]) -> dict[int, float]:
    """The best bid against the mixture of kinds over the rest of the match (win 1, tie 1/2),
    the lowest of equals."""
    values = {card: _value_of_bid(state, seat, found, card)
              for card in sorted(state.hands[seat])}
    best = max(values.values())
    return {next(c for c, v in values.items() if v >= best - 1e-9): 1.0}


def _value_of_bid(state: GoofspielState, seat: int, found: list[Kind], card: int) -> float:
    """The chance of winning after bidding `card` (ties half), each kind's bid drawn with its
    weight, and the kinds weighed again by the bid they made."""
    joint: dict[int, list[Kind]] = {}
    for kind in found:
        bids, after = kind.bids(state, 1 - seat)
        for bid, p in bids.items():
            if p > 0:
                joint.setdefault(bid, []).append(Kind(after.habit, kind.weight * p,
                                                      after.notes))
    value = 0.0
    for bid, weighed in joint.items():
        chance = sum(k.weight for k in weighed)
        value += chance * _after_bids(state, seat, normalised(weighed), card, bid)
    return value


def _after_bids(state: GoofspielState, seat: int, found: list[Kind], mine: int,
                theirs: int) -> float:
    other = 1 - seat
    prize, *left = state.prizes
    scores = list(state.scores)
    if mine != theirs:
        scores[seat if mine > theirs else other] += prize
    lead = scores[seat] - scores[other]
    if not left or decided(lead, left):
        return 1.0 if lead > 0 else 0.0 if lead < 0 else 0.5
    hands = [list(h) for h in state.hands]
    hands[seat].remove(mine)
    hands[other].remove(theirs)
    total = 0.0
    for turned in left:
        nxt = position(hands, [turned, *(p for p in left if p != turned)], scores)
        total += max(_value_of_bid(nxt, seat, found, c) for c in nxt.hands[seat])
    return total / len(left)


def read_policy(state: GoofspielState, seat: int, seen: list[Seen],
                habits: Mapping[str, PlainStrategy], budget: float) -> dict[int, float] | None:
    """The strong level's bid here: the best reply to the habits once they look likelier than
    the equilibrium and the reply risks no more than `budget`, else the solved table (None
    where it holds no strategy)."""
    solved = policy(state, seat)
    if solved is None or not seen:
        return solved
    found = kinds(habits, seen, seat)
    if sum(k.weight for k in found if k.habit is not None) < READ:
        return solved
    here = at(state, seat)
    if all(risk(here, card) > budget for card in state.hands[seat]):
        return solved  # no reply could be played: none is worked out
    best = reply(state, seat, found)
    card = next(iter(best))
    if risk(here, card) > budget:
        return solved
    return best


def risk(here: Position, card: int) -> float:
    """How far bidding `card` may fall short of the position's value, whatever the other bids
    (both playing the table afterwards)."""
    worst = [worth(here, card, theirs) for theirs in here[1]]
    now = value(here)
    if now is None or None in worst:
        return float("inf")
    return now - min(w for w in worst if w is not None)


def gift(here: Position, played: Mapping[int, float], theirs: int) -> float:
    """What the other's bid gave the bot (less, taken) against the position's value, the bot's
    own bid weighed as it drew it."""
    now = value(here)
    after = [(p, worth(here, card, theirs)) for card, p in played.items()]
    if now is None or any(w is None for _, w in after):
        return 0.0
    return sum(p * w for p, w in after if w is not None) - now


def strong_policy(notes: dict[str, Any], state: GoofspielState, seat: int,
                  habits: Mapping[str, PlainStrategy]) -> dict[int, float] | None:
    """The strong level's bid, the notes kept for its next one: the restricted response to the
    habits (`habits.py`, solved against the game's plain strategies, which `habits` names)
    while every bid of the other fits one of them, else the solved table (None where it holds
    no strategy). The public history read is noted too."""
    seen = remember(notes, state, seat)
    rounds = public_history(seen, state, seat)
    notes["history"] = rounds
    if rounds is not None and len(state.prizes) > 1:
        found = response(len(rounds) + len(state.prizes), rounds, state.prizes[0])
        if found is not None:
            return found
    return policy(state, seat)


def public_history(seen: list[Seen], state: GoofspielState, seat: int) -> list[Round] | None:
    """Each prize of the match so far with the seat's bid and the other's, as the restricted
    response's key holds them; None where the notes do not start at the deal (a bot that came
    late and recalled nothing) or the scores are not the bids' (a head start)."""
    first = seen[0][0] if seen else state
    deal = sorted(first.hands[seat]) == sorted(first.hands[1 - seat]) == list(
        range(1, len(first.hands[seat]) + 1)) and first.scores == [0, 0]
    if len(state.hands) != 2 or not deal:
        return None
    rounds: list[Round] = []
    lead = 0
    for index, (before, theirs) in enumerate(seen):
        later = seen[index + 1][0] if index + 1 < len(seen) else state
        mine = (set(before.hands[seat]) - set(later.hands[seat])).pop()
        prize = before.prizes[0]
        rounds.append((prize, mine, theirs))
        lead += prize if mine > theirs else -prize if theirs > mine else 0
    return rounds if lead == state.scores[seat] - state.scores[1 - seat] else None
