"""Small helpers to stage scenarios."""

from __future__ import annotations

from ludoteca.engine.actions import Action
from ludoteca.engine.events import Event
from ludoteca.games.castell import GAME
from ludoteca.games.castell.actions import EndTurn
from ludoteca.games.castell.state import CastellState, Festival


def fresh(players: int = 2, seed: int = 0, **options: bool) -> CastellState:
    return GAME.setup(players, seed, options or None)


def act(state: CastellState, seat: int, action: Action) -> list[Event]:
    return GAME.apply(state, seat, action)


def end_all_turns(state: CastellState) -> list[Event]:
    """Every remaining player of the round ends their turn."""
    events: list[Event] = []
    start = state.round
    while state.round == start and state.phase == "turn":
        events += act(state, state.current, EndTurn())
    return events


def stage_festival(
    state: CastellState, region: str, tokens: list[int], kind: str = "I"
) -> Festival:
    """Make the current round 3 hold exactly one festival, in `region` with `tokens`."""
    state.round = 3
    state.calendar = [Festival(3, kind, region, list(tokens))] + [
        f for f in state.calendar if f.round > 3
    ]
    return state.calendar[0]
