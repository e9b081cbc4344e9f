"""Reading the other bidder: the solved strategy until the other's bids show a habit, then the
best reply to what they show, as far as it is safe.

An equilibrium never loses in the long run, but it does not punish a habit either: against a
player who always bids the prize's value it wins little more than half the matches, where a
player who noticed would win nearly all of them. So the strong level keeps what it saw of the
match (each prize, the hands before it, the other's bid) and weighs, Bayes's way, the kinds of
player the other may be: one who plays the equilibrium (the solved table) or one of the plain
habits people bid by (the game's plain strategies, each allowed a slip now and then). Once the
habits together are more likely than the equilibrium player, it considers the best reply to
that mixture over what is left of the match, each kind's weight updated by every bid it would
see on the way; at the first prize it has no evidence and plays the table. The state does not
keep the order of the bids, so what was seen lives in the bot's notes: the server keeps one bot
per seat over a match, and one made for a match under way recalls the seat's earlier moves.

A reply can be a trap: someone who bids like a habit for a prize or two and then punishes the
reply. So the reply is played only where it risks no more than the match has given so far
(safe exploitation, "risk what you've won": Ganzfried and Sandholm, 2015): the budget starts
at `ALLOWANCE` and grows by each bid of the other worth more to the bot than the equilibrium
value of the position (valued with both playing the table from then on), and shrinks by each
that is worth less; a reply whose worst case falls short of the position's value by more than
the budget is not played, the table is. So what a bidder who sets such traps can gain is bounded
by the allowance, not by the reply (the bots bench measures the strong level's exploitability).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.engine.game import PlainStrategy
from ludoteca.engine.rng import Rng
from ludoteca.games.goofspiel.equilibrium import Position, at, decided, policy, value, worth
from ludoteca.games.goofspiel.state import GoofspielState

PRIOR_EQUILIBRIUM = 0.5  # the prior weight of a player of the equilibrium; the rest: habits
SLIP = 0.05  # the chance a player of a habit bids otherwise
READ = 0.2  # the habits' weight from which the bot considers a reply to them
# The risk a match may take before the other has given anything (a share of a win). At 5
# cards (60 matches each), 0.03 left the reading nearly idle (54% against the value bidder, as
# the table alone); 0.25 won 77% against it and 66% against the value-plus-one bidder with the
# habits read from a weight of 0.5 (exploitability 0.08 at 4 cards; the table alone: 0.0001),
# 77% and 72% from 0.3 (exploitability 0.10); without a budget, 93% and 83%, but a bidder who
# mimics a habit and then punishes the reply gains much more. Exploitability at 4 cards by the
# allowance (habits read from 0.3): 0.0001 up to 0.15, 0.021 at 0.18, 0.034 at 0.2 and 0.22,
# 0.059 at 0.23 and 0.24, 0.10 at 0.25; at 0.1 the reading won only 59% and 62% against the
# value and value-plus-one bidders, at 0.22 76% and 69%, and read from 0.2 76% and 72.5% (the
# same exploitability). At 5 cards 0.22 leaves 0.19 (read from 0.2 or 0.3): more prizes to
# mimic a habit over before the trap; 0.1 leaves 0.034 there, but wins too little against the
# habits. The bots bench measures both.
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
    """The strong level's bid, the notes kept for its next one: the prizes seen, the budget
    (each of the other's bids adding its gift) and what it drew its bid from."""
    again = asked_again(notes, state, seat)
    seen = remember(notes, state, seat)
    budget = ALLOWANCE if not seen else notes.get("budget", ALLOWANCE)
    played = notes.get("played")
    if seen and played and not again:  # the gift of the other's last bid, counted once
        last, theirs = seen[-1]
        budget += gift(at(last, seat), played, theirs)
    chosen = read_policy(state, seat, seen, habits, budget)
    notes["budget"], notes["played"] = budget, chosen
    return chosen
