"""A turn: each action at most once, in any order, then ending the turn."""

from __future__ import annotations

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.castell import GAME
from ludoteca.games.castell.actions import (
    Abstain,
    EndTurn,
    Move,
    Perform,
    Recruit,
    Source,
    SpecialMove,
    SpecialRecruit,
    Train,
)
from ludoteca.games.castell.data import Region, Skill
from ludoteca.games.castell.tests.helpers import act, fresh, setup_trainer


def test_each_action_once_per_turn() -> None:
    # "Le azioni possono essere completate una sola volta per turno."
    state = fresh()
    seat = state.current
    act(state, seat, Move(Region.VALLS))
    with pytest.raises(IllegalAction, match="already used your move"):
        act(state, seat, Move(Region.LLEIDA))
    act(state, seat, Recruit((state.regions[Region.VALLS][0],)))
    with pytest.raises(IllegalAction, match="already used your recruit"):
        act(state, seat, Recruit((state.regions[Region.VALLS][0],)))


def test_the_turn_menu_lists_every_action_left() -> None:
    # "Ci sono quattro diverse azioni che si possono compiere in ordine casuale."
    state, seat = setup_trainer()  # moved to Lleida
    kinds = {type(a) for a in GAME.legal_actions(state, seat)}
    assert kinds == {Recruit, Train, SpecialMove, SpecialRecruit, EndTurn}
    act(state, seat, Train(Source.REGION, Skill.BALANCE))
    act(state, seat, Recruit((state.regions[Region.LLEIDA][0],)))
    act(state, seat, SpecialMove(Region.VALLS))
    assert GAME.legal_actions(state, seat) == [EndTurn()]


def test_ending_the_turn_passes_clockwise_with_every_action_open_again() -> None:
    # "Il giocatore con il primo segnalino inizia la partita e il gioco prosegue in senso orario"
    state = fresh(2)
    seat = state.current
    act(state, seat, Move(Region.VALLS))
    act(state, seat, EndTurn())
    assert state.current == (seat + 1) % 2 and state.used == []


def test_no_pawn_no_recruit_train_or_perform() -> None:
    # A pawn off the board is placed by the free move; nothing else needs the board but ending.
    state = fresh()
    seat = state.current
    kinds = {type(a) for a in GAME.legal_actions(state, seat)}
    assert kinds == {Move, EndTurn}


def test_bad_input_says_what_is_allowed() -> None:
    state = fresh()
    seat = state.current
    with pytest.raises(IllegalAction, match="it is player .*'s turn"):
        act(state, 1 - seat, EndTurn())
    with pytest.raises(IllegalAction, match="no festival is being held.*you may move"):
        act(state, seat, Abstain())
    state.regions[Region.VALLS] = [9, 2]
    act(state, seat, Move(Region.VALLS))
    with pytest.raises(IllegalAction, match=r"fewer than 2 castellers of size 9.*\[9, 2\]"):
        act(state, seat, Recruit((9, 9)))
    with pytest.raises(IllegalAction, match="whole numbers 1-10, not 9.0"):
        act(state, seat, Recruit((9.0,)))  # type: ignore[arg-type]
    standing = state.regions[Region.VALLS]
    state.regions[Region.VALLS] = []
    with pytest.raises(IllegalAction) as refused:
        act(state, seat, Recruit((9.0,)))  # type: ignore[arg-type]
    assert str(refused.value) == "casteller sizes are whole numbers 1-10, not 9.0; Valls has nobody"
    state.regions[Region.VALLS] = standing
    with pytest.raises(IllegalAction, match="train from region or all_regions"):
        act(state, seat, Train("Girona", Skill.MIX))  # type: ignore[arg-type]
    # "Gli spettacoli locali vengono organizzati nella regione indicata dalla riga"
    elsewhere = state.rows[Region.GIRONA][0]
    with pytest.raises(IllegalAction, match="is not in the Valls row; its tiles"):
        act(state, seat, Perform(elsewhere, ((3, 3, 3), (2, 2), (1,))))
    with pytest.raises(IllegalAction, match="your team cannot build that tower"):
        act(state, seat, Perform(state.rows[Region.VALLS][0], ((10, 10, 10), (9, 9), (1,))))



def test_a_turn_action_may_be_taken_back_until_the_turn_ends() -> None:
    """A turn's actions reveal nothing and draw nothing: the player may take them back, newest
    first, until they end the turn; ending it (the next turn starts) and a festival's sealed
    declaration are final."""
    from ludoteca.engine.actions import Undo
    from ludoteca.engine.timeline import Timeline

    state = fresh()
    seat = state.current
    timeline = Timeline(GAME, state)
    before_move = GAME.to_json(timeline.state)
    timeline.apply(seat, Move(Region.VALLS))
    before_recruit = GAME.to_json(timeline.state)
    timeline.apply(seat, Recruit((timeline.state.regions[Region.VALLS][0],)))
    assert timeline.may_undo(seat) and not timeline.may_undo(1 - seat)
    timeline.apply(seat, Undo())
    assert GAME.to_json(timeline.state) == before_recruit
    timeline.apply(seat, Undo())
    assert GAME.to_json(timeline.state) == before_move
    with pytest.raises(IllegalAction, match="nothing of yours to take back"):
        timeline.apply(seat, Undo())
    timeline.apply(seat, Move(Region.LLEIDA))
    timeline.apply(seat, EndTurn())
    assert not timeline.may_undo(seat)
    assert not GAME.undoable(timeline.state, seat, EndTurn())
    assert not GAME.undoable(timeline.state, seat, Abstain())
