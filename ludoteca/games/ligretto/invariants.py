"""What every Ligretto state obeys, checked on a state decoded from outside (a saved match, a
database row) before anybody plays on from it. The codec has already checked every field's type
and range; these are the rules that tie the fields together. Each failure says where and what."""

from __future__ import annotations

from collections import Counter

from ludoteca.engine.codec import InvalidData
from ludoteca.games.ligretto import data
from ludoteca.games.ligretto.geometry import tile_keys
from ludoteca.games.ligretto.placement import fits
from ludoteca.games.ligretto.rules.round_end import stalled
from ludoteca.games.ligretto.state import (
    FREE,
    JOKER,
    LigrettoState,
    Phase,
    key_covering,
    key_owner,
)

# Phases in which the round is over: the board, stacks and piles stay as the round left them.
BETWEEN = (Phase.SET_ASIDE, Phase.TAKE_BACK, Phase.OVER)


def check_state(state: LigrettoState) -> None:
    check_rounds(state)
    check_board(state)
    check_pawns(state)
    check_waiting(state)
    check_history(state)
    check_stall(state)
    check_tiles(state)  # last: it looks for stuck pawns on a board already checked


def check_rounds(state: LigrettoState) -> None:
    if state.round > state.rounds:
        raise InvalidData(f"round {state.round} of a match of {state.rounds} rounds", "round")
    scored = state.round if state.phase in BETWEEN else state.round - 1
    if len(state.history) != scored:
        raise InvalidData(
            f"{len(state.history)} rounds recorded; in round {state.round} during "
            f"{state.phase.value!r} there are {scored}",
            "history",
        )
    if state.phase is Phase.OVER and state.round != state.rounds:
        raise InvalidData(f"the match is over after round {state.round} of {state.rounds}", "phase")


def check_board(state: LigrettoState) -> None:
    """The board of the player count and colours; every covered square holds a seat's tile
    (on exactly two side-adjacent squares of its colours [D-7]) or joker."""
    layout = state.layout
    size = layout.width * layout.height
    if len(state.cover) != size:
        raise InvalidData(
            f"has {len(state.cover)} squares; the board of {len(state.players)} players has "
            f"{size}",
            "cover",
        )
    players = len(state.players)
    squares: dict[int, list[int]] = {}
    for cell, key in enumerate(state.cover):
        if key == FREE:
            continue
        covering = key_covering(key)
        if not 0 <= key_owner(key) < players or not (
            covering == JOKER or covering < data.TILES_PER_PLAYER
        ):
            raise InvalidData(f"{key} is neither free ({FREE}) nor a seat's tile or joker",
                              f"cover[{cell}]")
        if covering != JOKER:
            squares.setdefault(key, []).append(cell)
    keys = tile_keys(state.colours)
    for key, cells in squares.items():
        a, *rest = cells
        b = rest[0] if rest else a
        paired = len(cells) == 2 and b in layout.neighbours[a]
        if not paired or data.pair_key(layout.colours[a], layout.colours[b]) != keys[
            key_covering(key)
        ]:
            raise InvalidData(
                f"tile {key_covering(key)} of seat {key_owner(key)} lies on squares {cells}; a "
                "tile covers two neighbouring squares of its colours",
                "cover",
            )


def on_board(state: LigrettoState, seat: int) -> tuple[list[int], int]:
    """The tiles of `seat` on the board, and its jokers there."""
    tiles: set[int] = set()
    jokers = 0
    for key in state.cover:
        if key != FREE and key_owner(key) == seat:
            if key_covering(key) == JOKER:
                jokers += 1
            else:
                tiles.add(key_covering(key))
    return sorted(tiles), jokers


def check_tiles(state: LigrettoState) -> None:
    """Every seat's 15 tiles are each in one place: stack, pile, turned tile, the board or the
    individual board (between rounds the individual board may already hold tiles the round
    left elsewhere); its placed tiles and used jokers are those on the board; a restart is
    owed only during a round, for a stuck pawn, by one player."""
    owed: list[int] = []
    for seat, player in enumerate(state.players):
        where = f"players[{seat}]"
        tiles, jokers = on_board(state, seat)
        if jokers != data.JOKERS_PER_PLAYER - player.jokers:
            raise InvalidData(
                f"{jokers} jokers on the board, {player.jokers} in hand; a player has "
                f"{data.JOKERS_PER_PLAYER}",
                f"{where}.jokers",
            )
        if player.placed != len(tiles):
            raise InvalidData(f"{player.placed} tiles placed, {len(tiles)} on the board",
                              f"{where}.placed")
        places = [*player.holding(), *tiles]
        if state.phase not in BETWEEN:
            places += player.aside
        counts = Counter(places)
        twice = sorted(t for t, n in counts.items() if n > 1)
        if twice:
            raise InvalidData(f"tile {twice[0]} is in two places", where)
        if state.phase not in BETWEEN and len(counts) != data.TILES_PER_PLAYER:
            missing = sorted(set(range(data.TILES_PER_PLAYER)) - set(counts))
            raise InvalidData(f"tile {missing[0]} is nowhere", where)
        if len(set(player.aside)) != len(player.aside):
            raise InvalidData("a tile appears twice", f"{where}.aside")
        if player.duties and state.phase is not Phase.PLAY:
            raise InvalidData("restarts are owed only while a round runs", f"{where}.duties")
        owed += player.duties
    for pawn in owed:
        if pawn >= len(state.pawns) or owed.count(pawn) > 1:
            raise InvalidData(f"pawn {pawn} cannot be owed a restart", "players")
    if owed:
        stuck = fits(state).stuck
        free = [p for p in owed if not stuck[p]]
        if free:
            raise InvalidData(f"pawn {free[0]} is owed a restart but is not stuck [D-9]",
                              "players")


def check_pawns(state: LigrettoState) -> None:
    """4 pawns on distinct squares of the board; fewer only while the host puts them down."""
    pawns = state.pawns
    if state.phase is Phase.PAWNS:
        if len(pawns) >= data.PAWNS:
            raise InvalidData(f"the host has put down all {data.PAWNS} pawns", "pawns")
    elif len(pawns) != data.PAWNS:
        raise InvalidData(f"{len(pawns)} pawns; the game has {data.PAWNS}", "pawns")
    for n, cell in enumerate(pawns):
        if cell >= len(state.cover):
            raise InvalidData(f"square {cell} is off the board", f"pawns[{n}]")
    if len(set(pawns)) != len(pawns):
        raise InvalidData("two pawns on one square", "pawns")


def check_waiting(state: LigrettoState) -> None:
    """Who the game waits for fits the phase: nobody while a round runs or when the match is
    over; the host alone for its pawns (only with the option, from round 2) [D-5]; between
    rounds, seats that still have a choice to make."""
    pending = state.pending
    if len(set(pending)) != len(pending) or any(s >= len(state.players) for s in pending):
        raise InvalidData(f"{pending} are not distinct seats of the table", "pending")
    phase = state.phase
    if phase in (Phase.PLAY, Phase.OVER):
        if pending:
            raise InvalidData(f"nobody is waited for during {phase.value!r}", "pending")
    elif phase is Phase.PAWNS:
        if not state.host_pawns or state.round == 1 or pending != [data.HOST_SEAT]:
            raise InvalidData(
                "the host puts pawns down only from round 2, with the option pawns=host",
                "phase",
            )
    elif not pending:
        raise InvalidData(f"{phase.value!r} waits for somebody", "pending")
    elif phase is Phase.SET_ASIDE:
        for seat in pending:
            if len(state.in_play(seat)) < 2:
                raise InvalidData(f"seat {seat} has no tile to set aside [D-11]", "pending")
    else:
        for seat in pending:
            if not state.players[seat].aside:
                raise InvalidData(f"seat {seat} has no tile to take back", "pending")


def check_stall(state: LigrettoState) -> None:
    """One count of turn-overs since the last placement per seat; during a round, nobody holds
    no tile and the stall has not gone on long enough to end it [D-16]."""
    if len(state.stall_turns) != len(state.players):
        raise InvalidData(f"one count per seat ({len(state.players)})", "stall_turns")
    if state.phase is Phase.PLAY:
        for seat, player in enumerate(state.players):
            if player.held() == 0:
                raise InvalidData("a player without tiles has ended the round", f"players[{seat}]")
        if stalled(state, data.STALL_CYCLES):
            raise InvalidData("the stall is long enough to have ended the round [D-16]",
                              "stall_turns")


def check_history(state: LigrettoState) -> None:
    """One record per scored round, per seat where a list; the scores are the points won."""
    players = len(state.players)
    totals = [0] * players
    for n, record in enumerate(state.history):
        where = f"history[{n}]"
        if record.round != n + 1:
            raise InvalidData(f"records round {record.round}, not {n + 1}", where)
        per_seat = (record.points, record.placed, record.tiles_left, record.jokers_used,
                    record.turned, record.fits)
        if any(len(values) != players for values in per_seat):
            raise InvalidData(f"one number per seat ({players})", where)
        winners = record.winners
        if not winners or len(set(winners)) != len(winners) or max(winners) >= players:
            raise InvalidData(f"{winners} are not distinct seats of the table", where)
        for seat, points in enumerate(record.points):
            totals[seat] += points
    scores = [p.score for p in state.players]
    if scores != totals:
        raise InvalidData(f"scores {scores}, but the rounds gave {totals}", "players")
