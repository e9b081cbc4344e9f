"""The strong level's exploitability, by a best response on the match's public tree.

In two-player Goofspiel every bid is revealed once both are in and the hands are public, so
what a player knows at a prize is the whole public history (the prizes and both bids so far);
only the other's bid of this prize is hidden, and the strong level draws it from a strategy that
depends on that history alone (its reading's notes). A best response is then an expectimax
over the public tree: at each prize turned up, the bid whose expectation against the strong
level's strategy there is highest; over the prize turned up, the mean. It equals OpenSpiel's
best response on the game with perfect recall (`ludoteca.rl.exploitability`, checked by a test
at 3 and 4 cards), and reaches 5 cards, which OpenSpiel's walk of every information state does
not in a bench's time. A match whose winner is decided is scored there (any bid will do).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ludoteca.engine.game import PlainStrategy
from ludoteca.games.goofspiel.bots.plain import STRATEGIES
from ludoteca.games.goofspiel.equilibrium import decided
from ludoteca.games.goofspiel.equilibrium.reading import position, strong_policy
from ludoteca.games.goofspiel.state import GoofspielState

# The strategy measured: (its notes, the position, its seat, the habits it reads) -> card ->
# probability, None for uniform (the strong level's `strong_policy`).
Strategy = Callable[[dict[str, Any], GoofspielState, int, Mapping[str, PlainStrategy]],
                    dict[int, float] | None]


def best_response_value(cards: int, exploited: int, strategy: Strategy = strong_policy) -> float:
    """The best responder's chance of winning (ties half) against `strategy` in seat
    `exploited`, from the deal of `cards` cards."""
    other = 1 - exploited
    hand = list(range(1, cards + 1))

    def before_prize(hands: list[list[int]], left: list[int], scores: list[int],
                     notes: dict[str, Any]) -> float:
        lead = scores[other] - scores[exploited]
        if not left or decided(lead, left):
            return 1.0 if lead > 0 else 0.0 if lead < 0 else 0.5
        total = 0.0
        for prize in left:
            state = position(hands, [prize, *(p for p in left if p != prize)], scores)
            mine = dict(notes)  # strong_policy replaces what it notes, never changes it
            drawn = strategy(mine, state, exploited, STRATEGIES)
            bids = drawn or {c: 1 / len(hands[exploited]) for c in hands[exploited]}
            total += max(
                sum(p * after_bids(hands, left, scores, mine, prize, theirs, bid)
                    for bid, p in bids.items() if p > 0)
                for theirs in hands[other])
        return total / len(left)

    def after_bids(hands: list[list[int]], left: list[int], scores: list[int],
                   notes: dict[str, Any], prize: int, theirs: int, bid: int) -> float:
        scores = list(scores)
        if theirs != bid:
            scores[other if theirs > bid else exploited] += prize
        hands = [list(h) for h in hands]
        hands[other].remove(theirs)
        hands[exploited].remove(bid)
        return before_prize(hands, [p for p in left if p != prize], scores, notes)

    return before_prize([list(hand), list(hand)], list(hand), [0, 0], {})


def exploitability(cards: int, strategy: Strategy = strong_policy) -> float:
    """Half the sum of what a best response gains against each seat, in returns from -1 to 1
    (OpenSpiel's measure: 0 at an equilibrium of this symmetric game, whose value is 0)."""
    return sum(2 * best_response_value(cards, seat, strategy) - 1 for seat in (0, 1)) / 2
