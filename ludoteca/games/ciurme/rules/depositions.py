"""Deposing the captain [D-10]: "Per qualsiasi motivo, infatti, la ciurma può destituire il
capitano ed eleggere il quartiermastro come nuovo capitano, ed eleggere un nuovo membro della
ciurma come nuovo quartiermastro. Il capitano destituito tornerà a far parte della ciurma come
membro."

In this digital version each member other than the captain may raise the motion (or waive it)
once per round, while the crew has a quartermaster to promote and no other vote is open; the
crew without the captain decides by a strict majority of its members.
"""

from __future__ import annotations

from ludoteca.engine.actions import Action
from ludoteca.engine.errors import IllegalAction, Reason
from ludoteca.engine.events import Event, private, public
from ludoteca.games.ciurme.actions import DEPOSE, WAIVE, Depose, Waive
from ludoteca.games.ciurme.rules.offices import open_quartermaster_election
from ludoteca.games.ciurme.rules.roles import (
    assembly_audience,
    crew_of,
    named_to_facilitator,
    without_captain,
)
from ludoteca.games.ciurme.rules.votes import open_vote, settle_motion
from ludoteca.games.ciurme.state import (
    NO,
    YES,
    CiurmeState,
    Crew,
    Deposition,
    Outcome,
    Stage,
    Topic,
)


def may_move_to_depose(state: CiurmeState, crew: Crew, seat: int) -> bool:
    """[D-10] A member may move to depose in phase 2, once per round (a documented bound),
    while the crew has a quartermaster to promote and no other vote is open; never the
    captain."""
    return crew_may_move(state, crew) and member_may_move(crew, seat)


def crew_may_move(state: CiurmeState, crew: Crew) -> bool:
    """[D-10] The crew's part of `may_move_to_depose`: phase 2, a quartermaster to promote and
    no other vote open."""
    return state.stage == Stage.ASSEMBLY and crew.quartermaster is not None and crew.vote is None


def movers(state: CiurmeState) -> list[int]:
    """Every member who may move to depose now, crew by crew: a crew that may not is passed over
    without asking each of its members (the listing asks at every step)."""
    return [m for crew in state.crews for m in crew_movers(state, crew)]


def crew_movers(state: CiurmeState, crew: Crew) -> list[int]:
    """`movers` in one crew."""
    if not crew_may_move(state, crew):
        return []
    captain, used = crew.captain, crew.motions_used  # `member_may_move`, written out: the
    return [m for m in crew.members if m != captain and m not in used]  # listing asks often


def member_may_move(crew: Crew, seat: int) -> bool:
    """[D-10] The member's part of `may_move_to_depose`: not the captain, and not moved (or
    waived) yet this round."""
    return seat != crew.captain and seat not in crew.motions_used


def may_move(state: CiurmeState, seat: int) -> bool:
    crew = crew_of(state, seat)
    return crew is not None and may_move_to_depose(state, crew, seat)


def motion_menu(state: CiurmeState, seat: int) -> list[Action]:
    """Both answers to this round's motion, asked once: raise it, or waive it."""
    return [DEPOSE, WAIVE] if may_move(state, seat) else []


def motions(state: CiurmeState, seat: int) -> list[Depose]:
    return [DEPOSE] if may_move(state, seat) else []


def waivers(state: CiurmeState, seat: int) -> list[Waive]:
    return [WAIVE] if may_move(state, seat) else []


def check_motion(state: CiurmeState, seat: int, action: Depose | Waive) -> Depose | Waive:
    if not may_move(state, seat):
        raise IllegalAction(why_not(state, seat))
    return action


def why_not(state: CiurmeState, seat: int) -> str:
    return Reason(
        "you cannot move to depose now: in phase 2 a crew member other than the captain "
        "may propose it once per round, when the crew has a quartermaster and no other "
        "vote is open",
        it="ora non puoi proporre di deporre il capitano: nella fase 2 un membro della ciurma "
        "che non sia il capitano può proporlo una volta per giro, quando la ciurma ha un "
        "quartiermastro e nessun'altra votazione è aperta",
    )


def do_waive(state: CiurmeState, seat: int, action: Waive) -> list[Event]:
    crew = crew_of(state, seat)
    assert crew is not None
    crew.motions_used = [*crew.motions_used, seat]  # shared by clones: replaced
    return []


def do_depose(state: CiurmeState, seat: int, action: Depose) -> list[Event]:
    """The motion opens a vote of the crew without the captain, the proposer voting yes."""
    crew = move_to_depose(state, seat)
    # [D-23] the captain and the other crews learn nothing of the attempt
    heard = assembly_audience(state, crew)
    # The crew reads that a motion is raised, not by whom: that is the facilitator's [D-23].
    events = named_to_facilitator(state, "deposition_proposed", heard, "by", seat,
                                  crew=state.index_of(crew))
    outcome = settle_motion(state, crew)
    if outcome is None:
        return events
    return events + deposition_decided(state, crew, outcome == Outcome.YES)


def play_depose(state: CiurmeState, seat: int, action: Depose) -> None:
    """`do_depose` without the events of the motion (`Game.play` drops them)."""
    crew = move_to_depose(state, seat)
    outcome = settle_motion(state, crew)
    if outcome is not None:
        deposition_decided(state, crew, outcome == Outcome.YES)


def move_to_depose(state: CiurmeState, seat: int) -> Crew:
    """The member's motion of the round is used, and the crew without the captain votes on it:
    the crew."""
    crew = crew_of(state, seat)
    assert crew is not None
    crew.motions_used = [*crew.motions_used, seat]  # shared by clones: replaced
    voters = without_captain(crew)
    crew.vote = open_vote(state, Topic.DEPOSITION, voters, [NO, YES], proposer=seat)
    return crew


def deposition_decided(state: CiurmeState, crew: Crew, carried: bool) -> list[Event]:
    """Carried: the captain is deposed, which the whole room sees (somebody else comes to the
    table). Failed: the crew and the captain learn the outcome, nobody else [D-23]."""
    if carried:
        return depose(state, crew)
    assert crew.captain is not None
    heard = [*assembly_audience(state, crew), crew.captain]
    return [private("deposition_failed", heard, crew=state.index_of(crew))]


def depose(state: CiurmeState, crew: Crew) -> list[Event]:
    """The quartermaster becomes captain (with the stamps and the turn); the old captain joins
    the crew; the crew elects a new quartermaster. Until then nobody speaks to the captain."""
    index = state.index_of(crew)
    old, new = crew.captain, crew.quartermaster
    assert old is not None and new is not None
    crew.captain, crew.quartermaster = new, None
    deposition = Deposition(index, state.round, old, new)
    state.depositions = [*state.depositions, deposition]  # shared by clones: replaced
    events = [public("deposed", crew=index, deposed=old, captain=new)]
    return events + open_quartermaster_election(state, crew)
