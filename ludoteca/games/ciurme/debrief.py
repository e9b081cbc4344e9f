"""The facilitator's debrief, in players' words: per crew, whose wood repaired the ship, who helped
whom, the turns spent on each place, the votes, the depositions and the crew's talk; then the
Assembly's stamps and points, the objectives, and the room's chat.

"At the end the facilitator gets, per crew: who produced the wood that was used and by whom (a
matrix by colour), who helped whom (a graph), turns spent on each place, the election votes, each
round's stamps and points, depositions, and objectives won." In English or Italian
(debrief_words.py); players are named by the names they chose in the room (else as "Player 3
(red)"), crews by number, ships by their names, votes in words; every picture has axis titles
and a text alternative. `data` keeps the raw figures for export.

The room's version (audience ROOM), which the facilitator may hand to everybody after the
session, keeps every secret: votes by their counts and outcome (never who voted what), no
motion to depose that failed (other crews learn nothing of the attempt [D-23]), and of the talk
only what the facilitator said to the whole room.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ludoteca.engine.codec import encode
from ludoteca.engine.debrief import (
    AUDIENCES,
    FACILITATOR,
    ROOM,
    Bars,
    Cell,
    Debrief,
    Edge,
    Graph,
    Heatmap,
    Log,
    Node,
    Part,
    Table,
)
from ludoteca.games.ciurme.data import (
    AUTOMATON,
    CREW_COLOURS,
    FLAGSHIP,
    LIGHT_BLUE,
    NEUTRAL,
    PLACES,
    Channel,
)
from ludoteca.games.ciurme.debrief_words import Words
from ludoteca.games.ciurme.result import winners
from ludoteca.games.ciurme.rules.loads import repairs_by, repairs_needed
from ludoteca.games.ciurme.rules.objectives import objectives, owners
from ludoteca.games.ciurme.rules.offices import phase1_captain, phase1_quartermaster
from ludoteca.games.ciurme.state import (
    ABSTAINED,
    MOTIONS,
    NOT_CAST,
    YES,
    CiurmeState,
    ClosedBy,
    Crew,
    Message,
    Outcome,
    Stage,
    Topic,
    VoteRecord,
)


def debrief(state: CiurmeState, language: str = "en",
            names: Mapping[int, str] | None = None, audience: str = FACILITATOR) -> Debrief:
    """The debrief in `language` (see debrief_words.LANGUAGES), naming seats by `names` (the
    room's) where given, for `audience`: the facilitator's whole, or the room's (see above)."""
    if audience not in AUDIENCES:
        raise ValueError(f"a debrief is for {' or '.join(AUDIENCES)}, not {audience!r}")
    say = Words(state, language, names)
    room = audience == ROOM
    over = state.stage == Stage.OVER
    outcome = objectives(state) if over else None
    summary = [phase1_summary(say)]
    if outcome is not None:
        summary += objective_lines(say, outcome)
    parts = [crew_part(say, i, room) for i in range(len(state.crews))]
    if state.history:
        parts.append(assembly_part(say))
    talk = said_to_room(state) if room else state.messages
    if talk:
        title = say("to_the_room") if room else say("every_message")
        parts.append(Part(say("room_talk"), [chat_log(say, talk, title)]))
    return Debrief(say("title"), summary, parts, figures(state, outcome, room))


def said_to_room(state: CiurmeState) -> list[Message]:
    """What the facilitator said to everybody: the only talk that was never private."""
    return [m for m in state.messages if m.channel == Channel.ALL]


def room_votes(state: CiurmeState, index: int) -> list[VoteRecord]:
    """A crew's votes as the room may read of them: a motion to depose that failed stays the
    crew's [D-23] (one that carried deposed a captain in front of everybody)."""
    return [r for r in state.votes_log if r.crew == index
            and not (r.topic == Topic.DEPOSITION and r.outcome == Outcome.NO)]


def phase1_summary(say: Words) -> str:
    state = say.state
    if state.stage == Stage.BRIEFING:  # a session ended before phase 1: it never started
        return say("not_started")
    if state.closed_by == ClosedBy.OPEN:
        return say("phase1_open")
    ranking = say.listing([say.crew(i) for i in state.ranking])
    return say("phase1_closed", how=say(f"closed_{state.closed_by}"), ranking=ranking)


# --- the objectives -------------------------------------------------------------------------------
def objective_lines(say: Words, outcome: list[dict[str, Any]]) -> list[str]:
    """One line per objective, from who won it (`result.winners`)."""
    state = say.state
    lines = []
    for won in winners(state, outcome):
        objective, crews = won["objective"], won["crews"]
        if objective == "race":
            lines.append(say("race", crew=say.crew(crews[0])) if crews else say("race_none"))
        elif objective in ("captain", "quartermaster"):
            holders = [
                say("office_repairs", who=say.seat(seat), crew=say.crew(crew),
                    repairs=say.counted("repairs", repairs_by(state.crews[crew], seat)))
                if objective == "captain" else
                say("office_holder", who=say.seat(seat), crew=say.crew(crew))
                for crew, seat in zip(crews, won["seats"], strict=True)
            ]
            lines.append(say(f"{objective}_won", holders="; ".join(holders) or say("nobody")))
        elif objective == "personal":
            lines.append(say("personal", crews="; ".join(personal_words(say, i, outcome[i])
                                                         for i in crews))
                         if crews else say("personal_none"))
        elif objective == "command":
            ship = say.ship(FLAGSHIP)
            lines.append(say("command", crew=say.crew(crews[0]), ship=ship) if crews
                         else say("command_none", ship=ship))
        elif crews:  # power
            lines.append(say("power_each" if len(crews) > 1 else "power",
                             crews=say.listing([say.crew(i) for i in crews]),
                             ships=len(outcome[crews[0]]["ships"])))
        else:
            lines.append(say("power_none"))
    return lines


def personal_words(say: Words, index: int, outcome: dict[str, Any]) -> str:
    crew = say.state.crews[index]
    level = outcome["personal"]
    wished = {"maximal": [crew.favourite, crew.second], "primary": [crew.favourite],
              "secondary": [crew.second]}[level]
    ships = say.listing([say.ship(s) for s in wished if s is not None])
    return say("personal_won", crew=say.crew(index), level=say(f"level_{level}"), ships=ships)


# --- a crew ---------------------------------------------------------------------------------------
def crew_part(say: Words, index: int, room: bool = False) -> Part:
    state = say.state
    crew = state.crews[index]
    names = [say.seat(m) for m in crew.members]
    sections: list[Any] = [wood_heatmap(say, crew), help_graph(say, crew), turns_bars(say, crew)]
    votes = room_votes(state, index) if room else [r for r in state.votes_log if r.crew == index]
    if votes:
        sections.append(votes_table(say, votes, room))
    depositions = [d for d in state.depositions if d.crew == index]
    if depositions:
        sections.append(Table(
            say("depositions_title"),
            say.columns("depositions_columns"),
            [[d.round, say.seat(d.deposed), say.seat(d.captain)] for d in depositions],
        ))
    talk = [m for m in state.messages if m.crew == index]
    if talk and not room:  # a crew's talk is the crew's
        sections.append(chat_log(say, talk, say("crew_talk")))
    return Part(say("crew_part", crew=say.crew(index), members=say.listing(names)), sections,
                crew_summary(say, index))


def crew_summary(say: Words, index: int) -> list[str]:
    state = say.state
    crew = state.crews[index]
    repairs = say("repairs", done=len(crew.pieces), needed=repairs_needed(state, crew))
    rank = say("rank", rank=state.ranking.index(index) + 1) if state.ranking else ""
    if crew.finished_turns is not None:
        status = say("restored", turns=crew.finished_turns, rank=rank)
    elif state.closed_by != ClosedBy.OPEN:
        status = say("stopped", repairs=repairs, rank=rank)
    elif state.stage == Stage.BRIEFING:
        status = say("not_started")
    else:
        status = say("at_work", repairs=repairs, turns=crew.turns)
    lines = [status]
    captain, quartermaster = phase1_captain(state, index), phase1_quartermaster(state, index)
    if captain is not None:
        lines.append(say("captain_line", who=say.seat(captain),
                         repairs=say.counted("repairs", repairs_by(crew, captain))))
    if quartermaster is not None:
        lines.append(say("quartermaster_line", who=say.seat(quartermaster)))
    if crew.favourite is not None:
        wished = [say.ship(s) for s in (crew.favourite, crew.second) if s is not None]
        lines.append(say("wished", ships=say("then").join(wished)))
    return lines


def wood_owner(say: Words, crew: Crew, colour: str) -> str:
    """Whose wood a colour is: a player's, the automaton's light blue, or the neutral supply."""
    if colour == LIGHT_BLUE:
        return say("wood_light_blue")
    if colour == NEUTRAL:
        return say("wood_neutral")
    if colour in crew.meeples:
        return say("wood_of", who=say.seat(crew.members[crew.meeples.index(colour)]))  # type: ignore[arg-type]
    return say.wood(colour)


def wood_heatmap(say: Words, crew: Crew) -> Heatmap:
    """Rows: whose wood it was; columns: who used it to repair."""
    colours = sorted({*crew.produced, *(c for _, c, _ in crew.pieces)})
    names = [say.seat(m) for m in crew.members]
    values = [
        [float(sum(1 for by, c, _ in crew.pieces if by == m and c == colour))
         for m in crew.members]
        for colour in colours
    ]
    produced = ", ".join(say("produced", wood=wood_owner(say, crew, c),
                             count=crew.produced.get(c, 0))
                         for c in colours) or say("none")
    return Heatmap(
        say("wood_title"),
        [wood_owner(say, crew, c) for c in colours],
        names,
        values,
        row_title=say("wood_rows"),
        column_title=say("wood_columns"),
        alt=say("wood_alt", pieces=len(crew.pieces)),
        note=say("wood_note", produced=produced),
    )


def help_graph(say: Words, crew: Crew) -> Graph:
    """Every member is a node, helped or not; an arrow goes from the helper to the helped."""
    nodes = [Node(str(m), say.seat(m), "player") for m in crew.members]
    if crew.automaton is not None:
        nodes.append(Node(str(AUTOMATON), say("automaton", colour=say.wood(crew.automaton)),
                          "automaton"))
    edges = [
        Edge(str(by), str(aimed), 1.0, say.wood(str(colour)))
        for by, colour, aimed in crew.pieces
        if by != aimed
    ]
    helpers = say.listing(sorted({say.seat(by) for by, _, aimed in crew.pieces
                                  if by != aimed})) or say("nobody")
    return Graph(
        say("help_title"),
        nodes,
        edges,
        alt=say("help_alt", helps=len(edges), helpers=helpers),
        note=say("help_note"),
    )


def turns_bars(say: Words, crew: Crew) -> Bars:
    names = [say.seat(m) for m in crew.members]
    series = {
        say(f"place_{place}"): [float(crew.place_turns[i][p]) for i in range(len(crew.members))]
        for p, place in enumerate(PLACES)
    }
    return Bars(
        say("turns_title"),
        names,
        series,
        category_title=say("turns_categories"),
        value_title=say("turns_values"),
        alt=say("turns_alt", turns=crew.turns),
    )


def votes_table(say: Words, records: list[VoteRecord], room: bool = False) -> Table:
    """Who voted what, for the facilitator; the counts alone, for the room."""
    shown = tally if room else ballots
    suffix = "_room" if room else ""
    return Table(
        say("votes_title"),
        say.columns(f"votes_columns{suffix}"),
        [[vote_title(say, r), candidates(say, r), shown(say, r), outcome_words(say, r)]
         for r in records],
        note=say(f"votes_note{suffix}"),
    )


def vote_title(say: Words, record: VoteRecord) -> str:
    topic = say(f"topic_{record.topic}")
    return say("runoff", topic=topic) if record.runoff else topic


def choice_words(say: Words, record: VoteRecord, choice: int) -> str:
    if record.topic in MOTIONS:
        return say("yes") if choice == YES else say("no")
    if record.topic == Topic.QUARTERMASTER:
        return say.seat(choice)
    return say.ship(choice)


def candidates(say: Words, record: VoteRecord) -> str:
    if record.topic in MOTIONS:
        return say("yes_or_no")
    return say.listing([choice_words(say, record, c) for c in record.candidates])


def ballots(say: Words, record: VoteRecord) -> str:
    words = {NOT_CAST: say("no_answer"), ABSTAINED: say("abstained")}
    return "; ".join(
        say("ballot", who=say.seat(int(voter)),
            choice=words.get(ballot) or choice_words(say, record, ballot))
        for voter, ballot in record.ballots.items()
    )


def tally(say: Words, record: VoteRecord) -> str:
    """How many chose each answer, never who."""
    words = {NOT_CAST: say("no_answer"), ABSTAINED: say("abstained")}
    counted = Counter(record.ballots.values())
    return "; ".join(
        say("count", choice=words.get(choice) or choice_words(say, record, choice), count=n)
        for choice, n in sorted(counted.items(), key=lambda item: -item[0])
    )


def outcome_words(say: Words, record: VoteRecord) -> str:
    winner = "" if record.winner is None else choice_words(say, record, record.winner)
    return {
        Outcome.YES: say("carried"),
        Outcome.NO: say("failed"),
        Outcome.VOTE: say("by_majority", winner=winner),
        Outcome.RUNOFF: say("to_runoff"),
        Outcome.FACILITATOR: say("by_facilitator", winner=winner),
    }[record.outcome]


# --- the Assembly ---------------------------------------------------------------------------------
def assembly_part(say: Words) -> Part:
    state = say.state
    crews = range(len(state.crews))
    stamps: list[list[Cell]] = [
        [r.round, say.crew(c), ", ".join(say("stamp", value=v, ship=say.ship(s))
                                         for crew, v, s, _ in r.stamps if crew == c)]
        for r in state.history
        for c in r.order
    ]
    gained = {
        say.crew(c): [float(sum(p for crew, _, p in r.points if crew == c))
                      for r in state.history]
        for c in crews
    }
    owner_names = [say("nobody") if o is None else say.crew(o) for o in owners(state)]
    ships: list[list[Cell]] = [
        [say.ship(s), *(state.crews[c].points[s] for c in crews), owner_names[s]]
        for s in range(state.fleet)
    ]
    sections: list[Any] = [
        Table(say("stamps_title"), say.columns("stamps_columns"), stamps,
              note=say("stamps_note")),
        Bars(
            say("squares_title"),
            [say("round", round=r.round) for r in state.history],
            gained,
            category_title=say("squares_categories"),
            value_title=say("squares_values"),
            alt=say("squares_alt", rounds=len(state.history)),
        ),
        Table(say("ships_title"), [say("ship"), *(say.crew(c) for c in crews), say("owner")],
              ships, note=say("ships_note")),
    ]
    return Part(say("assembly_title"), sections)


# --- talk -----------------------------------------------------------------------------------------
def period_name(say: Words, period: int) -> str:
    """The periods begin with phase 1, the elections, the choice of ships, then each round."""
    return say(f"period_{period}") if period <= 3 else say("round", round=period - 3)


def recipients(say: Words, message: Message) -> str:
    if message.to is not None:
        return say.crew(message.to) if message.channel == "crew" else say.seat(message.to)
    key = f"to_{message.channel}"
    return say(key) if key in say.table else message.channel


def chat_log(say: Words, messages: list[Message], title: str) -> Log:
    return Log(
        title,
        say.columns("talk_columns"),
        [[period_name(say, m.period), say.seat(m.author), recipients(say, m), m.text]
         for m in messages],
    )


# --- the raw figures, for export ------------------------------------------------------------------
def figures(state: CiurmeState, outcome: list[dict[str, Any]] | None,
            room: bool = False) -> dict[str, Any]:
    """The raw figures; for the room, votes by their counts and only the talk to the room."""
    votes = [
        {**{k: v for k, v in encode(r).items() if k not in ("ballots", "audience", "told")},
         "counts": dict(Counter(str(b) for b in r.ballots.values()))}
        for i in range(len(state.crews)) for r in room_votes(state, i)
    ] if room else [encode(r) for r in state.votes_log]
    return {
        "phase1_ranking": list(state.ranking),
        "phase1_closed_by": state.closed_by,
        "crews": [
            {
                "crew": i,
                "colour": CREW_COLOURS[i],
                "members": {str(s): c for s, c in zip(crew.members, crew.meeples, strict=True)},
                "pieces": encode(crew.pieces),
                "produced": encode(crew.produced),
                "turns_per_place": [list(t) for t in crew.place_turns],
                "points_per_ship": list(crew.points),
                "preferences": [crew.favourite, crew.second],
                "objectives": outcome[i] if outcome else None,
            }
            for i, crew in enumerate(state.crews)
        ],
        "votes": votes,
        "rounds": encode(state.history),
        "depositions": encode(state.depositions),
        "messages": encode(said_to_room(state) if room else state.messages),
        "ship_owners": owners(state) if outcome else None,
    }
