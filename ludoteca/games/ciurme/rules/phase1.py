"""Phase 1, the wreck: a player's turn. The move (stay, or move to an adjacent place), then the
place acts: the island produces, the lifeboat may be steered (and the third boarder at the island
makes the crossing), the wreck is repaired or a mate helped.

Crews play in parallel; inside a crew the turn goes round its members in seat order, starting
from the first player [D-1], with the automaton of a 4-player crew after the last player.
"Durante il proprio turno, il giocatore di turno avrà una singola azione da poter fare: scegliere
se spostarsi in una posizione limitrofa oppure no."
"""

from __future__ import annotations

from ludoteca.engine.actions import Action
from ludoteca.engine.codec import quote
from ludoteca.engine.errors import IllegalAction, Reason
from ludoteca.engine.events import Event, private, public
from ludoteca.games.ciurme.actions import (
    MOVE_TO,
    PASS,
    REPAIR_WITH,
    STAY,
    STEER,
    Help,
    Move,
    Pass,
    Repair,
    Stay,
    Steer,
)
from ludoteca.games.ciurme.data import (
    CROSSING_CREW,
    ISLAND,
    LIFEBOAT,
    LIGHT_BLUE,
    NEUTRAL,
    PLACES,
    WRECK,
    Location,
    Wood,
)
from ludoteca.games.ciurme.rules import italian, race
from ludoteca.games.ciurme.rules.loads import complete, has_work, helpable, restored
from ludoteca.games.ciurme.rules.race import playing
from ludoteca.games.ciurme.rules.roles import (
    FACILITATOR_DOES_NOT_PLAY,
    board_seen,
    member_crew,
)
from ludoteca.games.ciurme.rules.votes import open_vote
from ludoteca.games.ciurme.state import (
    NO,
    YES,
    CiurmeState,
    Crew,
    Outcome,
    Stage,
    Step,
    Topic,
    replaced,
)


# --- places -------------------------------------------------------------------------------------
def adjacent(crew: Crew, place: Location) -> list[Location]:
    return places_next_to(crew.dock, place)


def places_next_to(dock: Location, place: Location) -> list[Location]:
    """Island-lifeboat while docked at the island, lifeboat-wreck while docked at the wreck;
    island and wreck never ("L'isola e la nave relitto non sono limitrofe, ma la scialuppa può
    essere attraccata vicino all'isola o vicino alla nave")."""
    if place == LIFEBOAT:
        return [dock]
    return [LIFEBOAT] if dock == place else []


# The move step's menu by the lifeboat's dock and the mover's place: stay, or move next door.
MOVE_MENUS = {
    (dock, place): (STAY, *(MOVE_TO[p] for p in places_next_to(dock, place)))
    for dock in (ISLAND, WRECK)
    for place in PLACES
}


def aboard(crew: Crew) -> list[int]:
    return [seat for seat, place in zip(crew.members, crew.place, strict=True) if place == LIFEBOAT]


def active_seat(crew: Crew) -> int:
    return crew.members[crew.active]


# --- the active player's choices ----------------------------------------------------------------
def turn_crew(state: CiurmeState, seat: int) -> Crew | None:
    """The crew in which `seat` has the turn now (none while its lifeboat vote is open)."""
    index = state.crew_of(seat)
    if index is None:
        return None
    crew = state.crews[index]
    if crew.members[crew.active] != seat or crew.vote is not None or not playing(crew):
        return None
    return crew


def turn_actions(state: CiurmeState, crew: Crew) -> list[Action]:
    """What the active player of a crew playing and voting on nothing (`turn_crew`) may do now,
    in menu order: the move (stay, move), then steering or repairing (steer, repair, help,
    pass)."""
    step = crew.step
    if step == Step.MOVE:
        return list(MOVE_MENUS[crew.dock, crew.place[crew.active]])
    if step == Step.STEER:
        return [STEER, PASS]
    seat = active_seat(crew)
    colours = sorted(set(crew.transported))
    if not complete(state, crew, seat):
        return [REPAIR_WITH[c] for c in colours]
    return [*(Help(c, m) for m in helpable(state, crew, seat) for c in colours), PASS]


def turn_menu(state: CiurmeState, seat: int) -> list[Action]:
    """Every step of the turn `seat` may take now: the choices of the turn's six rules at once,
    its crew found once."""
    crew = turn_crew(state, seat)
    return [] if crew is None else turn_actions(state, crew)


def turn_seats(state: CiurmeState) -> list[int]:
    """The seats the turn's choices list something for: each crew's active player, where the
    turn has a step to take."""
    return [seat for crew in state.crews for seat in crew_turn_seats(state, crew)]


def crew_turn_seats(state: CiurmeState, crew: Crew) -> list[int]:
    """`turn_seats` in one crew: its active player, where the turn has a step to take (staying
    in the move step, steering, passing with a complete load, or repairing a colour on board),
    asked without listing the steps. A crew playing (`race.playing`, written out: the listing
    asks after every action) and voting on nothing."""
    if crew.finished_turns is not None or crew.stopped or crew.vote is not None:
        return []
    seat = crew.members[crew.active]
    if crew.step != Step.REPAIR or crew.transported or complete(state, crew, seat):
        return [seat]
    return []


# Each rule's choices: its own kind of step from the turn's menu.
def stays(state: CiurmeState, seat: int) -> list[Stay]:
    return [a for a in turn_menu(state, seat) if isinstance(a, Stay)]


def moves(state: CiurmeState, seat: int) -> list[Move]:
    return [a for a in turn_menu(state, seat) if isinstance(a, Move)]


def steers(state: CiurmeState, seat: int) -> list[Steer]:
    return [a for a in turn_menu(state, seat) if isinstance(a, Steer)]


def repairs(state: CiurmeState, seat: int) -> list[Repair]:
    return [a for a in turn_menu(state, seat) if isinstance(a, Repair)]


def helps(state: CiurmeState, seat: int) -> list[Help]:
    return [a for a in turn_menu(state, seat) if isinstance(a, Help)]


def passes(state: CiurmeState, seat: int) -> list[Pass]:
    """[D-14] Passing ends a turn on the lifeboat without steering, or on the wreck without
    helping (helping is optional; a player whose load is incomplete must repair)."""
    return [a for a in turn_menu(state, seat) if isinstance(a, Pass)]


def check_turn(state: CiurmeState, seat: int, action: Action) -> Action:
    """A step of the turn: the active player's, and one the step allows."""
    crew = turn_crew(state, seat)
    if crew is None:
        raise IllegalAction(why_not(state, seat))
    legal = turn_actions(state, crew)
    if action not in legal:
        raise IllegalAction(_why_not_this(state, crew, seat, action, legal))
    return action


def why_not(state: CiurmeState, seat: int) -> str:
    """Why `seat` may not play a step of a phase-1 turn now."""
    if seat == state.facilitator:
        return FACILITATOR_DOES_NOT_PLAY
    if state.stage != Stage.PHASE1:
        return Reason(f"moves and repairs belong to phase 1; now: {state.stage}",
                      it="spostamenti e riparazioni appartengono alla fase 1; ora: "
                      f"{italian.stage(state.stage)}")
    crew = member_crew(state, seat)
    if not playing(crew):
        return Reason("your crew's phase 1 is over: wait for the other crews",
                      it="la fase 1 della tua ciurma è finita: aspetta le altre ciurme")
    if crew.vote is not None:
        return Reason(
            "those aboard are voting on steering the lifeboat: wait for their answers",
            it="chi è a bordo sta votando se manovrare la scialuppa: aspetta le risposte",
        )
    return Reason(f"it is seat {active_seat(crew)}'s turn in your crew, not yours",
                  it=f"nella tua ciurma è il turno del posto {active_seat(crew)}, non il tuo")


def _why_not_this(
    state: CiurmeState, crew: Crew, seat: int, action: Action, legal: list[Action]
) -> str:
    kinds = sorted({a.kind for a in legal})
    allowed = ", ".join(kinds) or "nothing"
    if isinstance(action, Move) and crew.step == Step.MOVE:
        here = crew.place[crew.active]
        places = adjacent(crew, here)
        near: list[str] = [*places] or ["none: stay"]
        return Reason(
            f"you cannot move from the {here} to {quote(str(action.place))}: it is not adjacent "
            f"(the lifeboat is docked at the {crew.dock}); adjacent now: {', '.join(near)}",
            it=f"non puoi spostarti {italian.from_place(here)} {italian.to_place(action.place)}: "
            f"non sono vicini (la scialuppa è attraccata {italian.to_place(crew.dock)}); vicini "
            f"ora: {', '.join(map(italian.place, places)) or 'nessuno: resta dove sei'}",
        )
    if isinstance(action, Repair) and crew.step == Step.REPAIR and complete(state, crew, seat):
        return Reason("your load is complete: help a mate who still needs it, or pass",
                      it="il tuo carico è completo: aiuta un compagno che ne ha ancora bisogno, "
                      "o passa")
    if isinstance(action, (Repair, Help)) and crew.step == Step.REPAIR:
        colours = ", ".join(sorted(set(crew.transported)))
        if action.colour not in crew.transported:
            return Reason(
                f"there is no {quote(str(action.colour))} wood on the wreck; colours there: "
                f"{colours}",
                it=f"sul relitto non c'è legno {italian.wood(action.colour)}; colori lì: "
                f"{italian.woods(sorted(set(crew.transported)))}",
            )
        if isinstance(action, Help) and not complete(state, crew, seat):
            return Reason(
                "you help only once your own load of 3 is complete: repair for yourself",
                it="aiuti solo dopo aver completato il tuo carico di 3: ripara per te",
            )
        if isinstance(action, Help):
            return Reason(
                f"you cannot help {quote(action.mate)}: you help each mate at most once, and "
                f"only a mate whose load is incomplete [D-4]; you may help: "
                f"{helpable(state, crew, seat)}",
                it=f"non puoi aiutare {quote(action.mate)}: aiuti ogni compagno al massimo una "
                f"volta, e solo chi non ha completato il carico; puoi aiutare: "
                f"{helpable(state, crew, seat)}",
            )
    return Reason(
        f"that is not possible now ({crew.step} step of your turn); allowed: {allowed}",
        it=f"ora non è possibile (momento del tuo turno: {italian.step(crew.step)}); puoi: "
        f"{italian.doings(kinds)}",
    )


# --- the move, and the place's action -------------------------------------------------------------
def do_move(state: CiurmeState, seat: int, action: Stay | Move) -> list[Event]:
    crew = member_crew(state, seat)
    start = crew.place[crew.active]
    here = step_to(crew, action)
    moved = private("moved", board_seen(state, crew), seat=seat, start=start, end=here)
    return [moved, *place_acts(state, crew, seat, start)]


def play_move(state: CiurmeState, seat: int, action: Stay | Move) -> None:
    """`do_move` without the event of the move, nor the island's (`Game.play` drops them): a
    stay or a move is nearly half of a random session's actions, and a third of them end on
    the island."""
    crew = member_crew(state, seat)
    start = crew.place[crew.active]
    if step_to(crew, action) == ISLAND:  # as `place_acts` does there, quietly
        harvest(crew, crew.active)
        end_turn(state, crew)
        return
    place_acts(state, crew, seat, start)


def step_to(crew: Crew, action: Stay | Move) -> Location:
    """The active member stays or moves, and its turns at the place it ends on are counted; the
    place."""
    i = crew.active
    if isinstance(action, Move):
        crew.place[i] = action.place
    here = crew.place[i]
    # `replaced` twice, written out (a clone shares both lists): every stay and move
    turns = crew.place_turns[i].copy()
    turns[PLACES.index(here)] += 1
    place_turns = crew.place_turns.copy()
    place_turns[i] = turns
    crew.place_turns = place_turns
    return here


def place_acts(state: CiurmeState, crew: Crew, seat: int, start: Location) -> list[Event]:
    """The place the active member moved to from `start` (or stayed at) acts: the island
    produces and the turn ends; on the lifeboat the next step is steering (the third boarder
    at the island makes the crossing first); on the wreck, repairing, where there is work."""
    here = crew.place[crew.active]
    if here == ISLAND:
        events = produce(state, crew, member=crew.active)
        return events + end_turn(state, crew)
    if here == LIFEBOAT:
        boarded = start == ISLAND
        crossing = boarded and crew.dock == ISLAND and len(aboard(crew)) >= CROSSING_CREW
        events = _cross(state, crew) if crossing else []
        crew.step = Step.STEER
        return events
    if has_work(state, crew, seat):
        crew.step = Step.REPAIR
        return []
    return end_turn(state, crew)


def produce(state: CiurmeState, crew: Crew, member: int | None) -> list[Event]:
    """The island produces (`harvest`), which the crew's board shows."""
    wood = harvest(crew, member)
    who = "automaton" if member is None else crew.members[member]
    if wood is None:
        return [private("nothing_produced", board_seen(state, crew), by=who)]
    return [private("produced", board_seen(state, crew), by=who, wood=wood)]


def harvest(crew: Crew, member: int | None) -> Wood | None:
    """Island: one wood of the producer's colour (its meeple's) to the common pile; out of it, a
    neutral one; [D-2] with the neutral supply empty too, nothing. The automaton (`member`
    None) produces light blue, then neutral [D-15]. The wood produced, if any."""
    wood: Wood | None
    if member is None:
        wood = LIGHT_BLUE if crew.light_blue else (NEUTRAL if crew.neutral else None)
        if wood == LIGHT_BLUE:
            crew.light_blue -= 1
    else:
        colour = crew.meeples[member]
        assert colour, "every member has a meeple once phase 1 starts"
        wood = colour if crew.own_wood[member] else (NEUTRAL if crew.neutral else None)
        if wood == colour:
            crew.own_wood[member] -= 1
    if wood == NEUTRAL:
        crew.neutral -= 1
    if wood is not None:
        crew.common_pile.append(wood)
        crew.produced[wood] = crew.produced.get(wood, 0) + 1
    return wood


def _cross(state: CiurmeState, crew: Crew) -> list[Event]:
    """[D-3] The third boarder at the island: the pile is loaded, the boat sails to the wreck,
    the pile becomes the transported pile. [D-13] Only this carries wood."""
    load = crew.common_pile
    crew.transported += load
    crew.common_pile = []
    crew.dock = WRECK
    seen = board_seen(state, crew)
    return [private("crossing", seen, wood=list(load), aboard=aboard(crew))]


# --- the lifeboat ---------------------------------------------------------------------------------
def do_steer(state: CiurmeState, seat: int, action: Steer) -> list[Event]:
    """Alone aboard, the boat goes; with others aboard, they vote ("Se non è da solo, tutti i
    giocatori presenti devono essere d'accordo")."""
    crew, others = propose_steering(state, seat)
    if not others:
        return move_boat(state, crew) + end_turn(state, crew)
    index = state.index_of(crew)
    heard = board_seen(state, crew)
    return [private("steer_proposed", heard, crew=index, by=seat, voters=others)]


def play_steer(state: CiurmeState, seat: int, action: Steer) -> None:
    """`do_steer` without its events (`Game.play` drops them)."""
    crew, others = propose_steering(state, seat)
    if not others:
        sail(crew)
        end_turn(state, crew)


def propose_steering(state: CiurmeState, seat: int) -> tuple[Crew, list[int]]:
    """The proposer's crew and the others aboard, whose lifeboat vote opens where there are
    any: the change of the state that `do_steer` and `play_steer` share."""
    crew = member_crew(state, seat)
    others = [s for s in aboard(crew) if s != seat]
    if others:
        crew.vote = open_vote(state, Topic.LIFEBOAT, others, [NO, YES], proposer=seat)
    return crew, others


def move_boat(state: CiurmeState, crew: Crew) -> list[Event]:
    """Steering (`sail`), which the crew's board shows."""
    sail(crew)
    seen = board_seen(state, crew)
    return [private("steered", seen, dock=crew.dock, aboard=aboard(crew))]


def sail(crew: Crew) -> None:
    """The boat and everybody aboard go to the other dock, carrying no wood [D-13]."""
    crew.dock = WRECK if crew.dock == ISLAND else ISLAND


def steering_decided(state: CiurmeState, crew: Crew, carried: bool) -> list[Event]:
    """The lifeboat vote is over: the boat goes if it carried, and the proposer's turn ends."""
    events = move_boat(state, crew) if carried else []
    outcome = Outcome.YES if carried else Outcome.NO
    index = state.index_of(crew)
    events.append(private("steer_vote", board_seen(state, crew), crew=index, outcome=outcome))
    return events + end_turn(state, crew)


def steering_settled(state: CiurmeState, crew: Crew, carried: bool) -> list[Event]:
    """`steering_decided` without its events (`Game.play` drops them)."""
    if carried:
        sail(crew)
    return end_turn(state, crew)


def do_pass(state: CiurmeState, seat: int, action: Pass) -> list[Event]:
    return end_turn(state, member_crew(state, seat))


# --- the wreck --------------------------------------------------------------------------------
def do_repair(state: CiurmeState, seat: int, action: Repair | Help) -> list[Event]:
    """"prende un legno di qualsiasi colore presente nel cumulo trasportato sulla nave e lo
    utilizza per aggiustare la nave. Ogni legno utilizzato in questo modo viene conservato davanti
    al giocatore che l'ha utilizzato." """
    crew, target = repair(state, seat, action)
    index = state.index_of(crew)
    seen = board_seen(state, crew)
    events: list[Event] = [
        private("repaired", seen, by=seat, wood=action.colour, target=target),
        public("progress", crew=index, repairs=len(crew.pieces)),
    ]
    return events + repaired(state, crew, index)


def play_repair(state: CiurmeState, seat: int, action: Repair | Help) -> None:
    """`do_repair` without the events of the repair (`Game.play` drops them)."""
    crew, _ = repair(state, seat, action)
    repaired(state, crew, state.index_of(crew))


def repair(state: CiurmeState, seat: int, action: Repair | Help) -> tuple[Crew, int]:
    """The wood goes from the transported pile into a piece of the player's, aimed at the player
    (a repair) or at the mate helped: the crew, and the piece's target."""
    crew = member_crew(state, seat)
    crew.transported.remove(action.colour)
    target = seat if isinstance(action, Repair) else action.mate
    crew.pieces.append((seat, action.colour, target))
    crew.reached_at = replaced(crew.reached_at, crew.active, state.tick)
    return crew, target


def repaired(state: CiurmeState, crew: Crew, index: int) -> list[Event]:
    """After a repair: the ship restored, the crew at `index` finishes (this turn counted);
    otherwise the turn ends."""
    if restored(state, crew):
        crew.turns += 1
        return race.finish(state, index)
    return end_turn(state, crew)


# --- the end of a turn --------------------------------------------------------------------------
def end_turn(state: CiurmeState, crew: Crew) -> list[Event]:
    """Next player; after the last of the rotation, the automaton; the session clock counts
    whole rotations. Phase 1 closes once no crew is playing."""
    crew.turns += 1
    crew.step = Step.MOVE
    crew.active = (crew.active + 1) % len(crew.members)
    events: list[Event] = []
    if crew.active == crew.first:
        if crew.automaton:  # it plays "as if it were a player", always on the island
            events += produce(state, crew, member=None)
        crew.rounds += 1
        if crew.rounds >= state.options.phase1_max_rounds:
            crew.stopped = True
            events.append(public("clock_stopped", crew=state.index_of(crew)))
            # a crew still playing keeps phase 1 open: only a crew that stops may close it
            return events + race.close_when_all_done(state)
    return events


