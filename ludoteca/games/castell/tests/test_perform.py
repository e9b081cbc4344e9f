"""Local performances: a tower that meets a tile of the pawn's region."""

from __future__ import annotations

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.castell import GAME
from ludoteca.games.castell.actions import (
    Move,
    Perform,
    Source,
    Train,
)
from ludoteca.games.castell.data import (
    SHAPE_TILES,
    Region,
    Skill,
)
from ludoteca.games.castell.tests.helpers import (
    act,
    fresh,
    setup_trainer,
)


def test_local_performance_takes_the_tile_and_the_tokens_d20() -> None:
    # "raccogliere la tessera esibizione locale ... raccogliere tutti i gettoni speciali che si
    # trovano in quella regione del tabellone"
    state = fresh()
    seat = state.current
    shape_321 = SHAPE_TILES.index(((3, 2, 1), 2))
    state.rows[Region.VALLS] = [shape_321]
    state.row_tokens[Region.VALLS] = [0, 1]
    state.players[seat].team = [9, 9, 9, 5, 5, 2]
    act(state, seat, Move(Region.VALLS))
    with pytest.raises(IllegalAction, match="shape 3-2-1"):
        act(state, seat, Perform(shape_321, ((9, 9), (5,))))
    act(state, seat, Perform(shape_321, ((9, 9, 9), (5, 5), (2,))))
    spot = state.players[seat].board[Region.VALLS]
    assert spot.tiles == [shape_321] and spot.collected == 2
    assert state.rows[Region.VALLS] == []  # a taken tile is not replaced
    assert state.row_tokens[Region.VALLS] == [seat]  # the spent token stays for the next performer
    # "avete la possibilità di abbattere le torri": performing costs no castellers.
    assert len(state.players[seat].team) == 6


def test_skill_exhibition_needs_exact_levels_and_every_skill_d22() -> None:
    # "La torre deve avere tanti livelli quanti sono i punti della tessera e deve utilizzare
    # tutte le abilità indicate sulla tessera."
    state = fresh()
    seat = state.current
    mix_4 = len(SHAPE_TILES) + 4  # 4 levels using Mix
    state.rows[Region.VALLS] = [mix_4]
    state.players[seat].team = [9, 9, 8, 6, 5, 4, 3]
    state.players[seat].ranks.update({Skill.BALANCE: 3, Skill.MIX: 1})
    act(state, seat, Move(Region.VALLS))
    with pytest.raises(IllegalAction, match="does not use Mix"):
        act(state, seat, Perform(mix_4, ((9, 9), (8,), (6,), (5,))))
    with pytest.raises(IllegalAction, match="exactly 4 levels"):
        act(state, seat, Perform(mix_4, ((9, 8), (6,), (5,), (4,), (3,))))
    act(state, seat, Perform(mix_4, ((9, 8), (6,), (5,), (4,))))
    assert state.players[seat].board[Region.VALLS].tiles == [mix_4]


def test_free_special_performance_collects_the_row_and_leaves_no_token() -> None:
    # "non è necessario piazzare una pedina azione speciale" with a Special tile, and "raccogliere
    # tutti i gettoni speciali che si trovano in quella regione" after a performance [D-20].
    state, seat = setup_trainer()
    state.wheel[1] = "special"
    shape_321 = SHAPE_TILES.index(((3, 2, 1), 2))
    state.rows[Region.LLEIDA] = [shape_321]
    state.row_tokens[Region.LLEIDA] = [1 - seat]
    state.players[seat].team = [9, 9, 9, 5, 5, 2]
    act(state, seat, Train(Source.REGION, "special"))
    assert Perform(shape_321, ((9, 9, 9), (5, 5), (2,))) in GAME.legal_actions(state, seat)
    act(state, seat, Perform(shape_321, ((9, 9, 9), (5, 5), (2,))))
    assert state.players[seat].board[Region.LLEIDA].collected == 1
    assert state.row_tokens[Region.LLEIDA] == [] and state.players[seat].tokens == 7
    assert "special" not in state.used  # the turn's own special action is still to come

