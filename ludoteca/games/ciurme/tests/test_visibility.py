"""What a seat may see and know (Visibility), and how `determinize` pictures the rest."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from ludoteca.engine.events import Event
from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.actions import (
    Abstain,
    Agree,
    Depose,
    Elect,
    Move,
    Place,
    Post,
    Prefer,
    StartPhase,
    Steer,
)
from ludoteca.games.ciurme.data import AUTOMATON, LIFEBOAT, OBJECTIVES, WRECK, Channel, Wood
from ludoteca.games.ciurme.rules.votes import motion_outcome
from ludoteca.games.ciurme.state import NO, NOT_CAST, YES, CiurmeState, Role, Stage, Topic
from ludoteca.games.ciurme.tests.helpers import (
    act,
    assembly,
    elect_all,
    motion_to_depose,
    offices,
    phase1,
    put,
)
from ludoteca.games.ciurme.view import _reshuffle_answers


def test_stamp_value_known_only_to_its_captain_and_the_facilitator() -> None:
    # "solo quel capitano conoscerà il valore del timbro" [D-19]
    state = assembly()
    index = state.order[0]
    crew = state.crews[index]
    act(state, crew.captain, Place(2, 1))
    assert GAME.view(state, crew.captain)["stamps"][0]["value"] == 2
    assert GAME.view(state, 8)["stamps"][0]["value"] == 2
    assert GAME.view(state, crew.quartermaster)["stamps"][0]["value"] is None
    assert GAME.view(state, None)["stamps"][0] == {"crew": index, "ship": 1, "value": None}


def test_determinize_permutes_what_is_left_of_another_captains_stamps() -> None:
    state = assembly()
    index = state.order[0]
    act(state, state.crews[index].captain, Place(2, 1))
    other = state.crews[state.order[1]].captain
    seen = set()
    for k in range(20):
        variant = GAME.determinize(state, other, Rng(k))
        placed = variant.stamps[0][1]
        assert sorted([placed, *variant.hands[index]]) == [0, 1, 2, 4]
        seen.add(placed)
        assert GAME.view(variant, other) == GAME.view(state, other)
    assert len(seen) > 1


def test_other_crews_boards_show_only_progress() -> None:
    state = offices()
    view = GAME.view(state, 0)
    assert set(view["boards"]) == {"0"}
    assert set(view["crews"][1]) >= {"repairs", "finished"}
    assert set(GAME.view(state, 8)["boards"]) == {"0", "1"}
    assert GAME.view(state, None)["boards"] == {}


def test_rules_and_objectives_are_in_every_view() -> None:
    # "le regole vanno spiegate TUTTE ... compresi i modi per vincere"
    state = GAME.setup(8, 0)
    for seat in [*GAME.seats(state), None]:
        assert "Quartermaster" in " ".join(GAME.view(state, seat)["objectives"])


def test_other_crews_boards_are_relabelled_among_members_on_the_same_place() -> None:
    # "other crews only as progress": who did what on another crew's board is secret
    state = phase1()
    other = state.crews[1]  # seats 4..7, seat 4 active
    other.place = [WRECK, WRECK, WRECK, LIFEBOAT]
    other.dock = WRECK
    other.pieces = [(5, Wood.PURPLE, 5), (5, Wood.PURPLE, 5), (6, Wood.GREEN, 6),
                    (6, Wood.GREEN, AUTOMATON)]
    other.own_wood = [6, 3, 4, 6]
    seen = set()
    for k in range(30):
        variant = GAME.determinize(state, 0, Rng(k))
        crew = variant.crews[1]
        assert GAME.view(variant, 0) == GAME.view(state, 0)
        assert crew.place == other.place and len(crew.pieces) == 4
        # renamed, a member's own repairs stay their own, and the help the automaton's
        assert [by == target for by, _, target in crew.pieces] == [True, True, True, False]
        assert crew.pieces[3][2] == AUTOMATON
        assert crew.own_wood[0] == 6 and crew.own_wood[3] == 6  # active, and alone aboard
        assert sorted(crew.own_wood[1:3]) == [3, 4]
        seen.add(tuple(crew.own_wood))
        assert variant.crews[0].pieces == state.crews[0].pieces  # its own crew: untouched
    assert len(seen) == 2
    assert GAME.hidden(state, 0)["boards"] and GAME.hidden(state, 8) is None


def test_captain_keeps_their_board_in_a_determinized_state() -> None:
    state = offices()
    captain = state.crews[1].captain
    assert captain is not None
    # distinct ticks, so a relabelled board would show
    state.crews[1].reached_at = [10, 20, 30, 40]
    mine = state.crews[1].reached_at[state.crews[1].members.index(captain)]
    others = set()
    for k in range(5):
        variant = GAME.determinize(state, 0, Rng(k))
        crew = variant.crews[1]
        assert crew.captain == captain
        assert crew.reached_at[crew.members.index(captain)] == mine
        others.add(tuple(crew.reached_at))
    assert len(others) > 1  # the mates on the same place were relabelled


def test_preferences_are_public_at_the_end_and_known_to_a_promoted_quartermaster() -> None:
    # "Preferences are private to the crew (captain excluded) until the end"
    state = assembly(prefs=(1, 2))
    assert "1" not in GAME.view(state, 0)["preferences"]
    assert GAME.hidden(state, 0)["preferences"]
    state.stage = Stage.OVER
    assert GAME.view(state, 0)["preferences"]["1"] == [1, 2]


@pytest.mark.parametrize("seed", [4, 128])  # random sessions whose results named a recoloured mate
def test_at_the_end_every_seat_sees_the_world_as_it_is(seed: int) -> None:
    # The results say who won each objective [D-24], naming each officer by the colour of their
    # meeple, so once the session is over no seat's picture of the world may recolour another
    # crew's members.
    pick = random.Random(seed)
    state = GAME.setup(8, 17)
    while not GAME.is_over(state):
        seat = pick.choice(sorted(GAME.actors(state)))
        GAME.apply(state, seat, pick.choice(GAME.legal_actions(state, seat)))
    for seat in GAME.seats(state):
        for k in range(3):
            drawn = GAME.determinize(state, seat, Rng(k))
            assert GAME.view(drawn, seat) == GAME.view(state, seat), (seat, k)


# --- [D-23] who hears of a vote -------------------------------------------------------------------
def open_vote_of_crew_0(topic: Topic) -> tuple[CiurmeState, list[Event], list[int]]:
    """A session where crew 0 has an open vote on `topic` with one ballot cast; the events of
    the vote so far, and its audience."""
    if topic == Topic.LIFEBOAT:
        state = phase1()
        crew = state.crews[0]
        put(crew, s1=LIFEBOAT, s2=LIFEBOAT)
        act(state, 0, Move(LIFEBOAT))  # the third aboard: the crossing
        events = act(state, 0, Steer()) + act(state, 1, Agree(True))
        return state, events, [0, 1, 2, 3, 8]
    state = offices()
    crew = state.crews[0]
    assert crew.captain is not None
    everyone = [*crew.members, 8]
    without_captain = [m for m in everyone if m != crew.captain]
    if topic == Topic.QUARTERMASTER:
        voter = crew.members[0]
        return state, act(state, voter, Elect(crew.vote.candidates[0])), everyone  # type: ignore[union-attr]
    elect_all(state)
    events = act(state, 8, StartPhase(2))
    voters = [m for m in crew.members if m != crew.captain]
    if topic == Topic.SECOND:
        for voter in voters:
            events += act(state, voter, Prefer(1))
    if topic == Topic.DEPOSITION:
        state = assembly()
        crew = state.crews[0]
        events = act(state, voters[0], Depose())
        return state, events, without_captain
    return state, events + act(state, voters[0], Prefer(2)), without_captain


VOTE_EVENTS = {
    "steer_proposed", "election_opened", "ballot", "runoff", "awaiting_facilitator",
    "preference", "deposition_proposed",
}


@pytest.mark.parametrize("topic", list(Topic))
def test_a_crew_vote_is_heard_by_its_audience_only(topic: Topic) -> None:
    # [D-23] the captain never sees a motion to depose; other crews learn nothing of any vote;
    # secret ballots (elections, depositions) are seen by the facilitator alone until the count
    state, events, audience = open_vote_of_crew_0(topic)
    vote = state.crews[0].vote
    assert vote is not None and vote.topic == topic
    for seat in [*GAME.seats(state), None]:
        heard = seat in audience
        entries = [v for v in GAME.view(state, seat)["votes"] if v["crew"] == 0]
        assert bool(entries) == heard, f"seat {seat} and the {topic} vote"
        if entries:
            shows_ballots = seat == 8 or topic == Topic.LIFEBOAT
            assert ("ballots" in entries[0]) == shows_ballots, f"seat {seat}: ballots"
        # (an event of a secret act comes twice: naming the actor to the facilitator alone)
        ours = [e for e in events if e.kind in VOTE_EVENTS and e.data["crew"] == 0]
        for kind in {e.kind for e in ours}:
            told = any(e.visible(seat) for e in ours if e.kind == kind)
            assert told == heard, f"seat {seat} and the event {kind}"


def test_a_captain_learns_only_that_a_motion_to_depose_them_failed() -> None:
    # [D-23] "the captain never sees the ballots, only the outcome"
    state = assembly()
    crew = state.crews[0]
    captain = crew.captain
    voters = [m for m in crew.members if m != captain]
    events = act(state, voters[0], Depose()) + act(state, voters[1], Agree(False))
    events += act(state, voters[2], Agree(False))
    assert crew.captain == captain and crew.vote is None
    told = [e.kind for e in events if e.visible(captain)]
    assert told == ["deposition_failed"]
    other_crew = state.crews[1].members[0]
    assert not [e for e in events if e.visible(other_crew)]
    (record,) = [r for r in GAME.view(state, captain)["votes_closed"] if r["topic"] == "deposition"]
    assert record["outcome"] == "no" and "ballots" not in record and "counts" not in record
    # the crew reads the counts and the outcome, never who voted what; the facilitator reads all
    closed = GAME.view(state, voters[0])["votes_closed"][-1]
    assert "ballots" not in closed and closed["counts"] == {"1": 1, "0": 2}
    assert GAME.view(state, 8)["votes_closed"][-1]["ballots"] == {
        str(voters[0]): YES, str(voters[1]): NO, str(voters[2]): NO}
    assert not [r for r in GAME.view(state, other_crew)["votes_closed"] if r["crew"] == 0]


def test_a_bot_captain_pictures_no_motion_and_a_member_guesses_the_secret_answers() -> None:
    # [D-23]: determinize hides what the view hides
    state = assembly(players=10)
    crew = state.crews[0]
    voters = motion_to_depose(state, 0, False)
    assert GAME.hidden(state, crew.captain)["motions"] == [0]
    for k in range(10):
        assert GAME.determinize(state, crew.captain, Rng(k)).crews[0].vote is None
    answers: set[int] = set()
    proposers: set[int | None] = set()
    for k in range(30):
        vote = GAME.determinize(state, voters[2], Rng(k)).crews[0].vote
        assert vote is not None and motion_outcome(vote) is None
        assert vote.ballots[vote.voters.index(voters[2])] == NOT_CAST  # its own answer kept
        answers.update(b for v, b in zip(vote.voters, vote.ballots, strict=True)
                       if v != voters[2])
        proposers.add(vote.proposer)
    assert {YES, NO} <= answers
    assert len(proposers) > 1, "who raised the motion is guessed, not known"


def test_a_member_never_pictures_a_motion_its_answers_would_have_decided() -> None:
    # [D-23] in a crew of 4 two yes of three depose: a secret no redrawn as a yes would have
    # ended the motion, so every picture keeps it open
    state = assembly()
    voters = motion_to_depose(state, 0, False)
    for k in range(20):
        vote = GAME.determinize(state, voters[2], Rng(k)).crews[0].vote
        assert vote is not None and motion_outcome(vote) is None
        assert vote.proposer is not None
        assert vote.ballots[vote.voters.index(vote.proposer)] == YES  # who raised it said yes


class YesEveryTime(Rng):
    """Draws the first of every choice: each secret answer redrawn is a yes."""

    def choice(self, items: Any) -> Any:
        return items[0]


def test_a_member_who_cannot_picture_an_open_motion_otherwise_keeps_the_answers_cast() -> None:
    # [D-23] with every redrawn answer a yes, each picture would decide the motion: after its
    # tries the member pictures the answers as they were cast, still undecided, never none
    state = assembly()
    crew = state.crews[0]
    voters = motion_to_depose(state, 0, False)
    assert crew.vote is not None and YesEveryTime().choice((YES, NO)) == YES
    cast = list(crew.vote.ballots)
    vote = GAME.determinize(state, voters[2], YesEveryTime(0)).crews[0].vote
    assert vote is not None and vote.ballots == cast and motion_outcome(vote) is None


def test_players_read_the_rules_and_every_way_to_win_before_phase1() -> None:
    # "le regole vanno spiegate TUTTE affinchè si possa giocare con cognizione di causa, compresi
    # i modi per vincere"
    state = GAME.setup(9, 1)
    view = GAME.view(state, 0)
    screen = GAME.render(view)
    assert "Rules:" in screen and "Ways to win:" in screen
    for objective in OBJECTIVES:
        assert objective in screen
    assert " ".join(view["rules"].split()[:12]) in " ".join(screen.split())
    assert "15 repairs in a crew of 5; in a crew of 4, 15 (3 of them owed by the automaton" in (
        view["rules"])
    assert view["ship_repairs"] == {"five": 15, "four": 15, "automaton": 3}
    assert "0/15 repairs" in screen  # a crew of 4 already counts its automaton's load [D-16]


def test_the_rules_say_the_repairs_these_options_need() -> None:
    # [D-16] option automaton_load=0: a crew of 4 needs 12 repairs, and is told so
    state = GAME.setup(9, 1, {"automaton_load": 0})
    view = GAME.view(state, 0)
    assert "in a crew of 4, 12 (the automaton owes none)" in view["rules"]
    assert [c["repairs_needed"] for c in view["crews"]] == [12, 15]


def test_the_facilitator_sees_every_ballot_the_whole_log_and_every_crew() -> None:
    # "The facilitator sees everything, live."
    state = offices()
    act(state, 0, Elect(1))
    act(state, 5, Abstain())
    for k in range(7):
        act(state, 8, Post(Channel.ALL, f"Message {k}"))
    view = GAME.view(state, 8)
    assert [v["ballots"] for v in view["votes"]] == [[1, -2, -2, -2], [-2, -1, -2, -2]]
    screen = GAME.render(view)
    assert "ballots: 0: seat 1, 1: -, 2: -, 3: -" in screen
    assert "ballots: 4: -, 5: abstained, 6: -, 7: -" in screen
    assert all(f"Message {k}" in screen for k in range(7))
    assert "At a glance:" in screen
    assert "crew 0: 0/15 repairs, stopped when phase 1 closed" in screen
    assert "vote: quartermaster 1/4" in screen and "vote: quartermaster 1/4" in screen
    player_screen = GAME.render(GAME.view(state, 1))
    assert "ballots:" not in player_screen and "At a glance:" not in player_screen


def test_what_a_seat_may_not_know_is_the_boards_of_the_other_crews() -> None:
    """Another crew's board (who holds which wood, who went where) is theirs; a spectator knows
    no crew's."""
    state = phase1()
    state.crews[1].own_wood = [5, 6, 6, 6]  # tells crew 1's board from crew 0's

    def unknown_boards(seat: int | None) -> list[list[int]]:
        return [board["own_wood"] for board in GAME.hidden(state, seat)["boards"]]

    assert unknown_boards(0) == [[5, 6, 6, 6]]
    assert unknown_boards(4) == [[6, 6, 6, 6]]
    assert unknown_boards(None) == [[6, 6, 6, 6], [5, 6, 6, 6]]


def test_what_a_seat_may_not_know_of_stamps_hands_talk_and_closed_ballots() -> None:
    """[D-19] only the captain who placed a stamp (and the facilitator) knows its value, and a
    crew's hand is its captain's; a message is its readers'; a closed vote's ballots are the
    facilitator's alone."""
    state = assembly()
    crew = state.crews[state.order[0]]
    captain = crew.captain
    assert captain is not None
    act(state, captain, Place(4, 1))
    mate = next(m for m in crew.members if m != captain)
    act(state, mate, Post(Channel.CREW, "Well placed"))  # the captain does not hear the crew
    hands = [list(h) for h in state.hands]
    mine, theirs = hands[state.order[0]], hands[1 - state.order[0]]

    def unknown(seat: int | None, key: str) -> Any:
        return GAME.hidden(state, seat)[key]

    assert [unknown(s, "stamp_values") for s in (captain, mate, None)] == [[], [4], [4]]
    assert unknown(captain, "hands") == [theirs]
    assert sorted(unknown(mate, "hands")) == sorted([mine, theirs])
    assert [unknown(s, "messages") for s in (captain, mate, None)] == [
        ["Well placed"], [], ["Well placed"]
    ]
    closed = [dict(r.ballots) for r in state.votes_log]
    assert closed and all(unknown(s, "closed_ballots") == closed for s in (captain, mate, None))


def test_what_a_seat_may_not_know_of_an_open_motion_and_another_crew_s_wishes() -> None:
    """A motion's ballots are secret until the count, and who answered it would name its
    proposer: both the facilitator's alone [D-23]. The motion itself is the crew's without its
    captain; a crew's wishes are its own [D-8]."""
    state = assembly(players=10)
    crew, other = state.crews
    voters = motion_to_depose(state, 0, False)  # voters[0] raised it, voters[1] said no
    assert crew.vote is not None
    ballots = list(crew.vote.ballots)
    answered = [b != NOT_CAST for b in ballots]
    assert answered.count(True) == 2 and answered.count(False) == 2
    for seat in (voters[2], crew.captain, other.members[0]):
        unknown = GAME.hidden(state, seat)
        assert (unknown["ballots"], unknown["answered"]) == ([ballots], [answered])
    assert [GAME.hidden(state, s)["motions"] for s in (voters[2], crew.captain)] == [[], [0]]
    assert GAME.hidden(state, other.members[0])["motions"] == [0]
    assert GAME.hidden(state, voters[2])["preferences"] == [[other.favourite, other.second]]
    # the proposer, picturing who else answered, is still the proposer where nobody else said yes
    vote = replace(crew.vote, ballots=list(ballots))
    _reshuffle_answers(vote, voters[0], Rng(3))
    assert vote.proposer == voters[0] and sorted(vote.ballots) == sorted(ballots)


def test_each_seat_is_told_who_they_are_in_the_session() -> None:
    state = offices()
    elect_all(state)
    for crew in state.crews:
        captain, quartermaster = crew.captain, crew.quartermaster
        assert captain is not None and quartermaster is not None
        assert GAME.view(state, captain)["role"] == Role.CAPTAIN
        assert GAME.view(state, quartermaster)["role"] == Role.QUARTERMASTER
        for member in set(crew.members) - {captain, quartermaster}:
            assert GAME.view(state, member)["role"] == Role.MEMBER
    assert GAME.view(state, 8)["role"] == Role.FACILITATOR
    assert GAME.view(state, None)["role"] == Role.SPECTATOR


def test_a_crews_board_says_who_holds_what_and_how_far_each_load_is() -> None:
    # "ogni giocatore deve contare non solo i propri legni, ma anche quelli che lo puntano";
    # [D-16] a crew of 4 also counts what its automaton owes (none, with this option)
    state = phase1(automaton_load=0)
    crew = state.crews[0]  # seats 0..3 and the automaton
    crew.own_wood = [4, 5, 6, 6]
    crew.pieces = [(0, Wood.YELLOW, 0), (0, Wood.YELLOW, AUTOMATON), (1, Wood.PURPLE, 0)]
    board = GAME.view(state, 1)["boards"]["0"]
    assert board["own_wood"] == {"0": 4, "1": 5, "2": 6, "3": 6}
    assert board["pieces"] == [[0, Wood.YELLOW, 0], [0, Wood.YELLOW, AUTOMATON],
                               [1, Wood.PURPLE, 0]]
    assert board["repairs_by"] == {"0": 2, "1": 1, "2": 0, "3": 0}
    assert board["loads"] == {"0": [2, 3], "1": [0, 3], "2": [0, 3], "3": [0, 3], "-1": [1, 0]}
    five = phase1(9)
    assert len(five.crews[1].members) == 5
    assert set(GAME.view(five, 5)["boards"]["1"]["loads"]) == {"4", "5", "6", "7", "8"}


def test_a_captain_holds_their_hand_and_nobody_else_but_the_facilitator_sees_it() -> None:
    # [D-19] "a captain's remaining stamps to that captain"
    state = assembly()
    for index, crew in enumerate(state.crews):
        assert GAME.view(state, crew.captain)["hands"] == {str(index): [0, 1, 2, 4]}
        assert GAME.view(state, crew.quartermaster)["hands"] == {}
    assert GAME.view(state, 8)["hands"] == {"0": [0, 1, 2, 4], "1": [0, 1, 2, 4]}
    assert GAME.view(state, None)["hands"] == {}


def test_the_facilitator_and_a_captain_who_was_quartermaster_know_the_crews_preferences() -> None:
    # "Preferences are private to the crew (captain excluded) until the end"; a quartermaster
    # who became captain heard the vote [D-10]; the facilitator "sees everything, live"
    state = assembly(prefs=(1, 2))
    assert GAME.view(state, 8)["preferences"] == {"0": [1, 2], "1": [1, 2]}
    crew = state.crews[1]
    old, quartermaster = crew.captain, crew.quartermaster
    motion_to_depose(state, 1, True)
    assert crew.captain == quartermaster
    deposed = [{"crew": 1, "round": 1, "deposed": old, "captain": quartermaster}]
    for seat in [*GAME.seats(state), None]:
        assert GAME.view(state, seat)["depositions"] == deposed  # everybody hears it
    assert GAME.view(state, quartermaster)["preferences"] == {"1": [1, 2]}
    assert GAME.view(state, state.crews[0].captain)["preferences"] == {}


def test_each_voter_sees_their_own_secret_ballot_and_each_crew_its_own_election() -> None:
    # [D-23] secret ballots: "each voter knows their own"
    state = offices()
    act(state, 1, Elect(2))
    act(state, 6, Abstain())
    for seat, crew, mine in ((1, 0, 2), (2, 0, NOT_CAST), (6, 1, -1), (7, 1, NOT_CAST)):
        (vote,) = GAME.view(state, seat)["votes"]
        assert vote["crew"] == crew and vote["my_ballot"] == mine and "ballots" not in vote
        assert vote["clock"] == f"vote {crew + 1}"  # the clock of its timer [D-21]
    assert [d.key for d in GAME.deadlines(state)] == ["vote 1", "vote 2"]
    assert all("my_ballot" not in v for v in GAME.view(state, 8)["votes"])


def test_the_projector_shows_whether_each_crew_chose_its_ships_and_its_stamps_left() -> None:
    state = offices()
    crews = GAME.view(state, None)["crews"]
    assert [(c["preferences_chosen"], c["stamps_left"]) for c in crews] == [(False, 0)] * 2
    state = assembly()
    crews = GAME.view(state, None)["crews"]
    assert [(c["preferences_chosen"], c["stamps_left"]) for c in crews] == [(True, 4)] * 2


def test_whoever_was_ever_captain_of_another_crew_keeps_their_board() -> None:
    # a deposition is public [D-10]: who was deposed and who is captain now stay who they are
    state = assembly()
    crew = state.crews[1]
    old, quartermaster = crew.captain, crew.quartermaster
    assert old is not None and quartermaster is not None
    motion_to_depose(state, 1, True)
    crew.place = [WRECK] * 4
    crew.reached_at = [10, 20, 30, 40]  # distinct ticks, so a relabelled board would show
    kept = {m: crew.reached_at[crew.members.index(m)] for m in (old, quartermaster)}
    others = set()
    for k in range(12):
        pictured = GAME.determinize(state, 0, Rng(k)).crews[1]
        for m, tick in kept.items():
            assert pictured.reached_at[pictured.members.index(m)] == tick
        others.add(tuple(pictured.reached_at))
    assert len(others) == 2  # the two mates who never were captain swap


def test_another_crews_secret_ballots_are_pictured_anew_among_its_candidates() -> None:
    # [D-23] elections are secret: a seat keeps its own ballot and pictures the others'
    state = offices()
    elect_all(state)
    act(state, 8, StartPhase(2))  # each crew votes its favourite ship, 0 to 3
    act(state, 1, Prefer(0))
    act(state, 5, Prefer(0))
    act(state, 6, Abstain())
    drawn = set()
    for k in range(20):
        picture = GAME.determinize(state, 1, Rng(k))
        assert GAME.view(picture, 1) == GAME.view(state, 1)
        vote = picture.crews[1].vote
        assert vote is not None and vote.candidates == [0, 1, 2, 3]
        assert vote.ballots[1:] == [-1, NOT_CAST]  # an abstention and a silence stay so
        assert vote.ballots[0] in vote.candidates
        drawn.add(vote.ballots[0])
    assert len(drawn) > 1


def test_pictured_preferences_are_two_ships_and_a_second_vote_lacks_the_first() -> None:
    # "Preferences are private to the crew (captain excluded)": another seat pictures them
    state = assembly(prefs=(1, 2))
    pairs = set()
    for k in range(20):
        crew = GAME.determinize(state, 0, Rng(k)).crews[1]
        assert crew.favourite != crew.second
        pairs.add((crew.favourite, crew.second))
    assert len(pairs) > 1
    state = offices()
    elect_all(state)
    act(state, 8, StartPhase(2))
    for voter in (5, 6, 7):
        act(state, voter, Prefer(1))  # crew 1's favourite: now its second is voted
    act(state, 5, Prefer(0))
    for k in range(20):
        crew = GAME.determinize(state, 0, Rng(k)).crews[1]
        vote = crew.vote
        assert vote is not None and vote.topic == Topic.SECOND
        assert vote.candidates == [s for s in range(4) if s != crew.favourite]
        assert all(b in vote.candidates for b in vote.ballots if b >= 0)


def test_a_closed_vote_is_pictured_with_its_ballots_dealt_to_its_voters_anew() -> None:
    # a closed vote's ballots are the facilitator's alone; the counts are all its audience reads
    state = assembly()
    motion_to_depose(state, 0, False, False)
    record = state.votes_log[-1]
    proposers = set()
    for k in range(12):
        pictured = GAME.determinize(state, 4, Rng(k)).votes_log[-1]
        assert sorted(pictured.ballots.values()) == sorted(record.ballots.values())
        assert set(pictured.ballots) == set(record.ballots)
        proposers.add(next(v for v, b in pictured.ballots.items() if b == YES))
    assert len(proposers) > 1
