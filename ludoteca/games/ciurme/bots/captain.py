"""The bot as a captain at the Assembly table: placing the four stamps.

A captain knows the crew's wishes only from the quartermaster's relay on the deck channel
[D-8]; before the first relay it asks for it and waits, when it may still speak (the message
budget), and otherwise guesses. It then plays the objectives as a good captain would
(table.py): each stamp goes where it adds most to the crew's chances of owning the ships that
win objectives (its wished ships, the flagship, enough ships for power), reading the table as
it stands: a stamp alone on a ship scores 2 (the Assembly's reveal), so the last placer of a
round drops its last stamp on an empty ship. Captains differ in thrift (how much they save their
big stamps for later, better-informed placements), and now and then one slips and places
somewhere else.
"""

from __future__ import annotations

from ludoteca.engine.actions import Action
from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme.actions import Place, Post
from ludoteca.games.ciurme.bots.table import ranked_placements
from ludoteca.games.ciurme.bots.temperament import Temperament, temperament
from ludoteca.games.ciurme.data import CAPTAIN_ASKS, SHIP_NAMES, Channel
from ludoteca.games.ciurme.rules.channels import may_speak_on
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


def believe_relay(state: CiurmeState, seat: int) -> None:
    """In a world drawn for a captain (`Game.determinize`), the crew's wishes are those its
    quartermaster relayed, not a guess: the captain learns them only that way [D-8], and
    believes what it is told."""
    index = state.crew_of(seat)
    if index is None or state.crews[index].captain != seat or state.crews[index].second is None:
        return
    relayed = relayed_wishes(state, seat)
    if relayed is not None:
        state.crews[index].favourite, state.crews[index].second = relayed


def wishes(state: CiurmeState, seat: int) -> tuple[int, int]:
    """The crew's favourite and second favourite as the captain knows them: relayed, else its
    own guess."""
    return relayed_wishes(state, seat) or _guess(state, temperament(state, seat))


def asked(state: CiurmeState, seat: int) -> bool:
    """Whether the captain has spoken on the deck channel this round already."""
    return any(m.author == seat and m.channel == Channel.DECK and m.period == state.period
               for m in reversed(state.messages))


def stamp(state: CiurmeState, seat: int, legal: list[Action], rng: Rng) -> Action:
    # Asked once a round, in the session's language (asked again and again, it was noise on a
    # room's screens); without an answer the captain places on its own guess.
    if (relayed_wishes(state, seat) is None and not asked(state, seat)
            and may_speak_on(state, seat, Channel.DECK)):
        return Post(Channel.DECK, CAPTAIN_ASKS[state.options.language])
    action = placements(state, seat)[0]
    mood = temperament(state, seat)
    if rng.random() > mood.care:  # a slip: the planned stamp on another ship
        action = Place(action.value, rng.randrange(state.fleet))
    return action if action in legal else legal[0]


def placements(state: CiurmeState, seat: int) -> list[Place]:
    """The captain's placements, best first, by its reading of the table and its thrift."""
    index = state.crew_of(seat) or 0
    favourite, second = wishes(state, seat)
    return ranked_placements(state, index, favourite, second, temperament(state, seat).thrift)


def _guess(state: CiurmeState, mood: Temperament) -> tuple[int, int]:
    """Without a relay: the two ships the captain likes best."""
    ranked = sorted(range(state.fleet), key=lambda s: mood.tastes[s], reverse=True)
    return ranked[0], ranked[1]
