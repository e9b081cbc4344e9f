"""Who may act in a Ciurme session: the seats with a real decision, each with the groups of the
stage's rules that list a choice for it, in table order (the game's `actors`, `may_act` and
`legal_actions` read it).

The rules' choices are grouped by the seats they may list for (a superset of those they list
for, or exactly those). A crew's group asks about its members only (the turn, the ballots, the
captain placing, the motions to depose, the quartermaster's relay, the meeples); the table's
asks about the facilitator (first players, the phases, the close of phase 1, ties). So the
listing is kept in parts, one per crew, then the facilitator's, and an action that changes one
crew only has only that crew's part and the facilitator's made again (`relist`): with three
crews racing in phase 1, every step is a step of one crew. What the parts ask of the session
itself (the stage, the round, the period, the finishing order, the placing turn: `signature`)
decides what a member's action invalidates (`Lister.kept`): nothing of it changed, its crew's
part and the facilitator's (in phase 1 the facilitator's too is kept: its one question asks the
session alone, `BY_SESSION`); only the placing turn (a stamp placed), the crew whose captain
places next as well; anything else of it, or any action of the facilitator's, every part. A
seat's menu then asks only the groups found listing for it, in its own part (a turn's, a
ballot's or a motion's seat is not asked again whether it may act: `listed_turn`,
`listed_ballots`, `listed_motions`; nor its crew, which `legal_actions` found). The
answers are those of asking every rule for every seat (tests compare them at every step of
random sessions, and a kept listing with one found afresh).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from operator import attrgetter

from ludoteca.engine.actions import Action
from ludoteca.engine.rules import Choices, Rule, RuleTable
from ludoteca.games.ciurme.actions import DEPOSE, WAIVE
from ludoteca.games.ciurme.rules import (
    assembly,
    ballots,
    briefing,
    channels,
    depositions,
    phase1,
    phases,
    race,
    roles,
)
from ludoteca.games.ciurme.state import CiurmeState, Crew, Stage

CrewSeats = Callable[[CiurmeState, Crew], Iterable[int]]
TableSeats = Callable[[CiurmeState], Iterable[int]]
Gate = Callable[[CiurmeState, int], object]
# A group's choices for a seat it lists for, given the index of the seat's crew (None: the
# facilitator), which `legal_actions` found to read the seat's part.
Menu = Callable[[CiurmeState, int, int | None], list[Action]]
Listing = dict[int, tuple["Group", ...]]

TURN = (phase1.stays, phase1.moves, phase1.steers, phase1.repairs, phase1.helps, phase1.passes)
BALLOTS = (ballots.agreements, ballots.elections, ballots.preferences, ballots.abstentions)
DEPOSING = (depositions.motions, depositions.waivers)
# Who each rule may list a choice for, in a crew: its members only.
CREW_SEATS: dict[Choices, CrewSeats] = {
    briefing.colours: roles.crew_players,
    **dict.fromkeys(TURN, phase1.crew_turn_seats),
    **dict.fromkeys(BALLOTS, roles.crew_open_voters),
    assembly.placements: assembly.crew_placing_captain,
    **dict.fromkeys(DEPOSING, depositions.crew_movers),
    channels.relay_posts: channels.crew_relaying,
}
# Who each of the facilitator's rules may list a choice for.
TABLE_SEATS: dict[Choices, TableSeats] = {
    **dict.fromkeys((race.play_ons, race.closings), race.deciding),
    **dict.fromkeys((ballots.decisions, briefing.first_players, phases.starts),
                    roles.facilitator_seat),
}
# Whether a group lists something for one of its seats, in one question; None where its seats
# are exactly those it lists for, so that none is asked: the turn's seats, the open voters (every
# vote has a choice: Agree on a motion, Abstain in an election, in each stage's group of
# ballots), the captain placing, the members who may move to depose, the quartermaster owing
# the relay, the facilitator deciding in phase 1. A group not named here asks its choices, or
# their `GATES` (`asking`).
LISTS: dict[tuple[Choices, ...], Gate | None] = {
    TURN: None,
    BALLOTS: None,
    (ballots.agreements,): None,
    (ballots.elections, ballots.abstentions): None,
    (assembly.placements,): None,
    DEPOSING: None,
    (race.play_ons, race.closings): None,
    (channels.relay_posts,): None,
}
# The facilitator's questions answered by the session's `signature` alone, whatever the crews
# did: whether a decision on closing phase 1 is due (`race.closing_due`) asks the finishing order
# and when the facilitator last let the crews play on (the facilitator's own action), and
# whether a crew still plays, which in phase 1 one always does (phase 1 closes when none does:
# `race.close_when_all_done`). A stage whose table asks these alone keeps its table's part after
# a crew's action: phase 1's, a step of one crew at each action.
BY_SESSION: frozenset[TableSeats] = frozenset({race.deciding})
# Whether a rule lists something for a seat, asked without making its choices (a group not
# named in `LISTS` asks these, or else its choices).
GATES: dict[Choices, Gate] = {
    briefing.colours: briefing.picking,
    briefing.first_players: briefing.naming_first,
    ballots.decisions: ballots.decision_due,
}
# The stages a rule's choices may list something in, where fewer than its rule's phases: the
# quartermaster's relay is owed in the Assembly only (`channels.relay_due`), though a post is
# accepted in every stage. A stage's listing leaves the others out: one question fewer after
# every action of phase 1.
LISTS_IN: dict[Choices, tuple[Stage, ...]] = {
    channels.relay_posts: (Stage.ASSEMBLY,),
}


def listed_turn(state: CiurmeState, seat: int, index: int | None) -> list[Action]:
    """The steps of the turn of a seat found with a step to take (`phase1.crew_turn_seats`, the
    turn's group has no other seats): its crew's turn (the crew at `index`), not asked again
    whether it is its own (`phase1.turn_menu` asks, for any seat)."""
    assert index is not None, "a player's seat"
    return phase1.turn_actions(state, state.crews[index])


def listed_ballots(state: CiurmeState, seat: int, index: int | None) -> list[Action]:
    """The answers of a seat found with a ballot to cast (`roles.crew_open_voters`, the ballots'
    group has no other seats): its crew's vote's, not asked again whether it may still answer
    (`ballots.vote_for` asks, for any seat)."""
    assert index is not None, "a player's seat"
    vote = state.crews[index].vote
    assert vote is not None, "an open vote"
    return ballots.vote_menu(vote)


def listed_motions(state: CiurmeState, seat: int, index: int | None) -> list[Action]:
    """Both answers to this round's motion of a seat found among those who may move to depose
    (`depositions.crew_movers`, the group's seats): raise it, or waive it, not asked again
    whether it may (`depositions.motion_menu` asks, for any seat)."""
    return [DEPOSE, WAIVE]


# Where one function lists every choice of a group for a seat the group lists for, in table
# order (finding the crew, the vote or the motion once, not once per choice).
MENUS: dict[tuple[Choices, ...], Menu] = {
    TURN: listed_turn,
    # the ballots of each stage's votes: the Assembly's, phase 1's motions, the offices' elections
    BALLOTS: listed_ballots,
    (ballots.agreements,): listed_ballots,
    (ballots.elections, ballots.abstentions): listed_ballots,
    DEPOSING: listed_motions,
}


@dataclass(frozen=True)
class Group:
    """Choices that share their seats, in table order: a crew's (`crew_seats`) or the
    table's (`table_seats`)."""

    crew_seats: CrewSeats | None
    table_seats: TableSeats | None
    choices: tuple[Choices, ...]
    lists: Gate | None  # whether one of the choices lists something for a seat (None: all do)
    menu: Menu  # the group's choices for a seat, in table order


@dataclass(frozen=True)
class Groups:
    """A stage's groups: those of the crews, and those of the table; and whether a crew's action
    that leaves the session's `signature` as it was keeps the table's part (its groups ask the
    session alone, `BY_SESSION`)."""

    crews: tuple[Group, ...]
    table: tuple[Group, ...]
    table_kept: bool
    # What `list_crew` and `list_table` read of each group, made once (the listing asks after
    # every action): its seats, its gate, and the group alone, as a seat listed by it alone
    # keeps it (a tuple, shared: a part is never changed once found).
    crew_plan: tuple[tuple[CrewSeats, Gate | None, tuple[Group]], ...] = field(init=False)
    table_plan: tuple[tuple[TableSeats, Gate | None, tuple[Group]], ...] = field(init=False)

    def __post_init__(self) -> None:
        crew_plan = tuple((g.crew_seats, g.lists, (g,)) for g in self.crews if g.crew_seats)
        table_plan = tuple((g.table_seats, g.lists, (g,)) for g in self.table if g.table_seats)
        object.__setattr__(self, "crew_plan", crew_plan)  # a frozen record's derived fields
        object.__setattr__(self, "table_plan", table_plan)


def listed_in(rules: RuleTable, stage: Stage) -> tuple[Rule, ...]:
    """The rules whose choices may list something in `stage`: those the table lists there, but
    for those that `LISTS_IN` keeps to other stages."""
    return tuple(rule for rule in rules.listed_in(stage)
                 if rule.choices is None or stage in LISTS_IN.get(rule.choices, (stage,)))


def grouped(rules: tuple[Rule, ...]) -> Groups:
    """The choices of `rules` by their seats, in table order."""
    groups: dict[CrewSeats | TableSeats, list[Choices]] = {}
    for rule in rules:
        assert rule.choices is not None, "listed rules have choices"
        key = CREW_SEATS.get(rule.choices) or TABLE_SEATS[rule.choices]
        # a group follows on in table order, so that `legal_actions` keeps the menu's order
        assert key not in groups or key == list(groups)[-1], "a group's rules follow one another"
        groups.setdefault(key, []).append(rule.choices)
    made = [
        Group(
            CREW_SEATS.get(choices[0]),
            TABLE_SEATS.get(choices[0]),
            tuple(choices),
            LISTS[tuple(choices)] if tuple(choices) in LISTS else asking(tuple(choices)),
            MENUS.get(tuple(choices)) or chained(tuple(choices)),
        )
        for choices in groups.values()
    ]
    table = tuple(g for g in made if g.table_seats is not None)
    return Groups(tuple(g for g in made if g.crew_seats is not None), table,
                  all(g.table_seats in BY_SESSION and g.lists is None for g in table))


def asking(choices: tuple[Choices, ...]) -> Gate:
    """Whether one of `choices` lists something for a seat, asking their `GATES` where they
    have one, else them."""
    gates = tuple(GATES.get(listed, listed) for listed in choices)
    if len(gates) == 1:  # asked itself, with no loop around it: the listing asks after every action
        return gates[0]

    def lists(state: CiurmeState, seat: int) -> bool:
        return any(gate(state, seat) for gate in gates)

    return lists


def chained(choices: tuple[Choices, ...]) -> Menu:
    """The choices of `choices` for a seat, one after the other, in table order."""

    def menu(state: CiurmeState, seat: int, index: int | None) -> list[Action]:
        actions: list[Action] = []
        for listed in choices:
            actions += listed(state, seat)
        return actions

    return menu


class Lister:
    """The listing of a rule table's stages."""

    def __init__(self, rules: RuleTable) -> None:
        self.rules = rules
        # every stage's groups, made once: the listing asks after every action
        self.by_stage: dict[Stage, Groups] = {
            stage: grouped(listed_in(rules, stage)) for stage in Stage}

    def groups(self, stage: Stage) -> Groups:
        return self.by_stage[stage]

    def parts(self, state: CiurmeState) -> list[Listing]:
        """The seats that may act, each with the groups that list a choice for it, in table
        order, in parts: one per crew (its members), then the table's (the facilitator); each
        group asked only about the seats it may list for. Kept on the state until an action
        changes it (see `relist`)."""
        if state.actor_groups is None:
            groups = self.groups(state.stage)
            found = [list_crew(state, crew, groups) for crew in state.crews]
            found.append(list_table(state, groups))
            state.actor_groups = found
        return state.actor_groups

    def kept(self, state: CiurmeState, seat: int, before: tuple[object, ...]) -> None:
        """Who may act after `seat`'s action, kept on the state: a member's action that left the
        session's `signature` as it was (`before` it) changed its crew alone, whose part is
        listed again with the facilitator's (`relist`); a captain's stamp changed the placing
        turn too, which hands the next stamp to another crew, listed again as well
        (`relist_placer`); after any other, everything is asked again when needed."""
        index = state.crew_of(seat)
        if index is None:
            state.actor_groups = None
            return
        now = signature(state)
        if now == before:
            self.relist(state, index)
        elif now[:-1] == before[:-1]:  # a stamp placed, and nothing else of the session
            self.relist(state, index)
            self.relist_placer(state)
        else:
            state.actor_groups = None

    def relist(self, state: CiurmeState, index: int) -> None:
        """Who may act after an action that changed the crew at `index` and nothing else of
        the session that a listing asks (the stage, the round, the stamps placed, the period):
        the other crews' parts are kept; the crew's and the table's are found again (the
        table's kept where it asks the session alone: `Groups.table_kept`). New parts: a clone
        may share the old ones."""
        old = state.actor_groups
        if old is None:
            return
        groups = self.by_stage[state.stage]
        found = old.copy()
        found[index] = list_crew(state, state.crews[index], groups)
        if not groups.table_kept:
            found[-1] = list_table(state, groups)
        state.actor_groups = found

    def relist_placer(self, state: CiurmeState) -> None:
        """After a stamp placed that ends no round: the crew whose captain places next, listed
        again (its captain's placements are its only question that asks the placing turn)."""
        index = assembly.placer(state)
        if index is not None:
            self.relist(state, index)


def list_crew(state: CiurmeState, crew: Crew, groups: Groups) -> Listing:
    """The crew's seats that may act, with their groups in table order (`Groups.crew_plan`)."""
    found: Listing = {}
    for seats, lists, alone in groups.crew_plan:
        for seat in seats(state, crew):
            if lists is None or lists(state, seat):
                listed = found.get(seat)
                found[seat] = alone if listed is None else listed + alone
    return found


def list_table(state: CiurmeState, groups: Groups) -> Listing:
    """The facilitator, if one of the table's groups lists a choice for it, with those groups
    (`Groups.table_plan`)."""
    found: Listing = {}
    for seats, lists, alone in groups.table_plan:
        for seat in seats(state):
            if lists is None or lists(state, seat):
                listed = found.get(seat)
                found[seat] = alone if listed is None else listed + alone
    return found


# What a listing asks of the session beyond the crews and the facilitator's part: an action of a
# crew's member that leaves it as it was changed that crew alone (its votes, turns, offices and
# messages). The finishing order is the facilitator's question (a new list at each finish: a
# clone shares it); the placing turn, last, the placing captain's (`Lister.kept`). Made by
# `attrgetter`, twice an action, without a Python call.
signature: Callable[[CiurmeState], tuple[object, ...]] = attrgetter(
    "stage", "round", "period", "finish_order", "placing")
