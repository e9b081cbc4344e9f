"""Festivals: who takes part, the declared towers, prizes, size tokens and best tower scores."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.result import competition_ranks
from ludoteca.games.castell.data import MIN_FESTIVAL_LEVELS, PRIZE_TABLE
from ludoteca.games.castell.state import CastellState, Festival, Player
from ludoteca.games.castell.towers import Tower, best_tower, check_tower, tower_score


def suggestion(player: Player, festival: Festival) -> Tower | None:
    """The engine's suggestion: the highest tower score, then the most castellers of the token
    sizes, among towers of at least 4 levels [D-23] with every token size; None if none."""
    return best_tower(player.team, player.ranks, sizes=festival.tokens,
                      min_levels=MIN_FESTIVAL_LEVELS)


def declaring_seats(state: CastellState, festival: Festival) -> list[int]:
    """Players whose pawn is in the festival's region ("la pedina deve trovarsi nella stessa
    regione del festival") and who can build a qualifying tower, in turn order; each of them
    declares a tower or abstains (taking part is optional)."""
    return [
        seat for seat in state.turn_order()
        if state.players[seat].pawn == festival.region
        and suggestion(state.players[seat], festival) is not None
    ]


def check_declaration(state: CastellState, seat: int, tower: Tower) -> None:
    assert state.festival is not None
    festival = state.calendar[state.festival]
    if len(tower) < MIN_FESTIVAL_LEVELS:
        raise IllegalAction(
            f"a festival tower needs at least {MIN_FESTIVAL_LEVELS} levels; yours has {len(tower)}"
        )
    present = {size for level in tower for size in level}
    missing = [size for size in festival.tokens if size not in present]
    if missing:
        raise IllegalAction(
            f"a tower for this festival must hold a casteller of each token size "
            f"{festival.tokens}; yours lacks {missing}"
        )
    check = check_tower(tower, state.players[seat].ranks)
    if not check.legal:
        raise IllegalAction(f"the tower does not work: {check.reason}")


def resolve(state: CastellState, festival: Festival) -> dict[str, object]:
    """Score the declared towers, hand out prizes [D-13] and size tokens [D-14]."""
    order = state.turn_order()
    entries = {
        seat: tower for seat, tower in state.declarations.items() if tower is not None
    }
    seats = sorted(entries, key=order.index)
    scores = {seat: tower_score(entries[seat], festival.tokens) for seat in seats}
    for seat in seats:
        player = state.players[seat]
        # "Se questo è il vostro miglior punteggio della torre, spostate il segnalino"
        player.best_score = max(player.best_score, scores[seat])
        player.festivals_entered += 1
    prizes = award_prizes(state, festival, seats, scores)
    tokens = award_size_tokens(state, festival, seats, scores, entries)
    festival.done = True
    return {
        "round": festival.round,
        "region": festival.region,
        "tokens": list(festival.tokens),
        "towers": {str(s): [list(level) for level in entries[s]] for s in seats},
        "scores": {str(s): scores[s] for s in seats},
        "prizes": prizes,
        "size_tokens": tokens,
    }


def award_prizes(
    state: CastellState, festival: Festival, seats: list[int], scores: dict[int, int]
) -> list[list[object]]:
    """By rank among participants; ties share the rank (and each gets its prize) and skip the
    next; a short pile serves tied players in turn order until it is empty [D-13]."""
    table = PRIZE_TABLE[state.n]
    ranks = dict(zip(seats, competition_ranks([scores[s] for s in seats]), strict=True))
    given: list[list[object]] = []
    for seat in seats:  # already in turn order from the first player
        rank = ranks[seat]
        if rank > len(table):
            continue
        prize = table[rank - 1]
        if state.piles[prize] <= 0:
            continue
        state.piles[prize] -= 1
        state.players[seat].board[festival.region]["prizes"].append(prize)
        given.append([seat, prize])
    return given


def award_size_tokens(
    state: CastellState,
    festival: Festival,
    seats: list[int],
    scores: dict[int, int],
    towers: Mapping[int, Sequence[Sequence[int]]],
) -> list[list[int]]:
    """Each token to the participant with the most castellers of its size; ties: the higher
    tower score, then earlier in turn order from the first player [D-14]. Unclaimed tokens
    leave the game."""
    given: list[list[int]] = []
    for size in festival.tokens:
        if not seats:
            break
        def strength(seat: int, size: int = size) -> tuple[int, int]:
            count = sum(list(level).count(size) for level in towers[seat])
            return count, scores[seat]
        winner = max(seats, key=strength)  # max keeps the first of equals: turn order
        state.players[winner].board[festival.region]["size_tokens"].append(size)
        given.append([winner, size])
    return given
