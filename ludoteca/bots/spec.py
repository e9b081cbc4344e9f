"""Bot specs: the text that names a bot on the command line, parsed once into a `BotSpec`.

    random | heuristic | plain:strategy=value | mcts:iterations=400 | mcts:seconds=0.5

A spec is a bot name, then `key=value` parameters separated by `:`. In a comma-separated list of
specs (`--bots mcts:iterations=400,c=1.0,heuristic`), a part with `=` and no bot name continues
the spec before it. Every parameter has a type and a range (`BOTS`), checked by the engine's
codec; a bot's `level` (how fast it reacts in real time) is checked against the game it will
play (`check_levels`, through `Game.check_level`). Errors say what was wrong and what is allowed.

A `BotSpec` is small and plain, so it is what a worker process receives; `build()` makes the bot.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Annotated, Any, Literal, get_args, get_origin

from ludoteca.bots.base import Bot
from ludoteca.bots.mcts import CHOICE_MARGIN, MctsBot
from ludoteca.bots.plain import PlainBot, plain_strategy
from ludoteca.bots.simple import HeuristicBot, RandomBot
from ludoteca.engine.codec import Between, InvalidData, Size, decode, quote
from ludoteca.engine.game import Game
from ludoteca.engine.tunables import Tunable

# A reaction level: a word or a speed factor; which ones a game knows, `Game.check_level` says.
Level = Annotated[str, Size(1, 40)]

# bot name -> (factory, parameter name -> type hint with its range)
BOTS: dict[str, tuple[Callable[..., Bot], dict[str, Any]]] = {
    "random": (RandomBot, {"level": Level}),
    "heuristic": (HeuristicBot, {"level": Level}),
    # which strategies a game knows, `Game.plain_strategies` says (checked by `check_levels`)
    "plain": (PlainBot, {"strategy": Annotated[str, Size(1, 40)], "level": Level}),
    "mcts": (
        MctsBot,
        {
            "iterations": Annotated[int, Between(1, 1_000_000)],
            "seconds": Annotated[float, Between(0.001, 3600)],
            "c": Annotated[float, Between(0, 100)],
            "rollout": Literal["random", "heuristic"],
            "horizon": Annotated[int, Between(0, 100_000)],
            "bias": Annotated[int, Between(0, 10_000)],
            "margin": Annotated[float, Between(0, 1)],
            "level": Level,
            "focus": Literal[0, 1, 2],
            "rivals": Literal["rollout", "search"],
            "select": Literal["ucb", "regret"],
            "solved": Literal[0, 1],
        },
    ),
}
MAX_BOTS = 16  # specs in one list: more is a typo, not a tournament

# The parameters a search (`ludoteca tune --bot`) may vary, within ranges worth searching (the
# parameters' own ranges above are what may be typed), published at the bot's defaults.
BOT_TUNABLES: dict[str, tuple[Tunable, ...]] = {
    "mcts": (
        Tunable("c", "float", 0.7, "exploration constant of the tree search", 0.0, 2.0, field="c"),
        Tunable("rollout", "choice", "random", "how a playout picks moves",
                choices=("random", "heuristic"), field="rollout"),
        Tunable("bias", "int", 0, "visits granted to the heuristic's move (progressive bias)",
                0, 50, field="bias"),
        Tunable("margin", "float", CHOICE_MARGIN,
                "how much better a move must look to overrule the heuristic", 0.0, 0.3,
                field="margin"),
    ),
}


class BotSpecError(ValueError):
    """A spec that names no bot, or gives a bot a parameter it does not have or cannot take."""


@dataclass(frozen=True)
class BotSpec:
    """A parsed, checked spec: the bot's name and its typed parameters, in the order given."""

    bot: str
    params: tuple[tuple[str, Any], ...] = ()

    @property
    def name(self) -> str:
        """The spec, tidied: what tables, reports and records show."""
        return ":".join([self.bot, *(f"{k}={v}" for k, v in self.params)])

    @property
    def level(self) -> str | None:
        return dict(self.params).get("level")

    def build(self) -> Bot:
        """A fresh bot of this spec, named after it."""
        factory, _ = BOTS[self.bot]
        bot = factory(**dict(self.params))
        bot.name = self.name
        return bot


def _allowed_bots() -> str:
    return ", ".join(
        f"{name}" + (f" ({', '.join(params)})" if params else "")
        for name, (_, params) in BOTS.items()
    )


def _from_text(text: str, hint: Any) -> Any:
    """A parameter's text as the plain type its hint wants (int, float or str); the codec then
    checks the range."""
    base = get_args(hint)[0] if get_origin(hint) is Annotated else hint
    if get_origin(base) is Literal:
        base = type(get_args(base)[0])
    if base is int:
        try:
            return int(text)
        except ValueError:
            raise BotSpecError(f"must be a whole number, not {quote(text)}") from None
    if base is float:
        try:
            return float(text)
        except ValueError:
            raise BotSpecError(f"must be a number, not {quote(text)}") from None
    return text


def parse_spec(spec: str) -> BotSpec:
    """The `BotSpec` a spec's text names, every parameter checked."""
    parts = [p.strip() for p in spec.strip().split(":")]
    name, raw_params = parts[0], parts[1:]
    if name not in BOTS:
        raise BotSpecError(f"unknown bot {quote(name)}; allowed bots: {_allowed_bots()}")
    _, hints = BOTS[name]
    params: dict[str, Any] = {}
    for raw in raw_params:
        key, eq, text = (p.strip() for p in raw.partition("="))
        if not eq or not key or not text:
            raise BotSpecError(f"bot parameter {quote(raw)} of {name} must look like key=value")
        if key not in hints:
            allowed = ", ".join(hints) or "none"
            raise BotSpecError(
                f"bot {name} has no parameter {quote(key)}; its parameters: {allowed}"
            )
        if key in params:
            raise BotSpecError(f"bot parameter {key!r} of {name} is given twice")
        try:
            params[key] = decode(hints[key], _from_text(text, hints[key]))
        except (BotSpecError, InvalidData) as exc:
            raise BotSpecError(f"bot parameter {key!r} of {name}: {exc}") from None
    if name == "plain" and "strategy" not in params:
        raise BotSpecError("give plain a strategy (plain:strategy=NAME); the game's plain "
                           "strategies are listed with its levels")
    if "iterations" in params and "seconds" in params:
        raise BotSpecError(f"give {name} a budget of iterations or of seconds, not both")
    return BotSpec(name, tuple(params.items()))


def bot_tunables(spec: BotSpec) -> list[Tunable]:
    """What a search may vary of a bot: its tunable parameters the spec does not fix."""
    if spec.bot not in BOT_TUNABLES:
        tunable = ", ".join(BOT_TUNABLES)
        raise BotSpecError(f"the {spec.bot} bot has no parameters to tune; bots that do: {tunable}")
    fixed = dict(spec.params)
    return [t for t in BOT_TUNABLES[spec.bot] if t.name not in fixed]


def with_params(spec: BotSpec, values: dict[str, Any]) -> BotSpec:
    """`spec` with these parameters set, each checked against the bot's own ranges."""
    _, hints = BOTS[spec.bot]
    params = dict(spec.params)
    for key, value in values.items():
        try:
            params[key] = decode(hints[key], value)
        except InvalidData as exc:
            raise BotSpecError(f"bot parameter {key!r} of {spec.bot}: {exc}") from None
    return BotSpec(spec.bot, tuple(params.items()))


def parse_bot(spec: str) -> Bot:
    """The bot a spec names; its `name` is the spec, tidied."""
    return parse_spec(spec).build()


def split_specs(text: str) -> list[str]:
    """A comma-separated list of specs, with `,key=value` continuing the previous spec."""
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            raise BotSpecError(f"empty bot spec in {quote(text)}; allowed bots: {_allowed_bots()}")
        if "=" in part and ":" not in part and specs:
            specs[-1] += ":" + part
        else:
            specs.append(part)
    if len(specs) > MAX_BOTS:
        raise BotSpecError(f"{len(specs)} bot specs is too many; at most {MAX_BOTS}")
    return specs


def parse_specs(text: str) -> list[BotSpec]:
    """Every spec of a comma-separated list, parsed."""
    return [parse_spec(spec) for spec in split_specs(text)]


def check_levels(specs: Iterable[BotSpec], game: Game[Any]) -> None:
    """Refuse a level the game's reaction model does not know, or a plain strategy the game
    does not name (BotSpecError)."""
    for spec in specs:
        strategy = dict(spec.params).get("strategy")
        if strategy is not None:
            try:
                plain_strategy(game, strategy)
            except ValueError as exc:
                raise BotSpecError(f"{spec.bot}: {exc}") from None
        if spec.level is not None:
            try:
                game.check_level(spec.level)
            except ValueError as exc:
                raise BotSpecError(f"{spec.bot}: {exc}") from None
