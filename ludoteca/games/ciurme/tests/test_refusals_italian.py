"""Every refusal of Ciurme says its reason in Italian too, with no English word left: a broad
set of actions, legal and not, tried by every seat (the facilitator's included) at every stage
and in the phase-1 situations that have refusals of their own."""

from __future__ import annotations

from ludoteca.engine.actions import Action
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.refusals import italian
from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.actions import (
    Abstain,
    Agree,
    ClosePhase1,
    CloseVote,
    Decide,
    Depose,
    Elect,
    FirstPlayer,
    Help,
    Move,
    OpenTable,
    Pass,
    PickColour,
    Place,
    PlayOn,
    Post,
    Prefer,
    Repair,
    SetPhase1Timer,
    SetVoteTimer,
    StartPhase,
    Stay,
    Steer,
    Waive,
)
from ludoteca.games.ciurme.data import AUTOMATON, Channel, Location, Wood
from ludoteca.games.ciurme.rules.ballots import ballot
from ludoteca.games.ciurme.state import CiurmeState, Stage
from ludoteca.games.ciurme.tests.helpers import (
    act,
    assembly,
    offices,
    on_wreck,
    phase1,
    play_round,
    put,
)

TRIED: list[Action] = [
    *(PickColour(c) for c in Wood),
    Stay(), *(Move(p) for p in Location), Steer(), Pass(),
    *(Repair(c) for c in Wood),
    *(Help(c, m) for c in (Wood.NEUTRAL, Wood.RED) for m in (0, 1, 2, AUTOMATON)),
    Agree(True), Agree(False), Elect(0), Elect(3), Elect(30), Prefer(0), Prefer(1), Prefer(15),
    Abstain(), Depose(), Waive(),
    *(Place(v, s) for v in (0, 1, 4) for s in (0, 30)),
    *(Post(c, "ahoy") for c in Channel), Post(Channel.DIRECT, "ahoy", to=0),
    Post(Channel.CREW, " "), Post(Channel.CREW, "x" * 400),
    FirstPlayer(0, 0), FirstPlayer(0, 7), FirstPlayer(7, 0),
    StartPhase(1), StartPhase(2), ClosePhase1(), PlayOn(),
    CloseVote(0), CloseVote(7), SetVoteTimer(0, 60), SetVoteTimer(7, 60), SetPhase1Timer(60),
    OpenTable(), Decide(0, 0), Decide(7, 0),
]


def refusals(state: CiurmeState) -> dict[str, IllegalAction]:
    """Every distinct refusal the tried actions meet, each tried on its own copy."""
    found: dict[str, IllegalAction] = {}
    for seat in GAME.seats(state):
        for action in TRIED:
            try:
                GAME.apply(GAME.clone(state), seat, action)
            except IllegalAction as refusal:
                found.setdefault(str(refusal), refusal)
    return found


def over() -> CiurmeState:
    state = assembly()
    while state.stage != Stage.OVER:
        play_round(state, {0: 1, 1: 2})
    return state


def at_the_wreck(complete: bool) -> CiurmeState:
    """Seat 0 at its repair on the wreck, neutral and green wood there; its load of 3 complete
    (and mate 2 helped already) or not yet begun."""
    state = phase1()
    crew = state.crews[0]
    if complete:
        crew.pieces = [(0, Wood.YELLOW, 0)] * 3 + [(1, Wood.PURPLE, 1)] * 3 + [(0, Wood.YELLOW, 2)]
    on_wreck(crew, 0, [Wood.NEUTRAL, Wood.GREEN])
    act(state, 0, Stay())
    return state


def steering_vote() -> CiurmeState:
    """Seat 0 proposes to steer the lifeboat with seat 1 aboard: those aboard vote."""
    state = phase1()
    crew = state.crews[0]
    put(crew, s1=Location.LIFEBOAT)
    act(state, 0, Move(Location.LIFEBOAT))
    act(state, 0, Steer())
    return state


def briefed() -> CiurmeState:
    """The briefing with seat 5's meeple picked, crew 0's first player chosen and the captains'
    table open."""
    state = GAME.setup(8, seed=0)
    act(state, 5, PickColour(Wood.GREEN))
    act(state, 8, FirstPlayer(0, 1))
    act(state, 8, OpenTable())
    return state


def tied() -> CiurmeState:
    """Crew 0's election tied twice: it waits for the facilitator's decision [D-6]."""
    state = offices()
    for _ in range(2):
        vote = state.crews[0].vote
        assert vote is not None
        first, second = vote.candidates[:2]
        for voter, choice in zip(list(vote.voters), (first, second, first, second), strict=True):
            act(state, voter, Elect(choice))
    return state


def spoken() -> CiurmeState:
    """Phase 2 with a budget of one message, spent by crew 0's members."""
    state = assembly(message_budget=1)
    for seat in state.crews[0].members:
        if seat != state.crews[0].captain:
            act(state, seat, Post(Channel.CREW, "Agreed."))
    return state


def wrong_answers() -> dict[str, IllegalAction]:
    """The answers of the wrong kind for a vote, which the seats' gate never lets through to
    the ballot, asked of the ballot itself."""
    election = offices().crews[0].vote
    motion = assembly()
    act(motion, 1, Depose())
    deposition = motion.crews[0].vote
    assert election is not None and deposition is not None
    found: dict[str, IllegalAction] = {}
    for vote, answer in ((election, Agree(True)), (election, Prefer(1)), (deposition, Elect(2))):
        try:
            ballot(vote, answer)
        except IllegalAction as refusal:
            found[str(refusal)] = refusal
    return found


def test_every_refusal_says_its_reason_in_italian_with_no_english_word_left() -> None:
    briefing = GAME.setup(8, seed=1)
    stages = [briefing, phase1(), at_the_wreck(complete=False), at_the_wreck(complete=True),
              steering_vote(), briefed(), offices(), tied(), assembly(), spoken(), over()]
    found = wrong_answers()
    for state in stages:
        found |= refusals(state)
    sentences = {english: italian(refusal) for english, refusal in found.items()}
    # The walk meets the refusals of every rules module, the phase-1 turn's own included.
    assert len(sentences) >= 80, sorted(sentences)
    for words in ("wood on the wreck", "you cannot help", "your load is complete",
                  "you help only once", "voting on steering", "not adjacent", "stamp",
                  "no open vote", "not eligible", "channel now", "session is over",
                  "already play the", "first player is already chosen", "already open",
                  "messages for this period", "waits for your decision", "tied candidates",
                  "no election of that crew", "this is an election", "yes/no motion",
                  "election vote with", "crews 0 to"):
        assert any(words in english for english in sentences), words
