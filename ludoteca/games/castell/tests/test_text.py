"""The screen and the menu lines of `ludoteca play`."""

from __future__ import annotations

from ludoteca.games.castell import GAME
from ludoteca.games.castell.actions import (
    Abstain,
    Declare,
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
from ludoteca.games.castell.tests.helpers import (
    fresh,
)


def test_render_and_describe() -> None:
    state = fresh(2)
    text = GAME.render(GAME.view(state, 0))
    assert "Castell" in text and "Lleida" in text
    tower = ((9, 9, 9), (7, 7), (5,), (3,))
    every_kind = [
        Move(Region.VALLS), Recruit((9, 7)), Train(Source.REGION, Skill.MIX),
        Train(Source.ALL_REGIONS, "special"),
        SpecialRecruit(5), SpecialMove(Region.VALLS), Perform(0, tower), EndTurn(), Declare(tower),
        Abstain(),
    ]
    assert {type(a) for a in every_kind} == set(GAME.rules.action_classes)
    for action in [*every_kind, *GAME.legal_actions(state, state.current)]:
        text = GAME.describe_action(action)
        assert text and text != repr(action)  # a line of its own, not the fallback

