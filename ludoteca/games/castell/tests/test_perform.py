"""Local performances: a tower that meets a tile of the pawn's region."""

from __future__ import annotations

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.castell import GAME
from ludoteca.games.castell.actions import Move, Perform, Source, Train
from ludoteca.games.castell.data import SHAPE_TILES, Region, Skill
from ludoteca.games.castell.tests.helpers import (
    SHAPE_321,
    act,
    before_a_performance,
    fresh,
    setup_trainer,
)


def test_local_performance_takes_the_tile_and_the_tokens_d20() -> None:
    # "raccogliere la tessera esibizione locale ... raccogliere tutti i gettoni speciali che si
    # trovano in quella regione del tabellone"
    state, seat = before_a_performance()
    with pytest.raises(IllegalAction, match="shape 3-2-1"):
        act(state, seat, Perform(SHAPE_321, ((9, 9), (5,))))
    act(state, seat, Perform(SHAPE_321, ((9, 9, 9), (5, 5), (2,))))
    spot = state.players[seat].board[Region.VALLS]
    assert spot.tiles == [SHAPE_321] and spot.collected == 2
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
    with pytest.raises(IllegalAction, match="needs one real use of Mix"):
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



def test_the_skills_a_performance_uses_are_shown_d22() -> None:
    # The spec: "The engine reports ... which skills a legal tower uses, in words a player
    # understands": in the menu line, in the event, and on the screen.
    state = fresh()
    seat = state.current
    mix_4 = len(SHAPE_TILES) + 4  # 4 levels using Mix
    state.rows[Region.VALLS] = [mix_4]
    state.players[seat].team = [9, 8, 6, 5, 4]
    state.players[seat].ranks.update({Skill.BALANCE: 3, Skill.MIX: 1})
    act(state, seat, Move(Region.VALLS))
    [perform] = [a for a in GAME.legal_actions(state, seat) if isinstance(a, Perform)]
    assert perform.tower == ((9, 8), (6,), (5,), (4,))
    assert GAME.describe_action(perform) == (
        "special action: perform #20 4 levels with Mix (4 pts) with 9+8 / 6 / 5 / 4 "
        "(Balance 2, Mix 1)"
    )
    [performed] = act(state, seat, perform)
    assert performed.data["skills"] == {"balance": 2, "mix": 1}
    assert performed.data["token_spent"] is True


def test_a_base_and_width_tile_names_only_the_skill_the_tower_lacks_d22() -> None:
    # [D-22] "legal with an assignment that uses every skill shown at least once": a tower whose
    # only wide level is a Base level lacks a real use of Width, and is told just that.
    state = fresh()
    seat = state.current
    base_width_5 = len(SHAPE_TILES) + 9  # 5 levels using Base and Width
    state.rows[Region.VALLS] = [base_width_5]
    state.players[seat].team = [9, 9, 9, 9, 9, 7, 7, 7, 7, 5, 5, 3, 1]
    state.players[seat].ranks.update({Skill.BALANCE: 1, Skill.BASE: 1, Skill.WIDTH: 1})
    act(state, seat, Move(Region.VALLS))
    with pytest.raises(IllegalAction) as refused:
        act(state, seat, Perform(base_width_5, ((9,) * 5, (7,) * 3, (5, 5), (3,), (1,))))
    assert "the tower needs one real use of Width (" in str(refused.value)
    assert "use of Base" not in str(refused.value)
    act(state, seat, Perform(base_width_5, ((9,) * 5, (7,) * 4, (5, 5), (3,), (1,))))


def test_a_tile_not_in_the_row_is_refused_naming_the_rows_tiles_in_both_languages() -> None:
    state, seat = before_a_performance()
    with pytest.raises(IllegalAction) as refused:
        act(state, seat, Perform(SHAPE_321 + 1, ((9, 9, 9), (5, 5), (2,))))
    assert str(refused.value) == (
        f"tile {SHAPE_321 + 1} is not in the {Region.VALLS} row; its tiles: [{SHAPE_321}]"
    )
    assert refused.value.translations["it"] == (
        f"la tessera {SHAPE_321 + 1} non è tra quelle di {Region.VALLS}; le sue tessere: "
        f"[{SHAPE_321}]"
    )
    act(state, seat, Perform(SHAPE_321, ((9, 9, 9), (5, 5), (2,))))
    state.free_special = True  # a special action again, with the row now empty
    with pytest.raises(IllegalAction) as refused:
        act(state, seat, Perform(SHAPE_321, ((9, 9, 9), (5, 5), (2,))))
    assert str(refused.value).endswith("its tiles: none left")
    assert refused.value.translations["it"].endswith("le sue tessere: nessuna tessera rimasta")
