"""The facilitator starts the phases: phase 1 after the briefing, phase 2 (the Assembly) once
every crew has elected its quartermaster."""

from __future__ import annotations

from ludoteca.engine.codec import quote
from ludoteca.engine.errors import IllegalAction, Reason
from ludoteca.engine.events import Event
from ludoteca.games.ciurme.actions import StartPhase
from ludoteca.games.ciurme.rules import italian
from ludoteca.games.ciurme.rules.assembly import start_assembly
from ludoteca.games.ciurme.rules.briefing import everyone_picked, start_phase1
from ludoteca.games.ciurme.rules.roles import require_facilitator
from ludoteca.games.ciurme.state import CiurmeState, Stage


def quartermasters_elected(state: CiurmeState) -> bool:
    return all(c.quartermaster is not None for c in state.crews)


def starts(state: CiurmeState, seat: int) -> list[StartPhase]:
    """Listed once the session waits for it: everyone has a meeple, or a quartermaster. Phase 1
    may start earlier (whoever has not picked gets the first free meeple)."""
    if seat != state.facilitator:
        return []
    if state.stage == Stage.BRIEFING and everyone_picked(state):
        return [StartPhase(1)]
    if state.stage == Stage.OFFICES and quartermasters_elected(state):
        return [StartPhase(2)]
    return []


def check_start(state: CiurmeState, seat: int, action: StartPhase) -> StartPhase:
    require_facilitator(state, seat)
    if action.phase == 1 and state.stage == Stage.BRIEFING:
        return action
    if action.phase == 2 and state.stage == Stage.OFFICES:
        if not quartermasters_elected(state):
            raise IllegalAction(
                "phase 2 starts once every crew has elected its quartermaster",
                it="la fase 2 inizia quando ogni ciurma ha eletto il suo quartiermastro",
            )
        return action
    raise IllegalAction(
        f"phase {quote(action.phase)} cannot start now (stage: {state.stage}); phase 1 starts "
        "after the briefing, phase 2 after the elections",
        it=f"la fase {quote(action.phase)} non può iniziare ora (siamo nel momento: "
        f"{italian.stage(state.stage)}); la fase 1 inizia dopo la preparazione, la fase 2 dopo "
        "le elezioni",
    )


def do_start(state: CiurmeState, seat: int, action: StartPhase) -> list[Event]:
    return start_phase1(state) if action.phase == 1 else start_assembly(state)


def why_not(state: CiurmeState, seat: int) -> str:
    return Reason(
        f"no phase can start now (stage: {state.stage}); phase 1 starts after the briefing, "
        "phase 2 after the elections",
        it=f"ora nessuna fase può iniziare (siamo nel momento: {italian.stage(state.stage)}); "
        "la fase 1 inizia dopo la preparazione, la fase 2 dopo le elezioni",
    )
