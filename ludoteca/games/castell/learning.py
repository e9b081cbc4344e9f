"""Castell as numbers for learning agents: the board, the wheel, the calendar and every team as
the seat sees them, and one index per action, towers as the menu offers them.

Observation (seats in the order the seat sees them: itself first, then the others in seat
order after it; R = the 7 regions in wheel order, sizes 1-10, T = the 32 local tiles):

| segment | size | meaning |
|---|---|---|
| `round` | 1 | the round / 10 |
| `phase` | 4 | turn, festival, over; a Special tile's free action is due |
| `turn` | 3 x seats | the first player, whose turn it is, who takes part in the festival |
| `used` | 4 | this turn's move, recruit, train, special action are used |
| `wheel` | 2 x 8 x 6 | the tile facing each sector (All Regions, then R) now and next round |
| `advanced` | 1 | the wheel's No Regions side |
| `regions` | R x 10 | castellers standing in each region, by size, / 5 |
| `rows` | R x T | the local tiles in each region's row |
| `row_tokens` | R x seats | special tokens in each row, by owner, / 7 |
| `calendar` | 13 x 20 | per festival: round / 10, type II, region, its size tokens, held |
| `piles` | 3 | trophies, medals, ribbons left, over the pile |
| `bag` | 10 | castellers of each size left in the bag / 15 |
| `players` | 58 per seat | every player's figures (below) |
| `festival` | 19 | the festival being held: region, size tokens, declared already |
| `options` | 3 x 9 | the towers of this seat's festival menu (below) |

A tower of the menu: its score / 30, castellers of each token size / 10, skill uses / 3, and 1
(0 where the menu is shorter).

A player's figures: the team by size / 15 (10), the pawn's region or off the board (8), skill
ranks / 3 (5), special tokens left / 7, per region earned prizes, size tokens, tiles and
special tokens collected / 4 (7 x 4 = 28), best tower / 30, festivals entered / 13, points so
far / 100, the team's size / 40, has declared at this festival, cannot take part in it.

Actions (a range per kind; sizes 1-10, regions in wheel order):

| range | size | action |
|---|---|---|
| `move` | 7 | move the pawn to a region |
| `recruit` | 65 | one casteller of a size (10), or two (55 pairs, the larger size first) |
| `train` | 12 | from the pawn's region or All Regions: a skill (5) or the Special tile |
| `special_recruit` | 10 | one more casteller of a size |
| `special_move` | 7 | move once more, to a region |
| `perform` | 32 | perform a local tile of the pawn's region |
| `end_turn` | 1 | end the turn |
| `declare` | 3 | declare the first, second or third tower of the festival menu |
| `abstain` | 1 | do not take part |

The space is bounded as the game's menu is (`Castell.legal_actions_complete` is False): a
local tile is performed with the tower the menu offers for it, and a festival's towers are the
menu's, the suggestion first, then the best tower for each size token where it differs (the
`options` segment describes them). Towers typed by hand are outside the space.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations_with_replacement
from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.engine.learning import (
    LearningSpec,
    many_hot,
    one_hot,
    published_numbers_only,
    scaled,
    seat_order,
    spec_of,
)
from ludoteca.games.castell.actions import (
    Abstain,
    Declare,
    EndTurn,
    Move,
    Perform,
    Recruit,
    Source,
    SpecialMove,
    SpecialRecruit,
    Train,
)
from ludoteca.games.castell.data import (
    CALENDAR,
    CASTELLERS_PER_SIZE,
    LOCAL_TILE_IDS,
    PRIZE_PILES,
    REGIONS,
    ROUNDS,
    SIZES,
    SKILLS,
    SPECIAL_TILE,
    SPECIAL_TOKENS,
    Prize,
)
from ludoteca.games.castell.options import CastellOptions

SECTORS = ("All Regions", *REGIONS)  # the wheel's sectors as the view names them
WHEEL_TILES = (*SKILLS, SPECIAL_TILE)
PHASES = ("turn", "festival", "over")
TURN_ACTIONS = ("move", "recruit", "train", "special")
PRIZES = tuple(Prize)
MAX_SIZE_TOKENS = 2  # a festival of type II has two
MENU = 1 + MAX_SIZE_TOKENS  # the suggestion, then a tower per size token
PAIRS = tuple(combinations_with_replacement(sorted(SIZES, reverse=True), 2))
PAIR_INDEX = {pair: i for i, pair in enumerate(PAIRS)}
PLAYER_FIGURES = len(SIZES) + len(REGIONS) + 1 + len(SKILLS) + 1 + 4 * len(REGIONS) + 6
FESTIVAL_FIGURES = 1 + 1 + len(REGIONS) + len(SIZES) + 1
OPTION_FIGURES = 1 + MAX_SIZE_TOKENS + len(SKILLS) + 1
# Scales: numbers beyond them read as 1.
REGION_STANDING = 5  # castellers standing in a region (a 4-player table draws 5)
BEST_TOWER = 30
POINTS = 100
TEAM = 40
BOARD_ITEMS = 4
RANK = 3


def learning_spec(players: int, options: CastellOptions) -> LearningSpec:
    published_numbers_only(options, "the published tokens, castellers and region points")
    regions = len(REGIONS)
    return spec_of(
        players,
        options,
        [
            ("round", 1, "the round / 10"),
            ("phase", len(PHASES) + 1, "turn, festival, over; a free special action is due"),
            ("turn", 3 * players, "first player, current player, festival seats, per seat"),
            ("used", len(TURN_ACTIONS), "move, recruit, train, special used this turn"),
            ("wheel", 2 * len(SECTORS) * len(WHEEL_TILES), "the wheel now and next round"),
            ("advanced", 1, "the wheel's No Regions side"),
            ("regions", regions * len(SIZES), "castellers standing per region and size / 5"),
            ("rows", regions * len(LOCAL_TILE_IDS), "local tiles in each region's row"),
            ("row_tokens", regions * players, "special tokens in each row by owner / 7"),
            ("calendar", len(CALENDAR) * FESTIVAL_FIGURES, "every festival of the calendar"),
            ("piles", len(PRIZES), "prizes left / pile"),
            ("bag", len(SIZES), "castellers in the bag per size / 15"),
            ("players", PLAYER_FIGURES * players, "every player's figures, from this seat"),
            ("festival", 1 + len(REGIONS) + len(SIZES) + 1, "the festival being held"),
            ("options", MENU * OPTION_FIGURES, "the towers of this seat's festival menu"),
        ],
        [
            ("move", regions, "move to a region"),
            ("recruit", len(SIZES) + len(PAIRS), "one casteller, or two"),
            ("train", 2 * len(WHEEL_TILES), "region or All Regions, then the tile"),
            ("special_recruit", len(SIZES), "one more casteller of a size"),
            ("special_move", regions, "move once more to a region"),
            ("perform", len(LOCAL_TILE_IDS), "perform a local tile"),
            ("end_turn", 1, "end the turn"),
            ("declare", MENU, "declare a tower of the festival menu"),
            ("abstain", 1, "stay out of the festival"),
        ],
    )


# --- observations ---------------------------------------------------------------------------------
def observe(view: Mapping[str, Any], seat: int, spec: LearningSpec) -> list[float]:
    order = seat_order(seat, spec.players)
    festival = view["festival"]
    return spec.pack(
        {
            "round": [scaled(view["round"], ROUNDS)],
            "phase": [*one_hot(PHASES.index(view["phase"]), len(PHASES)),
                      float(view["free_special"])],
            "turn": [
                *(float(s == view["first"]) for s in order),
                *(float(s == view["current"]) for s in order),
                *(float(festival is not None and s in festival["seats"]) for s in order),
            ],
            "used": [float(action in view["used"]) for action in TURN_ACTIONS],
            "wheel": _wheel(view["wheel"]) + _wheel(view["wheel_next"]),
            "advanced": [float(view["advanced"])],
            "regions": [
                scaled(view["regions"][r].count(size), REGION_STANDING)
                for r in REGIONS
                for size in SIZES
            ],
            "rows": [
                x
                for r in REGIONS
                for x in many_hot((tile["id"] for tile in view["rows"][r]), len(LOCAL_TILE_IDS))
            ],
            "row_tokens": [
                scaled(view["row_tokens"][r].count(s), SPECIAL_TOKENS)
                for r in REGIONS
                for s in order
            ],
            "calendar": [x for entry in view["calendar"] for x in _festival(entry)]
            + [0.0] * FESTIVAL_FIGURES * (len(CALENDAR) - len(view["calendar"])),
            "piles": [scaled(view["piles"][p], PRIZE_PILES[p]) for p in PRIZES],
            "bag": [scaled(view["bag"][str(size)], CASTELLERS_PER_SIZE) for size in SIZES],
            "players": [x for s in order for x in _player(view["players"][s], s, festival)],
            "festival": _held(festival),
            "options": _options(festival),
        }
    )


def _wheel(wheel: Mapping[str, str] | None) -> list[float]:
    if wheel is None:
        return [0.0] * len(SECTORS) * len(WHEEL_TILES)
    return [
        x for sector in SECTORS for x in one_hot(_tile_number(wheel.get(sector)), len(WHEEL_TILES))
    ]


def _tile_number(tile: str | None) -> int | None:
    return WHEEL_TILES.index(tile) if tile in WHEEL_TILES else None


def _festival(entry: Mapping[str, Any]) -> list[float]:
    return [
        scaled(entry["round"], ROUNDS),
        float(entry["type"] == "II"),
        *one_hot(REGIONS.index(entry["region"]), len(REGIONS)),
        *many_hot((size - 1 for size in entry["tokens"]), len(SIZES)),
        float(entry["done"]),
    ]


def _player(
    player: Mapping[str, Any], seat: int, festival: Mapping[str, Any] | None
) -> list[float]:
    team: list[int] = player["team"]
    pawn = player["pawn"]
    board = player["board"]
    declared = festival is not None and seat in festival["declared"]
    return [
        *(scaled(team.count(size), CASTELLERS_PER_SIZE) for size in SIZES),
        *one_hot(len(REGIONS) if pawn is None else REGIONS.index(pawn), len(REGIONS) + 1),
        *(scaled(player["ranks"][skill], RANK) for skill in SKILLS),
        scaled(player["tokens"], SPECIAL_TOKENS),
        *(
            scaled(figure, BOARD_ITEMS)
            for r in REGIONS
            for figure in (
                len(board[r]["prizes"]),
                len(board[r]["size_tokens"]),
                len(board[r]["tiles"]),
                board[r]["collected"],
            )
        ),
        scaled(player["best_score"], BEST_TOWER),
        scaled(player["festivals_entered"], len(CALENDAR)),
        scaled(player["score_now"]["total"], POINTS),
        scaled(len(team), TEAM),
        float(declared),
        float(festival is not None and str(seat) in festival["absent"]),
    ]


def _held(festival: Mapping[str, Any] | None) -> list[float]:
    if festival is None:
        return [0.0] * (1 + len(REGIONS) + len(SIZES) + 1)
    return [
        1.0,
        *one_hot(REGIONS.index(festival["region"]), len(REGIONS)),
        *many_hot((size - 1 for size in festival["tokens"]), len(SIZES)),
        float("my_declaration" in festival),
    ]


def _options(festival: Mapping[str, Any] | None) -> list[float]:
    menu = [] if festival is None else festival.get("options", [])[:MENU]
    tokens = [] if festival is None else festival["tokens"]
    out: list[float] = []
    for option in menu:
        castellers = [option["castellers"].get(str(size), 0) for size in tokens]
        castellers += [0] * (MAX_SIZE_TOKENS - len(castellers))
        out += [
            scaled(option["score"], BEST_TOWER),
            *(scaled(count, 10) for count in castellers),
            *(scaled(option["skills"].get(skill, 0), RANK) for skill in SKILLS),
            1.0,
        ]
    return out + [0.0] * OPTION_FIGURES * (MENU - len(menu))


# --- actions --------------------------------------------------------------------------------------
def action_index(view: Mapping[str, Any], seat: int, action: Action, spec: LearningSpec) -> int:
    at = spec.action_offsets()
    if isinstance(action, Move):
        return at["move"] + REGIONS.index(action.region)
    if isinstance(action, Recruit):
        sizes = tuple(sorted(action.sizes, reverse=True))
        if len(sizes) == 1:
            return at["recruit"] + sizes[0] - 1
        return at["recruit"] + len(SIZES) + PAIR_INDEX[(sizes[0], sizes[1])]
    if isinstance(action, Train):
        source = 0 if action.source == Source.REGION else 1
        return at["train"] + source * len(WHEEL_TILES) + WHEEL_TILES.index(action.skill)
    if isinstance(action, SpecialRecruit):
        return at["special_recruit"] + action.size - 1
    if isinstance(action, SpecialMove):
        return at["special_move"] + REGIONS.index(action.region)
    if isinstance(action, Perform):
        return at["perform"] + action.tile
    if isinstance(action, EndTurn):
        return at["end_turn"]
    if isinstance(action, Declare):
        return at["declare"] + _menu_position(view, action.tower)
    if isinstance(action, Abstain):
        return at["abstain"]
    raise ValueError(f"not a Castell action: {action!r}")


def _menu_position(view: Mapping[str, Any], tower: Sequence[Sequence[int]]) -> int:
    """Where a declared tower stands in the seat's festival menu (the view's options)."""
    wanted = [list(level) for level in tower]
    menu = [option["tower"] for option in (view["festival"] or {}).get("options", [])]
    if wanted in menu[:MENU]:
        return menu.index(wanted)
    raise ValueError("a tower outside the festival menu has no index (the space is the menu's)")
