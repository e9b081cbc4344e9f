"""Phase 1, the wreck: places and moves, end-of-turn actions, the crossing, repairs, loads,
help, the automaton, and the finishing order of the crews.

Crews play in parallel; inside a crew the turn goes round its members in seat order, starting
from the first player [D-1], with the automaton of a 4-player crew after the last player.
"""

from __future__ import annotations

from ludoteca.engine.actions import Action
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event, private, public
from ludoteca.games.ciurme.actions import Help, Move, Pass, Repair, Stay, Steer
from ludoteca.games.ciurme.data import (
    AUTOMATON,
    CROSSING_CREW,
    ISLAND,
    LIFEBOAT,
    LIGHT_BLUE,
    LOAD,
    NEUTRAL,
    PLACES,
    WRECK,
)
from ludoteca.games.ciurme.state import MOVE, REPAIR, STEER, CiurmeState, Crew
from ludoteca.games.ciurme.votes import LIFEBOAT as LIFEBOAT_VOTE
from ludoteca.games.ciurme.votes import open_vote


def audience(state: CiurmeState, crew: Crew) -> list[int]:
    """Who sees a crew's board: its members and the facilitator."""
    return [*crew.members, state.facilitator]


# --- places -------------------------------------------------------------------------------------
def adjacent(crew: Crew, place: str) -> list[str]:
    """Island-lifeboat while docked at the island, lifeboat-wreck while docked at the wreck;
    island and wreck never ("L'isola e la nave relitto non sono limitrofe, ma la scialuppa può
    essere attraccata vicino all'isola o vicino alla nave")."""
    if place == LIFEBOAT:
        return [crew.dock]
    return [LIFEBOAT] if crew.dock == place else []


def aboard(crew: Crew) -> list[int]:
    return [seat for seat, place in zip(crew.members, crew.place, strict=True) if place == LIFEBOAT]


# --- loads --------------------------------------------------------------------------------------
def load(crew: Crew, target: int) -> int:
    """Own horizontal pieces plus every piece pointing at `target` (AUTOMATON included): "ogni
    giocatore deve contare non solo i propri legni, ma anche quelli che lo puntano"."""
    return sum(1 for _, _, aimed in crew.pieces if aimed == target)


def owed(state: CiurmeState, crew: Crew, target: int) -> int:
    if target == AUTOMATON:  # [D-16] the automaton owes a load that only help fills
        return state.options.automaton_load if crew.automaton else 0
    return LOAD


def complete(state: CiurmeState, crew: Crew, target: int) -> bool:
    return load(crew, target) >= owed(state, crew, target)


def repairs_by(crew: Crew, seat: int) -> int:
    """Pieces a player has used, horizontal and help alike (the captain's count)."""
    return sum(1 for by, _, _ in crew.pieces if by == seat)


def helped(crew: Crew, seat: int, mate: int) -> bool:
    return any(by == seat and aimed == mate for by, _, aimed in crew.pieces)


def helpable(state: CiurmeState, crew: Crew, seat: int) -> list[int]:
    """Mates `seat` may help now: not yet helped by them, and [D-4] still incomplete unless
    the option allows helping complete mates."""
    mates = [m for m in crew.members if m != seat]
    if crew.automaton and owed(state, crew, AUTOMATON):
        mates.append(AUTOMATON)
    return [
        m
        for m in mates
        if not helped(crew, seat, m)
        and (state.options.help_complete_mates or not complete(state, crew, m))
    ]


def has_work(state: CiurmeState, crew: Crew, seat: int) -> bool:
    """On the wreck `seat` has something to do: wood there, and a load to finish or a mate to
    help."""
    return bool(crew.transported) and (
        not complete(state, crew, seat) or bool(helpable(state, crew, seat))
    )


def repairs_needed(state: CiurmeState, crew: Crew) -> int:
    """The repairs that restore the ship: 15 in every crew by default [D-16], 12 for a crew of
    4 with the option automaton_load=0."""
    return sum(owed(state, crew, t) for t in [*crew.members, AUTOMATON])


def restored(state: CiurmeState, crew: Crew) -> bool:
    """Every load complete: 15 repairs with 4 players as with 5 [D-16]."""
    targets = [*crew.members, AUTOMATON]
    return all(complete(state, crew, t) for t in targets)


def playing(crew: Crew) -> bool:
    return crew.finished_turns is None and not crew.stopped


# --- the active player's choices ----------------------------------------------------------------
def active_seat(crew: Crew) -> int:
    return crew.members[crew.active]


def turn_actions(state: CiurmeState, crew: Crew) -> list[Action]:
    """What the active player of a crew may do now (nothing while a lifeboat vote is open)."""
    if not playing(crew) or crew.vote is not None:
        return []
    seat = active_seat(crew)
    if crew.step == MOVE:
        here = crew.place[crew.active]
        return [Stay(), *(Move(p) for p in adjacent(crew, here))]
    if crew.step == STEER:
        return [Steer(), Pass()]
    colours = sorted(set(crew.transported))
    if not complete(state, crew, seat):
        return [Repair(c) for c in colours]
    return [*(Help(c, m) for m in helpable(state, crew, seat) for c in colours), Pass()]


def apply_turn(state: CiurmeState, crew: Crew, seat: int, action: Action) -> list[Event]:
    """Validate, then play one step of the active player's turn."""
    legal = turn_actions(state, crew)
    if action not in legal:
        raise IllegalAction(_why_not(state, crew, seat, action, legal))
    if isinstance(action, (Stay, Move)):
        return _end_move(state, crew, action)
    if isinstance(action, Steer):
        return _steer(state, crew, seat)
    if isinstance(action, Pass):
        return end_turn(state, crew)
    assert isinstance(action, (Repair, Help))
    return _repair(state, crew, seat, action)


def _why_not(state: CiurmeState, crew: Crew, seat: int, action: Action, legal: list[Action]) -> str:
    allowed = ", ".join(sorted({a.kind for a in legal})) or "nothing"
    if crew.vote is not None:
        return "those aboard are voting on steering the lifeboat: wait for their answers"
    if isinstance(action, Move) and crew.step == MOVE:
        here = crew.place[crew.active]
        near = adjacent(crew, here) or ["none: stay"]
        return (
            f"you cannot move from the {here} to {action.place!r}: it is not adjacent "
            f"(the lifeboat is docked at the {crew.dock}); adjacent now: {', '.join(near)}"
        )
    if isinstance(action, Repair) and crew.step == REPAIR and complete(state, crew, seat):
        return "your load is complete: help a mate who still needs it, or pass"
    if isinstance(action, (Repair, Help)) and crew.step == REPAIR:
        colours = ", ".join(sorted(set(crew.transported)))
        if action.colour not in crew.transported:
            return f"there is no {action.colour} wood on the wreck; colours there: {colours}"
        if isinstance(action, Help) and not complete(state, crew, seat):
            return "you help only once your own load of 3 is complete: repair for yourself"
        if isinstance(action, Help):
            return (
                f"you cannot help {action.mate}: you help each mate at most once, and only a "
                f"mate whose load is incomplete [D-4]; you may help: {helpable(state, crew, seat)}"
            )
    return f"that is not possible now ({crew.step} step of your turn); allowed: {allowed}"


# --- end of turn ----------------------------------------------------------------------------------
def _end_move(state: CiurmeState, crew: Crew, action: Stay | Move) -> list[Event]:
    i = crew.active
    start = crew.place[i]
    if isinstance(action, Move):
        crew.place[i] = action.place
    here = crew.place[i]
    crew.place_turns[i][PLACES.index(here)] += 1
    seat = crew.members[i]
    events = [private("moved", audience(state, crew), seat=seat, start=start, end=here)]
    if here == ISLAND:
        events += produce(state, crew, member=i)
        return events + end_turn(state, crew)
    if here == LIFEBOAT:
        boarded = start == ISLAND
        if boarded and crew.dock == ISLAND and len(aboard(crew)) >= CROSSING_CREW:
            events += _cross(state, crew)
        crew.step = STEER
        return events
    if has_work(state, crew, seat):
        crew.step = REPAIR
        return events
    return events + end_turn(state, crew)


def produce(state: CiurmeState, crew: Crew, member: int | None) -> list[Event]:
    """Island: one wood of the producer's colour (its meeple's) to the common pile; out of it, a
    neutral one; [D-2] with the neutral supply empty too, nothing. The automaton (`member`
    None) produces light blue, then neutral [D-15]."""
    if member is None:
        wood = LIGHT_BLUE if crew.light_blue else (NEUTRAL if crew.neutral else None)
        if wood == LIGHT_BLUE:
            crew.light_blue -= 1
    else:
        colour = crew.meeples[member]
        wood = colour if crew.own_wood[member] else (NEUTRAL if crew.neutral else None)
        if wood == colour:
            crew.own_wood[member] -= 1
    if wood == NEUTRAL:
        crew.neutral -= 1
    who = "automaton" if member is None else crew.members[member]
    if wood is None:
        return [private("nothing_produced", audience(state, crew), by=who)]
    crew.common_pile.append(wood)
    crew.produced[wood] = crew.produced.get(wood, 0) + 1
    return [private("produced", audience(state, crew), by=who, wood=wood)]


def _cross(state: CiurmeState, crew: Crew) -> list[Event]:
    """[D-3] The third boarder at the island: the pile is loaded, the boat sails to the wreck,
    the pile becomes the transported pile. [D-13] Only this carries wood."""
    load_ = crew.common_pile
    crew.transported += load_
    crew.common_pile = []
    crew.dock = WRECK
    return [private("crossing", audience(state, crew), wood=list(load_), aboard=aboard(crew))]


def _steer(state: CiurmeState, crew: Crew, seat: int) -> list[Event]:
    others = [s for s in aboard(crew) if s != seat]
    if not others:
        return move_boat(state, crew) + end_turn(state, crew)
    crew.vote = open_vote(LIFEBOAT_VOTE, others, [0, 1], proposer=seat)
    return [private("steer_proposed", audience(state, crew), by=seat, voters=others)]


def move_boat(state: CiurmeState, crew: Crew) -> list[Event]:
    """Steering: the boat and everybody aboard go to the other dock, carrying no wood [D-13]."""
    crew.dock = WRECK if crew.dock == ISLAND else ISLAND
    return [private("steered", audience(state, crew), dock=crew.dock, aboard=aboard(crew))]


def _repair(state: CiurmeState, crew: Crew, seat: int, action: Repair | Help) -> list[Event]:
    crew.transported.remove(action.colour)
    target = seat if isinstance(action, Repair) else action.mate
    crew.pieces.append([seat, action.colour, target])
    crew.reached_at[crew.active] = state.tick
    events: list[Event] = [
        private("repaired", audience(state, crew), by=seat, wood=action.colour, target=target),
        public("progress", crew=state.crews.index(crew), repairs=len(crew.pieces)),
    ]
    if restored(state, crew):
        crew.turns += 1
        crew.finished_turns = crew.turns
        index = state.crews.index(crew)
        state.finish_order.append(index)
        return events + [public("restored", crew=index, rank=len(state.finish_order))]
    return events + end_turn(state, crew)


def end_turn(state: CiurmeState, crew: Crew) -> list[Event]:
    """Next player; after the last of the rotation, the automaton; the session clock counts
    whole rotations."""
    crew.turns += 1
    crew.step = MOVE
    crew.active = (crew.active + 1) % len(crew.members)
    events: list[Event] = []
    if crew.active == crew.first:
        if crew.automaton:  # it plays "as if it were a player", always on the island
            events += produce(state, crew, member=None)
        crew.rounds += 1
        if crew.rounds >= state.options.phase1_max_rounds:
            crew.stopped = True
            events.append(public("clock_stopped", crew=state.crews.index(crew)))
    return events


def ranking(state: CiurmeState) -> list[int]:
    """[D-5] Finishers in finishing order, then the others by total repairs, then by fewest
    turns played."""
    rest = [i for i in range(len(state.crews)) if i not in state.finish_order]
    rest.sort(key=lambda i: (-len(state.crews[i].pieces), state.crews[i].turns, i))
    return [*state.finish_order, *rest]
