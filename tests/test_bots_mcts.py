"""ISMCTS plays well: it finds the forced win of a tiny perfect-information game, beats random
play at Goofspiel, and is reproducible for a seed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludoteca.bots import MctsBot, RandomBot, play_out, seat_rewards
from ludoteca.engine import Action, Event, Game, IllegalAction, Result, Rng, public
from ludoteca.engine.rules import Rule, RuleTable
from ludoteca.games.goofspiel import GAME as GOOFSPIEL
from ludoteca.games.goofspiel.actions import Bid
from ludoteca.games.goofspiel.state import GoofspielState
from ludoteca.sim.tournament import run_tournament


@dataclass(frozen=True)
class Take(Action):
    kind = "take"
    stones: int


@dataclass
class NimState:
    stones: int
    turn: int
    winner: int | None = None


def takes(state: NimState, seat: int) -> list[Take]:
    return [Take(n) for n in (1, 2, 3) if n <= state.stones]


def check_take(state: NimState, seat: int, action: Take) -> Take:
    if action not in takes(state, seat):
        raise IllegalAction("take 1 to 3 stones on your turn")
    return action


def do_take(state: NimState, seat: int, action: Take) -> list[Event]:
    state.stones -= action.stones
    if state.stones == 0:
        state.winner = seat
    state.turn = 1 - seat
    return [public("take", seat=seat, stones=action.stones)]


class Nim(Game[NimState]):
    """Take 1-3 stones; whoever takes the last stone wins. From 4k+r stones, take r."""

    name = "nim"
    min_players = max_players = 2
    State = NimState
    rules = RuleTable(Rule(Take, ("play",), check_take, do_take, choices=takes))

    def new_state(self, players: int, seed: int, options: Any) -> NimState:
        return NimState(stones=10, turn=0)

    def phase(self, state: NimState) -> str:
        return "play" if state.winner is None else "over"

    def seats(self, state: NimState) -> list[int]:
        return [0, 1]

    def max_actions(self, players: int, options: Any = None) -> int:
        return 10

    def actors(self, state: NimState) -> frozenset[int]:
        return frozenset() if state.winner is not None else frozenset([state.turn])

    def seat_view(self, state: NimState, seat: int | None) -> dict[str, Any]:
        return {"stones": state.stones, "turn": state.turn}

    def is_over(self, state: NimState) -> bool:
        return state.winner is not None

    def result(self, state: NimState) -> Result:
        return Result(
            (1.0, 0.0) if state.winner == 0 else (0.0, 1.0), (1, 2) if state.winner == 0 else (2, 1)
        )

    def clone(self, state: NimState) -> NimState:
        return NimState(state.stones, state.turn, state.winner)


def test_mcts_finds_the_forced_win() -> None:
    nim = Nim()
    for stones, best in ((10, 2), (7, 3), (5, 1)):
        state = NimState(stones, 0)
        assert MctsBot(iterations=600).choose(nim, state, 0, Rng(1)) == Take(best)


def test_mcts_wins_every_nim_game_it_can() -> None:
    nim = Nim()
    for seed in range(5):
        state = nim.setup(2, seed)
        play_out(nim, state, {0: MctsBot(iterations=300), 1: RandomBot()}, seed)
        assert state.winner == 0


def test_mcts_beats_random_at_goofspiel() -> None:
    result = run_tournament(GOOFSPIEL, 2, ["mcts:iterations=100", "random"], games=40, seed=2)
    mcts, random = result.bots
    assert mcts.win_rate > random.win_rate and mcts.elo > random.elo


def test_simultaneous_moves_are_played_by_every_actor() -> None:
    state = GOOFSPIEL.setup(3, seed=1)
    playout = play_out(GOOFSPIEL, state, {s: MctsBot(iterations=30) for s in range(3)}, seed=1)
    assert GOOFSPIEL.is_over(state) and playout.actions == 3 * 5


def test_the_same_seed_gives_the_same_choice() -> None:
    state = GOOFSPIEL.setup(2, seed=5)
    choices = {MctsBot(iterations=80).choose(GOOFSPIEL, state, 0, Rng(9)) for _ in range(3)}
    assert len(choices) == 1


def test_progressive_bias_plays_the_heuristic_move_on_a_tiny_budget() -> None:
    """With one iteration, a biased search has only tried the heuristic's move: it plays it."""

    class Picky(Nim):
        def heuristic_action(self, state: NimState, seat: int, rng: Rng) -> Action:
            return Take(1)  # a poor move from 10 stones (taking 2 wins)

    picky = Picky()
    state = NimState(10, 0)
    for seed in range(5):
        bot = MctsBot(iterations=1, bias=3)
        assert bot.choose(picky, state, 0, Rng(seed)) == Take(1)


def test_a_biased_search_overrules_the_heuristic_with_evidence() -> None:
    class Picky(Nim):
        def heuristic_action(self, state: NimState, seat: int, rng: Rng) -> Action:
            return Take(1)

    state = NimState(10, 0)
    assert MctsBot(iterations=600, bias=3).choose(Picky(), state, 0, Rng(1)) == Take(2)


def test_a_cut_playout_is_scored_by_the_games_evaluate() -> None:
    """The horizon stops playouts early; the game's `evaluate` judges where they stop."""
    seen: list[int] = []

    class Judged(Nim):
        def evaluate(self, state: NimState) -> list[float]:
            seen.append(state.stones)
            return [0.5, 0.5]

    state = NimState(10, 0)
    MctsBot(iterations=20, horizon=0).choose(Judged(), state, 0, Rng(1))
    assert seen and all(stones > 0 for stones in seen)


def test_seats_beyond_the_players_get_a_neutral_reward() -> None:
    """A facilitator's choices never win or lose: its reward is 0.5."""
    result = Result((3.0, 1.0), (1, 2))
    assert seat_rewards(result.rewards(), 3) == [1.0, 0.0, 0.5]


def test_a_real_time_search_picks_a_legal_move_reproducibly() -> None:
    """In a real-time game every seat acts at once; the search still answers reproducibly."""
    from ludoteca.games import load_game

    game = load_game("ligretto")
    state = game.setup(2, 3)
    game.apply(state, 0, game.legal_actions(state, 0)[0])  # seat 0 turns a tile over
    choices = []
    for _ in range(2):
        bot = MctsBot(iterations=12, rollout="heuristic", horizon=3)
        choices.append(bot.choose(game, state, 0, Rng(5)))
        assert bot.last_iterations in (0, 12)
    assert choices[0] == choices[1]
    assert choices[0] in game.legal_actions(state, 0)


def test_a_focused_search_compares_only_the_games_search_choices() -> None:
    """focus=1: one choice is played without a search; several: only they are compared."""

    class Focused(Nim):
        def __init__(self, choices: list[Action]) -> None:
            self.choices = choices

        def search_choices(self, state: NimState, seat: int, rng: Rng) -> list[Action]:
            return list(self.choices)

    state = NimState(10, 0)
    bot = MctsBot(iterations=600, focus=1)
    assert bot.choose(Focused([Take(1)]), state, 0, Rng(1)) == Take(1)
    assert bot.last_iterations == 0
    assert bot.choose(Focused([Take(1), Take(3)]), state, 0, Rng(1)) in (Take(1), Take(3))
    assert bot.choose(Focused([Take(1), Take(2)]), state, 0, Rng(1)) == Take(2)


def test_a_deep_focus_weighs_only_the_replies_the_game_names() -> None:
    """focus=2: the other seat chooses among the game's choices deeper in the tree too. From 4
    stones every take loses against a player who may take up to 3; against one the game says
    takes 1 stone, taking 1 or 2 wins and taking 3 loses."""

    class OneAtATime(Nim):
        def search_choices(self, state: NimState, seat: int, rng: Rng) -> list[Action]:
            return [Take(1)] if seat == 1 else list(takes(state, seat))

    game, state = OneAtATime(), NimState(4, 0)
    deep = MctsBot(iterations=300, focus=2).weigh(game, state, 0, Rng(1))
    assert deep[0][0] in (Take(1), Take(2)) and deep[0][2] > 0.9
    assert deep[-1][0] == Take(3) and deep[-1][2] == 0.0
    shallow = MctsBot(iterations=300, focus=1).weigh(game, state, 0, Rng(1))
    assert shallow[0][2] < 0.5


class ThriftyNim(Nim):
    """Nim whose default search is 7 iterations."""

    mcts_defaults = {"iterations": 7, "c": 1.5}


def test_a_game_declares_the_default_budget_and_a_spec_overrides_it() -> None:
    game = ThriftyNim()
    state = game.setup(2, seed=1)
    default = MctsBot()
    default.choose(game, state, 0, Rng(1))
    assert (default.last_iterations, default.c) == (7, 1.5)
    given = MctsBot(iterations=11)
    given.choose(game, state, 0, Rng(1))
    assert (given.last_iterations, given.c) == (11, 1.5)
    engine = MctsBot()
    engine.choose(Nim(), Nim().setup(2, seed=1), 0, Rng(1))
    assert (engine.last_iterations, engine.c) == (200, 0.7)


# Duel: sealed picks at once, numbered as Nim's takes. Seat 0's bold pick beats seat 1's 1 and 2
# and loses to its 3; its safe pick ties.
SAFE, BOLD, BEATS_BOLD = Take(1), Take(2), Take(3)


@dataclass
class DuelState:
    picks: list[Take | None]


def duel_picks(state: DuelState, seat: int) -> list[Take]:
    options = (SAFE, BOLD) if seat == 0 else (Take(1), Take(2), BEATS_BOLD)
    return list(options) if state.picks[seat] is None else []


def check_pick(state: DuelState, seat: int, action: Take) -> Take:
    if action not in duel_picks(state, seat):
        raise IllegalAction("pick one of your options, once")
    return action


def do_pick(state: DuelState, seat: int, action: Take) -> list[Event]:
    state.picks[seat] = action
    return []


class Duel(Game[DuelState]):
    """Against a random seat 1 the bold pick wins 2 times in 3; against a seat 1 that plays
    well it always loses, and the safe pick is better."""

    name = "duel"
    min_players = max_players = 2
    State = DuelState
    rules = RuleTable(Rule(Take, ("play",), check_pick, do_pick, choices=duel_picks))

    def new_state(self, players: int, seed: int, options: Any) -> DuelState:
        return DuelState([None, None])

    def phase(self, state: DuelState) -> str:
        return "over" if None not in state.picks else "play"

    def seats(self, state: DuelState) -> list[int]:
        return [0, 1]

    def max_actions(self, players: int, options: Any = None) -> int:
        return 2

    def actors(self, state: DuelState) -> frozenset[int]:
        return frozenset(s for s, pick in enumerate(state.picks) if pick is None)

    def seat_view(self, state: DuelState, seat: int | None) -> dict[str, Any]:
        return {"picked": [p is not None for p in state.picks]}

    def is_over(self, state: DuelState) -> bool:
        return None not in state.picks

    def result(self, state: DuelState) -> Result:
        if state.picks[0] == SAFE:
            return Result((0.0, 0.0), (1, 1))
        won = state.picks[1] != BEATS_BOLD
        return Result((1.0, 0.0) if won else (0.0, 1.0), (1, 2) if won else (2, 1))

    def clone(self, state: DuelState) -> DuelState:
        return DuelState(list(state.picks))


def test_rivals_search_plans_against_a_sealed_move_chosen_well() -> None:
    """By default the other actor's sealed pick is drawn at random, like chance, and bold looks
    best; with rivals=search seat 1 chooses by its own statistics, finds its 3, and safe wins."""
    duel = Duel()
    state = duel.setup(2, seed=1)
    assert MctsBot(iterations=400).choose(duel, state, 0, Rng(1)) == BOLD
    assert MctsBot(iterations=400, rivals="search").choose(duel, state, 0, Rng(1)) == SAFE


def test_rivals_search_tries_every_pair_of_sealed_bids() -> None:
    """Goofspiel, prize 4 up, 1 and 5 still to come; hands 2 3 5 against 2 3 4, 0 points
    against 2. Bidding 2 loses the 4 to any bid but 2, after which seat 0 can tie at best: the
    worst bid against a sensible opponent. When both seats broke their UCB ties in the order
    they had tried their bids, they paired bids in lockstep further down the tree, never saw
    the pairs that decide the end, and the search ranked the 2 its best bid for most seeds."""
    for seed in range(4):
        state = GoofspielState([[2, 3, 5], [2, 3, 4]], [4, 1, 5], [None, None], [0, 2], Rng(0))
        assert MctsBot(iterations=600).choose(GOOFSPIEL, state, 0, Rng(seed)) != Bid(2)


def test_game_defaults_off_leaves_out_the_games_search() -> None:
    """`game_defaults=False`: what is left out takes the engine's defaults, not the game's
    (Goofspiel's default search sets rollout=heuristic); what is given still counts."""
    state = GOOFSPIEL.setup(2, seed=3)
    bot = MctsBot(iterations=20, game_defaults=False)
    bot.choose(GOOFSPIEL, state, 0, Rng(1))
    assert (bot.rollout, bot.iterations) == ("random", 20)
    given = MctsBot(iterations=20, rollout="heuristic", game_defaults=False)
    given.choose(GOOFSPIEL, state, 0, Rng(1))
    assert given.rollout == "heuristic"
    default = MctsBot(iterations=20)
    default.choose(GOOFSPIEL, state, 0, Rng(1))
    assert default.rollout == "heuristic"
