"""What each role sees (Visibility), what it may not know (`hidden`), and `determinize`.

- A crew member sees their crew's phase-1 board whole, the other crews only as progress.
- Stamp colours and positions are public; a value is known to the captain who placed it and the
  facilitator until the reveal [D-19]; a captain's remaining stamps to that captain.
- Preferences belong to the crew without its captain until the end [D-8].
- A lifeboat vote is a show of hands at the crew's board; the ballots of elections and of a
  motion to depose stay secret (each voter knows their own) [D-23]; a motion to depose is the
  crew's without its captain, who learns only the outcome, and other crews learn nothing of it;
  who raised it, and who has answered it, only the facilitator knows.
- A closed vote's ballots are the facilitator's alone: its audience reads the counts and the
  outcome, those merely told the outcome.
- Messages are read by their channel's audience (the facilitator's words to the room by the
  projector too); the facilitator sees everything, live.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import cached_property
from typing import Any, TypeVar

from ludoteca.engine.codec import encode_record
from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme.data import (
    AUTOMATON,
    CREW_COLOURS,
    GUESSED_MESSAGES,
    LOAD,
    MEEPLE_COLOURS,
    OBJECTIVES,
    RULES_SUMMARY,
    SHIP_NAMES,
    Channel,
)
from ludoteca.games.ciurme.result import winners
from ludoteca.games.ciurme.rules.assembly import placer
from ludoteca.games.ciurme.rules.channels import open_channels
from ludoteca.games.ciurme.rules.clocks import PHASE1_CLOCK, phase1_timed, vote_clock
from ludoteca.games.ciurme.rules.loads import load, owed, repairs_by, repairs_needed
from ludoteca.games.ciurme.rules.objectives import objectives, owners
from ludoteca.games.ciurme.rules.roles import without_captain
from ludoteca.games.ciurme.rules.votes import motion_outcome
from ludoteca.games.ciurme.state import (
    ELECTIONS,
    NO,
    NOT_CAST,
    PREFERENCES,
    YES,
    CiurmeState,
    Crew,
    Message,
    Role,
    Stage,
    Stamp,
    Topic,
    Vote,
    VoteRecord,
)

T = TypeVar("T")


# --- who knows what -----------------------------------------------------------------------------
def role(state: CiurmeState, seat: int | None) -> Role:
    if seat is None:
        return Role.SPECTATOR
    if seat == state.facilitator:
        return Role.FACILITATOR
    crew = state.crews[state.crew_of(seat) or 0]
    if seat == crew.captain:
        return Role.CAPTAIN
    return Role.QUARTERMASTER if seat == crew.quartermaster else Role.MEMBER


def knows_everything(state: CiurmeState, seat: int | None) -> bool:
    """The facilitator ("sees everything, live"), and everybody once the session is over: the
    results say who won each objective [D-24], naming each officer by the colour of their
    meeple, and preferences are private to the crew only "until the end"."""
    return state.stage == Stage.OVER or seat == state.facilitator


def knows_board(state: CiurmeState, seat: int | None, index: int) -> bool:
    """Its own crew's board (and see knows_everything)."""
    if knows_everything(state, seat):
        return True
    return seat is not None and state.crew_of(seat) == index


def knows_preferences(state: CiurmeState, seat: int | None, crew: Crew) -> bool:
    """The crew without its captain; also a quartermaster who became captain, who heard the
    vote (its record stays in their view); see knows_everything."""
    if knows_everything(state, seat):
        return True
    if seat is None or seat not in crew.members:
        return False  # a preference vote is heard by its crew only (roles.assembly_audience)
    if seat in without_captain(crew):
        return True
    # By identity: comparing crews field by field (list.index) costs a whole view's time.
    index = next(i for i, c in enumerate(state.crews) if c is crew)
    return any(
        r.crew == index and r.topic in PREFERENCES and seat in r.audience for r in state.votes_log
    )


def knows_vote_ballots(state: CiurmeState, seat: int | None, crew: Crew) -> bool:
    """Who sees the ballots of an open vote: the facilitator; for a lifeboat vote, a show of
    hands at the board, the crew. Secret ballots (elections, a motion to depose [D-23]): nobody
    else until the count."""
    if seat == state.facilitator:
        return True
    vote = crew.vote
    return vote is not None and vote.topic == Topic.LIFEBOAT and seat in crew.members


def knows_stamp(state: CiurmeState, seat: int | None, stamp: Stamp) -> bool:
    return seat == state.facilitator or seat == stamp[3]


def knows_hand(state: CiurmeState, seat: int | None, index: int) -> bool:
    return seat == state.facilitator or (seat is not None and seat == state.crews[index].captain)


def reads(state: CiurmeState, seat: int | None, message: Message) -> bool:
    """Its readers; and the room's projector (a spectator) what the facilitator says to all."""
    if seat is None:
        return message.channel == Channel.ALL
    return seat in message.readers


def record_visible(seat: int | None, record: VoteRecord) -> bool:
    return seat is not None and seat in record.audience


def knows_who_answered(state: CiurmeState, seat: int | None, vote: Vote) -> bool:
    """Who has answered a vote is known to its crew, except for a motion to depose, where it
    would name the proposer (who answers first, by raising it): the facilitator's [D-23]."""
    return seat == state.facilitator or vote.topic != Topic.DEPOSITION


# How much of a closed vote a seat reads.
WHOLE, TALLY, OUTCOME = "whole", "tally", "outcome"


def closed_votes(state: CiurmeState, seat: int | None,
                 public: Public | None = None) -> list[dict[str, Any]]:
    """The closed votes the seat heard of: whole (the ballots) to the facilitator alone, the
    counts and the outcome to their audience, only the outcome to those merely told (a
    captain, of a motion to depose them [D-23])."""
    shared = public or Public(state)
    picks = tuple(
        (k, WHOLE if seat == state.facilitator else TALLY if record_visible(seat, record)
         else OUTCOME)
        for k, record in enumerate(state.votes_log)
        if record_visible(seat, record) or (seat is not None and seat in record.told)
    )
    parts = {WHOLE: shared.record, TALLY: shared.tally, OUTCOME: shared.outcome}
    return shared.alike("votes_closed", picks, lambda: [parts[how](k) for k, how in picks])


# --- views --------------------------------------------------------------------------------------
class Public:
    """One state's parts of a view that do not depend on who looks, each built once however
    many seats look: the server builds every seat's view at every step, and a workshop has 41.
    Only whole parts are kept here; who may see which of them is decided per seat, below."""

    def __init__(self, state: CiurmeState) -> None:
        self.state = state
        # Built when a seat that may see them first looks.
        self.boards: dict[int, dict[str, Any]] = {}
        self.messages: dict[int, dict[str, Any]] = {}
        self.alikes: dict[tuple[str, tuple[Any, ...]], Any] = {}

    def alike(self, part: str, picks: tuple[Any, ...], build: Callable[[], T]) -> T:
        """One object for every seat whose `part` of the view is made of the same `picks` (a
        crew's members see the same boards, closed votes and messages), built once; a server
        then encodes it once for all of them."""
        found = self.alikes.get((part, picks))
        if found is None:
            found = self.alikes[(part, picks)] = build()
        return found

    @cached_property
    def common(self) -> dict[str, Any]:
        """The parts every seat sees, in the view's order (from "rules" to "placing")."""
        state = self.state
        return {
            "rules": rules_summary(state),
            # the repairs these options need, for screens that say the rules in other words
            "ship_repairs": ship_repairs(state),
            "objectives": OBJECTIVES,
            "crews": [public_crew(state, i) for i in range(len(state.crews))],
            "phase1_ranking": list(state.ranking),
            "finish_order": list(state.finish_order),  # crews that restored their ship, in order
            "fleet": [SHIP_NAMES[s] for s in range(state.fleet)],
            "phase1_seconds": state.phase1_seconds,
            "captains_table": state.options.captains_table,  # open or not [D-20]
            # the phase-1 timer's clock, while it runs (the server's frames say its time left)
            "phase1_clock": PHASE1_CLOCK if phase1_timed(state) else None,
            "round": state.round,
            "rounds": len(state.crews),
            "placing": placer(state),
        }

    def board(self, index: int) -> dict[str, Any]:
        """A crew's board, whole."""
        if index not in self.boards:
            self.boards[index] = board(self.state, index)
        return self.boards[index]

    def record(self, index: int) -> dict[str, Any]:
        """A closed vote whole, for its audience."""
        record: dict[str, Any] = encode_record(self.state.votes_log[index])  # kept for later steps
        return record

    def outcome(self, index: int) -> dict[str, Any]:
        """A closed vote without its ballots and audience, for those merely told."""
        return {k: v for k, v in self.record(index).items() if k not in ("ballots", "audience")}

    def tally(self, index: int) -> dict[str, Any]:
        """A closed vote's outcome with its counts, for its audience: how many chose each
        candidate (for a motion, no and yes) and how many abstained or did not answer."""
        ballots = self.state.votes_log[index].ballots.values()
        return {**self.outcome(index), "counts": ballot_counts(ballots)}

    def message(self, index: int) -> dict[str, Any]:
        if index not in self.messages:
            encoded = encode_record(self.state.messages[index])
            self.messages[index] = {k: v for k, v in encoded.items() if k != "readers"}
        return self.messages[index]

    @cached_property
    def history(self) -> Any:
        return [encode_record(revealed) for revealed in self.state.history]

    @cached_property
    def depositions(self) -> Any:
        return [encode_record(deposition) for deposition in self.state.depositions]

    @cached_property
    def over(self) -> dict[str, Any]:
        """The results, once the session is over."""
        state = self.state
        outcome = objectives(state)
        # Who won each objective [D-24]: as data (crews, seats) for screens in any language,
        # and as sentences.
        won = winners(state, outcome)
        return {
            "ships": owners(state),
            "outcome": outcome,
            "winners": won,
            "results": [entry["text"] for entry in won],
        }


def seat_views(state: CiurmeState, seats: list[int | None]) -> dict[int | None,
                                                                  dict[str, Any]]:
    """The views of several seats of one state, their public parts built once (and shared:
    the views are to be read, never changed)."""
    public = Public(state)
    return {seat: seat_view(state, seat, public) for seat in seats}


def seat_view(state: CiurmeState, seat: int | None,
              public: Public | None = None) -> dict[str, Any]:
    shared = public or Public(state)
    mine = state.crew_of(seat) if seat is not None and seat < state.players else None
    boards = tuple(i for i in range(len(state.crews)) if knows_board(state, seat, i))
    read = tuple(k for k, m in enumerate(state.messages) if reads(state, seat, m))
    out: dict[str, Any] = {
        "seat": seat,
        "role": role(state, seat),
        "my_crew": mine,
        "stage": state.stage,
        **shared.common,
        "stamps": [
            {"crew": c, "ship": ship, "value": v if knows_stamp(state, seat, s) else None}
            for s in state.stamps
            for c, v, ship, _ in [s]
        ],
        "history": shared.history,
        "depositions": shared.depositions,
        "boards": shared.alike("boards", boards,
                               lambda: {str(i): shared.board(i) for i in boards}),
        "preferences": {
            str(i): [c.favourite, c.second]
            for i, c in enumerate(state.crews)
            if knows_preferences(state, seat, c)
        },
        "hands": {
            str(i): list(state.hands[i])
            for i in range(len(state.hands))
            if knows_hand(state, seat, i)
        },
        "votes": open_votes(state, seat),
        "votes_closed": closed_votes(state, seat, public),
        "messages": shared.alike("messages", read, lambda: [shared.message(k) for k in read]),
        # Where the seat may write now, exactly as the rules allow (a sailor never sees a way
        # to write to the captain); the facilitator's room, crew and direct need a recipient.
        "channels": (
            open_channels(state, seat) if seat is not None and seat < state.players else []
        ),
        "messages_left": (
            state.options.message_budget - state.spoken[seat] if seat is not None else 0
        ),
    }
    if state.stage == Stage.OVER:
        out.update(shared.over)
    return out


def ship_repairs(state: CiurmeState) -> dict[str, int]:
    """The repairs a ship needs in a crew of five and of four, and how many of the latter the
    automaton owes [D-16]."""
    load = state.options.automaton_load
    return {"five": len(MEEPLE_COLOURS) * LOAD, "four": 4 * LOAD + load, "automaton": load}


def rules_summary(state: CiurmeState) -> str:
    """The rules every player reads before phase 1, with the repairs these options need."""
    repairs = ship_repairs(state)
    load = repairs["automaton"]
    automaton = (
        f"{load} of them owed by the automaton, which only help can give" if load
        else "the automaton owes none"
    )
    return RULES_SUMMARY.format(five=repairs["five"], four=repairs["four"], automaton=automaton)


def public_crew(state: CiurmeState, index: int) -> dict[str, Any]:
    """What everybody sees of a crew: progress, offices, sheet."""
    crew = state.crews[index]
    return {
        "colour": CREW_COLOURS[index],
        "members": list(crew.members),
        "repairs": len(crew.pieces),
        "repairs_needed": repairs_needed(state, crew),
        "finished": crew.finished_turns is not None,
        "stopped": crew.stopped,
        "captain": crew.captain,
        "quartermaster": crew.quartermaster,
        "preferences_chosen": crew.second is not None,
        "points": list(crew.points),
        "stamps_left": len(state.hands[index]) if state.hands else 0,
        "election": public_election(crew.vote),
    }


def public_election(vote: Vote | None) -> dict[str, Any] | None:
    """An election under way, as the room's projector shows it: its topic and how many have
    answered, no more. A lifeboat vote is the crew's board and a motion to depose the crew's
    secret [D-23]: neither is public."""
    if vote is None or vote.topic not in ELECTIONS:
        return None
    return {"topic": vote.topic, "runoff": vote.runoff,
            "answered": sum(b != NOT_CAST for b in vote.ballots), "voters": len(vote.voters),
            "awaiting_facilitator": vote.awaiting_facilitator}


def board(state: CiurmeState, index: int) -> dict[str, Any]:
    """A crew's phase-1 board, whole."""
    crew = state.crews[index]
    targets = [*crew.members] + ([AUTOMATON] if crew.automaton else [])
    return {
        "meeples": {str(s): c for s, c in zip(crew.members, crew.meeples, strict=True)},
        "automaton": crew.automaton,
        "places": {str(s): p for s, p in zip(crew.members, crew.place, strict=True)},
        "dock": crew.dock,
        "first": crew.members[crew.first],
        "active": crew.members[crew.active],
        "step": crew.step,
        "own_wood": {str(s): w for s, w in zip(crew.members, crew.own_wood, strict=True)},
        "light_blue": crew.light_blue,
        "neutral": crew.neutral,
        "common_pile": sorted(crew.common_pile),
        "transported": sorted(crew.transported),
        "pieces": [list(p) for p in crew.pieces],
        "loads": {str(t): [load(crew, t), owed(state, crew, t)] for t in targets},
        "repairs_by": {str(s): repairs_by(crew, s) for s in crew.members},
        "turns": crew.turns,
        "rounds": crew.rounds,
    }


def ballot_counts(ballots: Iterable[int]) -> dict[str, int]:
    """How many ballots chose each candidate (by its number), and the abstentions."""
    counts: dict[str, int] = {}
    for ballot in ballots:
        key = str(ballot) if ballot >= 0 else "abstained"
        counts[key] = counts.get(key, 0) + 1
    return counts


def open_votes(state: CiurmeState, seat: int | None) -> list[dict[str, Any]]:
    out = []
    for i, crew in enumerate(state.crews):
        vote = crew.vote
        if vote is None or not _sees_vote(state, seat, crew):
            continue
        ballots_known = knows_vote_ballots(state, seat, crew)
        entry: dict[str, Any] = {
            "crew": i,
            "topic": vote.topic,
            "runoff": vote.runoff,
            "candidates": list(vote.candidates),
            "voters": list(vote.voters),
            "answered": sum(b != NOT_CAST for b in vote.ballots),
            "awaiting_facilitator": vote.awaiting_facilitator,
            "seconds": vote.seconds,  # its timer, from its opening [D-21]
            "clock": vote_clock(vote),  # whose time left the server's frames say
        }
        if knows_who_answered(state, seat, vote):
            entry["cast"] = [b != NOT_CAST for b in vote.ballots]
            entry["proposer"] = vote.proposer
        if ballots_known:
            entry["ballots"] = list(vote.ballots)
        elif seat in vote.voters:
            entry["my_ballot"] = vote.ballots[vote.voters.index(seat)]
        out.append(entry)
    return out


def _sees_vote(state: CiurmeState, seat: int | None, crew: Crew) -> bool:
    """An open vote is seen by the facilitator and its crew; the wishes and a motion to depose
    by the crew without its captain [D-8] [D-23]."""
    if seat == state.facilitator:
        return True
    if seat is None or seat not in crew.members or crew.vote is None:
        return False
    if crew.vote.topic in CREW_WITHOUT_CAPTAIN:
        return seat in without_captain(crew)
    return True


# Votes of the crew without its captain.
CREW_WITHOUT_CAPTAIN = (*PREFERENCES, Topic.DEPOSITION)
SECRET_BALLOTS = (*ELECTIONS, Topic.DEPOSITION)


# --- secrets ------------------------------------------------------------------------------------
def hidden(state: CiurmeState, seat: int | None) -> Any:
    if seat == state.facilitator:
        return None
    out: dict[str, Any] = {
        "stamp_values": [
            s[1] for s in state.stamps if not knows_stamp(state, seat, s)
        ],
        "hands": [
            list(h) for i, h in enumerate(state.hands) if not knows_hand(state, seat, i)
        ],
        "preferences": [
            [c.favourite, c.second]
            for c in state.crews
            if not knows_preferences(state, seat, c)
        ],
        "ballots": [
            list(c.vote.ballots)
            for c in state.crews
            if c.vote is not None and c.vote.topic in SECRET_BALLOTS
            and not knows_vote_ballots(state, seat, c)
        ],
        # Who raised a motion to depose and who has answered it [D-23].
        "answered": [
            [b != NOT_CAST for b in c.vote.ballots]
            for c in state.crews
            if c.vote is not None and not knows_who_answered(state, seat, c.vote)
        ],
        # A closed vote's ballots, which only the facilitator reads.
        "closed_ballots": [dict(r.ballots) for r in state.votes_log],
        # A motion to depose is unknown to the captain and to other crews [D-23].
        "motions": [
            i for i, c in enumerate(state.crews)
            if c.vote is not None and c.vote.topic == Topic.DEPOSITION
            and not _sees_vote(state, seat, c)
        ],
        "messages": [m.text for m in state.messages if not reads(state, seat, m)],
        # Who is who on another crew's board: see _relabel_board.
        "boards": [
            _copy_board(state.crews[i])
            for i in range(len(state.crews))
            if not knows_board(state, seat, i)
        ],
    }
    return out


def determinize(state: CiurmeState, seat: int | None, rng: Rng) -> CiurmeState:
    copy = state.clone()
    if seat == state.facilitator:
        return copy
    _resample_stamps(copy, seat, rng)
    copy.votes_log = [_reshuffled_record(record, rng) for record in copy.votes_log]
    for index, crew in enumerate(copy.crews):
        if not knows_board(copy, seat, index):
            _relabel_board(copy, index, rng)
        if not knows_preferences(copy, seat, crew):
            _resample_preferences(copy, crew, rng)
        vote = crew.vote
        if vote is None or knows_vote_ballots(copy, seat, crew):
            continue
        if vote.topic == Topic.DEPOSITION and not _sees_vote(copy, seat, crew):
            crew.vote = None  # the captain and other crews know nothing of it [D-23]
        elif vote.topic == Topic.DEPOSITION:
            _resample_motion(vote, seat, rng)
            if not knows_who_answered(copy, seat, vote):
                _reshuffle_answers(vote, seat, rng)
        elif vote.topic in ELECTIONS:
            for k, ballot in enumerate(vote.ballots):
                if ballot >= 0 and vote.voters[k] != seat:
                    vote.ballots[k] = rng.choice(vote.candidates)
    copy.messages = [
        m if reads(copy, seat, m) else replace(m, text=rng.choice(GUESSED_MESSAGES))
        for m in copy.messages
    ]
    return copy


# The per-member parts of a board, which another crew's seat cannot see.
BOARD_SECRETS = ("meeples", "own_wood", "place_turns", "reached_at", "pieces")


def _copy_board(crew: Crew) -> dict[str, Any]:
    return {k: [list(v) if isinstance(v, list) else v for v in getattr(crew, k)]
            for k in BOARD_SECRETS}


def _relabel_board(state: CiurmeState, index: int, rng: Rng) -> None:
    """Another crew's board as the seat may picture it: its progress is public, but not which
    member holds which wood, made which repairs or spent which turns where. Members standing on
    the same place swap all of that at random. Fixed: the active member (its step depends on its
    load) and whoever was ever captain (the captain is public and follows from the repairs).
    The crew-level layout (dock, piles, supplies) is kept: it follows the public progress closely
    and no decision outside that crew depends on it."""
    crew = state.crews[index]
    fixed = {crew.captain, *(
        s for d in state.depositions if d.crew == index for s in (d.deposed, d.captain)
    )}
    if state.stage in (Stage.BRIEFING, Stage.PHASE1):
        fixed.add(crew.members[crew.active])
    mapping = {m: m for m in crew.members}
    for place in set(crew.place):
        group = [m for m, p in zip(crew.members, crew.place, strict=True)
                 if p == place and m not in fixed]
        for old, new in zip(group, rng.sample(group, len(group)), strict=True):
            mapping[old] = new
    position = {m: i for i, m in enumerate(crew.members)}
    before = _copy_board(crew)
    for key in ("meeples", "own_wood", "place_turns", "reached_at"):
        relabelled = list(before[key])  # new lists: a clone shares some with the original
        for old, new in mapping.items():
            relabelled[position[new]] = before[key][position[old]]
        setattr(crew, key, relabelled)
    crew.pieces = [
        (mapping[by], colour, mapping.get(target, target)) for by, colour, target in crew.pieces
    ]


def _resample_stamps(state: CiurmeState, seat: int | None, rng: Rng) -> None:
    """A captain's four values are a permutation: what the seat does not know of a crew's
    placed stamps and hand is reshuffled among those unknown places."""
    for index in range(len(state.hands)):
        unknown = [
            k for k, s in enumerate(state.stamps)
            if s[0] == index and not knows_stamp(state, seat, s)
        ]
        hand_hidden = not knows_hand(state, seat, index)
        pool = [state.stamps[k][1] for k in unknown] + (state.hands[index] if hand_hidden else [])
        rng.shuffle(pool)
        for k in unknown:
            crew, _, ship, placer_seat = state.stamps[k]
            state.stamps[k] = (crew, pool.pop(), ship, placer_seat)
        if hand_hidden:
            state.hands[index] = sorted(pool)


def _resample_motion(vote: Vote, seat: int | None, rng: Rng, tries: int = 20) -> None:
    """The secret answers to a motion to depose, redrawn (the proposer's yes and the seat's own
    answer kept) so that the motion is still undecided, as it is."""
    redrawn = [
        k for k, ballot in enumerate(vote.ballots)
        if ballot != NOT_CAST and vote.voters[k] not in (seat, vote.proposer)
    ]
    before = list(vote.ballots)
    for _ in range(tries):
        for k in redrawn:
            vote.ballots[k] = rng.choice((YES, NO))
        if motion_outcome(vote) is None:
            return
    vote.ballots = before


def _reshuffled_record(record: VoteRecord, rng: Rng) -> VoteRecord:
    """A closed vote as a seat that read only its counts may picture it: the same ballots,
    dealt to its voters in another order."""
    values = list(record.ballots.values())
    if len(set(values)) < 2:
        return record
    rng.shuffle(values)
    return replace(record, ballots=dict(zip(record.ballots, values, strict=True)))


def _reshuffle_answers(vote: Vote, seat: int | None, rng: Rng) -> None:
    """Who, besides the seat, has answered a motion to depose (and so who raised it), drawn
    again among the other voters; the count and the seat's own answer kept [D-23]."""
    others = [k for k, voter in enumerate(vote.voters) if voter != seat]
    answers = [vote.ballots[k] for k in others]
    rng.shuffle(answers)
    for k, ballot in zip(others, answers, strict=True):
        vote.ballots[k] = ballot
    vote.proposer = next((vote.voters[k] for k in others if vote.ballots[k] == YES),
                         vote.proposer)


def _resample_preferences(state: CiurmeState, crew: Crew, rng: Rng) -> None:
    if crew.favourite is not None:
        ships = list(range(state.fleet))
        crew.favourite = rng.choice(ships)
        if crew.second is not None:
            crew.second = rng.choice([s for s in ships if s != crew.favourite])
    vote = crew.vote
    if vote is not None and vote.topic == Topic.SECOND and crew.favourite is not None:
        vote.candidates = [s for s in range(state.fleet) if s != crew.favourite]
        vote.ballots = [
            b if b < 0 else rng.choice(vote.candidates) for b in vote.ballots
        ]
