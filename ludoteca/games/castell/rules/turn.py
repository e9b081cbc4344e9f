"""A turn: four actions, each at most once and in any order, then the player ends the turn
("Ci sono quattro diverse azioni che si possono compiere in ordine casuale. Le azioni possono
essere completate una sola volta per turno."). When the last player of the round ends their
turn, the round's festivals are held."""

from __future__ import annotations

from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event, public
from ludoteca.games.castell import italian
from ludoteca.games.castell.actions import EndTurn
from ludoteca.games.castell.data import Region
from ludoteca.games.castell.rules import festival
from ludoteca.games.castell.state import CastellState, TurnAction


def check_unused(state: CastellState, action: TurnAction) -> None:
    if action in state.used:
        raise IllegalAction(f"you already used your {action} action this turn",
                            it="in questo turno hai già usato l'azione: "
                            f"{italian.turn_action(action)}")


def pawn_region(state: CastellState, seat: int, doing: str) -> Region:
    """The region of the player's pawn; a pawn off the board cannot recruit, train or perform."""
    pawn = state.players[seat].pawn
    if pawn is None:
        raise IllegalAction(
            f"your pawn is not on the board yet: move it to a region before {doing}",
            it="la tua pedina non è ancora sul tabellone: muovila in una regione prima di "
            f"{italian.doing(doing)}",
        )
    return pawn


def end_turns(state: CastellState, seat: int) -> list[EndTurn]:
    return [END_TURN]


END_TURN = EndTurn()  # actions are frozen: shared


def check_end_turn(state: CastellState, seat: int, action: EndTurn) -> EndTurn:
    return action


def do_end_turn(state: CastellState, seat: int, action: EndTurn) -> list[Event]:
    return [public("end_turn", seat=seat), *end_turn(state)]


def play_end_turn(state: CastellState, seat: int, action: EndTurn) -> None:
    """`do_end_turn` without its events, for `Game.play`, which drops them (the round's
    festivals' too)."""
    if not pass_turn(state):
        festival.hold_festivals_quietly(state)


def end_turn(state: CastellState) -> list[Event]:
    """The next player clockwise plays; after the last one, the round's festivals."""
    if pass_turn(state):
        return [public("turn", seat=state.current)]
    return festival.hold_festivals(state)


def pass_turn(state: CastellState) -> bool:
    """The turn ends: whether the next player clockwise plays (False after the round's last
    turn, when the festivals come)."""
    state.used = []
    state.free_special = False
    state.turns_done += 1
    if state.turns_done < state.n:
        state.current = (state.current + 1) % state.n
        return True
    return False
