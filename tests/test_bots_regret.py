"""The search with `select=regret`: at a step where several seats act at once each chooses by
regret matching over its own statistics, and the bot plays from its average strategy; a spec
that does not name it searches as before."""

from __future__ import annotations

import pytest

from ludoteca.bots import BotSpecError, MctsBot, parse_spec
from ludoteca.bots.mcts import DEFAULTS, _Regrets
from ludoteca.engine.actions import Action
from ludoteca.engine.rng import Rng
from ludoteca.games.goofspiel import GAME
from ludoteca.games.goofspiel.actions import Bid


def test_regret_matching_plays_the_moves_that_would_have_earned_more() -> None:
    regrets = _Regrets()
    moves: list[Action] = [Bid(1), Bid(2)]
    for _ in range(200):
        chosen, probs = regrets.choose(moves, Rng(len(regrets.total) + 1))
        regrets.learn(chosen, probs, 1.0 if chosen == Bid(2) else 0.0)
    assert regrets.strategy(moves)[1] > 0.9
    assert regrets.average(moves).get(Bid(2), 0) > regrets.average(moves).get(Bid(1), 0)


def test_every_bidder_of_a_sealed_bid_keeps_its_own_statistics() -> None:
    state = GAME.setup(2, 3, GAME.options({"cards": 6}))
    bot = MctsBot(iterations=400, select="regret", rollout="random")
    root, legal = bot.search(GAME, state, 0, Rng(5))
    assert root is not None and set(root.regrets) == {0, 1}
    assert sum(root.regrets[0].total.values()) == pytest.approx(400)
    assert bot.choose(GAME, state, 0, Rng(5)) in legal
    again = MctsBot(iterations=400, select="regret", rollout="random")
    assert again.choose(GAME, state, 0, Rng(5)) == bot.choose(GAME, state, 0, Rng(5))


def test_the_method_is_named_in_the_spec_and_ucb_stays_the_default() -> None:
    assert DEFAULTS["select"] == "ucb" and DEFAULTS["solved"] == 0
    assert dict(parse_spec("mcts:select=regret:solved=1").params) == {
        "select": "regret", "solved": 1}
    with pytest.raises(BotSpecError, match="select"):
        parse_spec("mcts:select=exp4")
