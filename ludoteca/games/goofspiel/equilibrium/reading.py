"""Reading the other bidder: the strong level's memory of the match, and its bid.

An equilibrium never loses in the long run, but it does not punish a habit either: against a
player who always bids the prize's value it wins little more than half the matches, where a
player who noticed would win nearly all of them. So the strong level keeps what it saw of the
match (each prize, the hands before it, the other's bid) and, while every bid of the other fits
one of the plain habits people bid by or may be one of the bots it meets (the normal level, the
old strong search: `kinds.py`), plays the restricted Nash response to them (`habits.py`,
`restricted.py`): the strategy that beats them as far as it can while a
best response to it gains less than a set bound, whatever the other plans (one who bids like a
habit for a prize or two and then punishes the reply included). Once a bid fits no habit, the
other plays freely and the solved table is played. The state does not keep the order of the
bids, so what was seen lives in the bot's notes: the server keeps one bot per seat over a
match, and one made for a match under way recalls the seat's earlier moves.

Why not read the other by Bayes over the kinds of player they may be, then reply within a
budget that grows with what their bids gave (safe exploitation, "risk what you've won":
Ganzfried and Sandholm, 2015)? That reading, played before the response, could not have both:
a budget of 0.22 won 76% and 69-72% against the value and value-plus-one bidders at 5 cards
but left a best response 0.19 to gain there; 0.1 left 0.034 but won only 59% and 62%. The
response wins 74.7% or more against each habit, 74.7% against the normal level and 69.9%
against the old strong search (as their sampled bids) at an exploitability of 0.040 (the
figures beside `habits-5.json`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.engine.game import PlainStrategy
from ludoteca.engine.rng import Rng
from ludoteca.games.goofspiel.equilibrium import policy
from ludoteca.games.goofspiel.equilibrium.habits import Round, response
from ludoteca.games.goofspiel.state import GoofspielState

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
