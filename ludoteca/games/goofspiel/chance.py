"""Goofspiel's chance one prize at a time, for exact solvers (`ludoteca.engine.chance`).

The prize deck is shuffled at set-up and turned a card at a time, and nobody knows a card
before it is turned: so drawing each prize at random among the cards left, as it is turned,
gives every order of the deck the same chance as the shuffle does. A draw is the prize turned
up next (its key: how many prizes are left); settling it puts the chosen card face up, the rest
of the deck keeping its hidden, already shuffled order. A seeded match never calls this: it
turns the cards of its shuffle, as it always has.
"""

from __future__ import annotations

from ludoteca.engine.chance import ChanceBounds, Draw
from ludoteca.games.goofspiel.options import GoofspielOptions
from ludoteca.games.goofspiel.state import GoofspielState


def bounds(players: int, options: GoofspielOptions) -> ChanceBounds:
    """A draw is one of the `cards` prizes (outcome card - 1); a match turns them all."""
    return ChanceBounds(outcomes=options.cards, draws=options.cards)


def draw(state: GoofspielState) -> Draw | None:
    """The prize turned up next, any card of the deck alike; None once the deck is spent."""
    left = sorted(state.prizes)
    if not left:
        return None
    chance = 1.0 / len(left)
    return Draw(
        key=len(left),
        outcomes=tuple((card - 1, chance) for card in left),
        labels=tuple(f"the prize {card} turned up" for card in left),
    )


def settle(state: GoofspielState, draw: Draw, outcome: int) -> None:
    """Turn up the card `outcome + 1` (one of the draw's): it changes places with the card
    that was face up."""
    draw.label(outcome)  # a ValueError for a card that is not in the deck
    index = state.prizes.index(outcome + 1)
    state.prizes[0], state.prizes[index] = state.prizes[index], state.prizes[0]
