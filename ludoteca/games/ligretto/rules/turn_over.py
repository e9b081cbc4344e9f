"""Turning a tile over and discarding it: "scopre la tessera in cima al mazzo e controlla se può
posizionare la tessera vicino a una pedina Ligretto ... Se invece non ci sono caselle
disponibili, posa la tessera scoperta davanti a sé"."""

from __future__ import annotations

from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event, public
from ludoteca.games.ligretto.actions import Discard, TurnOver
from ludoteca.games.ligretto.placement import count_placements
from ludoteca.games.ligretto.rules.round_end import (
    end_if_stalled_for_good,
    end_quietly_if_stalled_for_good,
)
from ludoteca.games.ligretto.state import NO_TILE, LigrettoState

# Each seat's menu lists one of these most of the time: made once (actions never change).
TURN_OVER, DISCARD = TurnOver(), Discard()


# --- turning a tile over -------------------------------------------------------------------------
def turns(state: LigrettoState, seat: int) -> list[TurnOver]:
    return [TURN_OVER] if state.players[seat].hand == NO_TILE else []


def check_turn_over(state: LigrettoState, seat: int, action: TurnOver) -> TurnOver:
    if state.players[seat].hand != NO_TILE:
        raise IllegalAction("you already hold a turned tile: place it or discard it first",
                            it="hai già in mano una tessera girata: prima posala o scartala")
    return action


def do_turn_over(state: LigrettoState, seat: int, action: TurnOver) -> list[Event]:
    tile = turn_tile_over(state, seat)
    # "scopre la tessera in cima al mazzo": everybody sees the turned tile [D-15]
    event = public("turned", seat=seat, tile=tile, colours=state.tile_colours(tile))
    return [event, *end_if_stalled_for_good(state)]


def play_turn_over(state: LigrettoState, seat: int, action: TurnOver) -> None:
    """`do_turn_over` without its events, for `Game.play`, which drops them."""
    turn_tile_over(state, seat)
    end_quietly_if_stalled_for_good(state)


def turn_tile_over(state: LigrettoState, seat: int) -> int:
    """The seat's top tile into its hand, its fits counted (and a turn-over counted toward a
    stall [D-16]); returns the tile."""
    player = state.players[seat]
    # the pile, turned over unshuffled, is the new stack: "Se un giocatore scarta davanti
    # a sé tutte le sue tessere, capovolge il mazzo e lo prende in mano"
    if not player.stack:
        player.stack = player.pile[::-1]
        player.pile = []
    player.hand = player.stack.pop()
    player.turned += 1
    player.fits += count_placements(state, seat)
    state.stall_turns[seat] += 1
    return player.hand


# --- discarding it -------------------------------------------------------------------------------
def discards(state: LigrettoState, seat: int) -> list[Discard]:
    """A player may discard even a tile that fits [D-6]."""
    return [DISCARD] if state.players[seat].hand != NO_TILE else []


def check_discard(state: LigrettoState, seat: int, action: Discard) -> Discard:
    if state.players[seat].hand == NO_TILE:
        raise IllegalAction("you hold no turned tile to discard; turn one over first",
                            it="non hai in mano una tessera girata da scartare; prima girane una")
    return action


def do_discard(state: LigrettoState, seat: int, action: Discard) -> list[Event]:
    tile = discard_tile(state, seat)
    # "posa la tessera scoperta davanti a sé": face up on top of the pile [D-15]
    return [public("discarded", seat=seat, tile=tile,
                   colours=state.tile_colours(tile))]


def play_discard(state: LigrettoState, seat: int, action: Discard) -> None:
    """`do_discard` without its event, for `Game.play`, which drops it."""
    discard_tile(state, seat)


def discard_tile(state: LigrettoState, seat: int) -> int:
    """The turned tile onto the seat's pile; returns the tile."""
    player = state.players[seat]
    tile = player.hand
    player.pile.append(tile)
    player.hand = NO_TILE
    return tile
