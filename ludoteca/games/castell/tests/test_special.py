"""The special action: a token, one more recruit or one more step."""

from __future__ import annotations

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.castell import GAME
from ludoteca.games.castell.actions import (
    EndTurn,
    Move,
    Recruit,
    Source,
    SpecialMove,
    SpecialRecruit,
    Train,
)
from ludoteca.games.castell.data import Region
from ludoteca.games.castell.tests.helpers import act, fresh, setup_trainer


def test_special_action_needs_a_token_and_d19_d20() -> None:
    # "dovete avere a disposizione un gettone azione speciale" ... "posizionare la pedina
    # azione speciale nell'area delle prestazioni locali ... corrispondente alla regione della
    # vostra pedina."
    state = fresh()
    seat = state.current
    act(state, seat, Move(Region.VALLS))
    with pytest.raises(IllegalAction, match="you may move to"):
        act(state, seat, SpecialMove(Region.GIRONA))  # [D-19] one step more, to an adjacent region
    act(state, seat, SpecialMove(Region.TARRAGONA))
    assert state.players[seat].tokens == 6
    assert state.row_tokens[Region.TARRAGONA] == [seat]  # [D-20] where the pawn now stands
    with pytest.raises(IllegalAction, match="already used your special"):
        act(state, seat, SpecialMove(Region.VILANOVA))
    act(state, seat, EndTurn())
    other = state.current
    state.players[other].tokens = 0
    state.players[other].pawn = Region.VALLS
    with pytest.raises(IllegalAction, match="no special action token"):
        act(state, other, SpecialMove(Region.LLEIDA))


def test_the_last_token_still_pays_for_a_special_action() -> None:
    # "per farlo dovete avere a disposizione un gettone azione speciale": one token is enough.
    state = fresh()
    seat = state.current
    act(state, seat, Move(Region.VALLS))
    state.players[seat].tokens = 1
    offered = [a for a in GAME.legal_actions(state, seat) if isinstance(a, SpecialMove)]
    assert SpecialMove(Region.TARRAGONA) in offered
    act(state, seat, SpecialMove(Region.TARRAGONA))
    assert state.players[seat].tokens == 0


def test_special_recruit_one_more() -> None:
    state = fresh()
    seat = state.current
    state.regions[Region.VALLS] = [8, 7, 6]
    act(state, seat, Move(Region.VALLS))
    act(state, seat, Recruit((8, 7)))
    act(state, seat, SpecialRecruit(6))
    assert 6 in state.players[seat].team and state.regions[Region.VALLS] == []



def test_no_special_move_from_off_the_board_d19() -> None:
    # "spostare la vostra pedina in un'altra regione": a special move takes the pawn from its
    # region to another [D-19]. Off the board, the free move already places it anywhere, so a
    # special move would only spend a token for the same thing: it is neither offered nor
    # accepted.
    state = fresh()
    seat = state.current
    assert not any(isinstance(a, SpecialMove) for a in GAME.legal_actions(state, seat))
    with pytest.raises(IllegalAction, match="your move places it in any region for free"):
        act(state, seat, SpecialMove(Region.VALLS))
    assert state.players[seat].tokens == 7
    assert "A special action spends a token" not in GAME.render(GAME.view(state, seat))
    act(state, seat, Move(Region.VALLS))
    offered = {a.region for a in GAME.legal_actions(state, seat) if isinstance(a, SpecialMove)}
    assert offered == {Region.LLEIDA, Region.TARRAGONA, Region.VILAFRANCA}


def test_special_moves_and_recruits_are_marked_special_in_the_log_and_the_menu() -> None:
    # "Se scegliete questa azione, dovete fare una di queste tre cose: reclutare un Castelliere
    # ... spostare la vostra pedina ...": the log and the menu say which moves and recruits
    # were special, and whether they spent a token.
    state = fresh()
    seat = state.current
    state.regions[Region.VALLS] = [8, 7, 6]
    assert act(state, seat, Move(Region.VALLS))[0].kind == "moved"
    recruited = act(state, seat, SpecialRecruit(6))[0]
    assert recruited.kind == "special_recruit"
    assert recruited.data == {"seat": seat, "region": Region.VALLS, "size": 6, "token_spent": True}
    assert GAME.describe_action(SpecialRecruit(6)) == "special action: recruit one more, size 6"
    assert GAME.describe_action(SpecialMove(Region.VALLS)).startswith("special action: move")
    text = GAME.render(GAME.view(state, seat))
    assert "Used this turn: move, special" in text


def test_the_special_tiles_free_move_is_marked_free() -> None:
    state, seat = setup_trainer()
    state.wheel[1] = "special"
    act(state, seat, Train(Source.REGION, "special"))
    assert "take its free special action now (no token spent)" in GAME.render(
        GAME.view(state, seat)
    )
    moved = act(state, seat, SpecialMove(Region.VALLS))[0]
    assert moved.kind == "special_move" and moved.data["token_spent"] is False
    assert "A special action spends a token (you have 7)" in GAME.render(GAME.view(state, seat))
