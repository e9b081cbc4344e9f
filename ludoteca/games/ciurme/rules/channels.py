"""The channels: who may speak where, and who reads what.

- crew: the crew's members (from the Assembly on, without the captain, who sits at the table);
- deck: the quartermaster and the captain, the only voice that reaches a captain ("A fare da
  spola tra capitano e ciurma sarà il quartiermastro, unica persona che può parlare direttamente
  con il capitano");
- table: the captains, if the option opens it [D-20];
- all, and crew or direct with a recipient: the facilitator to the room, to one crew, to one
  person [D-22].
The facilitator reads every channel. Each player may post `message_budget` messages per period
(phase 1, the elections, each Assembly round) [D-22]: talk is scarce, so a crew must choose what
to say (and a session with bots ends); the facilitator, who runs the room, has no budget.

Free talk is accepted from anyone entitled to the channel at any time, but it is never listed
and never makes a seat an actor: nobody waits for a chat message. The one listed message is the
quartermaster's relay of the crew's wishes to the captain, once per Assembly round, because it
is a duty of the office ("avrà il compito di spiegare al capitano quali sono i desideri della
ciurma") and the captain's bot reads it.
"""

from __future__ import annotations

from dataclasses import replace

from ludoteca.engine.codec import quote
from ludoteca.engine.errors import IllegalAction, Reason
from ludoteca.engine.events import Event, private, public
from ludoteca.games.ciurme.actions import OpenTable, Post
from ludoteca.games.ciurme.data import (
    CHANNELS,
    MESSAGE_MAX_LENGTH,
    RELAY_TEMPLATE,
    SHIP_NAMES,
    Channel,
)
from ludoteca.games.ciurme.rules import italian
from ludoteca.games.ciurme.state import CiurmeState, Crew, Message, Stage


def begin_period(state: CiurmeState) -> None:
    """A new period (phase 1, the elections, each Assembly round): every seat's message budget
    is full again, and every member may raise the motion to depose once more."""
    state.period += 1
    state.spoken = [0] * (state.players + 1)
    for crew in state.crews:
        crew.motions_used = []


def channel_audience(
    state: CiurmeState, seat: int, channel: str, to: int | None = None
) -> list[int] | None:
    """The seats that hear `seat` on `channel` (itself included), or None if it may not speak
    there now (or to `to`: only the facilitator names a recipient)."""
    if state.stage == Stage.OVER:
        return None
    if seat == state.facilitator:
        return facilitator_audience(state, channel, to)
    if to is not None:
        return None
    index = state.crew_of(seat)
    if index is None:
        return None
    crew = state.crews[index]
    if channel == Channel.CREW and state.stage in (Stage.PHASE1, Stage.OFFICES):
        return list(crew.members)
    if channel == Channel.CREW and state.stage == Stage.ASSEMBLY and seat != crew.captain:
        return [m for m in crew.members if m != crew.captain]
    if channel == Channel.DECK and state.stage == Stage.ASSEMBLY and crew.quartermaster is not None:
        pair = [crew.captain, crew.quartermaster]
        return [s for s in pair if s is not None] if seat in pair else None
    if channel == Channel.TABLE and state.stage == Stage.ASSEMBLY and state.options.captains_table:
        captains = [c.captain for c in state.crews if c.captain is not None]
        return captains if seat in captains else None
    return None


def facilitator_audience(state: CiurmeState, channel: str, to: int | None) -> list[int] | None:
    """[D-22] The facilitator writes to the room, to one crew, or to one person."""
    if channel == Channel.ALL and to is None:
        return list(range(state.players))
    if channel == Channel.CREW and to is not None and 0 <= to < len(state.crews):
        return list(state.crews[to].members)
    if channel == Channel.DIRECT and to is not None and 0 <= to < state.players:
        return [to]
    return None


def has_budget(state: CiurmeState, seat: int) -> bool:
    """[D-22] Players have `message_budget` messages per period; the facilitator has no limit."""
    return seat == state.facilitator or state.spoken[seat] < state.options.message_budget


def open_channels(state: CiurmeState, seat: int) -> list[Channel]:
    """The channels a player may speak on now (without a recipient)."""
    if not has_budget(state, seat):
        return []
    return [c for c in CHANNELS if channel_audience(state, seat, c) is not None]


def may_speak_on(state: CiurmeState, seat: int, channel: Channel) -> bool:
    """Whether `channel` is one of `open_channels`, asking about it alone."""
    return has_budget(state, seat) and channel_audience(state, seat, channel) is not None


# --- the captains' table [D-20] -------------------------------------------------------------
def check_open_table(state: CiurmeState, seat: int, action: OpenTable) -> OpenTable:
    """The facilitator may open the table at any moment of the session: it is an option of the
    session ("off by default"), and the captains sit at it in the Assembly, so opened earlier
    it waits for them. Once open it stays open: what the captains said there stays said."""
    if seat != state.facilitator:
        raise IllegalAction("only the facilitator opens the captains' table [D-20]",
                            it="solo il facilitatore apre il tavolo dei capitani")
    if state.options.captains_table:
        raise IllegalAction("the captains' table is already open",
                            it="il tavolo dei capitani è già aperto")
    return action


def do_open_table(state: CiurmeState, seat: int, action: OpenTable) -> list[Event]:
    # The option the session was created with, changed from now on: the channel's rule reads it.
    state.options = replace(state.options, captains_table=True)
    return [public("table_opened")]


def why_no_table(state: CiurmeState, seat: int) -> str:
    return Reason(
        "the captains' table opens while the session runs, not after its end [D-20]",
        it="il tavolo dei capitani si apre durante la sessione, non dopo la sua fine",
    )


# --- the quartermaster's relay ------------------------------------------------------------------
def relay_due(state: CiurmeState, seat: int) -> bool:
    """The quartermaster still owes the captain this round's relay of the crew's wishes."""
    index = state.crew_of(seat)
    if index is None:
        return False
    crew = state.crews[index]
    return seat == crew.quartermaster and relay_owed(state, crew, seat)


def crew_relaying(state: CiurmeState, crew: Crew) -> list[int]:
    """The seat of `crew` that `relay_due`: its quartermaster, while it owes the relay, asked of
    the crew (the listing asks after every action of the Assembly)."""
    seat = crew.quartermaster
    return [] if seat is None or not relay_owed(state, crew, seat) else [seat]


def relay_owed(state: CiurmeState, crew: Crew, seat: int) -> bool:
    """Whether the quartermaster of `crew`, at `seat`, owes this round's relay: a round of the
    Assembly running, not relayed this period, the crew's wishes decided (its second favourite
    ship elected), and a message left in its budget: the deck is the captain's and the
    quartermaster's channel in the Assembly (`channel_audience`), so its budget alone decides
    whether it may speak there (`may_speak_on`; a test holds the two to the same answer)."""
    return (
        state.stage == Stage.ASSEMBLY
        and state.round != 0
        and crew.relayed != state.period
        and crew.second is not None
        and has_budget(state, seat)
    )


def relay_posts(state: CiurmeState, seat: int) -> list[Post]:
    """The listed message: the quartermaster's relay, while it is due."""
    text = relay_text(state, seat) if relay_due(state, seat) else None
    return [Post(Channel.DECK, text)] if text else []


def relay_text(state: CiurmeState, seat: int) -> str | None:
    index = state.crew_of(seat)
    crew = state.crews[index] if index is not None else None
    if crew is None or seat != crew.quartermaster or crew.favourite is None or crew.second is None:
        return None
    return RELAY_TEMPLATE[state.options.language].format(
        favourite=SHIP_NAMES[crew.favourite], second=SHIP_NAMES[crew.second]
    )


# --- posting ----------------------------------------------------------------------------------
def check_post(state: CiurmeState, seat: int, action: Post) -> Post:
    hearers = channel_audience(state, seat, action.channel, action.to)
    if hearers is None:
        open_now = [c for c in CHANNELS if channel_audience(state, seat, c) is not None]
        allowed = ", ".join(open_now)
        why = _why_silent(state, seat, action.channel)
        raise IllegalAction(
            f"you may not speak on the {quote(str(action.channel))} channel now"
            f"{'' if action.to is None else f' to {quote(action.to)}'}: "
            f"{why}. Your channels now: {allowed or 'none'}",
            it=f"ora non puoi scrivere {italian.to_channel(action.channel)}"
            f"{'' if action.to is None else f' ({quote(action.to)})'}: "
            f"{why.translations['it']}. Ora puoi scrivere: "
            f"{', '.join(map(italian.to_channel, open_now)) or 'a nessuno'}",
        )
    if not has_budget(state, seat):
        raise IllegalAction(
            f"you have posted your {state.options.message_budget} messages for this period; "
            "you may speak again in the next one (the elections, or the next Assembly round)",
            it="hai già scritto tutti i messaggi di questo momento "
            f"({state.options.message_budget}); potrai scrivere di nuovo nel prossimo (le "
            "elezioni, o il prossimo giro dell'Assemblea)",
        )
    text = action.text.strip() if isinstance(action.text, str) else ""
    if not text or len(text) > MESSAGE_MAX_LENGTH:
        raise IllegalAction(f"a message is 1 to {MESSAGE_MAX_LENGTH} characters of text",
                            it=f"un messaggio ha da 1 a {MESSAGE_MAX_LENGTH} caratteri di testo")
    return action


def _why_silent(state: CiurmeState, seat: int, channel: str) -> Reason:
    if channel not in CHANNELS:
        return Reason(
            f"there is no such channel (channels: {', '.join(CHANNELS)})",
            it=f"non esiste (si scrive: {', '.join(map(italian.to_channel, CHANNELS))})",
        )
    if seat == state.facilitator:
        return Reason(
            "the facilitator writes to the room on 'all', to one crew on 'crew' (to: the crew) "
            "or to one person on 'direct' (to: the seat)",
            it="il facilitatore scrive a tutta la sala, a una ciurma o a una persona",
        )
    if channel == Channel.DIRECT:
        return Reason("only the facilitator writes to one person",
                      it="solo il facilitatore scrive a una persona")
    if channel == Channel.ALL:
        return Reason("only the facilitator speaks to everybody",
                      it="solo il facilitatore parla a tutta la sala")
    if channel == Channel.TABLE:
        return Reason(
            "the captains' table is for captains, and only if the facilitator opens it [D-20]",
            it="il tavolo dei capitani è per i capitani, e solo se il facilitatore lo apre",
        )
    if channel == Channel.DECK:
        return Reason(
            "only the quartermaster speaks to the captain, in phase 2, and nobody does while the "
            "crew has no quartermaster",
            it="solo il quartiermastro parla al capitano, nella fase 2, e nessuno lo fa finché "
            "la ciurma non ha un quartiermastro",
        )
    if state.stage == Stage.ASSEMBLY:
        return Reason(
            "the captain sits at the central table and hears only the quartermaster",
            it="il capitano siede al tavolo centrale e ascolta solo il quartiermastro",
        )
    return Reason("the crew talks from the start of phase 1",
                  it="la ciurma parla dall'inizio della fase 1")


def do_post(state: CiurmeState, seat: int, action: Post) -> list[Event]:
    hearers = channel_audience(state, seat, action.channel, action.to)
    assert hearers is not None
    text = action.text.strip()
    state.spoken[seat] += 1
    index = state.crew_of(seat)
    if index is not None and action.channel == Channel.DECK:
        crew = state.crews[index]
        if seat == crew.quartermaster:
            crew.relayed = state.period  # whatever the words, the quartermaster has reported
    readers = sorted({*hearers, seat, state.facilitator})
    message = Message(action.channel, index, seat, text, readers, state.period, action.to)
    state.messages = [*state.messages, message]  # shared by clones: replaced
    channel = action.channel
    return [private("message", readers, channel=channel, author=seat, to=action.to, text=text)]
