"""Where tiles fit: placements at the pawns (with 0, 1 or 2 jokers), free pairs anywhere for
restarts, dead ends, and the exact "nobody can place any more" test [D-10].

Everything here is derived from the board and the pawns and kept in `state.cache` (a `Fits`),
shared by the rules, the views and the bots. A `Fits` is a snapshot: it is never changed after
the board moves on (clones share it), only replaced; what it finds on demand depends on the
snapshot alone. After a placement the new one takes over what it found for every pawn the
placement could not affect (an `AtPawn`): all of it where nothing changed within a joker
search's reach (four steps), its dead end and plain placements where nothing changed within two.
The Place actions of a pawn's plain placements are made once per pawn and square (kept in the
board's `Geometry.by_pawn`, which never changes), so that a menu is read, not made.
"""

from __future__ import annotations

from ludoteca.games.ligretto import data
from ludoteca.games.ligretto.actions import Place, Restart
from ludoteca.games.ligretto.geometry import (
    Candidate,
    Geometry,
    Path,
    Reachable,
    bits,
    geometry,
    tile_keys,
)
from ludoteca.games.ligretto.state import FREE, NO_TILE, LigrettoState, Player

NOWHERE: Reachable = ([], [], [])  # a colour pair not on the board

# Every Place action made so far, per pawn by placement: actions are frozen, so the menus of
# every board share them instead of making new ones after each placement (making them was a
# tenth of a random playout). There are at most as many as pawns times a board's placements.
PLACES: tuple[dict[Path, Place], ...] = tuple({} for _ in range(data.PAWNS))


def place_action(pawn: int, path: Path) -> Place:
    """The action placing a tile at `pawn` along `path` (near square, far square, jokers)."""
    found = PLACES[pawn].get(path)
    if found is None:
        found = PLACES[pawn][path] = Place(pawn, *path)
    return found


# A tile laid next to a pawn without jokers: the squares it covers (as bits), its colour pair
# key, the placement, and its Place action.
PlainStep = tuple[int, int, Path, Place]


def plain_steps(geo: Geometry, pawn: int, cell: int) -> tuple[PlainStep, ...]:
    """`Geometry.plain_tiles` of `cell` with the Place action of each for `pawn` standing
    there: made once per pawn and square, so that the menus of a board without jokers are
    read off its pawns' surroundings, not made."""
    found = geo.by_pawn.get((pawn, cell))
    if found is None:
        found = geo.by_pawn[pawn, cell] = tuple(
            (squares, key, path, place_action(pawn, path))
            for squares, key, path in geo.plain_tiles[cell]
        )
    return found


class AtPawn:
    """What the surroundings of one pawn allow, kept while they stay the same: whether it is
    in a dead end [D-9], its placements without jokers for every colour pair, as placements
    and as Place actions (found in one look at the tiles next to it: the placements asked
    for most, by the menus, the bots and every test of which tiles fit), and those with
    jokers, searched on first use."""

    __slots__ = (
        "geo", "pawn", "cell", "stuck", "plain", "plain_places", "taken", "paths",
        "joker_places", "menus",
    )
    stuck: bool
    plain: dict[int, list[Path]]  # key -> placements without jokers
    plain_places: dict[int, list[Place]]  # key -> the same as actions

    def __init__(
        self, geo: Geometry, pawn: int, cell: int, covered: int, pawn_squares: int,
        near: AtPawn | None = None,
    ) -> None:
        """`covered` and `pawn_squares`: the covered squares and those under pawns (as bits);
        a tile laid without jokers never covers the pawn's own square. `near`: what was
        known at the same pawn on the same square with nothing changed within two steps since:
        all that decides a dead end and the placements without jokers, taken over from it."""
        if near is not None:
            self.stuck, self.plain, self.plain_places = near.stuck, near.plain, near.plain_places
        else:
            taken = covered | pawn_squares
            self.stuck = is_dead_end(geo, taken, cell)
            plain: dict[int, list[Path]] = {}
            plain_places: dict[int, list[Place]] = {}
            self.plain, self.plain_places = plain, plain_places
            for used, key, path, place in plain_steps(geo, pawn, cell):
                if not used & taken:
                    found = plain.get(key)  # (not setdefault: its default would be made
                    if found is None:  # every time)
                        plain[key] = [path]
                        plain_places[key] = [place]
                    else:
                        found.append(path)
                        plain_places[key].append(place)
        # What a joker placement may not cover: the pawn's own square only if a tile lies
        # there (a joker moves the pawn off it).
        self.taken = covered | (pawn_squares & ~(1 << cell))
        self.geo, self.pawn, self.cell = geo, pawn, cell
        self.paths: dict[int, list[Path]] = {}  # key * 4 + jokers used (1-2) -> placements
        self.joker_places: dict[int, list[Place]] = {}  # the same as actions
        self.menus: dict[int, list[Place]] = {}  # key * 4 + jokers (1-2) at most -> as actions

    def search_jokers(self, key: int, jokers: int) -> None:
        """The placements of a `key` tile with each number of jokers from one up to `jokers`,
        in one go (those not searched yet), with their actions: the squares must be free ("Non
        è consentito posizionare una tessera sopra una tessera già presente") and not under
        another pawn; a placement whose tile squares fewer jokers reach from this pawn is left
        out: its jokers would be spent for nothing (a joker on the square the pawn started the
        round on, say)."""
        levels = self.geo.placements_from(self.cell).get(key, NOWHERE)
        taken = self.taken
        fewer = {(near, far) for near, far, _ in self.plain.get(key, ())}
        made = PLACES[self.pawn]
        for used in range(1, jokers + 1):
            found = self.paths.get(key * 4 + used)
            if found is None:
                found = self.paths[key * 4 + used] = [
                    path for needs, squares, path in levels[used]
                    if not needs & taken and squares not in fewer
                ]
                self.joker_places[key * 4 + used] = [
                    made.get(path) or place_action(self.pawn, path) for path in found
                ]
            if used < jokers:
                fewer.update([(near, far) for near, far, _ in found])

    def menu(self, key: int, jokers: int) -> list[Place]:
        """The Place actions of a `key` tile here with up to `jokers` (1 or 2) jokers, by
        jokers used (shared list)."""
        found = self.menus.get(key * 4 + jokers)
        if found is None:
            found = self.menus[key * 4 + jokers] = list(self.plain_places.get(key, ()))
            levels = self.geo.placements_from(self.cell).get(key, NOWHERE)
            if levels[1] or levels[2]:  # many take it nowhere with jokers
                self.search_jokers(key, jokers)
                for used in range(1, jokers + 1):
                    found += self.joker_places[key * 4 + used]
        return found


class Fits:
    """Where a tile of each colour pair (data.pair_key) can go on one board; each colour pair
    is searched on first use, as most are never asked for."""

    def __init__(
        self, state: LigrettoState, before: Fits | None = None, covered: tuple[int, ...] = ()
    ) -> None:
        """The fits of the board of `state`; with `before` (the fits of the board just before
        a placement covered the squares `covered`), only what the placement changed is looked
        at again."""
        self.geometry: Geometry = (
            geometry(len(state.players), state.colours) if before is None else before.geometry
        )
        self.pawns = tuple(state.pawns)
        self.pawn_squares = bits(self.pawns)
        self._menus: dict[int, list[Place]] = {}  # key * 4 + jokers at most -> the menu
        self._all_pawns: dict[tuple[int, int], list[Candidate]] = {}  # (key, jokers) -> ...
        self._free_pairs: dict[int, list[tuple[int, int]]] = {}
        self._restarts: dict[int, list[Restart]] = {}  # key * 4 + pawn -> ...
        self._plain_keys: set[int] | None = None
        if before is None:
            self.covered = bits([cell for cell, what in enumerate(state.cover) if what != FREE])
            changed = -1  # every square
        else:
            self.covered = before.covered | bits(covered)
            changed = self.covered ^ before.covered | self.pawn_squares ^ before.pawn_squares
        self._at: list[AtPawn] = []
        self.stuck: list[bool] = []  # per pawn: in a dead end [D-9]
        self._look_again(before, changed)

    def _look_again(self, before: Fits | None, changed: int) -> None:
        """Take over from `before` what is known at every pawn that stayed put with no
        `changed` square (bits) within its reach: it cannot have changed; and at every pawn
        that stayed put with none within two steps, what those decide."""
        geo = self.geometry
        reach, around = geo.reach, geo.around
        for pawn, cell in enumerate(self.pawns):
            if before is None or before.pawns[pawn] != cell or around[cell] & changed:
                at = AtPawn(geo, pawn, cell, self.covered, self.pawn_squares)
            elif reach[cell] & changed:  # only the joker placements may have changed
                at = AtPawn(geo, pawn, cell, self.covered, self.pawn_squares, before._at[pawn])
            else:
                at = before._at[pawn]
            self._at.append(at)
            self.stuck.append(at.stuck)

    def at_pawn(self, pawn: int, key: int, jokers: int) -> list[Path]:
        """Placements of a `key` tile at `pawn` with `jokers` jokers (each number searched on
        first use, as bots mostly want none; `AtPawn.search_jokers` says which count). The
        list is shared: do not change it."""
        at = self._at[pawn]
        if not jokers:
            return at.plain.get(key, [])
        found = at.paths.get(key * 4 + jokers)  # one number per (key, jokers)
        if found is None:
            at.search_jokers(key, jokers)
            found = at.paths[key * 4 + jokers]
        return found

    def tile_squares(self, pawn: int, key: int, jokers: int) -> set[tuple[int, int]]:
        """The (near, far) squares a `key` tile reaches at `pawn` with fewer than `jokers`
        jokers."""
        return {
            (near, far) for used in range(jokers) for near, far, _ in self.at_pawn(pawn, key, used)
        }

    def at_all_pawns(self, key: int, jokers: int) -> list[Candidate]:
        """Placements of a `key` tile with `jokers` jokers, pawn by pawn (shared list)."""
        found = self._all_pawns.get((key, jokers))
        if found is None:
            found = self._all_pawns[key, jokers] = [
                (pawn, near, far, used)
                for pawn in range(len(self.pawns))
                for near, far, used in self.at_pawn(pawn, key, jokers)
            ]
        return found

    def places(self, key: int, jokers: int) -> list[Place]:
        """Every placement of a `key` tile with up to `jokers` jokers, pawn by pawn, then by
        jokers used: the menu of a turned tile, asked for when it is turned over (to count its
        fits) and again for every menu until the board changes (shared list)."""
        found = self._menus.get(key * 4 + jokers)
        if found is None:
            found = self._menus[key * 4 + jokers] = []
            if jokers:
                for at in self._at:
                    found += at.menu(key, jokers)
            else:  # the usual menu: a player's jokers are soon spent
                for at in self._at:
                    found += at.plain_places.get(key, ())
        return found

    def shuts_in(self, moved: int, to: int, covered: int) -> bool:
        """Whether some pawn would be in a dead end [D-9] once `moved` stands on `to` and the
        squares `covered` (bits) are covered; a pawn with no changed square within two steps
        keeps the state it has now."""
        pawns = list(self.pawns)
        old, pawns[moved] = pawns[moved], to
        taken = self.covered | covered | bits(pawns)
        changed = covered | 1 << to | 1 << old
        around = self.geometry.around
        for pawn, cell in enumerate(pawns):
            if pawn != moved and not around[cell] & changed:
                if self.stuck[pawn]:
                    return True
            elif is_dead_end(self.geometry, taken, cell):
                return True
        return False

    def free_pairs(self, key: int) -> list[tuple[int, int]]:
        """Free side-adjacent pairs (a < b) of colour pair `key` anywhere on the board, for
        restarts [D-9]; a square under a pawn is not free."""
        found = self._free_pairs.get(key)
        if found is None:
            taken = self.covered | self.pawn_squares
            found = self._free_pairs[key] = [
                (a, b) for a, b, pair in self.geometry.pairs_by_key.get(key, ())
                if not pair & taken
            ]
        return found

    def restarts(self, pawn: int, key: int) -> list[Restart]:
        """The restarts of `pawn` with a `key` tile: each free matching pair, the pawn onto
        either square [D-9] (shared list)."""
        found = self._restarts.get(key * 4 + pawn)
        if found is None:
            found = self._restarts[key * 4 + pawn] = [
                Restart(pawn, a, b) for pair in self.free_pairs(key) for a, b in (pair, pair[::-1])
            ]
        return found

    def plain_keys(self) -> set[int]:
        """The colour pairs that fit next to some pawn without jokers (shared set)."""
        if self._plain_keys is None:
            self._plain_keys = set().union(*[at.plain for at in self._at])
        return self._plain_keys

    def fits_at_pawns(self, key: int, jokers: int) -> bool:
        """Whether a tile of `key` fits next to some pawn using at most `jokers` jokers."""
        pawns = range(len(self.pawns))
        return any(self.at_pawn(p, key, used) for used in range(jokers + 1) for p in pawns)


def fits(state: LigrettoState) -> Fits:
    """The placements of the current board (cached until the board or a pawn changes)."""
    if state.cache is None:
        state.cache = Fits(state)
    result: Fits = state.cache
    return result


def squares_covered(state: LigrettoState, squares: tuple[int, ...]) -> None:
    """Use instead of `state.board_changed()` right after a placement covered `squares` (and
    moved a pawn): the cached fits are those of the board just before it."""
    before = state.cache
    state.cache = None if before is None else Fits(state, before, squares)


def is_dead_end(geo: Geometry, taken: int, cell: int) -> bool:
    """No two free side-adjacent squares touch `cell` [D-9]; `taken` holds the covered
    squares and those under pawns (as bits)."""
    for pair in geo.ways_out[cell]:
        if not pair & taken:
            return False
    return True


def holding_keys(state: LigrettoState, seat: int) -> set[int]:
    """The colour pairs of the tiles `seat` still holds (stack, pile, turned tile)."""
    keys = tile_keys(state.colours)
    return {keys[t] for t in state.players[seat].holding()}


def open_duties(state: LigrettoState) -> list[int]:
    """Pawns whose restart anybody may make: the player owing it has no tile that fits
    anywhere [D-9]."""
    out = []
    for seat, player in enumerate(state.players):
        if player.duties:
            free_pairs = fits(state).free_pairs
            if not any(free_pairs(key) for key in holding_keys(state, seat)):
                out.extend(player.duties)
    return out


def restart_pawns(state: LigrettoState, seat: int) -> list[int]:
    """Pawns `seat` may restart now: its own duties, then the open ones of others [D-9]."""
    if True not in fits(state).stuck:
        return []  # the usual answer: duties are owed for stuck pawns only, and lapse
    own = state.players[seat].duties
    return list(own) + [p for p in open_duties(state) if p not in own]


def nobody_can_place(state: LigrettoState) -> bool:
    """[D-10]: no tile in any player's stack, pile or hand fits anywhere it may be placed,
    jokers included."""
    f = fits(state)
    plain = f.plain_keys()
    keys = tile_keys(state.colours)
    for player in state.players:
        if not player.duties and holds_a_plain_fit(player, keys, plain):
            return False  # the usual answer, found without searching for joker placements
    held = [holding_keys(state, seat) for seat in range(len(state.players))]
    restarts_open = bool(open_duties(state))
    for player, pairs in zip(state.players, held, strict=True):
        if (player.duties or restarts_open) and any(f.free_pairs(k) for k in pairs):
            return False
        if not player.duties and any(f.fits_at_pawns(k, player.jokers) for k in pairs):
            return False
    return True


def holds_a_plain_fit(player: Player, keys: tuple[int, ...], plain: set[int]) -> bool:
    """Whether a tile `player` holds (stack, pile, turned tile) is of a colour pair in `plain`
    (those that fit next to some pawn without jokers); `keys`: each tile's colour pair."""
    key_of = keys.__getitem__
    return not (
        plain.isdisjoint(map(key_of, player.stack))
        and plain.isdisjoint(map(key_of, player.pile))
        and (player.hand == NO_TILE or keys[player.hand] not in plain)
    )


def hand_key(state: LigrettoState, seat: int) -> int | None:
    hand = state.players[seat].hand
    return None if hand == NO_TILE else tile_keys(state.colours)[hand]


def placements(state: LigrettoState, seat: int) -> list[Place]:
    """Every placement of the turned tile of `seat` at the pawns, jokers included while it has
    them; none while it owes a restart [D-9] (shared list: do not change it)."""
    player = state.players[seat]
    if player.hand == NO_TILE or player.duties:
        return []
    return fits(state).places(tile_keys(state.colours)[player.hand], player.jokers)


def may_place(state: LigrettoState, seat: int, place: Candidate) -> bool:
    """Whether the turned tile of `seat` may go there (`place` as in a Place: pawn, near,
    far, jokers)."""
    pawn, jokers = place[0], place[3]
    key = hand_key(state, seat)
    player = state.players[seat]
    if key is None or player.duties or not isinstance(jokers, tuple):
        return False
    if len(jokers) > player.jokers or not 0 <= pawn < len(state.pawns):
        return False
    return place[1:] in fits(state).at_pawn(pawn, key, len(jokers))


def placements_with(state: LigrettoState, seat: int, jokers: int) -> list[Candidate]:
    """The placements of the turned tile of `seat` with exactly `jokers` jokers, pawn by
    pawn; none while it owes a restart [D-9], none with more jokers than it has."""
    key = hand_key(state, seat)
    player = state.players[seat]
    if key is None or player.duties or jokers > player.jokers:
        return []
    return fits(state).at_all_pawns(key, jokers)


def restart_pairs(state: LigrettoState, seat: int) -> list[tuple[int, int]]:
    """Free matching pairs anywhere for the turned tile of `seat` (restarts) [D-9]."""
    key = hand_key(state, seat)
    if key is None:
        return []
    return fits(state).free_pairs(key)


def count_placements(state: LigrettoState, seat: int) -> int:
    """How many placements the turned tile of `seat` has, restarts included: the length of
    its menu (the restarts counted without listing them, the placements listed once for the
    menus that follow). Asked at every turn-over: `restart_pawns` and `placements` in one."""
    player = state.players[seat]
    if player.hand == NO_TILE:
        return 0
    f = fits(state)
    key = tile_keys(state.colours)[player.hand]
    restarts = 0
    if True in f.stuck:  # restarts are owed for stuck pawns only [D-9]
        pawns = restart_pawns(state, seat)
        restarts = 2 * len(pawns) * len(f.free_pairs(key)) if pawns else 0
    return restarts + (0 if player.duties else len(f.places(key, player.jokers)))
