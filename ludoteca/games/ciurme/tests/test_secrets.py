"""Secrets a room must keep after the fact: closed ballots, who raised a motion to depose, who
did what on another crew's board; what the room's projector may read; the room's debrief; and
the session's language in the words the game writes itself."""

from __future__ import annotations

import json

from ludoteca.engine.codec import encode
from ludoteca.engine.debrief import ROOM
from ludoteca.engine.events import Event
from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.actions import (
    Abstain,
    Agree,
    Depose,
    Elect,
    PickColour,
    Post,
    Prefer,
    Repair,
    Stay,
)
from ludoteca.games.ciurme.bots.captain import stamp
from ludoteca.games.ciurme.data import CAPTAIN_ASKS, NEUTRAL, Channel, Language, Wood
from ludoteca.games.ciurme.state import Stage, Topic
from ludoteca.games.ciurme.tests.helpers import act, assembly, offices, on_wreck, phase1, play_round

FACILITATOR = 8


def told(events: list[Event], seat: int | None) -> list[tuple[str, dict[str, object], bool]]:
    """What `seat` reads of `events`: each kind, its data, and whether it may know who acted."""
    return [(e.kind, dict(e.data), e.actor_visible(seat)) for e in events if e.visible(seat)]


def test_who_raised_a_motion_to_depose_and_who_answered_are_the_facilitators() -> None:
    # [D-23] the crew hears that a motion is raised and how it ends, never who raised it
    state = assembly()
    crew = state.crews[0]
    voters = [m for m in crew.members if m != crew.captain]
    events = act(state, voters[1], Depose()) + act(state, voters[2], Agree(False))
    for seat in voters:
        assert ("deposition_proposed", {"crew": 0}, False) in told(events, seat)
        assert all(not named for _, data, named in told(events, seat))
        assert "by" not in json.dumps(told(events, seat))
        (vote,) = [v for v in GAME.view(state, seat)["votes"] if v["crew"] == 0]
        assert vote["answered"] == 2 and "cast" not in vote and "proposer" not in vote
    assert ("deposition_proposed", {"crew": 0, "by": voters[1]}, True) in told(events, FACILITATOR)
    assert ("ballot", {"crew": 0, "topic": Topic.DEPOSITION, "voter": voters[2]}, True) in told(
        events, FACILITATOR)
    (vote,) = [v for v in GAME.view(state, FACILITATOR)["votes"] if v["crew"] == 0]
    assert vote["proposer"] == voters[1] and vote["cast"].count(True) == 2


def test_a_closed_votes_ballots_reach_only_the_facilitator() -> None:
    # members read the counts and the outcome "as the other secret votes do" [D-23]
    state = offices()
    crew = state.crews[0]
    assert crew.vote is not None
    choice = crew.vote.candidates[0]
    for voter in list(crew.vote.voters):
        act(state, voter, Elect(choice))
    for seat in crew.members:
        (record,) = GAME.view(state, seat)["votes_closed"]
        assert "ballots" not in record and "audience" not in record
        assert record["counts"] == {str(choice): len(crew.members)}
        assert record["winner"] == choice
    (record,) = GAME.view(state, FACILITATOR)["votes_closed"]
    assert record["ballots"] == {str(m): choice for m in crew.members}
    assert not GAME.view(state, state.crews[1].members[0])["votes_closed"]


def test_the_ballots_stay_secret_after_the_end() -> None:
    state = assembly()
    for _ in range(len(state.crews)):
        play_round(state, {0: 1, 1: 2})
    assert state.stage == Stage.OVER
    for seat in [*range(state.players), None]:
        assert '"ballots"' not in json.dumps(GAME.view(state, seat)), seat
    assert '"ballots"' in json.dumps(GAME.view(state, FACILITATOR))


def test_other_crews_see_progress_not_who_made_it() -> None:
    # Visibility: "other crews only as progress (repairs done, finished or not)"
    state = phase1()
    crew = state.crews[0]
    seat = crew.members[0]
    on_wreck(crew, seat, [NEUTRAL])
    crew.neutral = 29
    events = act(state, seat, Stay()) + act(state, seat, Repair(NEUTRAL))
    stranger = state.crews[1].members[0]
    assert [kind for kind, _, _ in told(events, stranger)] == ["progress"]
    assert not told(events, stranger)[0][2], "another crew learns who repaired"
    assert not told(events, None)[0][2]
    assert all(named for _, _, named in told(events, crew.members[1]))
    assert all(named for _, _, named in told(events, FACILITATOR))


def test_a_meeple_colour_is_the_crews() -> None:
    state = GAME.setup(8, 1)
    seat = state.crews[0].members[0]
    events = act(state, seat, PickColour(Wood.RED))
    assert told(events, state.crews[1].members[0]) == [] and told(events, None) == []
    assert told(events, state.crews[0].members[1])


def test_the_projector_reads_the_room_talk_and_how_far_each_election_is() -> None:
    state = offices()
    act(state, FACILITATOR, Post(Channel.ALL, "Five minutes to vote"))
    act(state, FACILITATOR, Post(Channel.CREW, "Crew 1 only", 0))
    crew = state.crews[0]
    assert crew.vote is not None
    act(state, crew.vote.voters[0], Elect(crew.vote.candidates[0]))
    wall = GAME.view(state, None)
    assert [m["text"] for m in wall["messages"]] == ["Five minutes to vote"]
    assert wall["crews"][0]["election"] == {
        "topic": Topic.QUARTERMASTER, "runoff": False, "answered": 1,
        "voters": len(crew.members), "awaiting_facilitator": False}
    assert wall["votes"] == [] and '"ballots"' not in json.dumps(wall)


def test_the_room_debrief_keeps_every_secret() -> None:
    state = assembly()
    crew = state.crews[0]
    voters = [m for m in crew.members if m != crew.captain]
    act(state, voters[0], Depose())
    for voter in voters[1:]:
        act(state, voter, Agree(False))  # the motion fails: the crew's secret [D-23]
    act(state, voters[0], Post(Channel.CREW, "our secret plan"))
    act(state, FACILITATOR, Post(Channel.ALL, "Well played, everybody"))
    for _ in range(len(state.crews)):
        play_round(state, {0: 1, 1: 2})
    names = {m: f"Person {m}" for m in range(state.players)}
    whole = json.dumps(encode(GAME.debrief(state, "en", names)))
    room = json.dumps(encode(GAME.debrief(state, "en", names, ROOM)))
    assert "our secret plan" in whole and "our secret plan" not in room
    assert "Well played, everybody" in room
    assert "depose the captain" in whole and "depose the captain" not in room
    assert f"Person {crew.members[0]}: " in whole  # a ballot, by name
    assert '"ballots"' not in room and "Person 0: " not in room
    assert "counts" in room
    italian = json.dumps(encode(GAME.debrief(state, "it", names, ROOM)), ensure_ascii=False)
    assert "conteggio" in italian and "our secret plan" not in italian


def test_the_game_writes_in_the_sessions_language_and_a_captain_asks_once_a_round() -> None:
    state = assembly(language="it")
    index = state.order[state.placing]
    captain = state.crews[index].captain
    assert captain is not None
    legal = GAME.legal_actions(state, captain)
    asking = stamp(state, captain, legal, Rng(1))
    assert asking == Post(Channel.DECK, CAPTAIN_ASKS[Language.IT])
    act(state, captain, asking)
    assert not isinstance(stamp(state, captain, GAME.legal_actions(state, captain), Rng(1)),
                          Post), "a captain asks once a round, then places"
    quartermaster = state.crews[index].quartermaster
    assert quartermaster is not None
    relay = next(a for a in GAME.legal_actions(state, quartermaster) if isinstance(a, Post))
    assert relay.text.startswith("La ciurma vuole prima la ")


def test_a_preference_vote_is_counted_for_the_crew() -> None:
    state = offices()
    crew = state.crews[1]
    assert crew.vote is not None
    for voter in list(crew.vote.voters):
        act(state, voter, Elect(crew.vote.candidates[-1]))
    closed = GAME.view(state, crew.members[0])["votes_closed"]
    assert closed and all("counts" in r for r in closed)
    assert not any(isinstance(a, Prefer) for a in GAME.legal_actions(state, crew.members[0]))


def test_the_counts_of_a_closed_election_name_its_abstentions() -> None:
    # a closed vote's audience reads "how many chose each candidate and how many abstained"
    state = offices()
    act(state, 0, Abstain())
    for voter in (1, 2, 3):
        act(state, voter, Elect(1))
    (record,) = GAME.view(state, 2)["votes_closed"]
    assert record["counts"] == {"abstained": 1, "1": 3}
