"""A player's turn: move, recruit, train and a special action, each at most once and in any
order, then end the turn. Every `check_*` raises IllegalAction before anything changes and
returns the action to apply (a Perform with its tower normalised); every `do_*` then applies it.
TURN_ACTIONS pairs them by action class."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations_with_replacement
from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event, public
from ludoteca.games.castell.actions import (
    EndTurn,
    Move,
    Perform,
    Recruit,
    SpecialMove,
    SpecialRecruit,
    Train,
)
from ludoteca.games.castell.data import (
    ADJACENCY,
    MAX_RANK,
    REGIONS,
    SKILLS,
    SPECIAL_TILE,
    local_tile_points,
)
from ludoteca.games.castell.performances import tile_problem, tower_for_tile
from ludoteca.games.castell.rounds import end_turn
from ludoteca.games.castell.state import CastellState
from ludoteca.games.castell.towers import Tower, normalize_tower, tower_fits_team
from ludoteca.games.castell.wheel import ALL_REGIONS, REGION, tile_at

# "reclutare fino a due Castelleri dalla regione in cui si trova la vostra pedina"
RECRUIT_LIMIT = 2


# --- shared checks ------------------------------------------------------------------------------
def destinations(state: CastellState, seat: int) -> tuple[str, ...]:
    """Where the pawn may move: an adjacent region, or anywhere from off the board ("Alla prima
    mossa, si aggiunge la pedina al tabellone di gioco in una regione a scelta.")."""
    pawn = state.players[seat].pawn
    return REGIONS if pawn is None else ADJACENCY[pawn]


def check_destination(state: CastellState, seat: int, region: object) -> None:
    allowed = destinations(state, seat)
    if region not in allowed:
        raise IllegalAction(f"you cannot move to {region!r}; you may move to: {', '.join(allowed)}")


def pawn_region(state: CastellState, seat: int, doing: str) -> str:
    pawn = state.players[seat].pawn
    if pawn is None:
        raise IllegalAction(
            f"your pawn is not on the board yet: move it to a region before {doing}"
        )
    return pawn


def parse_tower(raw: object) -> Tower:
    try:
        return normalize_tower(raw)
    except ValueError as exc:
        raise IllegalAction(f"that is not a tower: {exc}") from None


def team_tower(state: CastellState, seat: int, raw: object) -> Tower:
    """A well-formed tower built from the player's own team, or IllegalAction."""
    tower = parse_tower(raw)
    if not tower_fits_team(tower, state.players[seat].team):
        raise IllegalAction(
            f"your team cannot build that tower: your castellers are {state.players[seat].team}"
        )
    return tower


def check_unused(state: CastellState, action: str) -> None:
    # "Le azioni possono essere completate una sola volta per turno."
    if action in state.used:
        raise IllegalAction(f"you already used your {action} action this turn")


def check_turn_action(state: CastellState, action: str) -> None:
    if state.free_special:
        raise IllegalAction(
            "you trained a Special tile: perform its free special action first "
            "(recruit one, move once more, or perform a local tile)"
        )
    check_unused(state, action)


def check_special(state: CastellState, seat: int) -> None:
    """A special action is free after training a Special tile; otherwise it is the turn's own
    and costs a token."""
    if state.free_special:
        return
    check_unused(state, "special")
    # "per farlo dovete avere a disposizione un gettone azione speciale"
    if state.players[seat].tokens <= 0:
        raise IllegalAction("you have no special action token left")


# --- move ---------------------------------------------------------------------------------------
def check_move(state: CastellState, seat: int, action: Move) -> Move:
    check_turn_action(state, "move")
    check_destination(state, seat, action.region)
    return action


def do_move(state: CastellState, seat: int, action: Move) -> list[Event]:
    state.used.append("move")
    state.players[seat].pawn = action.region
    return [public("moved", seat=seat, region=action.region)]


# --- recruit ------------------------------------------------------------------------------------
def check_recruit(state: CastellState, seat: int, action: Recruit) -> Recruit:
    check_turn_action(state, "recruit")
    region = pawn_region(state, seat, "recruiting")
    sizes = action.sizes
    if not isinstance(sizes, tuple) or not 1 <= len(sizes) <= RECRUIT_LIMIT:
        raise IllegalAction(
            f"recruit 1 or {RECRUIT_LIMIT} castellers from {region}; "
            f"it has {state.regions[region] or 'nobody'}"
        )
    check_available(state.regions[region], sizes, region)
    return action


def check_available(standing: list[int], sizes: tuple[int, ...], region: str) -> None:
    for size in sizes:
        if isinstance(size, bool) or not isinstance(size, int):
            raise IllegalAction(
                f"casteller sizes are whole numbers 1-10, not {size!r}; {region} has "
                f"{standing or 'nobody'}"
            )
    for size in sorted(set(sizes)):
        wanted = sizes.count(size)
        if wanted > standing.count(size):
            asked = f"no casteller of size {size!r}" if wanted == 1 else (
                f"fewer than {wanted} castellers of size {size}"
            )
            raise IllegalAction(
                f"{region} has {asked} to recruit; it has {standing or 'nobody'}"
            )


def take_castellers(state: CastellState, seat: int, region: str, sizes: tuple[int, ...]) -> None:
    team = state.players[seat].team
    for size in sizes:
        state.regions[region].remove(size)
        team.append(size)
    team.sort(reverse=True)


def do_recruit(state: CastellState, seat: int, action: Recruit) -> list[Event]:
    region = state.players[seat].pawn
    assert region is not None
    state.used.append("recruit")
    take_castellers(state, seat, region, action.sizes)
    return [public("recruited", seat=seat, region=region, sizes=list(action.sizes))]


def recruit_choices(state: CastellState, seat: int) -> list[Action]:
    region = state.players[seat].pawn
    if region is None:
        return []
    standing = state.regions[region]
    kinds = sorted(set(standing), reverse=True)
    out: list[Action] = [Recruit((s,)) for s in kinds]
    for a, b in combinations_with_replacement(kinds, 2):
        if a != b or standing.count(a) >= 2:
            out.append(Recruit((a, b)))
    return out


# --- train --------------------------------------------------------------------------------------
def trainable(state: CastellState, seat: int, tile: str) -> list[str]:
    """The skills a tile lets the player raise [D-12] [D-18]; ["special"] for a Special tile."""
    if tile == SPECIAL_TILE:
        return [SPECIAL_TILE]  # a special move is always possible once the pawn is on the board
    ranks = state.players[seat].ranks
    out = [tile] if ranks[tile] < MAX_RANK else []
    if state.train_any_known_skill:
        out += [s for s in SKILLS if s != tile and 0 < ranks[s] < MAX_RANK]
    return out


def check_train(state: CastellState, seat: int, action: Train) -> Train:
    check_turn_action(state, "train")
    pawn_region(state, seat, "training")
    tile = tile_at(state, seat, action.source)
    if tile is None:
        allowed = REGION if state.advanced else f"{REGION} or {ALL_REGIONS}"
        raise IllegalAction(f"you cannot train from {action.source!r}; train from {allowed}")
    choices = trainable(state, seat, tile)
    if action.skill not in choices:
        raise IllegalAction(
            f"the tile there is {tile}: you may train {', '.join(choices) or 'nothing'} "
            f"(skills top out at rank {MAX_RANK})"
        )
    return action


def do_train(state: CastellState, seat: int, action: Train) -> list[Event]:
    state.used.append("train")
    if action.skill == SPECIAL_TILE:
        # "è necessario eseguire immediatamente un'azione speciale, ma non è necessario
        # piazzare una pedina azione speciale": no token spent or placed.
        state.free_special = True
        return [public("trained_special", seat=seat)]
    state.players[seat].ranks[action.skill] += 1
    rank = state.players[seat].ranks[action.skill]
    return [public("trained", seat=seat, skill=action.skill, rank=rank)]


def train_choices(state: CastellState, seat: int) -> list[Action]:
    if state.players[seat].pawn is None:
        return []
    out: list[Action] = []
    for source in (REGION, ALL_REGIONS):
        tile = tile_at(state, seat, source)
        if tile is not None:
            out += [Train(source, skill) for skill in trainable(state, seat, tile)]
    return out


# --- special actions ----------------------------------------------------------------------------
def check_special_recruit(
    state: CastellState, seat: int, action: SpecialRecruit
) -> SpecialRecruit:
    check_special(state, seat)
    region = pawn_region(state, seat, "recruiting")
    check_available(state.regions[region], (action.size,), region)
    return action


def check_special_move(state: CastellState, seat: int, action: SpecialMove) -> SpecialMove:
    check_special(state, seat)
    check_destination(state, seat, action.region)
    return action


def check_perform(state: CastellState, seat: int, action: Perform) -> Perform:
    check_special(state, seat)
    region = pawn_region(state, seat, "performing")
    row = state.rows[region]
    if action.tile not in row:
        raise IllegalAction(
            f"tile {action.tile!r} is not in the {region} row; its tiles: {row or 'none left'}"
        )
    tower = team_tower(state, seat, action.tower)
    problem = tile_problem(action.tile, tower, state.players[seat].ranks)
    if problem:
        raise IllegalAction(problem)
    return Perform(action.tile, tower)


def do_special(state: CastellState, seat: int, action: Action) -> list[Event]:
    """Apply a checked special action; a paid one leaves its token in the row of the region
    where the pawn then stands [D-20]."""
    paid = not state.free_special
    player = state.players[seat]
    events: list[Event] = []
    if isinstance(action, SpecialRecruit):
        assert player.pawn is not None
        take_castellers(state, seat, player.pawn, (action.size,))
        events.append(public("recruited", seat=seat, region=player.pawn, sizes=[action.size]))
    elif isinstance(action, SpecialMove):
        player.pawn = action.region
        events.append(public("moved", seat=seat, region=action.region))
    elif isinstance(action, Perform):
        events += do_perform(state, seat, action)
    if paid:
        state.used.append("special")
        player.tokens -= 1
        assert player.pawn is not None
        state.row_tokens[player.pawn].append(seat)
    state.free_special = False
    return events


def do_perform(state: CastellState, seat: int, action: Perform) -> list[Event]:
    """The player takes the tile and every token lying in the row, whoever's: "raccogliere la
    tessera esibizione locale ... raccogliere tutti i gettoni speciali che si trovano in quella
    regione del tabellone"."""
    player = state.players[seat]
    region = player.pawn
    assert region is not None
    state.rows[region].remove(action.tile)
    spot = player.board[region]
    spot["tiles"].append(action.tile)
    collected = len(state.row_tokens[region])
    spot["collected"] += collected
    state.row_tokens[region] = []
    return [public("performed", seat=seat, region=region, tile=action.tile,
                   tower=[list(level) for level in action.tower],
                   points=local_tile_points(action.tile), tokens_collected=collected)]


def special_choices(state: CastellState, seat: int) -> list[Action]:
    if not state.free_special and ("special" in state.used or state.players[seat].tokens <= 0):
        return []
    out: list[Action] = [SpecialMove(r) for r in destinations(state, seat)]
    player = state.players[seat]
    if player.pawn is None:
        return out
    out += [SpecialRecruit(s) for s in sorted(set(state.regions[player.pawn]), reverse=True)]
    for tile in state.rows[player.pawn]:
        tower = tower_for_tile(player.team, player.ranks, tile)
        if tower is not None:
            out.append(Perform(tile, tower))
    return out


# --- the turn's menu ----------------------------------------------------------------------------
def turn_choices(state: CastellState, seat: int) -> list[Action]:
    """Every action open to the player whose turn it is; towers: the best one per tile."""
    if state.free_special:
        return special_choices(state, seat)
    out: list[Action] = []
    if "move" not in state.used:
        out += [Move(r) for r in destinations(state, seat)]
    if "recruit" not in state.used:
        out += recruit_choices(state, seat)
    if "train" not in state.used:
        out += train_choices(state, seat)
    out += special_choices(state, seat)
    out.append(EndTurn())
    return out


def check_end_turn(state: CastellState, seat: int, action: EndTurn) -> EndTurn:
    if state.free_special:
        raise IllegalAction("perform the free special action of the Special tile before ending")
    return action


def do_end_turn(state: CastellState, seat: int, action: EndTurn) -> list[Event]:
    return [public("end_turn", seat=seat), *end_turn(state)]


# --- dispatch -----------------------------------------------------------------------------------
Check = Callable[[CastellState, int, Any], Action]
Do = Callable[[CastellState, int, Any], list[Event]]
TURN_ACTIONS: dict[type[Action], tuple[Check, Do]] = {
    Move: (check_move, do_move),
    Recruit: (check_recruit, do_recruit),
    Train: (check_train, do_train),
    SpecialRecruit: (check_special_recruit, do_special),
    SpecialMove: (check_special_move, do_special),
    Perform: (check_perform, do_special),
    EndTurn: (check_end_turn, do_end_turn),
}
