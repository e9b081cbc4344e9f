"""Channels and who acts: chat is accepted from whoever may speak, never listed, and never makes a
seat an actor; the quartermaster's relay is the one listed message."""

from __future__ import annotations

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event
from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.actions import (
    OpenTable,
    Place,
    Post,
    Prefer,
    StartPhase,
    Waive,
)
from ludoteca.games.ciurme.data import (
    CAPTAIN_ASKS,
    MESSAGE_MAX_LENGTH,
    SHIP_NAMES,
    Channel,
    Language,
)
from ludoteca.games.ciurme.rules.channels import (
    crew_relaying,
    may_speak_on,
    relay_due,
    relay_owed,
)
from ludoteca.games.ciurme.state import Stage
from ludoteca.games.ciurme.tests.helpers import (
    act,
    assembly,
    elect_all,
    offices,
    phase1,
    refusal,
)
from ludoteca.games.ciurme.text import DESCRIPTIONS


def test_idle_seats_are_not_actors_but_may_still_talk() -> None:
    state = phase1()
    # crews play in parallel: the active player of each crew, nobody else
    assert GAME.actors(state) == frozenset({0, 4})
    assert all(a.kind != "post" for s in GAME.seats(state) for a in GAME.legal_actions(state, s))
    events = act(state, 2, Post(Channel.CREW, "Who goes to the lifeboat?"))
    assert events[0].visible_to == frozenset({0, 1, 2, 3, 8})
    assert GAME.actors(state) == frozenset({0, 4})


def test_the_facilitator_broadcasts_to_everybody_unlisted() -> None:
    # "The facilitator reads everything and may broadcast to all"
    state = phase1()
    events = act(state, 8, Post(Channel.ALL, "Ten minutes left"))
    assert events[0].visible_to == frozenset(range(9))
    with pytest.raises(IllegalAction) as refused:
        act(state, 1, Post(Channel.ALL, "Hello room"))
    assert str(refused.value) == (
        "you may not speak on the 'all' channel now: only the facilitator speaks to everybody. "
        "Your channels now: crew"
    )
    with pytest.raises(IllegalAction) as refused:
        act(state, 1, Post("radio", "Hello"))  # type: ignore[arg-type]
    assert str(refused.value) == (
        "you may not speak on the 'radio' channel now: there is no such channel (channels: crew, "
        "deck, table, all, direct). Your channels now: crew"
    )


def test_relay_is_listed_for_the_quartermaster_once_per_round() -> None:
    # "Il quartiermastro ... avrà il compito di spiegare al capitano quali sono i desideri"
    state = assembly(prefs=(1, 2))
    crew = state.crews[0]
    qm, captain = crew.quartermaster, crew.captain
    assert qm is not None and captain is not None
    relay = Post(Channel.DECK, f"The crew wants {SHIP_NAMES[1]} first, then {SHIP_NAMES[2]}.")
    assert relay in GAME.legal_actions(state, qm) and qm in GAME.actors(state)
    member = next(m for m in crew.members if m not in (qm, captain))
    assert not [a for a in GAME.legal_actions(state, member) if a.kind == "post"]
    assert not [a for a in GAME.legal_actions(state, captain) if a.kind == "post"]
    events = act(state, qm, relay)
    assert events[0].visible_to == frozenset({qm, captain, 8})
    assert relay not in GAME.legal_actions(state, qm)
    act(state, qm, Waive())
    assert qm not in GAME.actors(state)
    # the next round the relay is due again
    while state.round == 1:
        index = state.order[state.placing % 2]
        act(state, state.crews[index].captain, Place(max(state.hands[index]), 1 + index))
    assert relay in GAME.legal_actions(state, qm)


def test_any_deck_message_of_the_quartermaster_counts_as_the_relay() -> None:
    state = assembly()
    crew = state.crews[1]
    assert crew.quartermaster is not None
    act(state, crew.quartermaster, Post(Channel.DECK, "Go for the Black Pearl"))
    assert not [a for a in GAME.legal_actions(state, crew.quartermaster) if a.kind == "post"]


def test_no_relay_without_budget() -> None:
    state = assembly(message_budget=0)
    qm = state.crews[0].quartermaster
    assert qm is not None
    assert not [a for a in GAME.legal_actions(state, qm) if a.kind == "post"]


def test_bot_session_talks_only_to_relay() -> None:
    state = GAME.setup(8, 5)
    rng = Rng(5)
    while not GAME.is_over(state):
        seat = sorted(GAME.actors(state))[0]
        known = GAME.determinize(state, seat, rng.fork())
        act(state, seat, GAME.heuristic_action(known, seat, rng.fork()))
    assert state.messages
    for message in state.messages:
        assert message.crew is not None
        crew = state.crews[message.crew]
        assert message.channel == Channel.DECK and message.author in crew.members
        # the relay, or a captain asking for it before placing a stamp
        assert (message.text.startswith("The crew wants")
                or message.text == CAPTAIN_ASKS[Language.EN])


def test_only_the_quartermaster_speaks_to_the_captain() -> None:
    # "A fare da spola tra capitano e ciurma sarà il quartiermastro, unica persona che può
    # parlare direttamente con il capitano" [D-20]
    state = assembly()
    crew = state.crews[0]
    member = next(m for m in crew.members if m not in (crew.captain, crew.quartermaster))
    with pytest.raises(IllegalAction) as refused:
        act(state, member, Post(Channel.DECK, "Put the 4 on the flagship!"))
    assert str(refused.value) == (
        "you may not speak on the 'deck' channel now: only the quartermaster speaks to the "
        "captain, in phase 2, and nobody does while the crew has no quartermaster. Your channels "
        "now: crew"
    )
    with pytest.raises(IllegalAction) as refused:
        act(state, crew.captain, Post(Channel.TABLE, "Let's share the ships"))
    assert str(refused.value) == (
        "you may not speak on the 'table' channel now: the captains' table is for captains, and "
        "only if the facilitator opens it [D-20]. Your channels now: deck"
    )
    events = act(state, crew.quartermaster, Post(Channel.DECK, "The crew wants the flagship"))
    assert events[0].visible_to == frozenset({crew.captain, crew.quartermaster, 8})
    events = act(state, member, Post(Channel.CREW, "Agreed."))
    assert crew.captain not in events[0].visible_to  # type: ignore[operator]


def test_captains_table_option() -> None:
    state = assembly(captains_table=True)
    captain = state.crews[0].captain
    events = act(state, captain, Post(Channel.TABLE, "Let's share the ships"))
    assert events[0].visible_to == frozenset({state.crews[1].captain, captain, 8})


def test_the_facilitator_opens_the_captains_table_during_the_session() -> None:
    # [D-20] the table is off by default; the facilitator opens it live, before the Assembly
    # (it waits for the captains) or during it, once, and never after the end
    state = offices()
    captain = state.crews[0].captain
    assert captain is not None
    with pytest.raises(IllegalAction) as refused:
        act(state, captain, OpenTable())
    assert str(refused.value) == "only the facilitator opens the captains' table [D-20]"
    assert GAME.view(state, None)["captains_table"] is False
    assert OpenTable() not in GAME.legal_actions(state, 8)  # a control, not a menu's move
    events = act(state, 8, OpenTable())
    assert events[0].kind == "table_opened" and events[0].visible_to is None
    assert GAME.view(state, captain)["captains_table"] is True
    with pytest.raises(IllegalAction) as refused:
        act(state, 8, OpenTable())
    assert str(refused.value) == "the captains' table is already open"
    assert GAME.from_json(GAME.to_json(state)).options.captains_table  # saved with the session

    state = assembly()
    captain = state.crews[0].captain
    with pytest.raises(IllegalAction) as refused:
        act(state, captain, Post(Channel.TABLE, "Shall we share?"))
    assert str(refused.value) == (
        "you may not speak on the 'table' channel now: the captains' table is for captains, and "
        "only if the facilitator opens it [D-20]. Your channels now: deck"
    )
    act(state, 8, OpenTable())
    events = act(state, captain, Post(Channel.TABLE, "Shall we share?"))
    assert events[0].visible_to == frozenset({state.crews[1].captain, captain, 8})


def test_the_captains_table_does_not_open_after_the_end() -> None:
    state = assembly()
    state.stage = Stage.OVER
    with pytest.raises(IllegalAction) as refused:
        act(state, 8, OpenTable())
    assert str(refused.value) == "the session is over: nothing more can be done"


def test_message_budget_bounds_the_talk() -> None:
    state = assembly(message_budget=1)
    seat = next(m for m in state.crews[0].members if m != state.crews[0].captain)
    act(state, seat, Post(Channel.CREW, "Agreed."))
    with pytest.raises(IllegalAction) as refused:
        act(state, seat, Post(Channel.CREW, "Again"))
    assert str(refused.value) == (
        "you have posted your 1 messages for this period; you may speak again in the next one (the "
        "elections, or the next Assembly round)"
    )


def test_every_action_kind_has_its_own_description() -> None:
    assert {cls.kind for cls in GAME.rules.action_classes} == set(DESCRIPTIONS)
    assert GAME.describe_action(Place(4, 0)) == f"place your 4 stamp on {SHIP_NAMES[0]}"


def test_the_facilitator_has_no_message_budget() -> None:
    # [D-22] the budget limits crew members, captain and quartermaster, not the facilitator
    state = phase1(message_budget=1)
    for k in range(6):
        act(state, 8, Post(Channel.ALL, f"{10 - k} minutes left"))
    act(state, 0, Post(Channel.CREW, "Who boards?"))
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, Post(Channel.CREW, "Anyone?"))
    assert str(refused.value) == (
        "you have posted your 1 messages for this period; you may speak again in the next one (the "
        "elections, or the next Assembly round)"
    )


def test_the_facilitator_writes_to_the_room_one_crew_or_one_person() -> None:
    # [D-22] "The facilitator ... may write to the room, to one crew or to one person"
    state = assembly()
    to_crew = act(state, 8, Post(Channel.CREW, "Your captain waits", to=1))
    assert to_crew[0].visible_to == frozenset({4, 5, 6, 7, 8})
    to_person = act(state, 8, Post(Channel.DIRECT, "Please vote", to=2))
    assert to_person[0].visible_to == frozenset({2, 8})
    assert GAME.view(state, 2)["messages"][-1] == {
        "channel": "direct", "crew": None, "author": 8, "text": "Please vote", "period": 4,
        "to": 2,
    }
    with pytest.raises(IllegalAction) as refused:
        act(state, 8, Post(Channel.CREW, "Nobody hears this", to=7))
    assert str(refused.value) == (
        "you may not speak on the 'crew' channel now to 7: the facilitator writes to the room on "
        "'all', to one crew on 'crew' (to: the crew) or to one person on 'direct' (to: the seat). "
        "Your channels now: all"
    )
    with pytest.raises(IllegalAction) as refused:
        act(state, 1, Post(Channel.DIRECT, "Psst", to=4))
    assert str(refused.value) == (
        "you may not speak on the 'direct' channel now to 4: only the facilitator writes to one "
        "person. Your channels now: crew, deck"
    )
    with pytest.raises(IllegalAction) as refused:
        act(state, 1, Post(Channel.CREW, "Hello other crew", to=5))
    assert str(refused.value) == (
        "you may not speak on the 'crew' channel now to 5: the captain sits at the central table "
        "and hears only the quartermaster. Your channels now: crew, deck"
    )


def test_the_crew_talks_from_the_start_of_phase_1() -> None:
    with pytest.raises(IllegalAction) as refused:
        act(GAME.setup(8, 0), 0, Post(Channel.CREW, "Who boards first?"))
    assert str(refused.value) == (
        "you may not speak on the 'crew' channel now: the crew talks from the start of phase 1. "
        "Your channels now: none"
    )


def test_a_players_screen_lists_where_they_may_write_now_and_how_many_messages_are_left() -> None:
    # [D-22] `message_budget` messages a period: the screen offers the channels the rules open
    # now, none once the budget is spent; the facilitator's screen picks a recipient instead,
    # and the room's projector writes nowhere
    state = phase1(message_budget=2)
    view = GAME.view(state, 0)
    assert (view["channels"], view["messages_left"]) == ([Channel.CREW], 2)
    act(state, 0, Post(Channel.CREW, "Who boards?"))
    view = GAME.view(state, 0)
    assert (view["channels"], view["messages_left"]) == ([Channel.CREW], 1)
    act(state, 0, Post(Channel.CREW, "Anyone?"))
    view = GAME.view(state, 0)
    assert (view["channels"], view["messages_left"]) == ([], 0)
    assert GAME.view(state, 1)["channels"] == [Channel.CREW]
    assert GAME.view(state, 8)["channels"] == []
    assert (GAME.view(state, None)["channels"], GAME.view(state, None)["messages_left"]) == ([], 0)


def test_a_message_reaches_its_readers_with_its_channel_author_recipient_and_trimmed_text() -> None:
    # [D-22] what the chat panes show: who wrote, where, to whom, the words without the blanks
    # (a crew's seat is known to the board, the captain included, as every crew action's is)
    state = assembly()
    assert act(state, 2, Post(Channel.CREW, "  Who boards?  ")) == [
        Event("message", {"channel": Channel.CREW, "author": 2, "to": None, "text": "Who boards?"},
              frozenset({1, 2, 3, 8}), frozenset({0, 1, 2, 3, 8}))
    ]
    assert act(state, 8, Post(Channel.DIRECT, "Please vote", to=5)) == [
        Event("message", {"channel": Channel.DIRECT, "author": 8, "to": 5, "text": "Please vote"},
              frozenset({5, 8}))
    ]


@pytest.mark.parametrize("text", ["", "   ", "x" * (MESSAGE_MAX_LENGTH + 1), None, 42])
def test_a_message_is_1_to_280_characters_of_text(text: object) -> None:
    # [D-22] talk is short: blanks alone, an overlong text or no text at all is refused
    state = phase1()
    post = Post(Channel.CREW, text)  # type: ignore[arg-type]
    assert refusal(state, 1, post) == f"a message is 1 to {MESSAGE_MAX_LENGTH} characters of text"
    assert state.messages == [] and state.spoken[1] == 0


def test_a_message_of_exactly_280_characters_is_accepted() -> None:
    state = phase1()
    act(state, 1, Post(Channel.CREW, "x" * MESSAGE_MAX_LENGTH))
    assert state.messages[-1].text == "x" * MESSAGE_MAX_LENGTH


def test_a_crew_member_does_not_sit_at_the_captains_table() -> None:
    # [D-20] the table is the captains' own, even when the facilitator opens it
    state = assembly(captains_table=True)
    crew = state.crews[0]
    member = next(m for m in crew.members if m not in (crew.captain, crew.quartermaster))
    assert refusal(state, member, Post(Channel.TABLE, "Share the ships!")) == (
        "you may not speak on the 'table' channel now: the captains' table is for captains, and "
        "only if the facilitator opens it [D-20]. Your channels now: crew"
    )


def test_the_quartermaster_speaking_to_the_crew_still_owes_the_captain_the_relay() -> None:
    # "unica persona che può parlare direttamente con il capitano": only the deck reaches the
    # captain, so words to the crew are not the relay
    state = assembly()
    qm = state.crews[0].quartermaster
    assert qm is not None
    act(state, qm, Post(Channel.CREW, "I will tell the captain"))
    assert [a for a in GAME.legal_actions(state, qm) if a.kind == "post"] == [
        Post(Channel.DECK, f"The crew wants {SHIP_NAMES[1]} first, then {SHIP_NAMES[2]}.")
    ]


def test_no_relay_is_due_before_the_first_round() -> None:
    # the relay is due once per Assembly round: a crew that has chosen its ships while another
    # still chooses waits for the first round, its quartermaster is asked nothing to say
    state = offices()
    elect_all(state)
    act(state, 8, StartPhase(2))
    crew = state.crews[0]
    for ship in (1, 2):
        assert crew.vote is not None
        for voter in list(crew.vote.voters):
            act(state, voter, Prefer(ship))
    assert state.round == 0 and crew.second == 2
    assert crew.quartermaster is not None
    assert not [a for a in GAME.legal_actions(state, crew.quartermaster) if a.kind == "post"]


@pytest.mark.parametrize(("players", "seed"), [(9, 2), (15, 4)])
def test_the_relay_is_owed_as_asking_whether_the_quartermaster_may_speak_on_the_deck(
    players: int, seed: int
) -> None:
    """`channels.relay_owed` asks the quartermaster's budget alone, where the deck is open to it
    (`channel_audience`, in the Assembly): at every step of a random session its answer, its
    crew's (`crew_relaying`) and its seat's (`relay_due`) are those of asking `may_speak_on`,
    with the budget left and spent."""
    rng = Rng(seed)
    state = GAME.setup(players, seed)
    owed = 0
    while not GAME.is_over(state):
        for index, crew in enumerate(state.crews):
            qm = crew.quartermaster
            if qm is None:
                continue
            for spent in (False, True):
                asked = state.clone()
                if spent:
                    asked.spoken = [asked.options.message_budget] * (asked.players + 1)
                due = (asked.stage == Stage.ASSEMBLY and asked.round != 0
                       and crew.relayed != asked.period and crew.second is not None
                       and may_speak_on(asked, qm, Channel.DECK))
                copy = asked.crews[index]
                assert relay_owed(asked, copy, qm) == due
                assert crew_relaying(asked, copy) == ([qm] if due else [])
                assert relay_due(asked, qm) == due
                assert not any(relay_due(asked, m) for m in copy.members if m != qm)
                assert not relay_due(asked, asked.facilitator)  # no crew: nothing to relay
                owed += due
        seat = rng.choice(sorted(GAME.actors(state)))
        GAME.play(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert owed > 0
