"""An opponent for Castell written apart from the game's bots: a yardstick that was not tuned
against them.

It was written from the rules (`rules.en.md`), never from the heuristic's or the evaluation's
code; it uses only the engine's contract (legal actions, apply, determinize) and the game's
public tools a player's screen also uses (the tower search, the local tiles a team meets). On
its turn it tries every sequence of the turn's actions (each at most once, in any order, ending
the turn), and plays the first action of the one whose end its own estimate of the final score
rates best. At a festival it declares its best tower. Nothing is random: the same state gives
the same move.

Its estimate of a player's final score: the points on the board now, plus an itinerary over the
festivals still to come (the greedy route through them the pawn can walk in time, a special
move bought with a token where a step is short), each worth a prize, its size tokens and a new
region when the team can build a qualifying tower for it (some of that when it cannot yet), the
best tower score those towers would reach, and the special tokens left, each a future local
performance.

`CastellPlanner` is registered as the bot `castell-planner` for the benches (`register()`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ludoteca.bots.base import Bot
from ludoteca.bots.spec import BOTS
from ludoteca.engine.actions import Action
from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng
from ludoteca.games.castell.actions import Declare, EndTurn
from ludoteca.games.castell.data import (
    MIN_FESTIVAL_LEVELS,
    PRIZE_POINTS,
    PRIZE_TABLE,
    REGIONS,
    ROUNDS,
    local_tile_points,
)
from ludoteca.games.castell.performances import team_tiles
from ludoteca.games.castell.rules.move import distances
from ludoteca.games.castell.state import CastellState, Festival, Phase, Player
from ludoteca.games.castell.towers import best_tower, tower_score

GAME = "castell"
NAME = "castell-planner"
# A size token's points: 2 for a size not held yet, 0 for a second of a size, 1 from the third
# ("5, 5, 7 scores 1 + 1 + 2").
TOKEN_FIRST, TOKEN_AGAIN = 2.0, 0.5
# How likely a tower not yet qualifying is to qualify by the festival, per round left.
CATCH_UP_PER_ROUND = 0.12
# A special token kept: a future local performance (a tile's points, the tokens lying there,
# sometimes a new region), discounted since the team must meet a tile where the pawn goes.
TOKEN_WORTH = 3.0
# Small credits that steer the first rounds, before any festival is in reach: a skill rank and a
# casteller each widen the towers the team can build later.
RANK_WORTH, CASTELLER_WORTH, TEAM_USEFUL = 0.6, 0.25, 16


DISTANCE = {region: distances(region) for region in REGIONS}


def board_points(state: CastellState, player: Player) -> float:
    """The player's points if the game ended now, read from the rules' end-of-game scoring."""
    spots = player.board.values()
    earned = sum(1 for s in spots if s.prizes or s.size_tokens or s.tiles or s.collected)
    prizes = sum(PRIZE_POINTS[p] for s in spots for p in s.prizes)
    tokens = Counter(t for s in spots for t in s.size_tokens)
    token_points = sum(2 if n == 1 else n for n in tokens.values())
    local = sum(local_tile_points(t) for s in spots for t in s.tiles)
    local += sum(s.collected for s in spots)
    regions = state.variant.region_points[earned]
    return player.best_score + regions + prizes + token_points + local


def festival_tower(player: Player, festival: Festival) -> Any:
    return best_tower(player.team, player.ranks, sizes=festival.tokens,
                      min_levels=MIN_FESTIVAL_LEVELS)


def closeness(player: Player, festival: Festival) -> float:
    """How near the team is to a qualifying tower: the levels of its best tower holding the
    token sizes, out of the 4 needed."""
    tower = best_tower(player.team, player.ranks, sizes=festival.tokens)
    return 0.0 if tower is None else min(1.0, len(tower) / MIN_FESTIVAL_LEVELS)


class Outlook:
    """One player's estimate, worked out from a state after its turn."""

    def __init__(self, state: CastellState, seat: int, turn_done: bool) -> None:
        self.state = state
        self.seat = seat
        self.player = state.players[seat]
        # The rounds in which the player still takes a turn.
        self.next_turn_round = state.round + (1 if turn_done else 0)

    def reach(self, festival: Festival, pos: Any, since: int, tokens: int) -> int | None:
        """Tokens spent on special moves to stand in the festival's region at its round, from
        `pos` at round `since`'s end; None if out of reach."""
        turns = festival.round - since
        if pos is None:
            return 0 if turns >= 1 else None
        d = DISTANCE[pos][festival.region]
        if d <= turns:
            return 0
        extra = d - turns
        if extra <= min(tokens, turns):
            return extra
        return None

    def rivals_best(self, festival: Festival) -> list[int]:
        """The tower scores of the other players who may stand there in time."""
        state = self.state
        out = []
        for other, player in enumerate(state.players):
            if other == self.seat:
                continue
            turns = festival.round - state.round + (0 if other_played(state, other) else 1)
            if player.pawn is not None and DISTANCE[player.pawn][festival.region] > 2 * turns:
                continue
            tower = festival_tower(player, festival)
            if tower is not None:
                out.append(tower_score(tower, festival.tokens))
        return out

    def festival_worth(self, festival: Festival, my_score: int) -> float:
        state = self.state
        rivals = self.rivals_best(festival)
        rank = 1 + sum(1 for r in rivals if r > my_score)
        table = PRIZE_TABLE[state.n]
        prize = PRIZE_POINTS[table[rank - 1]] if rank <= len(table) else 0.0
        if any(r == my_score for r in rivals):
            prize *= 0.9  # a tie shares the rank; a short pile may run out
        held = Counter(t for s in self.player.board.values() for t in s.size_tokens)
        tokens = 0.0
        for size in festival.tokens:
            share = 1.0 if not rivals else 0.6
            tokens += share * (TOKEN_FIRST if not held[size] else TOKEN_AGAIN)
        return prize + tokens

    def value(self) -> float:
        state, player = self.state, self.player
        total = board_points(state, player)
        if state.phase == Phase.OVER:
            return total
        pos, since, tokens = player.pawn, self.next_turn_round - 1, player.tokens
        new_regions: set[Any] = set()
        earned = {r for r, s in player.board.items()
                  if s.prizes or s.size_tokens or s.tiles or s.collected}
        best = player.best_score
        future = 0.0
        for festival in state.calendar:
            if festival.done or festival.round < state.round:
                continue
            cost = self.reach(festival, pos, since, tokens)
            if cost is None:
                continue
            tower = festival_tower(player, festival)
            if tower is not None:
                chance = 1.0
                score = tower_score(tower, festival.tokens)
                best = max(best, score)
            else:
                rounds_left = festival.round - state.round
                chance = min(0.8, CATCH_UP_PER_ROUND * rounds_left) * closeness(player,
                                                                                 festival) ** 2
                score = MIN_FESTIVAL_LEVELS + 1
            if chance < 0.2:
                continue  # not worth walking there for
            future += chance * self.festival_worth(festival, score)
            if festival.region not in earned:
                new_regions.add(festival.region)
            pos, since, tokens = festival.region, festival.round, tokens - cost
        total += future + (best - player.best_score)
        # Regions the itinerary adds, at the rules' region scoring.
        scoring = state.variant.region_points
        now = len(earned)
        later = min(len(scoring) - 1, now + len(new_regions))
        total += 0.7 * (scoring[later] - scoring[now])
        total += self.tokens_worth(tokens)
        total += RANK_WORTH * sum(player.ranks.values())
        total += CASTELLER_WORTH * min(len(player.team), TEAM_USEFUL)
        return total

    def tokens_worth(self, tokens: int) -> float:
        """The special tokens left, each a local performance to come, while turns and tiles
        last and the team can meet some of the tiles still in the rows."""
        state, player = self.state, self.player
        turns_left = ROUNDS - self.next_turn_round + 1
        tiles = [t for row in state.rows.values() for t in row]
        if not tiles or turns_left <= 0:
            return 0.0
        towers = team_tiles(player.team, player.ranks)
        met = [t for t in tiles if towers.tower(t) is not None]
        share = (len(met) + 0.3 * (len(tiles) - len(met))) / len(tiles)
        usable = min(tokens, turns_left, len(tiles))
        mean_points = sum(local_tile_points(t) for t in tiles) / len(tiles)
        return usable * share * (TOKEN_WORTH + 0.3 * mean_points) / 2


def other_played(state: CastellState, seat: int) -> bool:
    """Whether `seat` has already taken its turn this round."""
    order = state.turn_order()
    return order.index(seat) < state.turns_done


class CastellPlanner(Bot):
    """Plays the turn whose end its own estimate of the final score rates best."""

    name = NAME

    def __init__(self) -> None:
        self.name = NAME

    def choose(self, game: Game[Any], state: Any, seat: int, rng: Rng) -> Action:
        world = game.determinize(state, seat, rng)
        legal = game.legal_actions(world, seat)
        if world.phase == Phase.FESTIVAL:
            declares = [a for a in legal if isinstance(a, Declare)]
            return declares[0] if declares else legal[0]
        if len(legal) == 1:
            return legal[0]
        _, first = self.plan(game, world, seat, set())
        return first if first is not None else legal[0]

    def plan(self, game: Game[Any], state: CastellState, seat: int,
             seen: set[Any]) -> tuple[float, Action | None]:
        """The best estimate reachable by ending the turn after some of the actions left, and
        the first action toward it."""
        best_value, best_action = -1e9, None
        for action in game.legal_actions(state, seat):
            if isinstance(action, EndTurn):
                value = Outlook(state, seat, turn_done=True).value()
            else:
                after = state.clone()
                game.apply(after, seat, action)
                if after.phase != Phase.TURN or after.current != seat:
                    value = Outlook(after, seat, turn_done=True).value()
                else:
                    key = turn_key(after, seat)
                    if key in seen:
                        continue
                    seen.add(key)
                    value, _ = self.plan(game, after, seat, seen)
            if value > best_value + 1e-9:
                best_value, best_action = value, action
        return best_value, best_action


def turn_key(state: CastellState, seat: int) -> tuple[Any, ...]:
    """What a turn's actions can change, so that the same position reached in another order is
    planned once."""
    player = state.players[seat]
    return (
        player.pawn, tuple(player.team), tuple(player.ranks.values()), player.tokens,
        frozenset(state.used), state.free_special,
        tuple(len(s.tiles) + s.collected for s in player.board.values()),
        tuple(len(state.rows[r]) for r in REGIONS),
    )


def register() -> None:
    """Make `castell-planner` a bot spec the tournaments know (worker processes are forked, so
    they inherit it)."""
    BOTS[NAME] = (CastellPlanner, {})



