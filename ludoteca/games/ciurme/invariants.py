"""What a valid session is, beyond its fields' types and ranges: the checks `from_json` runs on a
document from outside (an edited file, a database row) before anyone plays it.

The crews seat every player once, as the options say; per-crew lists have one item per member;
the wood of every colour is conserved (held, in a pile, or in the ship); so are the stamps (in a
hand or on a ship); every reference to a seat, crew, ship or member exists; the stage agrees with
the crews' offices and votes, and the session can go on (nobody is left waiting for something
that cannot happen).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from ludoteca.engine.codec import InvalidData, encode
from ludoteca.engine.options import parse_options
from ludoteca.games.ciurme.data import (
    AUTOMATON,
    FLAGSHIP,
    FLAGSHIP_BONUS,
    LIFEBOAT,
    LIGHT_BLUE,
    LIGHT_BLUE_SUPPLY,
    LOAD,
    MEEPLE_COLOURS,
    NEUTRAL,
    NEUTRAL_SUPPLY,
    WOOD_PER_PLAYER,
    WRECK,
    Channel,
    Wood,
)
from ludoteca.games.ciurme.options import CiurmeOptions
from ludoteca.games.ciurme.rules.assembly import stamps_per_round
from ludoteca.games.ciurme.rules.briefing import fleet_size, form_crews
from ludoteca.games.ciurme.rules.loads import restored
from ludoteca.games.ciurme.rules.race import playing
from ludoteca.games.ciurme.rules.roles import without_captain
from ludoteca.games.ciurme.rules.votes import motion_outcome
from ludoteca.games.ciurme.state import (
    ABSTAINED,
    ELECTIONS,
    MOTIONS,
    NO,
    NOT_CAST,
    PREFERENCES,
    UNPICKED,
    YES,
    CiurmeState,
    ClosedBy,
    Crew,
    Stage,
    Step,
    Topic,
    Vote,
)

BEFORE_OFFICES = (Stage.BRIEFING, Stage.PHASE1)


def require(condition: bool, message: str, path: str) -> None:
    if not condition:
        raise InvalidData(message, path)


def distinct(values: Iterable[Any]) -> bool:
    items = list(values)
    return len(set(items)) == len(items)


def check_state(state: CiurmeState) -> None:
    try:
        parse_options(CiurmeOptions, encode(state.options))
    except InvalidData as exc:
        raise InvalidData(str(exc), "options") from None
    check_seating(state)
    for index, crew in enumerate(state.crews):
        check_crew(state, index, crew)
    check_race(state)
    check_assembly(state)
    check_logs(state)


# --- the seating --------------------------------------------------------------------------------
def check_seating(state: CiurmeState) -> None:
    """The crews are the ones the options form for this number of players, and the fleet too."""
    try:
        expected = form_crews(state.players, state.options.crews)
    except ValueError as exc:
        raise InvalidData(str(exc), "options.crews") from None
    require(
        [crew.members for crew in state.crews] == expected,
        f"the crews must seat the {state.players} players as the options say: {expected}",
        "crews",
    )
    fleet = fleet_size(len(state.crews), state.options.fleet_size)
    require(state.fleet == fleet, f"the fleet has {fleet} ships", "fleet")
    require(len(state.spoken) == state.players + 1, "one count per seat", "spoken")
    numbers = [c.vote.number for c in state.crews if c.vote is not None]
    require(distinct(numbers), "each open vote its own number (its clock)", "crews")


# --- a crew -------------------------------------------------------------------------------------
def check_crew(state: CiurmeState, index: int, crew: Crew) -> None:
    path = f"crews[{index}]"
    n = len(crew.members)
    for name in ("meeples", "place", "own_wood", "place_turns", "reached_at"):
        require(len(getattr(crew, name)) == n, f"one item per member ({n})", f"{path}.{name}")
    require(crew.first < n and crew.active < n, "a member of the crew", f"{path}.active")
    check_meeples(state, crew, path)
    check_wood(crew, path)
    check_pieces(state, crew, path)
    check_turn(state, crew, path)
    check_offices(state, crew, path)
    if crew.vote is not None:
        check_vote(state, crew, crew.vote, f"{path}.vote")
    require(len(crew.points) == state.fleet, "one count per ship", f"{path}.points")
    for ship in (crew.favourite, crew.second):
        require(ship is None or ship < state.fleet, "a ship of the fleet", f"{path}.favourite")
    require(
        crew.second is None or (crew.favourite is not None and crew.second != crew.favourite),
        "the second favourite follows a different favourite",
        f"{path}.second",
    )
    require(
        set(crew.motions_used) <= set(crew.members) and distinct(crew.motions_used),
        "members, once each",
        f"{path}.motions_used",
    )
    require(crew.relayed <= state.period, "a period already begun", f"{path}.relayed")
    require(
        all(tick <= state.tick for tick in crew.reached_at), "a tick already past",
        f"{path}.reached_at",
    )


def check_meeples(state: CiurmeState, crew: Crew, path: str) -> None:
    picked = [m for m in crew.meeples if m != UNPICKED]
    require(
        all(m in MEEPLE_COLOURS for m in picked) and distinct(picked),
        "meeple colours, each once",
        f"{path}.meeples",
    )
    if state.stage == Stage.BRIEFING:
        require(crew.automaton is None, "known when phase 1 starts", f"{path}.automaton")
        return
    require(len(picked) == len(crew.members), "everybody has a meeple", f"{path}.meeples")
    left = [c for c in MEEPLE_COLOURS if c not in picked]
    automaton = left[0] if left else None
    require(crew.automaton == automaton, f"the meeple left over: {automaton}", f"{path}.automaton")


def wood_counts(crew: Crew) -> Counter[Wood]:
    """The wood out of the players' hands and the supplies: in a pile or in the ship."""
    return Counter([*crew.common_pile, *crew.transported, *(c for _, c, _ in crew.pieces)])


def check_wood(crew: Crew, path: str) -> None:
    """Every piece is somewhere: held, in the supply, in a pile, or used on the ship."""
    counts = wood_counts(crew)
    owners = {colour: i for i, colour in enumerate(crew.meeples) if colour != UNPICKED}
    for colour, used in counts.items():
        if colour == LIGHT_BLUE:
            require(crew.light_blue + used == LIGHT_BLUE_SUPPLY, "light-blue wood is conserved",
                    f"{path}.light_blue")
        elif colour == NEUTRAL:
            require(crew.neutral + used == NEUTRAL_SUPPLY, "neutral wood is conserved",
                    f"{path}.neutral")
        else:
            require(colour in owners, f"no member plays {colour}", f"{path}.pieces")
            held = crew.own_wood[owners[colour]]
            require(held + used == WOOD_PER_PLAYER, f"{colour} wood is conserved",
                    f"{path}.own_wood")
    for colour, member in owners.items():
        if colour not in counts:
            require(crew.own_wood[member] == WOOD_PER_PLAYER, f"{colour} wood is conserved",
                    f"{path}.own_wood")
    if LIGHT_BLUE not in counts:
        require(crew.light_blue == LIGHT_BLUE_SUPPLY, "light-blue wood is conserved",
                f"{path}.light_blue")
    if NEUTRAL not in counts:
        require(crew.neutral == NEUTRAL_SUPPLY, "neutral wood is conserved", f"{path}.neutral")
    if UNPICKED in crew.meeples:
        require(crew.own_wood == [WOOD_PER_PLAYER] * len(crew.members),
                "nobody produces before phase 1", f"{path}.own_wood")
    require(crew.produced == {c: k for c, k in counts.items() if k}, "the wood produced so far",
            f"{path}.produced")


def check_pieces(state: CiurmeState, crew: Crew, path: str) -> None:
    members = set(crew.members)
    targets = members | ({AUTOMATON} if crew.automaton is not None else set())
    helps = [(by, aimed) for by, _, aimed in crew.pieces if by != aimed]
    for by, _, aimed in crew.pieces:
        require(by in members and aimed in targets, "by and for the crew's members",
                f"{path}.pieces")
    require(distinct(helps), "each mate helped at most once by each player", f"{path}.pieces")
    own = Counter(by for by, _, aimed in crew.pieces if by == aimed)
    require(all(k <= LOAD for k in own.values()), f"at most {LOAD} repairs for oneself",
            f"{path}.pieces")


def check_turn(state: CiurmeState, crew: Crew, path: str) -> None:
    require(crew.dock != LIFEBOAT, "the lifeboat docks at the island or the wreck",
            f"{path}.dock")
    require(crew.rounds <= state.options.phase1_max_rounds, "within the session clock",
            f"{path}.rounds")
    if crew.step == Step.STEER:
        require(crew.place[crew.active] == LIFEBOAT, "the active player is aboard",
                f"{path}.step")
    if crew.step == Step.REPAIR and playing(crew):  # a crew's last repair may empty the pile
        require(crew.place[crew.active] == WRECK and bool(crew.transported),
                "the active player is on the wreck, with wood to repair with", f"{path}.step")
    index = state.crews.index(crew)
    finished = crew.finished_turns is not None
    require(finished == (index in state.finish_order), "finished crews are in the finishing order",
            f"{path}.finished_turns")
    require(crew.finished_turns is None
            or (restored(state, crew) and crew.finished_turns <= crew.turns),
            "only a restored ship finishes", f"{path}.finished_turns")
    if state.stage == Stage.PHASE1:
        require(finished or not restored(state, crew), "a restored ship finishes",
                f"{path}.finished_turns")


def check_offices(state: CiurmeState, crew: Crew, path: str) -> None:
    for name in ("captain", "quartermaster"):
        seat = getattr(crew, name)
        require(seat is None or seat in crew.members, "a member of the crew", f"{path}.{name}")
    if state.stage in BEFORE_OFFICES:
        require(crew.captain is None and crew.quartermaster is None, "chosen after phase 1",
                f"{path}.captain")
        return
    require(crew.captain is not None, "every crew has its captain after phase 1",
            f"{path}.captain")
    require(crew.captain != crew.quartermaster, "the captain is not the quartermaster",
            f"{path}.quartermaster")
    electing = crew.vote is not None and crew.vote.topic == Topic.QUARTERMASTER
    if state.stage in (Stage.OFFICES, Stage.ASSEMBLY):
        require((crew.quartermaster is None) == electing,
                "a crew has a quartermaster or is electing one", f"{path}.quartermaster")


# --- a vote -------------------------------------------------------------------------------------
def check_vote(state: CiurmeState, crew: Crew, vote: Vote, path: str) -> None:
    allowed = {
        Stage.PHASE1: (Topic.LIFEBOAT,),
        Stage.OFFICES: (Topic.QUARTERMASTER,),
        Stage.ASSEMBLY: (*ELECTIONS, Topic.DEPOSITION),
        Stage.OVER: (*ELECTIONS, Topic.DEPOSITION),
    }.get(state.stage, ())
    require(vote.topic in allowed, f"no {vote.topic} vote in the {state.stage} stage",
            f"{path}.topic")
    require(distinct(vote.voters) and set(vote.voters) <= set(crew.members),
            "members of the crew, once each", f"{path}.voters")
    require(len(vote.ballots) == len(vote.voters), "one ballot per voter", f"{path}.ballots")
    require(distinct(vote.candidates), "each candidate once", f"{path}.candidates")
    # Once the facilitator is to decide, the candidates are the tied leaders only.
    marks = {NOT_CAST, ABSTAINED}
    require(vote.awaiting_facilitator
            or all(b in vote.candidates or b in marks for b in vote.ballots),
            "a candidate, or no vote", f"{path}.ballots")
    require(vote.proposer is None or vote.proposer in crew.members, "a member of the crew",
            f"{path}.proposer")
    require(0 < vote.number <= state.votes_opened, "a vote the session opened", f"{path}.number")
    electorate = expected_electorate(state, crew, vote)
    require(sorted(vote.voters) == sorted(electorate), f"the electorate is {electorate}",
            f"{path}.voters")
    if vote.topic == Topic.LIFEBOAT:
        require(vote.proposer == crew.members[crew.active] and crew.step == Step.STEER,
                "proposed by the player whose turn it is, aboard", f"{path}.proposer")
    if vote.topic in MOTIONS:
        require(vote.candidates == [NO, YES] and not vote.runoff and not vote.awaiting_facilitator,
                "a yes/no motion", f"{path}.candidates")
        require(motion_outcome(vote) is None and NOT_CAST in vote.ballots
                and ABSTAINED not in vote.ballots,
                "an open motion waits for an answer", f"{path}.ballots")
        return
    require(bool(vote.candidates) and set(vote.candidates) <= set(eligible(state, crew, vote)),
            "eligible candidates", f"{path}.candidates")
    require(vote.awaiting_facilitator or NOT_CAST in vote.ballots,
            "an open election waits for a ballot or for the facilitator", f"{path}.ballots")
    require(not vote.awaiting_facilitator or vote.runoff, "the facilitator decides a run-off",
            f"{path}.awaiting_facilitator")


def expected_electorate(state: CiurmeState, crew: Crew, vote: Vote) -> list[int]:
    if vote.topic == Topic.LIFEBOAT:
        aboard = [m for m, p in zip(crew.members, crew.place, strict=True) if p == LIFEBOAT]
        return [m for m in aboard if m != vote.proposer]
    if vote.topic == Topic.QUARTERMASTER:
        return list(crew.members)
    return without_captain(crew)


def eligible(state: CiurmeState, crew: Crew, vote: Vote) -> list[int]:
    if vote.topic == Topic.QUARTERMASTER:
        return without_captain(crew)
    if vote.topic == Topic.SECOND:
        return [s for s in range(state.fleet) if s != crew.favourite]
    return list(range(state.fleet))


# --- the race and the stage ---------------------------------------------------------------------
def check_race(state: CiurmeState) -> None:
    crews = range(len(state.crews))
    require(distinct(state.finish_order) and set(state.finish_order) <= set(crews),
            "crews, once each", "finish_order")
    require(state.played_on <= len(state.finish_order), "no more than the crews finished",
            "played_on")
    before = state.stage in BEFORE_OFFICES
    require((state.closed_by == ClosedBy.OPEN) == before, "phase 1 closes once", "closed_by")
    if before:
        require(not state.ranking, "ranked when phase 1 closes", "ranking")
    else:
        require(sorted(state.ranking) == list(crews)
                and state.ranking[: len(state.finish_order)] == state.finish_order,
                "every crew, the finishers first", "ranking")
    if state.stage == Stage.PHASE1:
        require(any(playing(c) for c in state.crews), "phase 1 closes when no crew plays",
                "stage")
        require(all(c.vote is None or c.vote.topic == Topic.LIFEBOAT for c in state.crews),
                "only lifeboat votes in phase 1", "crews")
    if state.stage == Stage.BRIEFING:
        require(all(not c.pieces and c.rounds == 0 and c.turns == 0 for c in state.crews),
                "nothing happens on the boards before phase 1", "crews")


# --- the Assembly -------------------------------------------------------------------------------
def check_assembly(state: CiurmeState) -> None:
    crews = len(state.crews)
    started = state.stage in (Stage.ASSEMBLY, Stage.OVER) and state.round > 0
    if state.stage not in (Stage.ASSEMBLY, Stage.OVER):
        require(state.round == 0 and not state.history, "the Assembly has not begun", "round")
    if state.stage == Stage.OVER:
        require(state.round == crews, "as many rounds as crews", "round")
    if state.stage == Stage.ASSEMBLY and state.round == 0:
        require(any(c.second is None for c in state.crews),
                "round 1 starts once every crew has chosen its ships", "round")
        for i, crew in enumerate(state.crews):
            choosing = crew.vote is not None and crew.vote.topic in PREFERENCES
            require(crew.second is not None or choosing, "the crew is choosing its ships",
                    f"crews[{i}].vote")
    if not started:
        require(not state.order and not state.stamps and not state.hands and state.placing == 0,
                "no round is running", "order")
        check_points(state)
        return
    require(all(c.second is not None for c in state.crews), "every crew has chosen its ships",
            "crews")
    require(len(state.history) == state.round - (state.stage == Stage.ASSEMBLY),
            "one record per revealed round", "history")
    require(sorted(state.order) == list(range(crews)), "every crew once", "order")
    require(len(state.hands) == crews, "one hand per crew", "hands")
    if state.stage == Stage.ASSEMBLY:
        require(state.placing == len(state.stamps) < stamps_per_round(state),
                "the stamps placed this round", "placing")
    for k, (placer, _, _, _) in enumerate(state.stamps):
        require(placer == state.order[k % crews], "placed in turn", f"stamps[{k}]")
    if state.stage == Stage.OVER:  # the last reveal: every stamp was placed
        require(not state.stamps and not any(state.hands), "every stamp was placed", "hands")
    else:
        for i, hand in enumerate(state.hands):
            placed = [value for placer, value, _, _ in state.stamps if placer == i]
            require(sorted(hand + placed) == sorted(state.options.variant.stamps),
                    "every stamp is in its captain's hand or on a ship", f"hands[{i}]")
    check_stamps(state, state.stamps, "stamps")
    check_points(state)


def check_stamps(state: CiurmeState, stamps: Iterable[Any], path: str) -> None:
    for k, (crew, _, ship, seat) in enumerate(stamps):
        require(crew < len(state.crews) and ship < state.fleet
                and seat in state.crews[crew].members,
                "a crew, a ship of the fleet, and a member who placed it", f"{path}[{k}]")


def check_points(state: CiurmeState) -> None:
    """The squares on the sheets are the flagship bonus plus the points of the reveals."""
    expected = [[0] * state.fleet for _ in state.crews]
    if state.stage in (Stage.ASSEMBLY, Stage.OVER):
        expected[state.ranking[0]][FLAGSHIP] += FLAGSHIP_BONUS
    for r, revealed in enumerate(state.history):
        where = f"history[{r}]"
        require(revealed.round == r + 1, f"round {r + 1}", where)
        require(sorted(revealed.order) == list(range(len(state.crews))), "every crew once",
                f"{where}.order")
        check_stamps(state, revealed.stamps, f"{where}.stamps")
        for gainer, ship, gained in revealed.points:
            require(gainer < len(state.crews) and ship < state.fleet, "a crew and a ship",
                    f"{where}.points")
            expected[gainer][ship] += gained
    for i, crew in enumerate(state.crews):
        require(crew.points == expected[i], "the squares the reveals gave", f"crews[{i}].points")


# --- the logs -----------------------------------------------------------------------------------
def check_logs(state: CiurmeState) -> None:
    seats = range(state.players + 1)
    crews = range(len(state.crews))
    for k, message in enumerate(state.messages):
        where = f"messages[{k}]"
        require(message.author in seats and state.crew_of(message.author) == message.crew,
                "its author and the author's crew", where)
        require(set(message.readers) <= set(seats)
                and {message.author, state.players} <= set(message.readers),
                "seats, the author and the facilitator among them", f"{where}.readers")
        require(message.period <= state.period, "a period already begun", f"{where}.period")
        if message.to is not None:
            limit = len(state.crews) if message.channel == Channel.CREW else state.players
            require(message.author == state.players and message.to < limit,
                    "the facilitator writes to a crew or a person of the session", f"{where}.to")
    for k, record in enumerate(state.votes_log):
        where = f"votes_log[{k}]"
        require(record.crew in crews, "a crew", where)
        voters = {str(m) for m in state.crews[record.crew].members}
        require(set(record.ballots) <= voters, "ballots of the crew's members",
                f"{where}.ballots")
        require(set(record.audience) <= set(seats), "seats", f"{where}.audience")
    for k, deposition in enumerate(state.depositions):
        where = f"depositions[{k}]"
        members = state.crews[deposition.crew].members if deposition.crew in crews else []
        require(deposition.deposed in members and deposition.captain in members
                and deposition.round <= state.round, "members of the crew, in a round played",
                where)
