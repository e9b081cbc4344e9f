"""Train: take the wheel tile facing the pawn's region, or (standard side) the one facing All
Regions ("potete scegliere l'abilità nello slot della regione attuale della vostra pedina o
l'abilità nell'area Tutte le Regioni ... in una partita avanzata, si può scegliere solo la
regione della propria pedina"). A skill tile raises that skill by one [D-12] [D-18]; a Special
tile gives a special action at once, for free ("è necessario eseguire immediatamente un'azione
speciale, ma non è necessario piazzare una pedina azione speciale")."""

from __future__ import annotations

from ludoteca.engine.codec import quote
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event, public
from ludoteca.games.castell import italian
from ludoteca.games.castell.actions import FROM_ALL_REGIONS, FROM_REGION, Source, Train
from ludoteca.games.castell.data import (
    BOARD_SKILL_TILES,
    MAX_RANK,
    SKILLS,
    SPECIAL_TILE,
    WheelTile,
)
from ludoteca.games.castell.kept import trained
from ludoteca.games.castell.rules.turn import check_unused, pawn_region
from ludoteca.games.castell.state import TRAIN_ACTION, CastellState
from ludoteca.games.castell.wheel import REGION_SECTOR, SPECIAL_SECTOR, tile_facing


def open_tiles(state: CastellState, seat: int) -> tuple[tuple[Source, WheelTile], ...]:
    """The tiles the player may train from, by source: the one facing the pawn's region, and
    on the standard side the one facing All Regions; none while the pawn is off the board."""
    pawn = state.players[seat].pawn
    if pawn is None:
        return ()
    here = (FROM_REGION, tile_facing(state, REGION_SECTOR[pawn]))
    if state.advanced:
        return (here,)
    return here, (FROM_ALL_REGIONS, tile_facing(state, SPECIAL_SECTOR))


def trainable(state: CastellState, seat: int, tile: WheelTile) -> list[WheelTile]:
    """The skills a tile lets the player raise [D-12] [D-18]; ["special"] for a Special tile
    (a special move is always possible once the pawn is on the board)."""
    if tile == SPECIAL_TILE:
        return [SPECIAL_TILE]
    ranks = state.players[seat].ranks
    out: list[WheelTile] = [tile] if ranks[tile] < MAX_RANK else []
    if state.train_any_known_skill:
        out += [s for s in SKILLS if s != tile and 0 < ranks[s] < MAX_RANK]
    return out


def trains(state: CastellState, seat: int) -> list[Train]:
    if TRAIN_ACTION in state.used:
        return []
    if not state.train_any_known_skill:
        # `open_tiles` and `trainable` without the [D-18] option, asked at every step: a
        # tile's own skill below the top rank, or a Special tile.
        player = state.players[seat]
        if player.pawn is None:
            return []
        ranks = player.ranks
        here = tile_facing(state, REGION_SECTOR[player.pawn])
        out = [TRAINS[FROM_REGION, here]] if here == SPECIAL_TILE or ranks[here] < MAX_RANK else []
        if not state.advanced:
            anywhere = tile_facing(state, SPECIAL_SECTOR)
            if anywhere == SPECIAL_TILE or ranks[anywhere] < MAX_RANK:
                out.append(TRAINS[FROM_ALL_REGIONS, anywhere])
        return out
    return [
        TRAINS[source, skill]
        for source, tile in open_tiles(state, seat)
        for skill in trainable(state, seat, tile)
    ]


# Every training by source and skill, each skill of the wheel's tiles once (the wheel holds
# several special tiles); actions are frozen, so they are shared.
TRAINS = {
    (source, skill): Train(source, skill)
    for source in Source for skill in dict.fromkeys(BOARD_SKILL_TILES)
}


def check_train(state: CastellState, seat: int, action: Train) -> Train:
    check_unused(state, TRAIN_ACTION)
    pawn_region(state, seat, "training")
    found = next((pair for pair in open_tiles(state, seat) if pair[0] == action.source), None)
    if found is None:
        allowed = Source.REGION if state.advanced else f"{Source.REGION} or {Source.ALL_REGIONS}"
        consentito = italian.source(Source.REGION) + (
            "" if state.advanced else f" o da {italian.source(Source.ALL_REGIONS)}"
        )
        raise IllegalAction(
            f"you cannot train from {quote(action.source)}; train from {allowed}",
            it=f"non puoi allenarti da {quote(action.source)}; allenati da {consentito}",
        )
    source, tile = found
    choices = trainable(state, seat, tile)
    if action.skill not in choices:
        raise IllegalAction(
            f"the tile there is {tile}: you may train {', '.join(choices) or 'nothing'} "
            f"(skills top out at rank {MAX_RANK})",
            it=f"lì la tessera è {italian.skill(tile)}: puoi allenare "
            f"{italian.skills(choices) or 'nulla'} (le abilità arrivano al massimo al grado "
            f"{MAX_RANK})",
        )
    return TRAINS[source, choices[choices.index(action.skill)]]


def do_train(state: CastellState, seat: int, action: Train) -> list[Event]:
    play_train(state, seat, action)
    if action.skill == SPECIAL_TILE:
        return [public("trained_special", seat=seat)]
    skill = action.skill
    return [public("trained", seat=seat, skill=skill, rank=state.players[seat].ranks[skill])]


def play_train(state: CastellState, seat: int, action: Train) -> None:
    """`do_train` without its event, for `Game.play`, which drops it."""
    state.used.append(TRAIN_ACTION)
    if action.skill == SPECIAL_TILE:
        # No token spent or placed: the free special action comes next, at once.
        state.free_special = True
        return
    skill = action.skill  # a Skill: the check returns the shared action of the skill
    player = state.players[seat]
    player.ranks[skill] += 1
    trained(player, skill)  # what the ranks decided no longer holds
