"""The placements a search compares, ranked by the seconds each is likely to save.

In real time every turned tile costs a turn-over and then a placement or a discard, about the
same time either way, so a round is won by wasting fewer of those cycles than the rival:
- a tile turned over that fits nowhere is a cycle lost ("posa la tessera scoperta davanti a
  sé"), so a placement is worth the share of the player's next tiles that will fit at the
  pawns it leaves, less the share of the rival's;
- a placement planned at a pawn that the other player moves first is refused ("chi tardi
  arriva, male alloggia") and the time spent on it is lost. The rival's turned tile lies face
  up [D-15]: it was turned before ours, so at the pawns it fits at the rival usually gets
  there first, and those are kept away from; a rival still turning its tile over plans after
  us and usually loses the race, so the pawns its next tiles would go to are worth taking;
- a tile that fits nowhere plainly is placed with one joker rather than discarded: the joker
  costs a moment, the discard a whole cycle and the tile comes back [D-8] [D-13].

The heuristic bot places at random among the placements that shut no pawn in; the search
starts from the best of these rankings (see `Ligretto.mcts_defaults`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ludoteca.engine.actions import Action
from ludoteca.engine.clock import DEFAULT_LEVEL
from ludoteca.engine.rng import Rng
from ludoteca.games.ligretto import data
from ludoteca.games.ligretto.actions import Discard, Place, Restart
from ludoteca.games.ligretto.bots.heuristic import candidates, heuristic_action, shuts_in
from ludoteca.games.ligretto.geometry import Candidate, bits, geometry, tile_keys
from ludoteca.games.ligretto.placement import fits
from ludoteca.games.ligretto.state import NO_TILE, LigrettoState, Phase

# The moves the search compares at most (the best ranked).
SEARCHED = 4
_TIMES = data.REACTION_SECONDS[DEFAULT_LEVEL]
# A tile turned over that fits nowhere costs a turn-over and a discard.
CYCLE_SECONDS = _TIMES["turn"] + _TIMES["give_up"]
# What a placement refused because the other player moved its pawn first costs: about a spot
# and a place (the plan had run 1.6 s on average in heuristic matches, and the tile, planned
# again, may now fit nowhere).
LOST_SECONDS = _TIMES["spot"] + _TIMES["place"]
# How often the rival places first when we plan a placement (heuristic matches, 2 players):
# its turned tile waits on a plan made before ours; a tile it is still turning over is
# planned after ours.
RIVAL_FIRST_HOLDING = 0.70
RIVAL_FIRST_LATER = 0.32


def search_choices(state: LigrettoState, seat: int, rng: Rng) -> list[Action]:
    """The moves worth a search, best ranked first: where the turned tile goes (restarts,
    plain placements that shut no pawn in, else one joker, else two near the end), else the
    heuristic's move alone."""
    player = state.players[seat]
    if state.phase is not Phase.PLAY or player.hand == NO_TILE:
        return [heuristic_action(state, seat, rng)]
    pool = candidates(state, seat)
    if not pool:
        return [Discard()]
    safe = [move for move in pool if not shuts_in(state, move)] or pool
    others = rivals(state, seat)  # the same for every move: read once
    ranked = sorted(safe, key=lambda move: -seconds_saved(state, seat, move, others))
    return [m if isinstance(m, Restart) else Place(*m) for m in ranked[:SEARCHED]]


# A rival as the ranking reads it: the tiles it may turn over next and, by pawn, `contest`.
Rival = tuple[list[int], list[float]]


def rivals(state: LigrettoState, seat: int) -> list[Rival]:
    return [
        (next_tiles(state, other), contests(state, other))
        for other in range(len(state.players))
        if other != seat
    ]


def seconds_saved(state: LigrettoState, seat: int, move: Candidate | Restart,
                  others: list[Rival] | None = None) -> float:
    """What the move is worth against the rival, in seconds: the cycles its board saves the
    player's next tile and costs the rival's, less the time lost to the rival at the pawn (or
    plus the time the rival loses there). With several rivals, the one who gains most counts."""
    covered: tuple[int, ...]
    if isinstance(move, Restart):
        pawn, moved_to, covered = move.pawn, move.onto, (move.onto, move.other)
    else:
        pawn, near, far, jokers = move
        moved_to, covered = far, (*jokers, near, far)
    pawns = list(state.pawns)
    pawns[pawn] = moved_to
    plain = plain_keys_after(state, pawns, bits(covered))
    player = state.players[seat]
    gain = fit_share(state, plain, player.stack or player.pile)
    worst = max(
        fit_share(state, plain, tiles) * CYCLE_SECONDS
        + (0.0 if isinstance(move, Restart) else LOST_SECONDS * contested[pawn])
        for tiles, contested in (rivals(state, seat) if others is None else others)
    )
    return gain * CYCLE_SECONDS - worst


def next_tiles(state: LigrettoState, seat: int) -> list[int]:
    """The tiles `seat` may turn over next, as another seat knows them: its turned tile, else
    its unseen tiles (stack and pile under the top) [D-15]."""
    player = state.players[seat]
    if player.hand != NO_TILE:
        return [player.hand]
    return player.stack + player.pile[:-1] or player.pile


def contest(state: LigrettoState, rival: int, pawn: int) -> float:
    """The placements at `pawn` we may expect to lose to `rival`, less those it may expect to
    lose to us: the share of its tile's plain placements that lie at that pawn (the heuristic
    picks one at random), averaged over the tiles it may hold, times how much more often than
    not it gets there first (negative when it is likely to come second)."""
    return contests(state, rival)[pawn]


def contests(state: LigrettoState, rival: int) -> list[float]:
    """`contest` at every pawn, each tile's placements counted once."""
    player = state.players[rival]
    tiles = next_tiles(state, rival)
    keys = tile_keys(state.colours)
    at_pawn = fits(state).at_pawn
    shares = [0.0] * len(state.pawns)
    for tile in tiles:
        counts = [len(at_pawn(p, keys[tile], 0)) for p in range(len(state.pawns))]
        total = sum(counts)
        if total:
            for pawn, count in enumerate(counts):
                shares[pawn] += count / total
    first = RIVAL_FIRST_HOLDING if player.hand != NO_TILE else RIVAL_FIRST_LATER
    return [(2 * first - 1) * share / max(1, len(tiles)) for share in shares]


def plain_keys_after(state: LigrettoState, pawns: list[int], covered: int) -> set[int]:
    """The colour pairs that fit next to some pawn without jokers once the squares `covered`
    (bits) are covered and the pawns stand on `pawns`."""
    geo = geometry(len(state.players), state.colours)
    taken = fits(state).covered | covered | bits(pawns)
    return {
        key for cell in pawns for used, key, _ in geo.plain_tiles[cell] if not used & taken
    }


def fit_share(state: LigrettoState, plain: set[int], tiles: Sequence[int]) -> float:
    """The share of `tiles` whose colour pair is among `plain`."""
    if not tiles:
        return 1.0
    keys = tile_keys(state.colours)
    return sum(1 for tile in tiles if keys[tile] in plain) / len(tiles)
