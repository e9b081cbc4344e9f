"""A round's life: its start (stacks, pawns, jokers), its end (scored and recorded), the step
between rounds and the next round or the end of the match. The rules of each step (the host's
end, the choices between rounds, the host's pawns) are in their own modules and call these."""

from __future__ import annotations

from ludoteca.engine.codec import encode
from ludoteca.engine.events import Event, public
from ludoteca.games.ligretto import data
from ludoteca.games.ligretto.placement import nobody_can_place
from ludoteca.games.ligretto.rules.scoring import score_round
from ludoteca.games.ligretto.state import (
    FREE,
    NO_TILE,
    Ending,
    LigrettoState,
    Phase,
    RoundRecord,
)


def start_round(state: LigrettoState) -> None:
    """Shuffle every player's tiles in play into a stack ("Ciascun giocatore mischia le sue 15
    tessere e forma un mazzo"); pawns on the marked squares in the first round, afterwards
    spread at random or placed by the host (option `pawns`) [D-5]; jokers given back [D-13]."""
    for seat, player in enumerate(state.players):
        player.stack = state.in_play(seat)
        state.rng.shuffle(player.stack)
        player.pile, player.hand = [], NO_TILE
        player.placed, player.jokers, player.duties = 0, data.JOKERS_PER_PLAYER, []
        player.turned = player.fits = 0
    layout = state.layout
    state.cover = [FREE] * (layout.width * layout.height)
    state.stall_turns = [0] * len(state.players)
    if state.round > 1 and state.host_pawns:
        state.pawns, state.phase, state.pending = [], Phase.PAWNS, [data.HOST_SEAT]
        state.board_changed()
        return
    state.pawns = list(layout.starts) if state.round == 1 else spread_pawns(state)
    begin_play(state)


def begin_play(state: LigrettoState) -> None:
    """"Ligretto!": everybody plays at once."""
    state.phase = Phase.PLAY
    state.pending = []
    state.board_changed()
    if nobody_can_place(state):  # cannot happen on the shipped boards; exact all the same
        end_round(state, Ending.STUCK)


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


def round_over(state: LigrettoState, ending: Ending) -> list[Event]:
    """Score the round, and say what comes next."""
    record = end_round(state, ending)
    return [public("round_over", **encode(record)), *what_follows(state)]


def end_round(state: LigrettoState, ending: Ending) -> RoundRecord:
    """Score the round, record it, and open the set-aside step (or what follows it; after the
    last round, the end of the match)."""
    points, winners, setters = score_round(state, ending)
    for seat, p in enumerate(points):
        state.players[seat].score += p
    players = state.players
    record = RoundRecord(
        round=state.round,
        ending=ending,
        winners=winners,
        points=points,
        placed=[p.placed for p in players],
        tiles_left=[p.held() for p in players],
        jokers_used=[data.JOKERS_PER_PLAYER - p.jokers for p in players],
        turned=[p.turned for p in players],
        fits=[p.fits for p in players],
    )
    state.history.append(record)
    for player in players:
        player.duties = []
    if state.round >= state.rounds:
        # After the last round nobody sets tiles aside nor takes any back: "Vince la partita
        # il giocatore che ottiene il punteggio più alto dopo il numero di round stabilito";
        # the individual boards stay as they are, for a match continued later [D-11].
        next_round(state)
        return record
    state.pending = [s for s in setters if max_set_aside(state, s) > 0]
    state.phase = Phase.SET_ASIDE
    if not state.pending:
        after_set_aside(state)
    return record


def max_set_aside(state: LigrettoState, seat: int) -> int:
    """Up to 2, keeping at least one tile in play [D-11]."""
    return min(data.SET_ASIDE, len(state.in_play(seat)) - 1)


def after_set_aside(state: LigrettoState) -> None:
    """When every individual board holds tiles, everybody takes up to 2 back ("Se tutti i
    giocatori hanno delle tessere sulla plancia, ciascun giocatore riprende in mano 2
    tessere"); otherwise on ("In questo caso nessun giocatore riprende in mano le 2
    tessere")."""
    if all(p.aside for p in state.players):
        state.phase = Phase.TAKE_BACK
        state.pending = list(range(len(state.players)))
    else:
        next_round(state)


def next_round(state: LigrettoState) -> None:
    """The match ends after the rounds agreed ("Prima di iniziare una partita i giocatori
    decidono il numero di round da giocare")."""
    state.pending = []
    if state.round >= state.rounds:
        state.phase = Phase.OVER
        return
    state.round += 1
    start_round(state)


def what_follows(state: LigrettoState) -> list[Event]:
    """The event of a new round, when the step between rounds just ended."""
    if state.phase is Phase.PLAY:
        return [public("round_started", round=state.round, pawns=list(state.pawns))]
    if state.phase is Phase.PAWNS:
        return [public("pawns_wanted", round=state.round, host=data.HOST_SEAT)]
    if state.phase is Phase.OVER:
        return [public("match_over", scores=[p.score for p in state.players])]
    return []
