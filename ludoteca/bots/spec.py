"""Bot specs: the text that names a bot on the command line.

    random | heuristic | mcts:iterations=400 | mcts:seconds=0.5:rollout=heuristic

A spec is a bot name, then `key=value` parameters separated by `:`. In a comma-separated list of
specs (`--bots mcts:iterations=400,c=1.0,heuristic`), a part with `=` and no bot name continues
the spec before it. Errors say what was wrong and list what is allowed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludoteca.bots.base import Bot
from ludoteca.bots.mcts import MctsBot
from ludoteca.bots.simple import HeuristicBot, RandomBot

# bot name -> (factory, parameter name -> converter)
BOTS: dict[str, tuple[Callable[..., Bot], dict[str, Callable[[str], Any]]]] = {
    "random": (RandomBot, {"level": str}),
    "heuristic": (HeuristicBot, {"level": str}),
    "mcts": (
        MctsBot,
        {
            "iterations": int,
            "seconds": float,
            "c": float,
            "rollout": str,
            "horizon": int,
            "bias": int,
            "margin": float,
            "level": str,
            "focus": int,
        },
    ),
}


class BotSpecError(ValueError):
    """A spec that names no bot, or gives a bot a parameter it does not have."""


def _allowed_bots() -> str:
    return ", ".join(
        f"{name}" + (f" ({', '.join(params)})" if params else "")
        for name, (_, params) in BOTS.items()
    )


def parse_bot(spec: str) -> Bot:
    """The bot a spec names; its `name` is the spec, tidied."""
    parts = [p.strip() for p in spec.strip().split(":")]
    name, raw_params = parts[0], parts[1:]
    if name not in BOTS:
        raise BotSpecError(f"unknown bot {name!r} in {spec!r}; allowed bots: {_allowed_bots()}")
    factory, converters = BOTS[name]
    params: dict[str, Any] = {}
    for raw in raw_params:
        key, eq, value = raw.partition("=")
        key, value = key.strip(), value.strip()
        if not eq or not key or not value:
            raise BotSpecError(f"bot parameter {raw!r} in {spec!r} must look like key=value")
        if key not in converters:
            allowed = ", ".join(converters) or "none"
            raise BotSpecError(f"bot {name!r} has no parameter {key!r}; its parameters: {allowed}")
        try:
            params[key] = converters[key](value)
        except ValueError:
            kind = "a whole number" if converters[key] is int else "a number"
            raise BotSpecError(f"bot parameter {key!r} must be {kind}, not {value!r}") from None
    try:
        bot = factory(**params)
    except ValueError as exc:
        raise BotSpecError(str(exc)) from None
    bot.name = ":".join([name, *(f"{k}={v}" for k, v in params.items())])
    return bot


def split_specs(text: str) -> list[str]:
    """A comma-separated list of specs, with `,key=value` continuing the previous spec."""
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            raise BotSpecError(f"empty bot spec in {text!r}; allowed bots: {_allowed_bots()}")
        if "=" in part and ":" not in part and specs:
            specs[-1] += ":" + part
        else:
            specs.append(part)
    return specs
