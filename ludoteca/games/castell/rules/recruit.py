"""Recruit: one or two castellers of the player's choice from the pawn's region join the team
("reclutare fino a due Castelleri dalla regione in cui si trova la vostra pedina")."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations_with_replacement

from ludoteca.engine.codec import quote
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event, public
from ludoteca.games.castell.actions import Recruit
from ludoteca.games.castell.data import SIZES, Region
from ludoteca.games.castell.kept import recruited
from ludoteca.games.castell.rules.turn import check_unused, pawn_region
from ludoteca.games.castell.state import RECRUIT_ACTION, CastellState

RECRUIT_LIMIT = 2


def recruits(state: CastellState, seat: int) -> list[Recruit]:
    """Every choice of one or two castellers standing in the pawn's region."""
    region = state.players[seat].pawn
    if region is None or RECRUIT_ACTION in state.used:
        return []
    return list(recruit_choices(tuple(state.regions[region])))


@lru_cache(maxsize=4096)
def recruit_choices(standing: tuple[int, ...]) -> tuple[Recruit, ...]:
    """The choices for the castellers standing in a region."""
    kinds = sorted(set(standing), reverse=True)
    out = [_RECRUITS[(s,)] for s in kinds]
    for a, b in combinations_with_replacement(kinds, 2):
        if a != b or standing.count(a) >= 2:
            out.append(_RECRUITS[(a, b)])
    return tuple(out)


# Every recruit of one or two castellers by their sizes, biggest first: actions are frozen, so
# the menus share them (a region's castellers change often, the actions never do).
_RECRUITS = {
    sizes: Recruit(sizes)
    for sizes in (*((size,) for size in SIZES),
                  *combinations_with_replacement(sorted(SIZES, reverse=True), 2))
}


def check_recruit(state: CastellState, seat: int, action: Recruit) -> Recruit:
    check_unused(state, RECRUIT_ACTION)
    region = pawn_region(state, seat, "recruiting")
    sizes = action.sizes
    if not isinstance(sizes, tuple) or not 1 <= len(sizes) <= RECRUIT_LIMIT:
        raise IllegalAction(
            f"recruit 1 or {RECRUIT_LIMIT} castellers from {region}; "
            f"it has {state.regions[region] or 'nobody'}",
            it=f"recluta 1 o {RECRUIT_LIMIT} castellers da {region}; lì "
            f"{_there_it(state.regions[region])}",
        )
    check_available(state.regions[region], sizes, region)
    return action


def check_available(standing: list[int], sizes: tuple[int, ...], region: Region) -> None:
    """Every size asked for stands in the region, as many times as asked."""
    for size in sizes:
        if type(size) is not int:
            raise IllegalAction(
                f"casteller sizes are whole numbers 1-10, not {quote(size)}; {region} has "
                f"{standing or 'nobody'}",
                it=f"le taglie dei castellers sono numeri interi da 1 a 10, non {quote(size)}; "
                f"a {region} {_there_it(standing)}",
            )
    for size in sorted(set(sizes)):
        wanted = sizes.count(size)
        if wanted > standing.count(size):
            asked = f"no casteller of size {size}" if wanted == 1 else (
                f"fewer than {wanted} castellers of size {size}"
            )
            chiesto = f"non c'è nessun casteller di taglia {size}" if wanted == 1 else (
                f"ci sono meno di {wanted} castellers di taglia {size}"
            )
            raise IllegalAction(
                f"{region} has {asked} to recruit; it has {standing or 'nobody'}",
                it=f"a {region} {chiesto} da reclutare; {_there_it(standing)}",
            )


def _there_it(standing: Sequence[int]) -> str:
    """Who stands in a region, in Italian: "ci sono [7, 4]", or "non c'è nessuno"."""
    return f"ci sono {standing}" if standing else "non c'è nessuno"


def take_castellers(state: CastellState, seat: int, region: Region, sizes: tuple[int, ...]) -> None:
    player = state.players[seat]
    team = player.team
    standing = list(state.regions[region])  # replaced, never changed in place: see clone
    for size in sizes:
        standing.remove(size)
        team.append(size)
    team.sort(reverse=True)
    recruited(player, sizes)  # what the team decided no longer holds
    state.regions[region] = standing


def do_recruit(state: CastellState, seat: int, action: Recruit) -> list[Event]:
    region = state.players[seat].pawn
    play_recruit(state, seat, action)
    return [public("recruited", seat=seat, region=region, sizes=list(action.sizes))]


def play_recruit(state: CastellState, seat: int, action: Recruit) -> None:
    """`do_recruit` without its event, for `Game.play`, which drops it."""
    region = state.players[seat].pawn
    assert region is not None
    state.used.append(RECRUIT_ACTION)
    take_castellers(state, seat, region, action.sizes)
