"""Bot specs: what the command line accepts, and the errors that say what is allowed."""

import pytest

from ludoteca.bots import (
    BotSpecError,
    HeuristicBot,
    MctsBot,
    RandomBot,
    check_levels,
    parse_bot,
    parse_spec,
    parse_specs,
    split_specs,
)
from ludoteca.games.goofspiel import GAME as GOOFSPIEL


def test_the_three_bots_parse() -> None:
    assert isinstance(parse_bot("random"), RandomBot)
    assert isinstance(parse_bot("heuristic"), HeuristicBot)
    bot = parse_bot("mcts:iterations=400")
    assert isinstance(bot, MctsBot) and bot.iterations == 400 and bot.name == "mcts:iterations=400"
    timed = parse_bot("mcts:seconds=0.5:rollout=heuristic")
    assert isinstance(timed, MctsBot) and timed.seconds == 0.5 and timed.rollout == "heuristic"


def test_a_list_of_specs_keeps_parameters_with_their_bot() -> None:
    assert split_specs("mcts:iterations=400,c=1.0,heuristic, random") == [
        "mcts:iterations=400:c=1.0",
        "heuristic",
        "random",
    ]


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("alphazero", ["unknown bot 'alphazero'", "random", "heuristic", "mcts", "iterations"]),
        ("mcts:depth=3", ["no parameter 'depth'", "c, rollout, horizon, bias, margin, level"]),
        ("mcts:iterations=many", ["'iterations'", "must be a whole number", "'many'"]),
        ("mcts:iterations", ["must look like key=value"]),
        ("mcts:rollout=smart", ["'rollout'", "'smart' is not allowed", "random, heuristic"]),
        ("mcts:iterations=0", ["'iterations'", "allowed: 1 to 1000000"]),
        # ranges: nonsense that used to be accepted quietly, or ran forever
        ("mcts:c=-1", ["'c'", "out of range", "allowed: 0 to 100"]),
        ("mcts:c=nan", ["'c'", "expected a finite number"]),
        ("mcts:margin=-5", ["'margin'", "allowed: 0 to 1"]),
        ("mcts:seconds=inf", ["'seconds'", "expected a finite number"]),
        ("mcts:seconds=0", ["'seconds'", "out of range"]),
        ("mcts:horizon=-1", ["'horizon'", "out of range"]),
        ("mcts:focus=3", ["'focus'", "allowed: 0, 1, 2"]),
        ("mcts:iterations=3:seconds=1", ["iterations or of seconds, not both"]),
        ("mcts:bias=1:bias=2", ["given twice"]),
        ("random:level=" + "x" * 50, ["'level'", "at most 40"]),
    ],
)
def test_bad_specs_say_what_is_wrong_and_what_is_allowed(spec: str, words: list[str]) -> None:
    with pytest.raises(BotSpecError) as error:
        parse_bot(spec)
    for word in words:
        assert word in str(error.value)


def test_a_spec_is_plain_data_named_as_typed() -> None:
    spec = parse_spec(" mcts : iterations = 8 : c=1.0:rollout=heuristic")
    assert spec.params == (("iterations", 8), ("c", 1.0), ("rollout", "heuristic"))
    assert spec.name == "mcts:iterations=8:c=1.0:rollout=heuristic"
    bot = spec.build()
    assert isinstance(bot, MctsBot) and bot.name == spec.name and bot.c == 1.0


def test_levels_are_checked_against_the_game() -> None:
    fine = parse_specs("random:level=expert,heuristic:level=2,mcts")
    check_levels(fine, GOOFSPIEL)
    assert [s.level for s in fine] == ["expert", "2", None]
    for level in ("nope", "0", "nan", "inf", "1e9"):
        with pytest.raises(BotSpecError, match="unknown bot level"):
            check_levels(parse_specs(f"random:level={level}"), GOOFSPIEL)


def test_a_list_of_specs_is_bounded() -> None:
    with pytest.raises(BotSpecError, match="at most 16"):
        split_specs(",".join(["random"] * 17))
