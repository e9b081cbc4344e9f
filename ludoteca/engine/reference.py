"""Goofspiel, the engine's tiny reference game.

It is not one of the room's games: it is the smallest complete example of the contract
(simultaneous actors, a seeded shuffle inside the state, a secret that `view` must hide), the
baseline of the benchmarks, and a game the conformance harness is proved on.

Rules: every player holds the cards 1..n. A shuffled prize deck of 1..n is turned one card at a
time; every player secretly bids one card of their hand; when all have bid, the bids are
revealed, the highest single bid takes the prize (a tie: nobody does), and the bids are spent.
After n prizes the most prize points wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event, private, public
from ludoteca.engine.game import Game
from ludoteca.engine.options import option_field
from ludoteca.engine.result import Result, competition_ranks
from ludoteca.engine.rng import Rng


@dataclass(frozen=True)
class GoofspielOptions:
    cards: int = option_field(5, "cards in each hand and in the prize deck", (3, 4, 5, 6, 8, 13))


@dataclass(frozen=True)
class Bid(Action):
    kind = "bid"
    card: int


@dataclass
class GoofspielState:
    hands: list[list[int]]
    prizes: list[int]  # the hidden deck; prizes[0] is face up
    bids: list[int | None]
    scores: list[int]
    rng: Rng


class Goofspiel(Game[GoofspielState]):
    name = "goofspiel"
    title = "Goofspiel"
    min_players = 2
    max_players = 4
    Options = GoofspielOptions
    action_classes = (Bid,)

    def setup(self, players: int, seed: int, options: Any = None) -> GoofspielState:
        self.check_players(players)
        n: int = self.options(options).cards
        rng = Rng(seed)
        prizes = list(range(1, n + 1))
        rng.shuffle(prizes)
        hands = [list(range(1, n + 1)) for _ in range(players)]
        return GoofspielState(hands, prizes, [None] * players, [0] * players, rng)

    def seats(self, state: GoofspielState) -> list[int]:
        return list(range(len(state.hands)))

    def max_actions(self, players: int, options: Any = None) -> int:
        cards: int = self.options(options).cards
        return players * cards

    def actors(self, state: GoofspielState) -> frozenset[int]:
        if not state.prizes:
            return frozenset()
        return frozenset(s for s, bid in enumerate(state.bids) if bid is None)

    def legal_actions(self, state: GoofspielState, seat: int) -> list[Action]:
        if seat not in self.actors(state):
            return []
        return [Bid(card) for card in state.hands[seat]]

    def apply(self, state: GoofspielState, seat: int, action: Action) -> list[Event]:
        if seat not in self.actors(state):
            raise IllegalAction("it is not your turn to bid")
        if not isinstance(action, Bid) or action.card not in state.hands[seat]:
            raise IllegalAction(f"bid one of your cards: {state.hands[seat]}")
        state.bids[seat] = action.card
        events = [
            private("bid", [seat], seat=seat, card=action.card),
            public("bid_placed", seat=seat),
        ]
        if all(bid is not None for bid in state.bids):
            events += self._reveal(state)
        return events

    def _reveal(self, state: GoofspielState) -> list[Event]:
        bids = [b for b in state.bids if b is not None]
        prize = state.prizes.pop(0)
        top = max(bids)
        winner = bids.index(top) if bids.count(top) == 1 else None
        if winner is not None:
            state.scores[winner] += prize
        for seat, card in enumerate(bids):
            state.hands[seat].remove(card)
        state.bids = [None] * len(bids)
        return [public("reveal", bids=bids, prize=prize, winner=winner)]

    def view(self, state: GoofspielState, seat: int | None) -> dict[str, Any]:
        return {
            "hands": [list(h) for h in state.hands],
            "prize": state.prizes[0] if state.prizes else None,
            "prizes_left": len(state.prizes),
            "bid_placed": [b is not None for b in state.bids],
            "my_bid": state.bids[seat] if seat is not None else None,
            "scores": list(state.scores),
        }

    def hidden(self, state: GoofspielState, seat: int | None) -> Any:
        others = [b for s, b in enumerate(state.bids) if s != seat]
        return {"deck": state.prizes[1:], "bids": others}

    def determinize(self, state: GoofspielState, seat: int | None, rng: Rng) -> GoofspielState:
        copy = self.clone(state)
        rest = copy.prizes[1:]
        rng.shuffle(rest)
        copy.prizes[1:] = rest
        for other, bid in enumerate(copy.bids):
            if other != seat and bid is not None:
                copy.bids[other] = rng.choice(copy.hands[other])
        return copy

    def is_over(self, state: GoofspielState) -> bool:
        return not state.prizes

    def result(self, state: GoofspielState) -> Result:
        return Result(tuple(state.scores), competition_ranks(state.scores))

    def clone(self, state: GoofspielState) -> GoofspielState:
        return GoofspielState(
            [list(h) for h in state.hands],
            list(state.prizes),
            list(state.bids),
            list(state.scores),
            state.rng.copy(),
        )

    def to_json(self, state: GoofspielState) -> dict[str, Any]:
        return {
            "hands": state.hands,
            "prizes": state.prizes,
            "bids": state.bids,
            "scores": state.scores,
            "rng": state.rng.to_json(),
        }

    def from_json(self, data: Mapping[str, Any]) -> GoofspielState:
        return GoofspielState(
            [list(h) for h in data["hands"]],
            list(data["prizes"]),
            list(data["bids"]),
            list(data["scores"]),
            Rng.from_json(data["rng"]),
        )


GOOFSPIEL = Goofspiel()
GAME = GOOFSPIEL  # so that tests can register it like a game package
