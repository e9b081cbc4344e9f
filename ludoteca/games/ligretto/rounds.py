"""A round's life: the start (stacks, pawns), its endings, scoring, the individual boards
(set-aside and take-back) and the step to the next round or the end of the match."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ludoteca.games.ligretto import data
from ludoteca.games.ligretto.geometry import bits, geometry
from ludoteca.games.ligretto.placement import is_dead_end, nobody_can_place
from ludoteca.games.ligretto.state import (
    ASIDE,
    FREE,
    NO_TILE,
    OVER,
    PAWNS,
    PLAY,
    TAKE_BACK,
    LigrettoState,
)

# How a round ended (recorded per round).
LIGRETTO = "ligretto"  # a player placed all their tiles ("Ligretto stop!")
STUCK = "stuck"  # nobody can place any more [D-10]
HOST = "host"  # the host ended a stalled round
STALLED = "stalled"  # no placement for STALL_CYCLES rounds of turn-overs (see data)


def start_round(state: LigrettoState) -> None:
    """Shuffle every player's tiles in play into a stack ("Ciascun giocatore mischia le sue 15
    tessere e forma un mazzo"); pawns on the marked squares in the first round, afterwards
    spread at random or placed by the host (option `pawns`) [D-5]; jokers given back [D-13]."""
    for seat, player in enumerate(state.players):
        player.stack = in_play(state, seat)
        state.rng.shuffle(player.stack)
        player.pile, player.hand = [], NO_TILE
        player.placed, player.jokers, player.duties = 0, data.JOKERS_PER_PLAYER, []
        player.turned = player.fits = 0
    layout = state.layout
    state.cover = [FREE] * (layout.width * layout.height)
    state.stall_turns = 0
    if state.round > 1 and state.host_pawns:
        state.pawns, state.phase, state.pending = [], PAWNS, [data.HOST_SEAT]
        state.board_changed()
        return
    state.pawns = list(layout.starts) if state.round == 1 else spread_pawns(state)
    begin_play(state)


def begin_play(state: LigrettoState) -> None:
    """"Ligretto!": everybody plays at once."""
    state.phase = PLAY
    state.pending = []
    state.board_changed()
    if nobody_can_place(state):  # cannot happen on the shipped boards; exact all the same
        end_round(state, STUCK)


def pawn_squares(state: LigrettoState) -> list[int]:
    """Where the host may put the next pawn [D-5]: a square without a pawn that leaves no pawn
    in a dead end (nobody would owe its restart [D-9])."""
    geo = geometry(len(state.players), state.colours)
    out = []
    for cell in range(len(state.cover)):
        if cell in state.pawns:
            continue
        pawns = [*state.pawns, cell]
        taken = bits(pawns)
        if not any(is_dead_end(geo, taken, at) for at in pawns):
            out.append(cell)
    return out


def quarter(layout: data.Layout, k: int) -> tuple[range, range]:
    """The rows and columns of the board's quarter `k` (0-3, row by row): pawn k's [D-5]."""
    half_h, half_w = layout.height // 2, layout.width // 2
    top, left = half_h * (k // 2), half_w * (k % 2)
    return range(top, top + half_h), range(left, left + half_w)


def spread_pawns(state: LigrettoState) -> list[int]:
    """One random square in each quarter of the board [D-5]."""
    cells = []
    for k in range(data.PAWNS):
        rows, cols = quarter(state.layout, k)
        cells.append(state.layout.cell(state.rng.choice(rows), state.rng.choice(cols)))
    return cells


def stall_threshold(state: LigrettoState) -> int:
    """Turn-overs without a placement after which the round has stalled: as many as the
    players hold together (each has, on average, seen every tile once)."""
    return max(1, sum(p.held() for p in state.players))


def host_may_end(state: LigrettoState) -> bool:
    return state.phase == PLAY and state.stall_turns >= stall_threshold(state)


def round_winners(state: LigrettoState, ending: str) -> list[int]:
    """The player who went out ("Il primo giocatore che posiziona correttamente sul tabellone
    tutte le sue tessere ... vince il round"), or those who placed most tiles, jokers not
    counted ("vince il round il giocatore che è riuscito a posizionare il maggior numero di
    tessere") [D-10] [D-14]."""
    players = state.players
    if ending == LIGRETTO:
        return [s for s, p in enumerate(players) if p.held() == 0]
    most = max(p.placed for p in players)
    return [s for s, p in enumerate(players) if p.placed == most]


def score_round(state: LigrettoState, ending: str) -> tuple[list[int], list[int], list[int]]:
    """Points of the round, its winners, and the seats that may set tiles aside: the winners
    get 2, the fewest tiles held among the others 1 ("In caso di pareggio tutto i giocatori
    che hanno pareggiato prendono un gettone da 1 punto"), the rest may set tiles aside;
    "se si gioca in due, solo il giocatore che ha chiuso il round riceve i punti"."""
    n = len(state.players)
    winners = round_winners(state, ending)
    points = [data.WINNER_POINTS if s in winners else 0 for s in range(n)]
    others = [s for s in range(n) if s not in winners]
    fewest: list[int] = []
    if n > 2 and others:  # with 2 players only the winner scores
        least = min(state.players[s].held() for s in others)
        fewest = [s for s in others if state.players[s].held() == least]
        for s in fewest:
            points[s] = data.FEWEST_POINTS
    setters = [s for s in others if s not in fewest]
    return points, winners, setters


def end_round(state: LigrettoState, ending: str) -> dict[str, Any]:
    """Score the round, record it, and open the set-aside step (or what follows it)."""
    points, winners, setters = score_round(state, ending)
    for seat, p in enumerate(points):
        state.players[seat].score += p
    record = {
        "round": state.round,
        "ending": ending,
        "winners": winners,
        "points": points,
        "placed": [p.placed for p in state.players],
        "tiles_left": [p.held() for p in state.players],
        "jokers_used": [data.JOKERS_PER_PLAYER - p.jokers for p in state.players],
        "turned": [p.turned for p in state.players],
        "fits": [p.fits for p in state.players],
    }
    state.history.append(record)
    for player in state.players:
        player.duties = []
    state.pending = [s for s in setters if max_set_aside(state, s) > 0]
    state.phase = ASIDE
    if not state.pending:
        after_set_aside(state)
    return record


def in_play(state: LigrettoState, seat: int) -> list[int]:
    """The seat's tiles not on its individual board."""
    aside = state.players[seat].aside
    return [t for t in range(data.TILES_PER_PLAYER) if t not in aside]


def max_set_aside(state: LigrettoState, seat: int) -> int:
    """Up to 2, keeping at least one tile in play [D-11]."""
    return min(data.SET_ASIDE, len(in_play(state, seat)) - 1)


def set_aside_choices(state: LigrettoState, seat: int) -> list[tuple[int, ...]]:
    """Nothing, or 2 tiles of the player's choice ("possono posare 2 delle loro tessere": the
    seed says "may", and says 2); only 1 when a single other tile would stay in play [D-11]."""
    return [(), *combinations(in_play(state, seat), max_set_aside(state, seat))]


def take_back_choices(state: LigrettoState, seat: int) -> list[tuple[int, ...]]:
    aside = sorted(state.players[seat].aside)
    return list(combinations(aside, min(data.TAKE_BACK, len(aside))))


def after_set_aside(state: LigrettoState) -> None:
    """When every individual board holds tiles, everybody takes up to 2 back ("Se tutti i
    giocatori hanno delle tessere sulla plancia, ciascun giocatore riprende in mano 2
    tessere"); otherwise on ("In questo caso nessun giocatore riprende in mano le 2
    tessere")."""
    if all(p.aside for p in state.players):
        state.phase = TAKE_BACK
        state.pending = list(range(len(state.players)))
    else:
        next_round(state)


def next_round(state: LigrettoState) -> None:
    """The match ends after the rounds agreed ("Prima di iniziare una partita i giocatori
    decidono il numero di round da giocare")."""
    state.pending = []
    if state.round >= state.rounds:
        state.phase = OVER
        return
    state.round += 1
    start_round(state)
