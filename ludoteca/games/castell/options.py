"""Castell's options: the wheel's advanced side, and the [D-18] reading of training."""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.engine.options import option_field


@dataclass(frozen=True)
class CastellOptions:
    advanced: bool = option_field(
        False, "play the wheel's No Regions side: train only at your pawn's region"
    )
    train_any_known_skill: bool = option_field(
        False, "training may raise any skill already on your track instead [D-18]"
    )
