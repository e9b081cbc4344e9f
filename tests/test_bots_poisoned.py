"""The bots never read the true hidden state: they only touch `determinize` output.

A Goofspiel whose hidden parts (the prize deck under the face-up card, the other seat's sealed
bid) are replaced by poison: any comparison, arithmetic or hashing of them raises. Its
`determinize` rebuilds those parts from a record the bots do not know about, as an honest game
resamples them. A bot that cloned, searched or evaluated the true state would crash.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from ludoteca.bots import Bot, HeuristicBot, MctsBot, RandomBot
from ludoteca.engine.rng import Rng
from ludoteca.games.goofspiel import Goofspiel
from ludoteca.games.goofspiel.state import GoofspielState


class Poison:
    """A hidden value nobody may look at."""

    def _touched(self, *args: Any) -> Any:
        raise AssertionError("a bot read the true hidden state")

    __eq__ = __lt__ = __le__ = __gt__ = __ge__ = __hash__ = __index__ = __int__ = _touched
    __add__ = __radd__ = __bool__ = __float__ = _touched


@dataclass
class PoisonedState(GoofspielState):
    secret_deck: list[int] = field(default_factory=list)
    secret_bids: list[int | None] = field(default_factory=list)


class PoisonedGoofspiel(Goofspiel):
    def determinize(self, state: Any, seat: int | None, rng: Rng) -> GoofspielState:
        deck = list(state.secret_deck)
        rng.shuffle(deck)
        bids = [
            None
            if state.secret_bids[s] is None
            else (b if s == seat else rng.choice(state.hands[s]))
            for s, b in enumerate(state.secret_bids)
        ]
        return GoofspielState(
            [list(h) for h in state.hands],
            [state.prizes[0], *deck],
            bids,
            list(state.scores),
            state.rng.copy(),
        )


def poisoned_state(game: PoisonedGoofspiel) -> PoisonedState:
    """Seat 0 has bid; seat 1 is to bid; the deck and seat 0's bid are poison."""
    honest = game.setup(2, seed=3)
    game.apply(honest, 0, game.legal_actions(honest, 0)[2])
    return PoisonedState(
        honest.hands,
        [honest.prizes[0]] + [Poison() for _ in honest.prizes[1:]],  # type: ignore[misc]
        [Poison(), None],  # type: ignore[list-item]
        honest.scores,
        honest.rng,
        secret_deck=honest.prizes[1:],
        secret_bids=list(honest.bids),
    )


def test_the_poison_works() -> None:
    game = PoisonedGoofspiel()
    state = poisoned_state(game)
    with pytest.raises(AssertionError, match="true hidden state"):
        game.apply(game.clone(state), 1, game.legal_actions(state, 1)[0])


@pytest.mark.parametrize(
    "bot",
    [
        RandomBot(),
        HeuristicBot(),
        MctsBot(iterations=300),
        MctsBot(iterations=50, rollout="heuristic"),
    ],
    ids=lambda b: b.name,
)
def test_bots_only_touch_determinized_copies(bot: Bot) -> None:
    game = PoisonedGoofspiel()
    state = poisoned_state(game)
    action = bot.choose(game, state, 1, Rng(7))
    assert action in game.legal_actions(game.determinize(state, 1, Rng(0)), 1)


def test_a_search_explaining_itself_only_touches_determinized_copies() -> None:
    game = PoisonedGoofspiel()
    state = poisoned_state(game)
    weighed = MctsBot(iterations=60).weigh(game, state, 1, Rng(7))
    assert sum(visits for _, visits, _ in weighed) == 60
    assert {action for action, _, _ in weighed} == set(game.legal_actions(state, 1))
