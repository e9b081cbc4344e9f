"""Local performances: with a special action, build a tower that meets one of the tiles of the
pawn's region's row [D-16] [D-22]; take the tile and every special token lying in that row,
whoever's ("raccogliere la tessera esibizione locale ... raccogliere tutti i gettoni speciali che
si trovano in quella regione del tabellone"). The tile is not replaced; performing costs no
castellers."""

from __future__ import annotations

from ludoteca.engine.codec import quote
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event, public
from ludoteca.games.castell.actions import Perform
from ludoteca.games.castell.data import local_tile_points
from ludoteca.games.castell.kept import tile_towers
from ludoteca.games.castell.performances import tile_problem, tile_skills
from ludoteca.games.castell.rules.special import check_special, may_special, pay
from ludoteca.games.castell.rules.turn import pawn_region
from ludoteca.games.castell.state import CastellState
from ludoteca.games.castell.towers import check_tower, team_tower


def performances(state: CastellState, seat: int) -> list[Perform]:
    """For each tile of the pawn's region that the team can meet, one tower that meets it
    (every such tower earns the same)."""
    player = state.players[seat]
    if player.pawn is None or not state.rows[player.pawn] or not may_special(state, seat):
        return []
    return tile_towers(player).row_performances(state.rows[player.pawn])


def check_perform(state: CastellState, seat: int, action: Perform) -> Perform:
    check_special(state, seat)
    region = pawn_region(state, seat, "performing")
    row = state.rows[region]
    if type(action.tile) is not int or action.tile not in row:
        raise IllegalAction(
            f"tile {quote(action.tile)} is not in the {region} row; its tiles: "
            f"{row or 'none left'}",
            it=f"la tessera {quote(action.tile)} non è tra quelle di {region}; le sue tessere: "
            f"{row or 'nessuna tessera rimasta'}",
        )
    player = state.players[seat]
    offered = tile_towers(player).performance(action.tile)
    if action == offered:
        return offered  # the menu's tower: the search found it under the tile's rules
    tower = team_tower(action.tower, player.team)
    problem = tile_problem(action.tile, tower, player.ranks)
    if problem:
        raise IllegalAction(problem)
    return Perform(action.tile, tower)


def do_perform(state: CastellState, seat: int, action: Perform) -> list[Event]:
    player = state.players[seat]
    region = player.pawn
    assert region is not None
    collected = len(state.row_tokens[region])  # taken by `take_tile`
    paid = take_tile(state, seat, action)
    skills = check_tower(action.tower, player.ranks, tile_skills(action.tile)).uses
    return [public("performed", seat=seat, region=region, tile=action.tile,
                   tower=[list(level) for level in action.tower],
                   skills={str(skill): n for skill, n in skills.items() if n},
                   points=local_tile_points(action.tile), tokens_collected=collected,
                   token_spent=paid)]


def play_perform(state: CastellState, seat: int, action: Perform) -> None:
    """`do_perform` without its event (nor the tower's skill uses it reports), for
    `Game.play`, which drops it."""
    take_tile(state, seat, action)


def take_tile(state: CastellState, seat: int, action: Perform) -> bool:
    """The tile and the row's special tokens go to the player's board; the special action is
    paid. Whether a token was spent."""
    player = state.players[seat]
    region = player.pawn
    assert region is not None
    row = list(state.rows[region])  # replaced, never changed in place: see CastellState.clone
    row.remove(action.tile)
    state.rows[region] = row
    spot = player.earn(region)
    spot.tiles.append(action.tile)
    spot.collected += len(state.row_tokens[region])
    state.row_tokens[region] = []
    return pay(state, seat)  # after collecting: a paid token stays for the next performer [D-20]
