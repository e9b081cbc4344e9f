"""Bot specs: what the command line accepts, and the errors that say what is allowed."""

import pytest

from ludoteca.bots import BotSpecError, HeuristicBot, MctsBot, RandomBot, parse_bot, split_specs


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
        ("mcts:iterations=many", ["'iterations' must be a whole number", "'many'"]),
        ("mcts:iterations", ["must look like key=value"]),
        ("mcts:rollout=smart", ["rollout 'smart'", "random, heuristic"]),
        ("mcts:iterations=0", ["at least 1"]),
    ],
)
def test_bad_specs_say_what_is_wrong_and_what_is_allowed(spec: str, words: list[str]) -> None:
    with pytest.raises(BotSpecError) as error:
        parse_bot(spec)
    for word in words:
        assert word in str(error.value)
