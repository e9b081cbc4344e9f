"""Plain-text rendering for `ludoteca play`: the view, and one line per action."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.games.ciurme.data import AUTOMATON, SHIP_NAMES


def render(view: Mapping[str, Any]) -> str:
    lines = [f"Ciurme - {view['stage']} - you are seat {view['seat']} ({view['role']})"]
    for i, crew in enumerate(view["crews"]):
        offices = f"captain {crew['captain']}, quartermaster {crew['quartermaster']}"
        state = "restored" if crew["finished"] else "stopped" if crew["stopped"] else "working"
        points = sum(crew["points"])
        lines.append(
            f"  crew {i} ({crew['colour']}) seats {crew['members']}: {crew['repairs']}/15 "
            f"repairs, {state}; {offices}; {points} squares"
        )
    for key, board in view["boards"].items():
        lines.append(f"  board of crew {key}: lifeboat docked at the {board['dock']}; "
                     f"turn of seat {board['active']} ({board['step']})")
        places = ", ".join(f"{s} {p}" for s, p in board["places"].items())
        lines.append(f"    places: {places}")
        lines.append(f"    common pile: {_pile(board['common_pile'])}; "
                     f"on the wreck: {_pile(board['transported'])}")
        loads = ", ".join(
            f"{'automaton' if int(t) == AUTOMATON else t} {have}/{owe}"
            for t, (have, owe) in board["loads"].items()
        )
        lines.append(f"    loads: {loads}")
    if view["round"]:
        lines.append(f"  Assembly round {view['round']} of {view['rounds']}; "
                     f"crew placing: {view['placing']}")
        for s in view["stamps"]:
            value = "?" if s["value"] is None else s["value"]
            lines.append(f"    stamp of crew {s['crew']} on {view['fleet'][s['ship']]}: {value}")
    for key, hand in view["hands"].items():
        lines.append(f"  stamps in hand (crew {key}): {hand}")
    for key, (fav, sec) in view["preferences"].items():
        if fav is not None:
            second = "?" if sec is None else SHIP_NAMES[sec]
            lines.append(f"  crew {key} wants {SHIP_NAMES[fav]}, then {second}")
    for vote in view["votes"]:
        lines.append(f"  open vote of crew {vote['crew']}: {vote['topic']} among "
                     f"{vote['candidates']}{' (run-off)' if vote['runoff'] else ''}")
    for message in view["messages"][-5:]:
        lines.append(f"  [{message['channel']}] seat {message['author']}: {message['text']}")
    if "outcome" in view:
        for i, outcome in enumerate(view["outcome"]):
            lines.append(f"  crew {i}: personal {outcome['personal']}, command "
                         f"{outcome['command']}, power {outcome['power']}")
    return "\n".join(lines)


def _pile(wood: list[str]) -> str:
    if not wood:
        return "empty"
    counts: dict[str, int] = {}
    for w in wood:
        counts[w] = counts.get(w, 0) + 1
    return ", ".join(f"{n} {c}" for c, n in counts.items())


def describe_action(action: Action) -> str:
    fields = {k: v for k, v in vars(action).items()}
    kind = action.kind
    texts = {
        "stay": "stay where you are",
        "steer": "steer the lifeboat to the other dock",
        "pass": "end your turn",
        "abstain": "abstain",
        "depose": "propose to depose the captain",
        "waive": "keep the captain this round",
        "close_phase1": "close phase 1",
    }
    if kind in texts:
        return texts[kind]
    if kind == "move":
        return f"move to the {fields['place']}"
    if kind == "repair":
        return f"repair with {fields['colour']} wood"
    if kind == "help":
        mate = "the automaton" if fields["mate"] == AUTOMATON else f"seat {fields['mate']}"
        return f"help {mate} with {fields['colour']} wood"
    if kind == "agree":
        return "vote yes" if fields["yes"] else "vote no"
    if kind == "elect":
        return f"vote seat {fields['seat']} as quartermaster"
    if kind == "prefer":
        return f"vote for the ship {_ship(fields['ship'])}"
    if kind == "place":
        return f"place your {fields['value']} stamp on {_ship(fields['ship'])}"
    if kind == "post":
        return f"say on {fields['channel']}: {fields['text']}"
    if kind == "first_player":
        return f"crew {fields['crew']} starts with seat {fields['seat']}"
    if kind == "start_phase":
        return f"start phase {fields['phase']}"
    if kind == "decide":
        return f"decide for crew {fields['crew']}: {fields['choice']}"
    return kind


def _ship(index: int) -> str:
    return SHIP_NAMES[index] if 0 <= index < len(SHIP_NAMES) else str(index)
