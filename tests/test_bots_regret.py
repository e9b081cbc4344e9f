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


def pennies(skew: float, iterations: int = 20_000) -> tuple[float, float]:
    """Two regret matchers playing a game of pennies: the first wins 1 when both show heads,
    `skew` when both show tails, nothing otherwise (the second the rest); each one's average
    share of heads."""
    heads, tails = Bid(1), Bid(2)
    first, second = _Regrets(), _Regrets()
    rng = Rng(1)
    for _ in range(iterations):
        a, a_probs = first.choose([heads, tails], rng)
        b, b_probs = second.choose([heads, tails], rng)
        won = (1.0 if a == heads else skew) if a == b else 0.0
        first.learn(a, a_probs, won)
        second.learn(b, b_probs, 1 - won)
    shares = []
    for regrets in (first, second):
        average = regrets.average([heads, tails])
        shares.append(average.get(heads, 0.0) / sum(average.values()))
    return shares[0], shares[1]


def test_two_regret_matchers_find_the_mixed_equilibrium_of_pennies() -> None:
    """The known answers: matching pennies is played half and half; with tails worth half as
    much to the first, both show heads a third of the time (each leaves the other indifferent).
    An update by each move's mean reward over the whole search (not the reward over its
    chance) settled on heads 82% and 90% in matching pennies: the means of a game whose other
    player keeps changing its mind are stale."""
    assert pennies(1.0) == pytest.approx((0.5, 0.5), abs=0.05)
    assert pennies(0.5) == pytest.approx((1 / 3, 1 / 3), abs=0.05)


def test_a_regret_search_bids_as_the_solved_table_where_it_bids_one_card() -> None:
    """Three cards, the 3 turned up first: the CFR+ table bids the 3 (`equilibrium`); the
    search's average strategy at the root puts most of its weight there too."""
    from ludoteca.games.goofspiel.equilibrium import policy

    state = next(s for seed in range(20)
                 if (s := GAME.setup(2, seed, GAME.options({"cards": 3}))).prizes[0] == 3)
    assert policy(state, 0) == {3: 1.0}
    bot = MctsBot(iterations=3000, select="regret", rollout="random")
    root, legal = bot.search(GAME, state, 0, Rng(2))
    assert root is not None
    average = root.regrets[0].average(legal)
    assert average.get(Bid(3), 0.0) / sum(average.values()) > 0.8


@pytest.mark.slow
def test_a_regret_search_of_ciurmes_assembly_takes_each_choice_after_the_moves_before_it() -> None:
    """In Ciurme's Assembly one crew member's motion forestalls another's: the search takes
    each actor's choices after the moves before it in the step (as a match applies them), so a
    match of the regret search against the heuristic plays to the end (taken all at once,
    this one's search tried a motion another had forestalled)."""
    from ludoteca.sim.tournament import run_tournament

    result = run_tournament("ciurme", 8, ["mcts:select=regret", "heuristic"], 1, seed=1)
    assert len(result.records) == 1 and not result.interrupted
