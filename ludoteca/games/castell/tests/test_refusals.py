"""Every refusal of Castell's actions, word for word: what was wrong and what is allowed; each
says it in Italian too, with no English word left."""

from __future__ import annotations

import pytest

from ludoteca.engine.actions import Action
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.refusals import italian
from ludoteca.games.castell import GAME
from ludoteca.games.castell.actions import (
    Declare,
    Move,
    Perform,
    Recruit,
    Source,
    SpecialMove,
    SpecialRecruit,
    Train,
)
from ludoteca.games.castell.data import Region, Skill
from ludoteca.games.castell.state import CastellState
from ludoteca.games.castell.tests.helpers import (
    TALL,
    end_all_turns,
    festival_in_valls,
    fresh,
    setup_trainer,
)


def refusal(state: CastellState, seat: int, action: Action) -> str:
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, seat, action)
    italian(caught.value)
    return str(caught.value)


def test_a_pawn_off_the_board_cannot_recruit_move_specially_or_perform() -> None:
    state = fresh()
    seat = state.current
    assert refusal(state, seat, Recruit((5,))) == (
        "your pawn is not on the board yet: move it to a region before recruiting"
    )
    assert refusal(state, seat, SpecialMove(Region.VALLS)) == (
        "your pawn is not on the board: your move places it in any region for free; a special "
        "move then takes it one step further"
    )
    assert refusal(state, seat, Perform(0, ((3,),))) == (
        "your pawn is not on the board yet: move it to a region before performing"
    )
    assert refusal(state, seat, SpecialRecruit(5)) == (
        "your pawn is not on the board yet: move it to a region before recruiting"
    )


def test_moves_and_recruits_refused_say_what_is_allowed() -> None:
    state = fresh()
    seat = state.current
    state.players[seat].pawn = Region.VALLS
    state.regions[Region.VALLS] = [8, 5, 4]
    assert refusal(state, seat, Move(Region.GIRONA)) == (
        "you cannot move to 'Girona'; you may move to: Lleida, Tarragona, Vilafranca"
    )
    assert refusal(state, seat, Recruit((5, 5, 5))) == (
        "recruit 1 or 2 castellers from Valls; it has [8, 5, 4]"
    )
    assert refusal(state, seat, Recruit((1,))) == (
        "Valls has no casteller of size 1 to recruit; it has [8, 5, 4]"
    )
    state.regions[Region.VALLS] = []
    assert refusal(state, seat, Recruit((1,))) == (
        "Valls has no casteller of size 1 to recruit; it has nobody"
    )
    assert refusal(state, seat, Recruit((5, 5, 5))) == (
        "recruit 1 or 2 castellers from Valls; it has nobody"
    )
    GAME.apply(state, seat, Move(Region.LLEIDA))
    assert refusal(state, seat, Move(Region.VALLS)) == "you already used your move action this turn"


def test_specials_and_performances_refused_say_why() -> None:
    state = fresh()
    seat = state.current
    GAME.apply(state, seat, Move(Region.VALLS))
    row = state.rows[Region.VALLS]
    missing = next(t for t in range(32) if t not in row)
    assert refusal(state, seat, Perform(missing, ((3,),))) == (
        f"tile {missing} is not in the Valls row; its tiles: {row}"
    )
    state.rows[Region.VALLS] = []
    assert refusal(state, seat, Perform(missing, ((3,),))) == (
        f"tile {missing} is not in the Valls row; its tiles: none left"
    )
    state.players[seat].tokens = 0
    size = state.regions[Region.VALLS][0]
    assert refusal(state, seat, SpecialRecruit(size)) == "you have no special action token left"


def test_training_refused_says_what_may_be_trained_and_from_where() -> None:
    state, seat = setup_trainer()
    assert refusal(state, seat, Train(Source.REGION, Skill.MIX)) == (
        "the tile there is balance: you may train balance (skills top out at rank 3)"
    )
    state.players[seat].ranks[Skill.BALANCE] = 3  # [D-12]
    assert refusal(state, seat, Train(Source.REGION, Skill.BALANCE)) == (
        "the tile there is balance: you may train nothing (skills top out at rank 3)"
    )
    known, seat = setup_trainer(train_any_known_skill=True)
    known.players[seat].ranks[Skill.WIDTH] = 1  # [D-18]: any skill already on the track
    assert refusal(known, seat, Train(Source.REGION, Skill.STRENGTH)) == (
        "the tile there is balance: you may train balance, width (skills top out at rank 3)"
    )
    advanced, seat = setup_trainer(advanced=True)
    assert refusal(advanced, seat, Train(Source.ALL_REGIONS, Skill.MIX)) == (
        "you cannot train from 'all_regions'; train from region"
    )


def test_festival_towers_refused_say_what_they_lack_d23() -> None:
    state = festival_in_valls(2, [5])
    for player in state.players:
        player.team = [*TALL, 2]
    end_all_turns(state)
    seat = state.to_declare[0]
    assert refusal(state, seat, Declare(((9, 9, 9), (7, 7), (5,)))) == (
        "a festival tower needs at least 4 levels; yours has 3"
    )
    assert refusal(state, seat, Declare(((9, 9, 9), (7, 7), (3,), (2,)))) == (
        "a tower for this festival must hold a casteller of each token size [5]; yours lacks [5]"
    )
    assert refusal(state, seat, Declare(((9, 9), (9,), (5,), (3,)))) == (
        "the tower does not work: the tower has 1 levels as big as the level below but your "
        "Strength rank is 0: it allows 0"
    )


def test_training_twice_or_off_the_board_and_a_special_recruit_of_nobody_are_refused() -> None:
    state = fresh()
    seat = state.current
    assert refusal(state, seat, Train(Source.REGION, Skill.MIX)) == (
        "your pawn is not on the board yet: move it to a region before training"
    )
    state, seat = setup_trainer()
    GAME.apply(state, seat, Train(Source.REGION, Skill.BALANCE))
    assert refusal(state, seat, Train(Source.REGION, Skill.BALANCE)) == (
        "you already used your train action this turn"
    )
    state.regions[Region.LLEIDA] = [8, 5]
    assert refusal(state, seat, SpecialRecruit(1)) == (
        "Lleida has no casteller of size 1 to recruit; it has [8, 5]"
    )
