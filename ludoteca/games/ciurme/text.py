"""Plain-text rendering for `ludoteca play`: the view, and one line per action."""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.games.ciurme.data import AUTOMATON, CREW_COLOURS, FLAGSHIP, SHIP_NAMES
from ludoteca.games.ciurme.state import (
    ABSTAINED,
    MOTIONS,
    NOT_CAST,
    YES,
    CiurmeState,
    Role,
    Stage,
    Step,
    Topic,
)

STAGES = {
    Stage.BRIEFING: "briefing: read the rules, pick your meeple",
    Stage.PHASE1: "phase 1, the wreck",
    Stage.OFFICES: "crew offices: electing the quartermasters",
    Stage.ASSEMBLY: "phase 2, the Pirate Assembly",
    Stage.OVER: "the session is over",
}


def render(view: Mapping[str, Any]) -> str:
    seat = view["seat"]
    lines = [f"Ciurme - {STAGES.get(view['stage'], view['stage'])} - you are "
             + ("a spectator" if seat is None else f"seat {seat} ({view['role']})")]
    lines += _rules(view)
    for i, crew in enumerate(view["crews"]):
        state = _progress(view["stage"], crew)
        mine = " <- your crew" if i == view["my_crew"] else ""
        lines.append(
            f"  crew {i} ({crew['colour']}) seats {crew['members']}: "
            f"{crew['repairs']}/{crew['repairs_needed']} repairs, {state}; "
            f"captain {_seat(crew['captain'])}, quartermaster {_seat(crew['quartermaster'])}; "
            f"{sum(crew['points'])} squares{mine}"
        )
    if view["role"] == Role.FACILITATOR:
        lines += _glance(view)
    if view["phase1_ranking"]:
        lines.append(f"  phase-1 ranking: crews {view['phase1_ranking']}")
    for key, board in view["boards"].items():
        lines += _board(view, key, board)
    if view["stage"] in (Stage.ASSEMBLY, Stage.OVER) and view["round"]:
        lines += _assembly(view)
    for key, hand in view["hands"].items():
        lines.append(f"  stamps in hand (crew {key}): {hand}")
    for key, (fav, sec) in view["preferences"].items():
        if fav is not None:
            second = "?" if sec is None else SHIP_NAMES[sec]
            lines.append(f"  crew {key} wants {SHIP_NAMES[fav]}, then {second}")
    for vote in view["votes"]:
        lines.append(_vote(view, vote))
    # The facilitator reads the whole log; a player the last few messages.
    shown = view["messages"] if view["role"] == Role.FACILITATOR else view["messages"][-5:]
    lines += [_message(message) for message in shown]
    if "outcome" in view:
        lines.append("  Ships won:")
        for i, outcome in enumerate(view["outcome"]):
            ships = ", ".join(SHIP_NAMES[s] for s in outcome["ships"]) or "no ship"
            lines.append(f"    crew {i}: {ships}")
        lines.append("  Who won what (each objective is won on its own):")
        lines += [f"    {line}" for line in view["results"]]
    return "\n".join(lines)


def _progress(stage: str, crew: Mapping[str, Any]) -> str:
    """Where a crew stands in phase 1: a crew that was stopped is no longer 'working'."""
    if crew["finished"]:
        return "restored"
    if stage == Stage.BRIEFING:
        return "not started"
    if stage != Stage.PHASE1:
        return "stopped when phase 1 closed"
    return "stopped by the session clock" if crew["stopped"] else "working"


def _rules(view: Mapping[str, Any]) -> list[str]:
    """The rules, ways to win included, before phase 1 ("le regole vanno spiegate TUTTE ...
    compresi i modi per vincere"); the ways to win again when phase 2 begins and at the end."""
    lines = []
    if view["stage"] == Stage.BRIEFING:
        lines += ["  Rules:", *textwrap.wrap(view["rules"], 96, initial_indent="    ",
                                            subsequent_indent="    ")]
    if view["stage"] == Stage.BRIEFING or view["stage"] == Stage.ASSEMBLY and not view["round"]:
        lines += ["  Ways to win:", *(f"    - {objective}" for objective in view["objectives"])]
    return lines


# --- names, for results and the debrief ----------------------------------------------------------
def seat_name(state: CiurmeState, seat: int) -> str:
    """A seat in words: "Player 3 (red)" (the colour of their meeple), or the facilitator."""
    if seat == state.facilitator:
        return "the facilitator"
    index = state.crew_of(seat)
    crew = state.crews[index] if index is not None else None
    colour = crew.meeples[crew.members.index(seat)] if crew is not None else ""
    return f"Player {seat} ({colour})" if colour else f"Player {seat}"


def crew_name(index: int) -> str:
    return f"crew {index} ({CREW_COLOURS[index]})"


def ship_name(ship: int) -> str:
    return SHIP_NAMES[ship] if 0 <= ship < len(SHIP_NAMES) else str(ship)


def listing(names: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return " and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " and " + names[-1]


def _seat(seat: int | None) -> str:
    return "-" if seat is None else str(seat)


def _board(view: Mapping[str, Any], key: str, board: Mapping[str, Any]) -> list[str]:
    meeples = board["meeples"]
    if view["stage"] == Stage.BRIEFING:
        picks = ", ".join(f"{s} {c or '(not picked)'}" for s, c in meeples.items())
        return [f"  crew {key} meeples: {picks}"]
    lines = [f"  board of crew {key}: lifeboat docked at the {board['dock']}"
             + (f"; automaton: {board['automaton']}" if board["automaton"] else "")]
    if view["stage"] == Stage.PHASE1 and not view["crews"][int(key)]["finished"]:
        lines[0] += f"; turn of seat {board['active']} ({STEPS[board['step']]})"
    places = ", ".join(f"{s} ({meeples[s]}) {p}" for s, p in board["places"].items())
    lines.append(f"    places: {places}")
    lines.append(f"    common pile: {_pile(board['common_pile'])}; "
                 f"on the wreck: {_pile(board['transported'])}")
    loads = ", ".join(
        f"{'automaton' if int(t) == AUTOMATON else t} {have}/{owe}"
        for t, (have, owe) in board["loads"].items()
    )
    lines.append(f"    loads: {loads}")
    return lines


STEPS = {Step.MOVE: "stay or move", Step.STEER: "may steer the lifeboat", Step.REPAIR: "repairs"}


def _assembly(view: Mapping[str, Any]) -> list[str]:
    lines = []
    if view["stage"] == Stage.ASSEMBLY:
        placing = view["placing"]
        who = "" if placing is None else (
            f"; placing now: crew {placing} (captain seat "
            f"{_seat(view['crews'][placing]['captain'])})"
        )
        lines.append(f"  Assembly round {view['round']} of {view['rounds']}{who}")
    for ship, name in enumerate(view["fleet"]):
        flag = " (flagship)" if ship == FLAGSHIP else ""
        squares = ", ".join(
            f"crew {i} {crew['points'][ship]}" for i, crew in enumerate(view["crews"])
        )
        marks = ", ".join(
            f"crew {s['crew']}:{'?' if s['value'] is None else s['value']}"
            for s in view["stamps"] if s["ship"] == ship
        )
        lines.append(f"    ship {ship} {name}{flag}: squares {squares}"
                     + (f"; stamps {marks}" if marks else ""))
    if view["history"]:
        last = view["history"][-1]
        gains = ", ".join(
            f"crew {c} +{p} on {view['fleet'][s]}" for c, s, p in last["points"]
        ) or "nobody scored"
        lines.append(f"  round {last['round']} revealed: {gains}")
    return lines


def _vote(view: Mapping[str, Any], vote: Mapping[str, Any]) -> str:
    if "cast" in vote:
        waiting = [v for v, done in zip(vote["voters"], vote["cast"], strict=True) if not done]
        who = f"seats {waiting}"
    else:  # who has answered a motion to depose is the facilitator's to know [D-23]
        who = f"{len(vote['voters']) - vote['answered']} of {len(vote['voters'])}"
    status = (
        "waiting for the facilitator" if vote["awaiting_facilitator"]
        else f"waiting for {who}; closes after {vote['seconds']} s"
    )
    among = "" if vote["topic"] in MOTIONS else f" among {vote['candidates']}"
    runoff = " (run-off)" if vote["runoff"] else ""
    line = f"  open vote of crew {vote['crew']}: {vote['topic']}{among}{runoff}; {status}"
    if "ballots" in vote:
        ballots = ", ".join(
            f"{voter}: {_ballot(vote['topic'], ballot)}"
            for voter, ballot in zip(vote["voters"], vote["ballots"], strict=True)
        )
        line += f"\n    ballots: {ballots}"
    return line


def _ballot(topic: str, ballot: int) -> str:
    if ballot == NOT_CAST:
        return "-"
    if ballot == ABSTAINED:
        return "abstained"
    if topic in MOTIONS:
        return "yes" if ballot == YES else "no"
    return f"seat {ballot}" if topic == Topic.QUARTERMASTER else ship_name(ballot)


def _glance(view: Mapping[str, Any]) -> list[str]:
    """The facilitator's table of every crew: progress, whose turn, open vote."""
    lines = ["  At a glance:"]
    votes = {vote["crew"]: vote for vote in view["votes"]}
    for key, board in view["boards"].items():
        crew = view["crews"][int(key)]
        turn = (f"seat {board['active']} ({STEPS[board['step']]})"
                if view["stage"] == Stage.PHASE1 and not crew["finished"] else "-")
        vote = votes.get(int(key))
        voting = "-" if vote is None else f"{vote['topic']} {sum(vote['cast'])}/{len(vote['cast'])}"
        lines.append(
            f"    crew {key}: {crew['repairs']}/{crew['repairs_needed']} repairs, "
            f"{_progress(view['stage'], crew)}, {board['turns']} turns, {board['rounds']} rounds;"
            f" turn: {turn}; vote: {voting}"
        )
    if view["phase1_seconds"] and view["stage"] == Stage.PHASE1:
        lines.append(f"    phase 1 closes after {view['phase1_seconds']} s")
    return lines


def _message(message: Mapping[str, Any]) -> str:
    to = "" if message.get("to") is None else f" to {message['to']}"
    return f"  [{message['channel']}{to}] seat {message['author']}: {message['text']}"


def _pile(wood: list[str]) -> str:
    return ", ".join(f"{n} {c}" for c, n in Counter(wood).items()) or "empty"


# One line per action kind, from the action's fields.
DESCRIPTIONS: dict[str, Callable[[Any], str]] = {
    "stay": lambda a: "stay where you are",
    "move": lambda a: f"move to the {a.place}",
    "steer": lambda a: "steer the lifeboat to the other dock",
    "pass": lambda a: "end your turn",
    "repair": lambda a: f"repair with {a.colour} wood",
    "help": lambda a: (
        f"help {'the automaton' if a.mate == AUTOMATON else f'seat {a.mate}'} "
        f"with {a.colour} wood"
    ),
    "agree": lambda a: "vote yes" if a.yes else "vote no",
    "elect": lambda a: f"vote seat {a.seat} as quartermaster",
    "prefer": lambda a: f"vote for the ship {ship_name(a.ship)}",
    "abstain": lambda a: "abstain",
    "depose": lambda a: "propose to depose the captain",
    "waive": lambda a: "keep the captain this round",
    "place": lambda a: f"place your {a.value} stamp on {ship_name(a.ship)}",
    "post": lambda a: f"say on {a.channel}{'' if a.to is None else f' to {a.to}'}: {a.text}",
    "pick_colour": lambda a: f"play the {a.colour} meeple",
    "first_player": lambda a: f"crew {a.crew} starts with seat {a.seat}",
    "start_phase": lambda a: f"start phase {a.phase}",
    "close_phase1": lambda a: (
        "close phase 1 now: the crews still at work stop where they are and rank after those "
        "finished, by repairs, then by fewest turns"
    ),
    "play_on": lambda a: "let the crews still at work finish their ships (phase 1 goes on)",
    "close_vote": lambda a: (
        f"close crew {a.crew}'s vote now (missing ballots count as abstentions; for the "
        "lifeboat, as no)"
    ),
    "set_vote_timer": lambda a: f"set crew {a.crew}'s vote timer to {a.seconds} s",
    "set_phase1_timer": lambda a: (
        f"set the phase-1 timer to {a.seconds} s" if a.seconds else "stop the phase-1 timer"
    ),
    "open_table": lambda a: "open the captains' table: the captains may talk to each other",
    "decide": lambda a: f"settle crew {a.crew}'s tied election: {a.choice}",
}


def describe_action(action: Action) -> str:
    describe = DESCRIPTIONS.get(action.kind)
    return describe(action) if describe else action.kind
