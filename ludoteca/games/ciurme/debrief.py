"""The facilitator's debrief, in players' words: per crew, whose wood repaired the ship, who helped
whom, the turns spent on each place, the votes, the depositions and the crew's talk; then the
Assembly's stamps and points, the objectives, and the room's chat.

"At the end the facilitator gets, per crew: who produced the wood that was used and by whom (a
matrix by colour), who helped whom (a graph), turns spent on each place, the election votes, each
round's stamps and points, depositions, and objectives won." Players are named as "Player 3
(red)", crews by their colour, ships by their names, votes in words; every picture has axis
titles and a text alternative. `data` keeps the raw figures for export.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.codec import encode
from ludoteca.engine.debrief import (
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
    LIGHT_BLUE,
    NEUTRAL,
    PLACES,
)
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
from ludoteca.games.ciurme.text import crew_name, listing, seat_name, ship_name

TOPICS = {
    Topic.LIFEBOAT: "steer the lifeboat",
    Topic.DEPOSITION: "depose the captain",
    Topic.QUARTERMASTER: "quartermaster",
    Topic.FAVOURITE: "favourite ship",
    Topic.SECOND: "second ship",
}


def debrief(state: CiurmeState) -> Debrief:
    over = state.stage == Stage.OVER
    outcome = objectives(state) if over else None
    summary = [phase1_summary(state)]
    if outcome is not None:
        summary += [won["text"] for won in winners(state, outcome)]
    parts = [crew_part(state, i) for i in range(len(state.crews))]
    if state.history:
        parts.append(assembly_part(state))
    if state.messages:
        parts.append(Part("The room's talk", [chat_log(state, state.messages, "Every message")]))
    return Debrief("Ciurme: the debrief", summary, parts, figures(state, outcome))


def phase1_summary(state: CiurmeState) -> str:
    if state.closed_by == ClosedBy.OPEN:
        return "Phase 1 is still being played."
    ranking = listing([crew_name(i) for i in state.ranking])
    how = {
        ClosedBy.RESTORED: "every crew restored its ship",
        ClosedBy.CLOCK: "the session clock stopped the crews still at work",
        ClosedBy.FACILITATOR: "the facilitator closed it",
    }[state.closed_by]
    return f"Phase 1 ended when {how}; ranking: {ranking}."


# --- a crew ---------------------------------------------------------------------------------------
def crew_part(state: CiurmeState, index: int) -> Part:
    crew = state.crews[index]
    names = [seat_name(state, m) for m in crew.members]
    sections: list[Any] = [wood_heatmap(state, crew), help_graph(state, crew),
                           turns_bars(state, crew)]
    votes = [r for r in state.votes_log if r.crew == index]
    if votes:
        sections.append(votes_table(state, votes))
    depositions = [d for d in state.depositions if d.crew == index]
    if depositions:
        sections.append(Table(
            "Depositions",
            ["round", "deposed captain", "new captain"],
            [[d.round, seat_name(state, d.deposed), seat_name(state, d.captain)]
             for d in depositions],
        ))
    talk = [m for m in state.messages if m.crew == index]
    if talk:
        sections.append(chat_log(state, talk, "The crew's talk"))
    return Part(f"{crew_name(index)}: {listing(names)}", sections, crew_summary(state, index))


def crew_summary(state: CiurmeState, index: int) -> list[str]:
    crew = state.crews[index]
    repairs = f"{len(crew.pieces)}/{repairs_needed(state, crew)} repairs"
    rank = f", rank {state.ranking.index(index) + 1}" if state.ranking else ""
    if crew.finished_turns is not None:
        status = f"Restored its ship in {crew.finished_turns} turns{rank}."
    elif state.closed_by != ClosedBy.OPEN:
        status = f"Stopped at {repairs} when phase 1 was closed{rank}."
    elif state.stage == Stage.BRIEFING:
        status = "Phase 1 has not started."
    else:
        status = f"At work: {repairs} after {crew.turns} turns."
    lines = [status]
    captain, quartermaster = phase1_captain(state, index), phase1_quartermaster(state, index)
    if captain is not None:
        lines.append(f"Captain: {seat_name(state, captain)}, {repairs_by(crew, captain)} "
                     "repairs.")
    if quartermaster is not None:
        lines.append(f"Quartermaster: {seat_name(state, quartermaster)}.")
    if crew.favourite is not None:
        wished = [ship_name(s) for s in (crew.favourite, crew.second) if s is not None]
        lines.append(f"Wished ships: {' first, then '.join(wished)}.")
    return lines


def wood_owner(state: CiurmeState, crew: Crew, colour: str) -> str:
    """Whose wood a colour is: a player's, the automaton's light blue, or the neutral supply."""
    if colour == LIGHT_BLUE:
        return "light blue (the automaton's)"
    if colour == NEUTRAL:
        return "neutral (the supply)"
    if colour in crew.meeples:
        return f"{seat_name(state, crew.members[crew.meeples.index(colour)])}'s"  # type: ignore[arg-type]
    return colour


def wood_heatmap(state: CiurmeState, crew: Crew) -> Heatmap:
    """Rows: whose wood it was; columns: who used it to repair."""
    colours = sorted({*crew.produced, *(c for _, c, _ in crew.pieces)})
    names = [seat_name(state, m) for m in crew.members]
    values = [
        [float(sum(1 for by, c, _ in crew.pieces if by == m and c == colour))
         for m in crew.members]
        for colour in colours
    ]
    produced = ", ".join(f"{wood_owner(state, crew, c)} {crew.produced.get(c, 0)}"
                         for c in colours) or "none"
    return Heatmap(
        "Whose wood repaired the ship",
        [wood_owner(state, crew, c) for c in colours],
        names,
        values,
        row_title="wood, by whose it was",
        column_title="player who used it",
        alt=(
            f"Pieces of wood used for repairs, by whose wood it was (rows) and by who used it "
            f"(columns); {len(crew.pieces)} pieces in all."
        ),
        note=f"Wood put in the common pile: {produced}.",
    )


def help_graph(state: CiurmeState, crew: Crew) -> Graph:
    """Every member is a node, helped or not; an arrow goes from the helper to the helped."""
    nodes = [Node(str(m), seat_name(state, m), "player") for m in crew.members]
    if crew.automaton is not None:
        nodes.append(Node(str(AUTOMATON), f"the automaton ({crew.automaton})", "automaton"))
    edges = [
        Edge(str(by), str(aimed), 1.0, str(colour))
        for by, colour, aimed in crew.pieces
        if by != aimed
    ]
    helpers = listing(sorted({seat_name(state, by) for by, _, aimed in crew.pieces
                              if by != aimed})) or "nobody"
    return Graph(
        "Who helped whom",
        nodes,
        edges,
        alt=f"{len(edges)} helps between the crew's members; helpers: {helpers}.",
        note="An arrow goes from the player who helped to the one helped (its label: the wood).",
    )


def turns_bars(state: CiurmeState, crew: Crew) -> Bars:
    names = [seat_name(state, m) for m in crew.members]
    series = {
        str(place): [float(crew.place_turns[i][p]) for i in range(len(crew.members))]
        for p, place in enumerate(PLACES)
    }
    return Bars(
        "Turns spent on each place",
        names,
        series,
        category_title="player",
        value_title="turns ended there",
        alt=f"Turns each player ended on the island, the lifeboat and the wreck; "
            f"{crew.turns} turns in all.",
    )


def votes_table(state: CiurmeState, records: list[VoteRecord]) -> Table:
    return Table(
        "Votes",
        ["vote", "candidates", "ballots", "outcome"],
        [[vote_title(r), candidates(state, r), ballots(state, r), outcome_words(state, r)]
         for r in records],
        note="One line per vote; a run-off is a vote of its own.",
    )


def vote_title(record: VoteRecord) -> str:
    return TOPICS[record.topic] + (" (run-off)" if record.runoff else "")


def choice_words(state: CiurmeState, record: VoteRecord, choice: int) -> str:
    if record.topic in MOTIONS:
        return "yes" if choice == YES else "no"
    if record.topic == Topic.QUARTERMASTER:
        return seat_name(state, choice)
    return ship_name(choice)


def candidates(state: CiurmeState, record: VoteRecord) -> str:
    if record.topic in MOTIONS:
        return "yes or no"
    return listing([choice_words(state, record, c) for c in record.candidates])


def ballots(state: CiurmeState, record: VoteRecord) -> str:
    words = {NOT_CAST: "no answer", ABSTAINED: "abstained"}
    return "; ".join(
        f"{seat_name(state, int(voter))}: "
        f"{words.get(ballot) or choice_words(state, record, ballot)}"
        for voter, ballot in record.ballots.items()
    )


def outcome_words(state: CiurmeState, record: VoteRecord) -> str:
    winner = "" if record.winner is None else choice_words(state, record, record.winner)
    return {
        Outcome.YES: "carried",
        Outcome.NO: "failed",
        Outcome.VOTE: f"{winner}, by a majority",
        Outcome.RUNOFF: "no majority: a run-off",
        Outcome.FACILITATOR: f"{winner}, decided by the facilitator",
    }[record.outcome]


# --- the Assembly ---------------------------------------------------------------------------------
def assembly_part(state: CiurmeState) -> Part:
    crews = range(len(state.crews))
    stamps: list[list[Cell]] = [
        [r.round, crew_name(c), ", ".join(f"{v} on {ship_name(s)}"
                                           for crew, v, s, _ in r.stamps if crew == c)]
        for r in state.history
        for c in r.order
    ]
    gained = {
        crew_name(c): [float(sum(p for crew, _, p in r.points if crew == c))
                       for r in state.history]
        for c in crews
    }
    owner_names = ["nobody" if o is None else crew_name(o) for o in owners(state)]
    ships: list[list[Cell]] = [
        [ship_name(s), *(state.crews[c].points[s] for c in crews), owner_names[s]]
        for s in range(state.fleet)
    ]
    sections: list[Any] = [
        Table("Stamps, round by round", ["round", "crew", "stamps (value on ship)"], stamps,
              note="Crews in placing order."),
        Bars(
            "Squares won each round",
            [f"round {r.round}" for r in state.history],
            gained,
            category_title="round",
            value_title="squares",
            alt=f"Squares each crew blackened in each of the {len(state.history)} rounds.",
        ),
        Table("Ships", ["ship", *(crew_name(c) for c in crews), "owner"], ships,
              note="Squares per crew (the flagship bonus included) and who owns the ship."),
    ]
    return Part("The Pirate Assembly", sections)


# --- talk -----------------------------------------------------------------------------------------
def period_name(period: int) -> str:
    """The periods begin with phase 1, the elections, the choice of ships, then each round."""
    names = {0: "briefing", 1: "phase 1", 2: "elections", 3: "choice of ships"}
    return names.get(period, f"round {period - 3}")


def recipients(state: CiurmeState, message: Message) -> str:
    if message.to is not None:
        return crew_name(message.to) if message.channel == "crew" else seat_name(
            state, message.to
        )
    return {"crew": "the crew", "deck": "captain and quartermaster", "table": "the captains",
            "all": "everybody"}.get(message.channel, message.channel)


def chat_log(state: CiurmeState, messages: list[Message], title: str) -> Log:
    return Log(
        title,
        ["when", "from", "to", "message"],
        [[period_name(m.period), seat_name(state, m.author), recipients(state, m), m.text]
         for m in messages],
    )


# --- the raw figures, for export ------------------------------------------------------------------
def figures(state: CiurmeState, outcome: list[dict[str, Any]] | None) -> dict[str, Any]:
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
        "votes": [encode(r) for r in state.votes_log],
        "rounds": encode(state.history),
        "depositions": encode(state.depositions),
        "messages": encode(state.messages),
        "ship_owners": owners(state) if outcome else None,
    }
