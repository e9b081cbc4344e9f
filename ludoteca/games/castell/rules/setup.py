"""Set-up: the bag, the regions, the wheel, the festival calendar, the local performances and
the players' teams. Every random draw uses the state's own seeded generator."""

from __future__ import annotations

from ludoteca.engine.rng import Rng
from ludoteca.games.castell.data import (
    BOARD_SKILL_TILES,
    CALENDAR,
    CASTELLERS_PER_SIZE,
    FESTIVAL_TYPES,
    LOCAL_TILE_IDS,
    LOCAL_TILES_PER_REGION,
    PRIZE_PILES,
    REGIONS,
    SIZES,
    TEAM_AT_START,
    WheelTile,
)
from ludoteca.games.castell.options import CastellOptions
from ludoteca.games.castell.state import CastellState, Festival, Player


def new_state(players: int, seed: int, options: CastellOptions) -> CastellState:
    rng = Rng(seed)
    bag = [size for size in SIZES for _ in range(CASTELLERS_PER_SIZE)]  # [D-1]
    rng.shuffle(bag)
    variant = options.variant
    per_region = variant.castellers_per_region(players)
    regions = {
        region: sorted((bag.pop() for _ in range(per_region)), reverse=True) for region in REGIONS
    }
    wheel: list[WheelTile] = list(BOARD_SKILL_TILES)  # [D-4]
    rng.shuffle(wheel)
    calendar = deal_calendar(players, variant.size_tokens_per_size, rng)
    tiles = list(LOCAL_TILE_IDS)
    rng.shuffle(tiles)
    rows = {
        region: sorted(tiles[i * LOCAL_TILES_PER_REGION:(i + 1) * LOCAL_TILES_PER_REGION])
        for i, region in enumerate(REGIONS)
    }  # the other 18 tiles are out of the game
    teams = [sorted((bag.pop() for _ in range(TEAM_AT_START)), reverse=True)
             for _ in range(players)]
    first = rng.randrange(players)  # [D-9]
    return CastellState(
        players=[Player(team, tokens=variant.special_tokens) for team in teams],
        bag=bag,
        regions=regions,
        wheel=wheel,
        rows=rows,
        row_tokens={region: [] for region in REGIONS},
        calendar=calendar,
        piles=dict(PRIZE_PILES),
        rng=rng,
        advanced=options.advanced,
        train_any_known_skill=options.train_any_known_skill,
        first=first,
        current=first,
        variant=variant,
    )


def deal_calendar(players: int, tokens_per_size: int, rng: Rng) -> list[Festival]:
    """Festival tiles of each type onto the spaces in use, and size tokens onto them [D-5]
    [D-6] [D-7]: a type II space holds two tokens of different sizes (a clash is redealt)."""
    spaces = [(rnd, kind) for rnd, kind, least in CALENDAR if players >= least]
    tiles = {kind: list(REGIONS) for kind in FESTIVAL_TYPES}
    for kind in FESTIVAL_TYPES:
        rng.shuffle(tiles[kind])
    tokens = [size for size in SIZES for _ in range(tokens_per_size)]
    rng.shuffle(tokens)
    calendar = []
    for rnd, kind in spaces:
        region = tiles[kind].pop()
        dealt: list[int] = []
        while len(dealt) < FESTIVAL_TYPES[kind]:
            token = tokens.pop()
            if token in dealt:
                tokens.insert(0, token)  # a clash goes back under the pile
                continue
            dealt.append(token)
        calendar.append(Festival(rnd, kind, region, dealt))
    return calendar
