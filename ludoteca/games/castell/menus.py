"""A turn's menu, as the rule table lists it (move, recruit, train, special move, special
recruit, perform, end turn: `Castell.legal_actions` at every step of a turn), made in one pass
over the state from menus kept between the steps that change them.

What is kept, and who invalidates it:

- the recruit and special-recruit menus of the castellers standing in a region, on the state
  (`CastellState.region_menus`, by region, with the standing list they were made of);
- a player's perform menu, on the player (`Player.performs`, with the tile towers kept for the
  team and ranks (`kept.py`) and the row of tiles it was made of).

Each is kept with the very objects it was made of and holds while the state still has those
objects: a region's castellers and a row's tiles are lists that play replaces but never changes
in place (`take_castellers`, `refill`, `take_tile`: see `CastellState.clone`), and the tile
towers are replaced by the rules that change a team or its ranks (`kept.recruited`,
`kept.trained`). So the rules that change what a menu depends on invalidate it by replacing
what it was made of, and nothing else has to: a test that sets a position up by assigning a
region's castellers or a row, or calls `kept.forget`, gets fresh menus too. A clone shares what
is kept (the entries are frozen, and an entry is read only by a state holding the objects it
was made of), as it shares the lists themselves.

The actions are made once (they are frozen) and shared by every menu."""

from __future__ import annotations

from ludoteca.engine.actions import Action
from ludoteca.games.castell.actions import FROM_ALL_REGIONS, FROM_REGION, Perform
from ludoteca.games.castell.data import (
    MAX_RANK,
    SECTORS,
    SPECIAL_TILE,
    CastellerSize,
    Region,
    TileId,
)
from ludoteca.games.castell.kept import tile_towers
from ludoteca.games.castell.rules.move import MOVES_FROM
from ludoteca.games.castell.rules.recruit import recruit_choices
from ludoteca.games.castell.rules.special import SPECIAL_MOVES_FROM, special_recruit_choices
from ludoteca.games.castell.rules.train import TRAINS, trains
from ludoteca.games.castell.rules.turn import END_TURN
from ludoteca.games.castell.state import (
    MOVE_ACTION,
    RECRUIT_ACTION,
    SPECIAL_ACTION,
    TRAIN_ACTION,
    CastellState,
    Player,
    RegionMenus,
)
from ludoteca.games.castell.wheel import REGION_SECTOR, SPECIAL_SECTOR

_WHEEL_SLOTS = len(SECTORS)


def turn_menu(state: CastellState, seat: int) -> list[Action]:
    """The menu of the seat whose turn it is (the rule table's choices of the turn's phase, in
    table order; a Special tile's free action offers the special actions alone)."""
    player = state.players[seat]
    pawn = player.pawn
    used = state.used
    if pawn is None:  # only the move placing the pawn, and ending the turn
        return [END_TURN] if MOVE_ACTION in used else [*MOVES_FROM[None], END_TURN]
    # `region_menus` and `perform_menu` read here, without a call each while what they keep
    # holds (the menu is asked at every step).
    standing = state.region_menus.get(pawn)
    if standing is None or standing[0] is not state.regions[pawn]:
        standing = region_menus(state, pawn)
    if state.free_special:
        menu: list[Action] = [*SPECIAL_MOVES_FROM[pawn], *standing[2]]
        row = state.rows[pawn]
        if row:
            menu += perform_menu(player, row)
        return menu
    menu = [] if MOVE_ACTION in used else [*MOVES_FROM[pawn]]
    if RECRUIT_ACTION not in used:
        menu += standing[1]
    if TRAIN_ACTION not in used:
        if state.train_any_known_skill:
            menu += trains(state, seat)
        else:
            # `trains` without the [D-18] option: the tile facing the pawn's region, and on the
            # standard side the one facing All Regions, each if its skill is below the top
            # rank or it is a Special tile (the wheel turns with the round [D-17]).
            ranks = player.ranks
            turned = state.round - 1
            here = state.wheel[(REGION_SECTOR[pawn] + turned) % _WHEEL_SLOTS]
            if here == SPECIAL_TILE or ranks[here] < MAX_RANK:
                menu.append(TRAINS[FROM_REGION, here])
            if not state.advanced:
                anywhere = state.wheel[(SPECIAL_SECTOR + turned) % _WHEEL_SLOTS]
                if anywhere == SPECIAL_TILE or ranks[anywhere] < MAX_RANK:
                    menu.append(TRAINS[FROM_ALL_REGIONS, anywhere])
    if SPECIAL_ACTION not in used and player.tokens > 0:
        menu += SPECIAL_MOVES_FROM[pawn]
        menu += standing[2]
        row = state.rows[pawn]
        if row:
            performs = player.performs
            if performs is not None and performs[1] is row and performs[0] is player.kept:
                menu += performs[2]
            else:
                menu += perform_menu(player, row)
    menu.append(END_TURN)
    return menu


def region_menus(state: CastellState, region: Region) -> RegionMenus:
    """The castellers standing in `region`, with their recruit and special-recruit menus: kept
    on the state while the region keeps that list."""
    standing = state.regions[region]
    kept = state.region_menus.get(region)
    if kept is None or kept[0] is not standing:
        kept = state.region_menus[region] = made_region_menus(standing)
    return kept


def made_region_menus(standing: list[CastellerSize]) -> RegionMenus:
    """The region menus of `standing`, from scratch."""
    key = tuple(standing)
    return standing, recruit_choices(key), special_recruit_choices(key)


def perform_menu(player: Player, row: list[TileId]) -> tuple[Perform, ...]:
    """The player's performances of the row's tiles (`perform.performances` once a special
    action is open): kept on the player while its tile towers and the row are the same."""
    kept = player.performs
    towers = player.kept
    if kept is None or towers is None or kept[0] is not towers or kept[1] is not row:
        towers = tile_towers(player)
        kept = player.performs = (towers, row, tuple(towers.row_performances(row)))
    return kept[2]
