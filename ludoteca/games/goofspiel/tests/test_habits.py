"""The strong level's restricted response to the plain habits: each table is written with its
share of habits and its exact figures (exploitability under the goal; at 5 cards each habit
beaten 70% of the time or more), the solver finds them again, and in a match the strong level
plays it while the other's bids fit a habit and the solved table once they do not."""

from __future__ import annotations

import pytest

from ludoteca.bots.plain import PlainBot
from ludoteca.engine.rng import Rng
from ludoteca.games.goofspiel import GAME
from ludoteca.games.goofspiel.actions import Bid
from ludoteca.games.goofspiel.bots.plain import STRATEGIES
from ludoteca.games.goofspiel.equilibrium import SOLVED_CARDS, at, kinds, policy, read_strategy
from ludoteca.games.goofspiel.equilibrium import habits as habit_tables
from ludoteca.games.goofspiel.equilibrium.reading import public_history, strong_policy
from ludoteca.games.goofspiel.state import GoofspielState


@pytest.mark.parametrize("cards", SOLVED_CARDS)
def test_every_response_is_written_with_its_share_and_exact_figures(cards: int) -> None:
    table = habit_tables.read_table(cards)
    assert table is not None and table["cards"] == cards
    assert 0 <= table["share"] <= 1
    assert table["exploitability"] < table["target"] <= 0.05
    assert set(table["win_rates"]) == set(STRATEGIES)
    assert table["frontier"][0]["share"] == 0  # the equilibrium's figures, for comparison
    for stored in table["strategy"].values():
        assert sum(read_strategy(stored).values()) == pytest.approx(1, abs=1e-3)


def test_at_five_cards_every_habit_is_beaten_seven_times_in_ten() -> None:
    table = habit_tables.read_table(5)
    assert table is not None
    for habit, rate in table["win_rates"].items():
        assert rate >= 0.7, habit


def test_the_solver_finds_the_written_response_again() -> None:
    pytest.importorskip("numpy")
    from ludoteca.games.goofspiel.equilibrium import restricted

    stored = habit_tables.read_table(3)
    assert stored is not None
    found = restricted.respond(3, 300, stored["target"], [stored["share"]], stored["lean"])
    assert found["figures"]["exploitability"] == pytest.approx(stored["exploitability"],
                                                               abs=0.01)
    for habit, rate in stored["win_rates"].items():
        assert found["figures"][habit] == pytest.approx(rate, abs=0.01)


def test_a_history_key_names_each_prize_with_both_bids() -> None:
    assert habit_tables.history_key([(3, 4, 3), (1, 2, 1)], 5) == "3:4:3|1:2:1|5"
    assert habit_tables.history_key([], 2) == "2"
    assert habit_tables.response(5, [(3, 4, 5)], 9) is None  # no such history


def play(other: str, seed: int) -> list[tuple[GoofspielState, object, dict[int, float] | None]]:
    """A 5-card match of the strong level (seat 0) against a plain strategy: each position,
    the public history the strong level read there and the strategy it played."""
    state = GAME.setup(2, seed, GAME.options({"cards": 5}))
    notes: dict[str, object] = {}
    bot, rng, out = PlainBot(other), Rng(seed), []
    while GAME.actors(state):
        chosen = strong_policy(notes, state, 0, STRATEGIES)
        out.append((state.clone(), notes["history"], chosen))
        mine = chosen or {min(state.hands[0]): 1.0}
        GAME.apply(state, 0, Bid(max(mine, key=mine.__getitem__)))
        GAME.apply(state, 1, bot.choose(GAME, state, 1, rng))
    return out


@pytest.mark.parametrize("other", list(STRATEGIES))
def test_against_a_habit_the_strong_level_plays_the_response_throughout(other: str) -> None:
    for state, rounds, chosen in play(other, 3)[:-1]:  # the last bid is forced
        assert isinstance(rounds, list) and len(rounds) == 5 - len(state.prizes)
        stored = habit_tables.response(5, rounds, state.prizes[0])
        assert stored == chosen or (stored is None and chosen == policy(state, 0))


def test_once_a_bid_fits_no_habit_the_solved_table_is_played() -> None:
    state = GAME.setup(2, 1, GAME.options({"cards": 5}))
    notes: dict[str, object] = {}
    strong_policy(notes, state, 0, STRATEGIES)
    prize = state.prizes[0]
    # No habit bids a card two from the prize on the first prize.
    odd = next(c for c in state.hands[1] if abs(c - prize) >= 2)
    GAME.apply(state, 0, Bid(prize))
    GAME.apply(state, 1, Bid(odd))
    if GAME.actors(state):
        assert strong_policy(notes, state, 0, STRATEGIES) == policy(state, 0)
        assert habit_tables.response(5, notes["history"], state.prizes[0]) is None  # type: ignore[arg-type]


def test_a_history_not_from_the_deal_is_not_read() -> None:
    late = GoofspielState([[1, 2, 4], [1, 3, 4]], [4, 2, 3], [None, None], [2, 0], Rng(0))
    assert public_history([], late, 0) is None  # came late: the notes miss the first prizes
    head = GoofspielState([[1, 2, 3], [1, 2, 3]], [3, 2, 1], [None, None], [2, 0], Rng(0))
    assert public_history([], head, 0) is None  # a head start: not the bids' scores
    deal = GoofspielState([[1, 2, 3], [1, 2, 3]], [3, 2, 1], [None, None], [0, 0], Rng(0))
    assert public_history([], deal, 0) == []


def expected_win(cards: int, habit: str, seat: int) -> float:
    """The strong level's chance of beating a plain strategy, or a sampled bot as stored
    (`kinds.py`), ties half, in a match of the game itself, each as it plays (its own notes),
    over every prize order and every bid the strong level and a sampled bot draw."""
    from itertools import permutations

    other = 1 - seat

    def replies(state: GoofspielState, theirs: dict[str, object]) -> dict[int, float]:
        if habit in STRATEGIES:
            return {STRATEGIES[habit](GAME, state, other, Rng(0), theirs).card: 1.0}  # type: ignore[attr-defined]
        return kinds.bids(cards, habit, at(state, other))

    def prize(state: GoofspielState, mine: dict[str, object], theirs: dict[str, object]
              ) -> float:
        if not GAME.actors(state):
            lead = state.scores[seat] - state.scores[other]
            return 1.0 if lead > 0 else 0.0 if lead < 0 else 0.5
        mine, theirs = dict(mine), dict(theirs)  # each replaces what it notes, never changes it
        chosen = strong_policy(mine, state, seat, STRATEGIES) or {min(state.hands[seat]): 1.0}
        total = 0.0
        for reply, q in replies(state, theirs).items():
            for card, p in chosen.items():
                nxt = state.clone()
                GAME.apply(nxt, seat, Bid(card))
                GAME.apply(nxt, other, Bid(reply))
                total += p * q * prize(nxt, mine, theirs)
        return total

    deck = list(range(1, cards + 1))
    orders = list(permutations(deck))
    return sum(prize(GoofspielState([list(deck), list(deck)], list(order), [None, None],
                                    [0, 0], Rng(0)), {}, {}) for order in orders) / len(orders)


@pytest.mark.parametrize("cards", [4, 5])
@pytest.mark.parametrize("habit", list(STRATEGIES))
def test_the_written_win_rates_are_the_games_own(cards: int, habit: str) -> None:
    """The solver's habits bid as the plain strategies do in a match, so its exact win rates
    are the game's (in either seat)."""
    table = habit_tables.read_table(cards)
    assert table is not None
    for seat in (0, 1):
        assert expected_win(cards, habit, seat) == pytest.approx(table["win_rates"][habit],
                                                                 abs=2e-3)


@pytest.mark.parametrize("cards", [3, 4, pytest.param(5, marks=pytest.mark.slow)])
@pytest.mark.parametrize("kind", list(kinds.KINDS))
def test_the_written_win_rates_against_the_sampled_bots_are_the_games_own(cards: int,
                                                                          kind: str) -> None:
    """Against the normal level and the old strong search, bidding as their stored
    distributions say, the solver's exact win rates are the game's too (in either seat)."""
    table = habit_tables.read_table(cards)
    assert table is not None
    for seat in (0, 1):
        assert expected_win(cards, kind, seat) == pytest.approx(
            table["kinds_win_rates"][kind], abs=2e-3)
