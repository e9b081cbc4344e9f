"""Goofspiel as text, for `ludoteca play`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.games.goofspiel.actions import Bid


def render(view: Mapping[str, Any]) -> str:
    prize = view["prize"]
    lines = [
        f"Prize up: {prize}" if prize is not None else "All prizes are taken.",
        f"Prizes left in the deck: {view['prizes_left']}",
    ]
    for seat, (hand, score) in enumerate(zip(view["hands"], view["scores"], strict=True)):
        bid = " (has bid)" if view["bid_placed"][seat] else ""
        lines.append(f"Player {seat}: {score} points, hand {hand}{bid}")
    if view["my_bid"] is not None:
        lines.append(f"Your bid: {view['my_bid']}")
    return "\n".join(lines)


def describe_action(action: Action) -> str:
    assert isinstance(action, Bid)
    return f"bid {action.card}"
