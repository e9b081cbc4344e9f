"""Ciurme as a `Game`: seats and roles, who acts, what is legal, and applying an action.

Seats 0..players-1 are the players; seat `players` is the facilitator. The rules live in
phase1, offices, assembly, votes and channels; this module routes actions to them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event, private, public
from ludoteca.engine.game import Game
from ludoteca.engine.result import Result
from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme import assembly, bots, channels, phase1, render, results, views
from ludoteca.games.ciurme.actions import (
    ACTION_CLASSES,
    TURN_ACTIONS,
    Abstain,
    Agree,
    ClosePhase1,
    Decide,
    Depose,
    Elect,
    FirstPlayer,
    PickColour,
    Place,
    Post,
    Prefer,
    StartPhase,
    Waive,
)
from ludoteca.games.ciurme.crews import form_crews
from ludoteca.games.ciurme.data import (
    ISLAND,
    LIGHT_BLUE_SUPPLY,
    MEEPLE_COLOURS,
    NEUTRAL_SUPPLY,
    PLACES,
    SHIP_NAMES,
    STAMP_VALUES,
    WOOD_PER_PLAYER,
)
from ludoteca.games.ciurme.debrief import debrief
from ludoteca.games.ciurme.evaluate import evaluate_position
from ludoteca.games.ciurme.offices import start_offices
from ludoteca.games.ciurme.options import CiurmeOptions
from ludoteca.games.ciurme.state import (
    ASSEMBLY,
    BRIEFING,
    OFFICES,
    OVER,
    PHASE1,
    CiurmeState,
    Crew,
    clone_state,
    state_from_json,
    state_to_json,
)
from ludoteca.games.ciurme.votes import (
    ABSTAINED,
    DEPOSITION,
    ELECTED,
    FACILITATOR,
    FAVOURITE,
    LIFEBOAT,
    MOTIONS,
    NO,
    PENDING,
    QUARTERMASTER,
    RUNOFF,
    SECOND,
    YES,
    cast,
    election_outcome,
    may_vote,
    motion_outcome,
    open_vote,
    record,
)


class Ciurme(Game[CiurmeState]):
    name = "ciurme"
    title = "Ciurme"
    min_players = 8
    max_players = 40
    Options = CiurmeOptions
    action_classes = ACTION_CLASSES
    # Chat (`post`) is accepted from any seat entitled to a channel but never listed, except the
    # quartermaster's relay; the facilitator may close phase 1 at any time, the menu offers it
    # once the race is decided (see close_listed). So `actors` are the seats with a real decision.
    legal_actions_complete = False
    # In the training room a seat is never taken over on its own: the facilitator decides.
    abandoned_seat_grace = None

    # --- set-up -------------------------------------------------------------------------------
    def setup(self, players: int, seed: int, options: Any = None) -> CiurmeState:
        self.check_players(players)
        opts: CiurmeOptions = self.options(options)
        seats = form_crews(players, opts.crews)
        fleet = assembly.fleet_size(len(seats), opts.fleet_size)
        if not 2 <= fleet <= len(SHIP_NAMES):
            raise ValueError(f"the fleet has 2 to {len(SHIP_NAMES)} ships, not {fleet}")
        crews = [self._new_crew(members, fleet) for members in seats]
        return CiurmeState(
            players=players,
            options=opts,
            crews=crews,
            rng=Rng(seed),
            seed=seed,
            fleet=fleet,
            spoken=[0] * (players + 1),
        )

    @staticmethod
    def _new_crew(members: list[int], fleet: int) -> Crew:
        n = len(members)
        return Crew(
            members=list(members),
            meeples=[UNPICKED] * n,  # each player picks a meeple in the briefing
            automaton=None,  # the meeple nobody picks, known when phase 1 starts
            place=[ISLAND] * n,  # "I giocatori partono tutti sull'isola"
            own_wood=[WOOD_PER_PLAYER] * n,
            light_blue=LIGHT_BLUE_SUPPLY,
            neutral=NEUTRAL_SUPPLY,
            place_turns=[[0] * len(PLACES) for _ in range(n)],
            reached_at=[0] * n,
            points=[0] * fleet,
        )

    def seats(self, state: CiurmeState) -> list[int]:
        return list(range(state.players + 1))

    def teams(self, state: CiurmeState) -> list[list[int]]:
        return [sorted(crew.members) for crew in state.crews]

    def max_actions(self, players: int, options: Any = None) -> int:
        """Every stage bounded: phase-1 turns by the session clock, votes by their electorates,
        motions to depose by one per member per round, messages by the budget."""
        opts: CiurmeOptions = self.options(options)
        crews = form_crews(players, opts.crews)
        k = len(crews)
        total = players + k + 1  # briefing: colours, first players, start
        for members in crews:
            m = len(members)
            total += opts.phase1_max_rounds * m * (m + 1)  # move, steer/repair, lifeboat votes
            total += 2 * m + 1  # quartermaster election, run-off, decision
            total += 2 * (2 * m + 1)  # favourite and second favourite
            total += (k + 1) * (m - 1) * (1 + m + 2 * m + 1)  # motions, ballots, re-election
        total += 2 + len(STAMP_VALUES) * k * k  # close, start phase 2, stamps
        periods = k + 4
        total += (players + 1) * opts.message_budget * periods
        return total

    # --- who acts -------------------------------------------------------------------------------
    def actors(self, state: CiurmeState) -> frozenset[int]:
        return frozenset(s for s in self.seats(state) if self.legal_actions(state, s))

    def legal_actions(self, state: CiurmeState, seat: int) -> list[Action]:
        if state.stage == OVER or not 0 <= seat <= state.players:
            return []
        if seat == state.facilitator:
            return self._facilitator_actions(state)
        # Free talk is never listed (see channels): only the quartermaster's relay is.
        return self._player_actions(state, seat) + channels.relay_posts(state, seat)

    def _facilitator_actions(self, state: CiurmeState) -> list[Action]:
        if state.stage == BRIEFING:
            choices: list[Action] = [
                FirstPlayer(i, seat)
                for i, crew in enumerate(state.crews)
                if not crew.first_chosen
                for seat in crew.members
            ]
            everyone_picked = all(UNPICKED not in crew.meeples for crew in state.crews)
            return [*choices, StartPhase(1)] if everyone_picked else choices
        acts: list[Action] = [
            Decide(i, c)
            for i, crew in enumerate(state.crews)
            if crew.vote is not None and crew.vote.awaiting_facilitator
            for c in crew.vote.candidates
        ]
        if state.stage == PHASE1 and close_listed(state):
            acts.append(ClosePhase1())
        if state.stage == OFFICES and all(c.quartermaster is not None for c in state.crews):
            acts.append(StartPhase(2))
        return acts

    def _player_actions(self, state: CiurmeState, seat: int) -> list[Action]:
        index = state.crew_of(seat)
        if index is None:
            return []
        crew = state.crews[index]
        acts: list[Action] = []
        if state.stage == BRIEFING:
            acts += [PickColour(c) for c in colour_choices(crew, seat)]
        if state.stage == PHASE1 and phase1.active_seat(crew) == seat:
            acts += phase1.turn_actions(state, crew)
        vote = crew.vote
        if vote is not None and may_vote(vote, seat):
            if vote.topic in MOTIONS:
                acts += [Agree(True), Agree(False)]
            elif vote.topic == QUARTERMASTER:
                acts += [*(Elect(c) for c in vote.candidates), Abstain()]
            else:
                acts += [*(Prefer(s) for s in vote.candidates), Abstain()]
        if state.stage == ASSEMBLY:
            if seat == crew.captain and assembly.placer(state) == index:
                hand = sorted(set(state.hands[index]))
                acts += [Place(v, s) for v in hand for s in range(state.fleet)]
            if may_move_to_depose(state, crew, seat):
                acts += [Depose(), Waive()]
        return acts

    # --- applying -------------------------------------------------------------------------------
    def apply(self, state: CiurmeState, seat: int, action: Action) -> list[Event]:
        if not isinstance(seat, int) or not 0 <= seat <= state.players:
            raise IllegalAction(f"there is no seat {seat!r} in this session")
        if state.stage == OVER:
            raise IllegalAction("the session is over: nothing more can be done")
        events = self._route(state, seat, action)
        state.tick += 1
        return events

    def _route(self, state: CiurmeState, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Post):
            return channels.post(state, seat, action)
        if isinstance(action, (FirstPlayer, StartPhase, ClosePhase1, Decide)):
            if seat != state.facilitator:
                raise IllegalAction(
                    "only the facilitator names first players, starts phases, closes phase 1 "
                    "and settles tied elections"
                )
            return self._facilitate(state, action)
        index = state.crew_of(seat)
        if index is None:
            raise IllegalAction("the facilitator does not play: you may start phases, settle "
                                "ties, close phase 1 and broadcast")
        crew = state.crews[index]
        if isinstance(action, PickColour):
            return self._pick_colour(state, crew, seat, action)
        if isinstance(action, TURN_ACTIONS):
            if state.stage != PHASE1:
                raise IllegalAction(f"moves and repairs belong to phase 1; now: {state.stage}")
            if not phase1.playing(crew):
                raise IllegalAction("your crew's phase 1 is over: wait for the other crews")
            if phase1.active_seat(crew) != seat:
                raise IllegalAction(
                    f"it is seat {phase1.active_seat(crew)}'s turn in your crew, not yours"
                )
            events = phase1.apply_turn(state, crew, seat, action)
            return events + self._maybe_close(state)
        if isinstance(action, (Agree, Elect, Prefer, Abstain)):
            return self._vote(state, crew, seat, action)
        if isinstance(action, (Depose, Waive)):
            return self._motion(state, crew, seat, action)
        if isinstance(action, Place):
            return self._place(state, index, seat, action)
        raise IllegalAction(f"{getattr(action, 'kind', action)!r} is not an action of Ciurme")

    # --- the facilitator ------------------------------------------------------------------------
    def _facilitate(self, state: CiurmeState, action: Action) -> list[Event]:
        if isinstance(action, FirstPlayer):
            return self._first_player(state, action)
        if isinstance(action, StartPhase):
            return self._start(state, action.phase)
        if isinstance(action, ClosePhase1):
            if state.stage != PHASE1:
                raise IllegalAction("phase 1 is not running, so it cannot be closed")
            return close_phase1(state, "facilitator")
        assert isinstance(action, Decide)
        return self._decide(state, action)

    def _first_player(self, state: CiurmeState, action: FirstPlayer) -> list[Event]:
        if state.stage != BRIEFING:
            raise IllegalAction("the first player is chosen before phase 1 starts")
        if not 0 <= action.crew < len(state.crews):
            raise IllegalAction(f"there are crews 0 to {len(state.crews) - 1}")
        crew = state.crews[action.crew]
        if crew.first_chosen:
            raise IllegalAction(f"crew {action.crew}'s first player is already chosen")
        if action.seat not in crew.members:
            raise IllegalAction(f"choose one of crew {action.crew}'s players: {crew.members}")
        crew.first = crew.active = crew.members.index(action.seat)
        crew.first_chosen = True
        return [public("first_player", crew=action.crew, seat=action.seat)]

    def _pick_colour(
        self, state: CiurmeState, crew: Crew, seat: int, action: PickColour
    ) -> list[Event]:
        if state.stage != BRIEFING:
            raise IllegalAction("meeples are picked before phase 1 starts; yours is taken")
        free = colour_choices(crew, seat)
        if action.colour not in free:
            mine = crew.meeples[crew.members.index(seat)]
            raise IllegalAction(
                f"you already play the {mine} meeple" if mine != UNPICKED else
                f"the {action.colour!r} meeple is not free in your crew; free: {', '.join(free)}"
            )
        crew.meeples[crew.members.index(seat)] = action.colour
        return [public("meeple", crew=state.crews.index(crew), seat=seat, colour=action.colour)]

    def _start(self, state: CiurmeState, phase: int) -> list[Event]:
        if phase == 1 and state.stage == BRIEFING:
            for crew in state.crews:
                assign_meeples(crew)
            state.stage = PHASE1
            assembly.begin_period(state)
            return [public("phase_started", phase=1)]
        if phase == 2 and state.stage == OFFICES:
            if any(c.quartermaster is None for c in state.crews):
                raise IllegalAction("phase 2 starts once every crew has elected its quartermaster")
            assembly.begin_period(state)
            return [public("phase_started", phase=2), *assembly.start_assembly(state)]
        raise IllegalAction(
            f"phase {phase} cannot start now (stage: {state.stage}); phase 1 starts after the "
            "briefing, phase 2 after the elections"
        )

    def _decide(self, state: CiurmeState, action: Decide) -> list[Event]:
        crews = state.crews
        vote = crews[action.crew].vote if 0 <= action.crew < len(crews) else None
        if vote is None or not vote.awaiting_facilitator:
            raise IllegalAction("no election of that crew is waiting for your decision")
        if action.choice not in vote.candidates:
            raise IllegalAction(f"decide among the tied candidates: {vote.candidates}")
        return self._elected(state, crews[action.crew], action.choice, "facilitator")

    def _maybe_close(self, state: CiurmeState) -> list[Event]:
        if state.stage == PHASE1 and not any(phase1.playing(c) for c in state.crews):
            done = all(c.finished_turns is not None for c in state.crews)
            return close_phase1(state, "restored" if done else "clock")
        return []

    # --- votes ---------------------------------------------------------------------------------
    def _vote(self, state: CiurmeState, crew: Crew, seat: int, action: Action) -> list[Event]:
        vote = crew.vote
        if vote is None or not may_vote(vote, seat):
            raise IllegalAction("there is no vote open for you now (you may vote once, and only "
                                "in your crew's votes you are entitled to)")
        ballot = self._ballot(vote.topic, vote.candidates, action)
        cast(vote, seat, ballot)
        audience = self._vote_audience(state, crew, vote.topic)
        events: list[Event] = [private("ballot", audience, topic=vote.topic, voter=seat)]
        if vote.topic in MOTIONS:
            return events + self._motion_count(state, crew)
        outcome, leaders = election_outcome(vote)
        if outcome == PENDING:
            return events
        index = state.crews.index(crew)
        if outcome == ELECTED:
            return events + self._elected(state, crew, leaders[0], "vote")
        state.votes_log.append(record(vote, index, outcome, None, audience))
        if outcome == RUNOFF:
            crew.vote = open_vote(vote.topic, vote.voters, leaders)
            crew.vote.runoff = True
            return events + [private("runoff", audience, topic=vote.topic, candidates=leaders)]
        assert outcome == FACILITATOR
        vote.candidates = leaders
        vote.awaiting_facilitator = True
        return events + [public("awaiting_facilitator", crew=index, topic=vote.topic)]

    @staticmethod
    def _ballot(topic: str, candidates: list[int], action: Action) -> int:
        if isinstance(action, Agree):
            if topic not in MOTIONS:
                raise IllegalAction(
                    f"this is an election ({topic}): vote for a candidate or abstain"
                )
            return YES if action.yes else NO
        if topic in MOTIONS:
            raise IllegalAction(f"this is a yes/no motion ({topic}): answer it with agree")
        if isinstance(action, Abstain):
            return ABSTAINED
        wanted = Elect if topic == QUARTERMASTER else Prefer
        if not isinstance(action, wanted):
            raise IllegalAction(f"in the {topic} election vote with {wanted.kind}")
        choice = action.seat if isinstance(action, Elect) else action.ship
        if choice not in candidates:
            raise IllegalAction(f"{choice} is not eligible in this vote; candidates: {candidates}")
        return int(choice)

    def _vote_audience(self, state: CiurmeState, crew: Crew, topic: str) -> list[int]:
        if topic in (FAVOURITE, SECOND, DEPOSITION):
            return assembly.crew_audience(state, crew)
        return phase1.audience(state, crew)

    def _motion_count(self, state: CiurmeState, crew: Crew) -> list[Event]:
        vote = crew.vote
        assert vote is not None
        outcome = motion_outcome(vote)
        if outcome == PENDING:
            return []
        index = state.crews.index(crew)
        audience = self._vote_audience(state, crew, vote.topic)
        state.votes_log.append(record(vote, index, outcome, None, audience))
        crew.vote = None
        if vote.topic == LIFEBOAT:
            events = phase1.move_boat(state, crew) if outcome == "yes" else []
            events.append(private("steer_vote", audience, outcome=outcome))
            return events + phase1.end_turn(state, crew) + self._maybe_close(state)
        if outcome == "yes":
            return assembly.depose(state, crew)
        return [public("deposition_failed", crew=index)]

    def _elected(self, state: CiurmeState, crew: Crew, winner: int, how: str) -> list[Event]:
        vote = crew.vote
        assert vote is not None
        index = state.crews.index(crew)
        audience = self._vote_audience(state, crew, vote.topic)
        state.votes_log.append(record(vote, index, how, winner, audience))
        crew.vote = None
        if vote.topic == QUARTERMASTER:
            crew.quartermaster = winner
            return [public("quartermaster", crew=index, seat=winner)]
        events: list[Event] = [private("preference", audience, topic=vote.topic, ship=winner)]
        return events + assembly.set_preference(state, crew, vote.topic, winner)

    # --- the Assembly --------------------------------------------------------------------------
    def _motion(self, state: CiurmeState, crew: Crew, seat: int, action: Action) -> list[Event]:
        if not may_move_to_depose(state, crew, seat):
            raise IllegalAction(
                "you cannot move to depose now: in phase 2 a crew member other than the captain "
                "may propose it once per round, when the crew has a quartermaster and no other "
                "vote is open"
            )
        crew.motions_used.append(seat)
        if isinstance(action, Waive):
            return []
        voters = assembly.preference_voters(crew)
        crew.vote = open_vote(DEPOSITION, voters, [NO, YES], proposer=seat)
        events: list[Event] = [public("deposition_proposed", crew=state.crews.index(crew))]
        return events + self._motion_count(state, crew)

    def _place(self, state: CiurmeState, index: int, seat: int, action: Place) -> list[Event]:
        crew = state.crews[index]
        if state.stage != ASSEMBLY or seat != crew.captain:
            raise IllegalAction("only a captain places stamps, in phase 2")
        if assembly.placer(state) != index:
            raise IllegalAction("it is not your turn to place a stamp")
        if action.value not in state.hands[index]:
            raise IllegalAction(
                f"you have already used your stamp {action.value!r} this round; "
                f"your stamps left: {sorted(state.hands[index])}"
            )
        if not 0 <= action.ship < state.fleet:
            raise IllegalAction(f"there are ships 0 to {state.fleet - 1} in the fleet chart")
        return assembly.place(state, index, action.value, action.ship, seat)

    # --- the end --------------------------------------------------------------------------------
    def is_over(self, state: CiurmeState) -> bool:
        return state.stage == OVER

    def result(self, state: CiurmeState) -> Result:
        return results.result(state)

    def debrief(self, state: CiurmeState) -> dict[str, Any]:
        return debrief(state)

    # --- views and secrets -----------------------------------------------------------------------
    def view(self, state: CiurmeState, seat: int | None) -> dict[str, Any]:
        return views.view(state, seat)

    def hidden(self, state: CiurmeState, seat: int | None) -> Any:
        return views.hidden(state, seat)

    def determinize(self, state: CiurmeState, seat: int | None, rng: Rng) -> CiurmeState:
        return views.determinize(state, seat, rng)

    # --- bookkeeping ----------------------------------------------------------------------------
    def clone(self, state: CiurmeState) -> CiurmeState:
        return clone_state(state)

    def to_json(self, state: CiurmeState) -> dict[str, Any]:
        return state_to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> CiurmeState:
        return state_from_json(data)

    # --- people and bots -----------------------------------------------------------------------
    def render(self, view: Mapping[str, Any]) -> str:
        return render.render(view)

    def describe_action(self, action: Action) -> str:
        return render.describe_action(action)

    def heuristic_action(self, state: CiurmeState, seat: int, rng: Rng) -> Action:
        return bots.heuristic_action(state, seat, self.legal_actions(state, seat), rng)

    def evaluate(self, state: CiurmeState) -> list[float]:
        return evaluate_position(state)


UNPICKED = ""  # a player who has not picked a meeple yet


def colour_choices(crew: Crew, seat: int) -> list[str]:
    """The meeples `seat` may still pick: none once it has one, else the unused ones."""
    if crew.meeples[crew.members.index(seat)] != UNPICKED:
        return []
    return [c for c in MEEPLE_COLOURS if c not in crew.meeples]


def assign_meeples(crew: Crew) -> None:
    """At the start: whoever did not pick gets the first unused meeple, in seat order; in a crew
    of 4 the meeple left over is the automaton."""
    for i, colour in enumerate(crew.meeples):
        if colour == UNPICKED:
            crew.meeples[i] = next(c for c in MEEPLE_COLOURS if c not in crew.meeples)
    left = [c for c in MEEPLE_COLOURS if c not in crew.meeples]
    crew.automaton = left[0] if left else None


def close_listed(state: CiurmeState) -> bool:
    """The menu offers closing phase 1 once a crew has restored its ship and every crew still
    playing has had at least as many rounds as the winner needed: closing earlier stays legal
    (apply accepts it) but is the facilitator's deliberate choice, not a menu item bots pick."""
    if not state.finish_order:
        return False
    winner = state.crews[state.finish_order[0]]
    needed = -(-(winner.finished_turns or 0) // len(winner.members))
    return all(c.rounds >= needed for c in state.crews if phase1.playing(c))


def close_phase1(state: CiurmeState, how: str) -> list[Event]:
    """[D-5] Rank the crews, then the offices: captains at once, quartermaster elections."""
    state.ranking = phase1.ranking(state)
    state.closed_by = how
    state.stage = OFFICES
    assembly.begin_period(state)
    events: list[Event] = [public("phase1_closed", by=how, ranking=list(state.ranking))]
    return events + start_offices(state)


def may_move_to_depose(state: CiurmeState, crew: Crew, seat: int) -> bool:
    """[D-10] In phase 2, once per round per member (a documented bound), while the crew has a
    quartermaster to promote and no other vote is open."""
    return (
        state.stage == ASSEMBLY
        and seat in crew.members
        and seat != crew.captain
        and crew.quartermaster is not None
        and crew.vote is None
        and seat not in crew.motions_used
    )
