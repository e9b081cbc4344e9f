"""Train: the wheel tile of the pawn's region or of All Regions; the Special tile."""

from __future__ import annotations

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.rng import Rng
from ludoteca.games.castell import GAME
from ludoteca.games.castell.actions import (
    EndTurn,
    Perform,
    Source,
    SpecialMove,
    SpecialRecruit,
    Train,
)
from ludoteca.games.castell.data import Region, Skill
from ludoteca.games.castell.rules.train import open_tiles, trainable, trains
from ludoteca.games.castell.state import TRAIN_ACTION, Phase
from ludoteca.games.castell.tests.helpers import act, setup_trainer


def test_train_the_region_tile_or_all_regions() -> None:
    # "potete scegliere l'abilità nello slot della regione attuale della vostra pedina o
    # l'abilità nell'area Tutte le Regioni"
    state, seat = setup_trainer()
    trains = {a for a in GAME.legal_actions(state, seat) if isinstance(a, Train)}
    assert trains == {Train(Source.REGION, Skill.BALANCE), Train(Source.ALL_REGIONS, Skill.MIX)}
    act(state, seat, Train(Source.ALL_REGIONS, Skill.MIX))
    assert state.players[seat].ranks[Skill.MIX] == 1


def test_advanced_side_trains_only_at_the_pawns_region() -> None:
    # "in una partita avanzata, si può scegliere solo la regione della propria pedina"
    state, seat = setup_trainer(advanced=True)
    trains = {a for a in GAME.legal_actions(state, seat) if isinstance(a, Train)}
    assert trains == {Train(Source.REGION, Skill.BALANCE)}
    with pytest.raises(IllegalAction, match="train from region"):
        act(state, seat, Train(Source.ALL_REGIONS, Skill.MIX))


def test_a_skill_tile_raises_the_skill_by_one_d12() -> None:
    state, seat = setup_trainer()
    state.players[seat].ranks[Skill.BALANCE] = 2
    events = act(state, seat, Train(Source.REGION, Skill.BALANCE))
    assert state.players[seat].ranks[Skill.BALANCE] == 3
    assert [(e.kind, dict(e.data)) for e in events] == [
        ("trained", {"seat": seat, "skill": Skill.BALANCE, "rank": 3})
    ]


def test_d12_ranks_stop_at_3() -> None:
    state, seat = setup_trainer()
    state.players[seat].ranks[Skill.BALANCE] = 3
    trains = {a for a in GAME.legal_actions(state, seat) if isinstance(a, Train)}
    assert trains == {Train(Source.ALL_REGIONS, Skill.MIX)}


def test_d18_option_raises_any_known_skill() -> None:
    state, seat = setup_trainer(train_any_known_skill=True)
    state.players[seat].ranks[Skill.WIDTH] = 1
    trains = {a for a in GAME.legal_actions(state, seat) if isinstance(a, Train)}
    assert Train(Source.REGION, Skill.WIDTH) in trains
    assert Train(Source.REGION, Skill.STRENGTH) not in trains
    plain, seat2 = setup_trainer()
    plain.players[seat2].ranks[Skill.WIDTH] = 1
    with pytest.raises(IllegalAction):
        act(plain, seat2, Train(Source.REGION, Skill.WIDTH))


def test_special_tile_gives_a_free_special_action_at_once() -> None:
    # "Quando si sceglie un'abilità speciale, è necessario eseguire immediatamente un'azione
    # speciale, ma non è necessario piazzare una pedina azione speciale."
    state, seat = setup_trainer()
    state.wheel[1] = "special"
    act(state, seat, Train(Source.REGION, "special"))
    actions = GAME.legal_actions(state, seat)
    assert all(isinstance(a, SpecialMove | SpecialRecruit | Perform) for a in actions)
    with pytest.raises(IllegalAction, match="free special action"):
        act(state, seat, EndTurn())
    act(state, seat, SpecialMove(Region.VALLS))
    assert state.players[seat].tokens == 7 and not any(state.row_tokens.values())
    # The turn's own special action is still there.
    assert any(isinstance(a, SpecialMove) for a in GAME.legal_actions(state, seat))



@pytest.mark.parametrize("options", [{}, {"train_any_known_skill": True}, {"advanced": True}])
def test_the_train_menu_is_every_trainable_skill_of_every_open_tile(
    options: dict[str, bool],
) -> None:
    # The menu's quick way without the [D-18] option lists what `trainable` allows, in order.
    for seed in range(3):
        rng = Rng(seed)
        state = GAME.setup(3, seed, options or None)
        while not GAME.is_over(state):
            seat = rng.choice(sorted(GAME.actors(state)))
            if GAME.phase(state) is Phase.TURN:
                assert trains(state, seat) == ([] if TRAIN_ACTION in state.used else [
                    Train(source, skill)
                    for source, tile in open_tiles(state, seat)
                    for skill in trainable(state, seat, tile)
                ])
            GAME.play(state, seat, rng.choice(GAME.legal_actions(state, seat)))
