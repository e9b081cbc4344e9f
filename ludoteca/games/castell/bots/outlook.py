"""How a player's game is likely to end, judged from a position: the points the search bots
weigh.

A player's outlook is the points on their board now (the end-of-game scoring, [D-15] to
[D-24]) plus what the rest of the game can still bring them:

- **Festivals**: the best route through the festivals still to come that the pawn can walk in
  time (a step a turn, one more bought with a special token where a turn's step is short
  [D-19]); each festival on it is worth the prize of the rank the player's best tower would
  take among the rivals who can be there [D-13], the size tokens it would win [D-14] and the
  region it earns. A festival the team cannot build for yet counts for the chance that it will,
  from how near its best tower is and how many rounds are left.
- **Best tower**: the best tower score those festivals would raise it to.
- **Special tokens** left after the route: each a local performance to come, of the tiles the
  team meets, with the tokens lying in their rows (the seed's "raccogliere tutti i gettoni
  speciali").
- A little for every skill rank and casteller, which widen the towers of later rounds.

Every term is an expectation in points, so the outlook of a finished game is its score.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ludoteca.games.castell.data import (
    MIN_FESTIVAL_LEVELS,
    PRIZE_POINTS,
    PRIZE_TABLE,
    ROUNDS,
    SIZE_TOKEN_REPEATED,
    SIZE_TOKEN_UNIQUE,
    Region,
    local_tile_points,
)
from ludoteca.games.castell.performances import team_tiles
from ludoteca.games.castell.result import categories
from ludoteca.games.castell.rules.move import distances
from ludoteca.games.castell.state import OVER, CastellState, Festival, Player
from ludoteca.games.castell.towers import best_tower, tower_score

# How likely a rival who can reach a festival is to stand there (they have their own route),
# and how much their best tower score for it grows a round until then (they recruit and train
# too: a player who compares with their tower as it is now loses the contested festivals).
RIVAL_THERE, RIVAL_GROWTH = 0.9, 1.0
# The chance that a team without a qualifying tower yet builds one by the festival, per round
# left, before weighing how near its best tower is; and the most it may reach.
CATCH_UP_PER_ROUND, CATCH_UP_MOST = 0.12, 0.8
# Below this chance a festival is not worth a detour.
WORTH_A_DETOUR = 0.2
# A local performance to come: the share of a tile's points counted (the pawn must get there
# with a token and the tile must still be in its row), and a tile the team cannot meet yet
# counted at this share of one it meets.
PERFORMANCE_SHARE, UNMET_SHARE = 0.35, 0.3
# The worth of a skill rank and of a casteller (up to a useful team size) for later towers.
RANK_WORTH, CASTELLER_WORTH, USEFUL_TEAM = 0.6, 0.25, 16
# A region the route earns counts at this share of the region points it adds.
REGION_SHARE = 0.7


def distance(a: Region, b: Region) -> int:
    return distances(a)[b]


def turns_taken(state: CastellState, seat: int) -> int:
    """The last round whose turn `seat` has taken (the round before this one if its turn in
    this round is still to come or under way: an outlook is read at the end of its turn)."""
    if state.current == seat:
        return state.round
    done = state.turn_order()[: state.turns_done]
    return state.round if seat in done else state.round - 1


def steps_short(pawn: Region | None, since: int, festival: Festival) -> int | None:
    """Special moves needed to stand in the festival's region at its round, from `pawn` at the
    end of round `since`: one step a turn is free, one more a turn costs a token [D-19]; None
    when it is out of reach."""
    turns = festival.round - since
    if pawn is None:
        return 0 if turns >= 1 else None  # the first move places the pawn anywhere
    far = distance(pawn, festival.region)
    if far <= turns:
        return 0
    return far - turns if far <= 2 * turns else None


# A route so far: (its points, the festivals on it), where it stands then (the pawn's region,
# the round), and the tokens it spent on moves.
Route = tuple[tuple[float, tuple[int, ...]], tuple[Region | None, int], int]


@dataclass(frozen=True)
class Prospect:
    """What one festival promises a player: the chance of a qualifying tower, its score and
    the points it would bring (prize and size tokens, the region apart)."""

    chance: float
    score: int
    points: float


def festival_tower(player: Player, festival: Festival) -> Sequence[Sequence[int]] | None:
    """The engine's suggestion [D-23]: the highest tower score among qualifying towers."""
    return best_tower(player.team, player.ranks, sizes=festival.tokens,
                      min_levels=MIN_FESTIVAL_LEVELS)


def catch_up(state: CastellState, player: Player, festival: Festival) -> float:
    """The chance that a team without a qualifying tower builds one in time: more rounds left
    and a best tower nearer to 4 levels holding the token sizes make it likelier."""
    rounds_left = festival.round - state.round
    tower = best_tower(player.team, player.ranks, sizes=festival.tokens)
    near = 0.0 if tower is None else min(1.0, len(tower) / MIN_FESTIVAL_LEVELS)
    return min(CATCH_UP_MOST, CATCH_UP_PER_ROUND * rounds_left) * near * near


def rivals_at(state: CastellState, seat: int, festival: Festival) -> list[tuple[float, Player]]:
    """The other players who can stand in the festival's region in time, with the tower score
    they are likely to reach by then (those who cannot build a tower yet do not take part)."""
    out = []
    for other, player in enumerate(state.players):
        if other == seat:
            continue
        short = steps_short(player.pawn, turns_taken(state, other), festival)
        if short is None or short > player.tokens:
            continue
        tower = festival_tower(player, festival)
        if tower is not None:
            growth = RIVAL_GROWTH * (festival.round - state.round)
            out.append((tower_score(tower, festival.tokens) + growth, player))
    return out


def expected_prize(table: Sequence[int], mine: int, rivals: Sequence[float]) -> float:
    """The prize by rank [D-13], each rival there with the same chance: a rival with a higher
    score pushes the player down a rank; ties share the rank."""
    higher = [r for r in rivals if r > mine]
    total = 0.0
    for present in range(len(higher) + 1):
        ways = len(list(combinations(higher, present)))
        chance = ways * RIVAL_THERE**present * (1 - RIVAL_THERE) ** (len(higher) - present)
        rank = present + 1
        total += chance * (table[rank - 1] if rank <= len(table) else 0)
    return total


def token_points(held: Counter[int], size: int) -> float:
    """What one more size token of `size` adds [D-24]: a first of its size 2, a second
    nothing (two of a size score 1 + 1), a third or more 1."""
    have = held[size]
    if have == 0:
        return SIZE_TOKEN_UNIQUE
    return 0.0 if have == 1 else SIZE_TOKEN_REPEATED


# Prospects already worked out, by everything they depend on (a turn's plans differ mostly in
# the pawn and the tokens, which a prospect does not read: the planner asks the same ones over
# and over). Emptied when it holds this many.
PROSPECTS_KEPT = 50_000
_prospects: dict[tuple[Any, ...], Prospect] = {}


def prospects_key(state: CastellState, seat: int) -> tuple[Any, ...]:
    """Everything a prospect reads but the festival (worked out once for all the festivals of
    an outlook: it is most of a prospect's cost when it is remembered)."""
    player = state.players[seat]
    others = tuple(
        (other.pawn, turns_taken(state, i), other.tokens, tuple(sorted(other.team)),
         tuple(other.ranks.values()))
        for i, other in enumerate(state.players) if i != seat
    )
    return (state.round, state.n, tuple(sorted(player.team)), tuple(player.ranks.values()),
            tuple(sorted(t for spot in player.board.values() for t in spot.size_tokens)), others)


def prospect(state: CastellState, seat: int, festival: Festival,
             position: tuple[Any, ...] | None = None) -> Prospect:
    """What the festival promises `seat` (remembered: see `_prospects`); `position` is
    `prospects_key(state, seat)` when the caller has it already."""
    if position is None:
        position = prospects_key(state, seat)
    key = (festival.round, festival.region, tuple(festival.tokens), position)
    known = _prospects.get(key)
    if known is None:
        if len(_prospects) >= PROSPECTS_KEPT:
            _prospects.clear()
        known = _prospects[key] = _prospect(state, seat, festival)
    return known


def _prospect(state: CastellState, seat: int, festival: Festival) -> Prospect:
    player = state.players[seat]
    tower = festival_tower(player, festival)
    if tower is None:
        chance = catch_up(state, player, festival)
        score = MIN_FESTIVAL_LEVELS + len(festival.tokens)
        counts: Counter[int] = Counter(festival.tokens)
    else:
        chance = 1.0
        score = tower_score(tower, festival.tokens)
        counts = Counter(size for level in tower for size in level)
    if chance < WORTH_A_DETOUR:
        return Prospect(chance, score, 0.0)
    rivals = rivals_at(state, seat, festival)
    table = [PRIZE_POINTS[p] for p in PRIZE_TABLE[state.n]]
    points = expected_prize(table, score, [r for r, _ in rivals])
    held = Counter(t for spot in player.board.values() for t in spot.size_tokens)
    for size in festival.tokens:
        # The most castellers of the size takes it; ties go to the higher tower score [D-14].
        beaten = [1 for r, p in rivals if (p.team.count(size), r) > (counts[size], score)]
        keep = (1 - RIVAL_THERE) ** len(beaten)
        points += keep * token_points(held, size)
    return Prospect(chance, score, points)


def routes(state: CastellState, seat: int) -> dict[int, tuple[float, int]]:
    """The best routes through the festivals to come, by the special tokens they spend on
    moves: spent -> (the points the route promises, the best tower score it reaches)."""
    player = state.players[seat]
    start = (player.pawn, turns_taken(state, seat))
    # Only the festivals the pawn can reach straight from where it stands can be on a route:
    # a detour through another festival never makes one nearer or cheaper to reach.
    festivals = [f for f in state.calendar if not f.done and f.round >= state.round
                 and (short := steps_short(*start, f)) is not None and short <= player.tokens]
    position = prospects_key(state, seat)
    prospects = [prospect(state, seat, f, position) for f in festivals]
    earned = sum(1 for spot in player.board.values() if spot.earned())
    scoring = state.variant.region_points
    region_worth = REGION_SHARE * (scoring[min(len(scoring) - 1, earned + 2)]
                                   - scoring[earned]) / 2
    # Longest path over the calendar: best[i, spent] is the best route ending at festival i
    # having spent `spent` tokens on moves; festivals of one round exclude each other.
    best: dict[tuple[int, int], tuple[float, tuple[int, ...]]] = {}
    for i, festival in enumerate(festivals):
        p = prospects[i]
        if p.points <= 0:
            continue
        region = 0.0 if player.board[festival.region].earned() else region_worth
        gain = p.chance * (p.points + region)
        options: list[Route] = [((0.0, ()), start, 0)]
        options += [
            (best[j, spent], (festivals[j].region, festivals[j].round), spent)
            for (j, spent) in list(best) if j < i
        ]
        for (value, path), (pawn, since), spent in options:
            short = steps_short(pawn, since, festival)
            if short is None or spent + short > player.tokens:
                continue
            key = (i, spent + short)
            if key not in best or value + gain > best[key][0]:
                best[key] = (value + gain, (*path, i))
    out = {0: (0.0, player.best_score)}
    for (_, spent), (value, path) in best.items():
        if spent not in out or value > out[spent][0]:
            top = max([player.best_score,
                       *(prospects[i].score for i in path if prospects[i].chance >= 1.0)])
            out[spent] = (value, top)
    return out


# Tiles' worths already worked out, by all they read (a turn's plans share a few teams and
# rows: the planner asks the same ones over and over). Emptied when it holds this many.
WORTHS_KEPT = 20_000
_worths: dict[tuple[Any, ...], list[float]] = {}


def tile_worths(state: CastellState, seat: int) -> list[float]:
    """What performing each tile still in the rows would bring the player, the most first:
    its points and the tokens lying in its row, less for a tile the team cannot meet yet
    (remembered: see `_worths`; the list returned is shared, not to be changed)."""
    player = state.players[seat]
    key = (tuple(player.team), tuple(player.ranks.values()),
           tuple((tuple(row), len(state.row_tokens[region]))
                 for region, row in state.rows.items()))
    known = _worths.get(key)
    if known is None:
        if len(_worths) >= WORTHS_KEPT:
            _worths.clear()
        known = _worths[key] = _tile_worths(state, seat)
    return known


def _tile_worths(state: CastellState, seat: int) -> list[float]:
    player = state.players[seat]
    towers = team_tiles(player.team, player.ranks)
    worths = []
    for region, row in state.rows.items():
        lying = len(state.row_tokens[region])
        for tile in row:
            share = 1.0 if towers.tower(tile) is not None else UNMET_SHARE
            worths.append(share * (local_tile_points(tile) + lying))
    worths.sort(reverse=True)
    return worths


def outlook(state: CastellState, seat: int) -> float:
    """The points `seat` is likely to end the game with."""
    player = state.players[seat]
    now = float(categories(player, state.variant)["total"])
    if state.phase is OVER:
        return now
    # The tiles' worths are read once for every route (a route changes only the tokens left).
    turns_left = ROUNDS - turns_taken(state, seat)
    worths = tile_worths(state, seat) if min(player.tokens, turns_left) > 0 else []

    def performances(tokens: int) -> float:
        usable = min(tokens, turns_left)
        return PERFORMANCE_SHARE * sum(worths[:usable]) if usable > 0 else 0.0

    later = max(
        value + top - player.best_score + performances(player.tokens - spent)
        for spent, (value, top) in routes(state, seat).items()
    )
    later += RANK_WORTH * sum(player.ranks.values())
    later += CASTELLER_WORTH * min(len(player.team), USEFUL_TEAM)
    return now + later
