"""The bot as a captain at the Assembly table: placing the four stamps.

A captain knows the crew's wishes only from the quartermaster's relay on the deck channel
[D-8]; before the first relay it asks for it and waits, when it may still speak (the message
budget), and otherwise guesses. Captains differ ([D-9] makes every way defensible):
- spread: the 4 on the favourite, the 2 on the second favourite, the 1 on a third ship;
- concentrate: the 4 and the 2 on the favourite, to be surely highest there;
- bluff: the 0 on a ship others fight for, to look interested;
- reactive: the biggest stamp left where the wished ship is most contested;
and in the order they play them: the 4 first, the 0 first, or as it comes. Every captain reads
the table: a stamp alone on a ship scores 2, so the last placer of a round drops its last stamp
on an empty ship, and now and then a captain slips and places somewhere else.
"""

from __future__ import annotations

from ludoteca.engine.actions import Action
from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme.actions import Place, Post
from ludoteca.games.ciurme.bots.temperament import (
    BIG_FIRST,
    BLUFF,
    CONCENTRATE,
    REACTIVE,
    SMALL_FIRST,
    Temperament,
    temperament,
)
from ludoteca.games.ciurme.data import CAPTAIN_ASKS, FLAGSHIP, SHIP_NAMES, Channel
from ludoteca.games.ciurme.rules.assembly import stamps_per_round
from ludoteca.games.ciurme.rules.channels import open_channels
from ludoteca.games.ciurme.state import CiurmeState


def relayed_wishes(state: CiurmeState, seat: int) -> tuple[int, int] | None:
    """The last relay of the crew's wishes the captain read on the deck channel."""
    for message in reversed(state.messages):
        if message.channel != Channel.DECK or seat not in message.readers:
            continue
        text = message.text
        named = sorted(
            (text.find(name), s) for s, name in enumerate(SHIP_NAMES[: state.fleet]) if name in text
        )
        if len(named) >= 2:
            return named[0][1], named[1][1]
    return None


def stamp(state: CiurmeState, seat: int, legal: list[Action], rng: Rng) -> Action:
    index = state.crew_of(seat) or 0
    wishes = relayed_wishes(state, seat)
    if wishes is None and Channel.DECK in open_channels(state, seat):
        return Post(Channel.DECK, CAPTAIN_ASKS)  # wait for the quartermaster's relay
    mood = temperament(state, seat)
    favourite, second = wishes or _guess(state, mood)
    hand = state.hands[index]
    value = _next_value(hand, mood, rng)
    ship = _ship(state, index, value, favourite, second, mood, rng)
    if rng.random() > mood.care:
        ship = rng.randrange(state.fleet)
    action = Place(value, ship)
    return action if action in legal else legal[0]


def _guess(state: CiurmeState, mood: Temperament) -> tuple[int, int]:
    """Without a relay: the two ships the captain likes best."""
    ranked = sorted(range(state.fleet), key=lambda s: mood.tastes[s], reverse=True)
    return ranked[0], ranked[1]


def _next_value(hand: list[int], mood: Temperament, rng: Rng) -> int:
    if mood.order == BIG_FIRST:
        return max(hand)
    if mood.order == SMALL_FIRST:
        return min(hand)
    return rng.choice(sorted(hand))


def _ship(
    state: CiurmeState,
    index: int,
    value: int,
    favourite: int,
    second: int,
    mood: Temperament,
    rng: Rng,
) -> int:
    rivals = _rival_stamps(state, index)
    empty = [s for s in range(state.fleet) if not any(st[2] == s for st in state.stamps)]
    last_stamp_of_round = state.placing == stamps_per_round(state) - 1
    if last_stamp_of_round and empty:
        return rng.choice(empty)  # alone on a ship: 2 points, nobody can answer
    # A fleet of two (the fleet_size option) has no third ship: the second stands in.
    third = next(
        (s for s in (FLAGSHIP, *range(state.fleet)) if s not in (favourite, second)), second
    )
    free = rng.choice(empty) if empty else third
    if mood.style == REACTIVE:
        if value == 0:
            return free
        mine = _my_sums(state, index)
        return max((favourite, second), key=lambda s: (rivals[s] - mine[s], s == favourite))
    if mood.style == CONCENTRATE:
        plan = {4: favourite, 2: favourite, 1: second, 0: free}
    elif mood.style == BLUFF:
        contested = max(
            (s for s in range(state.fleet) if s not in (favourite, second)),
            key=lambda s: rivals[s],
            default=third,
        )
        plan = {4: favourite, 2: second, 1: free, 0: contested}
    else:
        plan = {4: favourite, 2: second, 1: third, 0: free}
    return plan.get(value, favourite)


def _rival_stamps(state: CiurmeState, index: int) -> list[int]:
    """Other crews' stamps on each ship: their colours and places are public, values not."""
    out = [0] * state.fleet
    for crew, _, ship, _ in state.stamps:
        if crew != index:
            out[ship] += 1
    return out


def _my_sums(state: CiurmeState, index: int) -> list[float]:
    """The captain's own stamps on each ship, in units of a rival's stamp (a face-down stamp is
    worth the mean of the stamp set on average: 1.75 for the published 0, 1, 2, 4)."""
    stamps = state.options.variant.stamps
    mean_stamp = sum(stamps) / len(stamps) or 1.0
    out = [0.0] * state.fleet
    for crew, value, ship, _ in state.stamps:
        if crew == index:
            out[ship] += value / mean_stamp
    return out
