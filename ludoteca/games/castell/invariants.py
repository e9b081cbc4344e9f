"""What a decoded state must also satisfy, beyond its types: Castell's invariants.

The codec already checked every type and range (sizes 1-10, regions by name, ranks 0-3...).
Here the parts must agree with each other, as they do in any game played from the set-up:
components are conserved (150 castellers, 7 tokens a player, 14 local tiles, prizes and size
tokens where the history says they went), references point to things that exist (seats, the
festival being held), and the phase agrees with whose turn it is. `check_state` raises
InvalidData naming the field and what was expected.
"""

from __future__ import annotations

from collections import Counter

from ludoteca.engine.codec import InvalidData
from ludoteca.engine.errors import IllegalAction
from ludoteca.games.castell.actions import Declare
from ludoteca.games.castell.data import (
    BOARD_SKILL_TILES,
    CALENDAR,
    CASTELLERS_PER_SIZE,
    FESTIVAL_TYPES,
    LOCAL_TILES_PER_REGION,
    PRIZE_PILES,
    PRIZE_TABLE,
    REGIONS,
    ROUNDS,
    SIZES,
    SKILLS,
    TEAM_AT_START,
)
from ludoteca.games.castell.rules.festival import check_declare, declaring_seats
from ludoteca.games.castell.state import CastellState, Phase, TurnAction
from ludoteca.games.castell.towers import team_counts, tower_score


def check_state(state: CastellState, max_actions: int) -> None:
    check_players(state)
    check_castellers(state)
    check_board_components(state)
    check_tokens(state)
    check_calendar(state)
    check_history(state)
    check_phase(state)
    if state.actions > max_actions:
        raise InvalidData(f"more than {max_actions} actions in a game of {state.n}", "actions")
    check_kept(state)


def check_kept(state: CastellState) -> None:
    """What `kept.py` keeps on a player is of the team and ranks the player has now: whoever
    changed them without the rules forgot to `forget` it (the menus would be stale)."""
    for seat, player in enumerate(state.players):
        kept = player.kept
        if kept is not None and (kept.counts, kept.ranks) != (
            team_counts(player.team), tuple(player.ranks[skill] for skill in SKILLS)
        ):
            raise InvalidData(
                "the tile towers kept for the menus are of another team or other ranks",
                f"players[{seat}].kept",
            )


def check_players(state: CastellState) -> None:
    for seat, player in enumerate(state.players):
        where = f"players[{seat}]"
        if len(player.team) < TEAM_AT_START or player.team != sorted(player.team, reverse=True):
            raise InvalidData(
                f"a team holds at least {TEAM_AT_START} castellers, biggest first", f"{where}.team"
            )
        if set(player.ranks) != set(SKILLS):
            raise InvalidData(f"one rank for each skill: {', '.join(SKILLS)}", f"{where}.ranks")
        if set(player.board) != set(REGIONS):
            raise InvalidData(f"one space for each region: {', '.join(REGIONS)}", f"{where}.board")
        for region, spot in player.board.items():
            if spot.collected and not spot.tiles:
                raise InvalidData(
                    "special tokens are collected only with a local tile",
                    f"{where}.board.{region}.collected",
                )


def check_castellers(state: CastellState) -> None:
    """Castellers conserved: 15 of each size across the bag, the regions and the teams [D-1];
    a region never holds more than its set-up count [D-10]."""
    if set(state.regions) != set(REGIONS):
        raise InvalidData(f"one list for each region: {', '.join(REGIONS)}", "regions")
    most = state.variant.castellers_per_region(state.n)
    for region, standing in state.regions.items():
        if len(standing) > most or standing != sorted(standing, reverse=True):
            raise InvalidData(
                f"at most {most} castellers with {state.n} players, biggest first",
                f"regions.{region}",
            )
    counted = Counter(state.bag)
    for standing in state.regions.values():
        counted.update(standing)
    for player in state.players:
        counted.update(player.team)
    if counted != Counter({size: CASTELLERS_PER_SIZE for size in SIZES}):
        raise InvalidData(
            f"the bag, the regions and the teams must hold {CASTELLERS_PER_SIZE} castellers of "
            "each size in all",
            "bag",
        )


def check_board_components(state: CastellState) -> None:
    """The wheel holds the 8 board skill tiles [D-4]; the 14 local tiles dealt are in the rows
    or on the players' boards, each once."""
    if Counter(state.wheel) != Counter(BOARD_SKILL_TILES):
        raise InvalidData("the wheel holds one tile of each skill and 3 Special tiles", "wheel")
    if set(state.rows) != set(REGIONS):
        raise InvalidData(f"one row for each region: {', '.join(REGIONS)}", "rows")
    tiles = [tile for row in state.rows.values() for tile in row]
    tiles += [t for p in state.players for spot in p.board.values() for t in spot.tiles]
    dealt = LOCAL_TILES_PER_REGION * len(REGIONS)
    if len(tiles) != dealt or len(set(tiles)) != dealt:
        raise InvalidData(f"the {dealt} local tiles dealt, each once, in rows or on boards", "rows")
    for region, row in state.rows.items():
        if len(row) > LOCAL_TILES_PER_REGION:
            raise InvalidData(f"at most {LOCAL_TILES_PER_REGION} tiles a row", f"rows.{region}")


def check_tokens(state: CastellState) -> None:
    """Special tokens conserved: 7 a player, in their supply, in the rows, or collected."""
    if set(state.row_tokens) != set(REGIONS):
        raise InvalidData(f"one list for each region: {', '.join(REGIONS)}", "row_tokens")
    in_rows: Counter[int] = Counter()
    for region, owners in state.row_tokens.items():
        for owner in owners:
            if owner >= state.n:
                raise InvalidData(f"no seat {owner} at this table", f"row_tokens.{region}")
        in_rows.update(owners)
    each = state.variant.special_tokens
    for seat, player in enumerate(state.players):
        if player.tokens + in_rows[seat] > each:
            raise InvalidData(
                f"a player has {each} special tokens in all", f"players[{seat}].tokens"
            )
    collected = sum(spot.collected for p in state.players for spot in p.board.values())
    supply = sum(p.tokens for p in state.players)
    if supply + sum(in_rows.values()) + collected != each * state.n:
        raise InvalidData(
            f"{each} special tokens a player, in supplies, rows or collected",
            "row_tokens",
        )


def check_calendar(state: CastellState) -> None:
    """The spaces in use for the player count, tiles of each type in distinct regions, and the
    size tokens dealt [D-5] [D-6] [D-7]."""
    spaces = [(rnd, kind) for rnd, kind, least in CALENDAR if state.n >= least]
    if [(f.round, f.type) for f in state.calendar] != spaces:
        raise InvalidData(
            f"the {len(spaces)} festival spaces of a game of {state.n}, in calendar order",
            "calendar",
        )
    dealt: Counter[int] = Counter()
    for kind in FESTIVAL_TYPES:
        regions = [f.region for f in state.calendar if f.type == kind]
        if len(regions) != len(set(regions)):
            raise InvalidData(f"one type {kind} festival tile per region", "calendar")
    for index, festival in enumerate(state.calendar):
        tokens = festival.tokens
        if len(tokens) != FESTIVAL_TYPES[festival.type] or len(set(tokens)) != len(tokens):
            raise InvalidData(
                f"a type {festival.type} festival holds {FESTIVAL_TYPES[festival.type]} size "
                "token(s) of different sizes",
                f"calendar[{index}].tokens",
            )
        dealt.update(tokens)
    each = state.variant.size_tokens_per_size
    if any(count > each for count in dealt.values()):
        raise InvalidData(f"{each} size tokens of each size", "calendar")


def check_history(state: CastellState) -> None:
    """One outcome per festival held, as it was held; prizes, size tokens and best scores on
    the players' boards exactly as the outcomes gave them [D-13] [D-14]."""
    held = [f for f in state.calendar if f.done]
    if [(f.round, f.region, f.tokens) for f in held] != [
        (h.round, h.region, h.tokens) for h in state.history
    ]:
        raise InvalidData("one outcome for each festival held, in calendar order", "history")
    prizes: Counter[tuple[int, str, str]] = Counter()
    size_tokens: Counter[tuple[int, str, int]] = Counter()
    scores: dict[int, list[int]] = {seat: [] for seat in range(state.n)}
    for index, outcome in enumerate(state.history):
        where = f"history[{index}]"
        seats = set(outcome.scores)  # participants, as text like the JSON keys
        everybody = {str(s) for s in range(state.n)}
        if set(outcome.towers) != seats or set(outcome.skills) != seats or not seats <= everybody:
            raise InvalidData("a tower, a score and skills for each participant, a seat", where)
        if set(outcome.absent) != everybody - seats:
            raise InvalidData("why every other player did not take part", f"{where}.absent")
        for who, tower in outcome.towers.items():
            if outcome.scores[who] != tower_score(tower, outcome.tokens):
                raise InvalidData(f"seat {who}'s score is not its tower's", f"{where}.scores")
            scores[int(who)].append(outcome.scores[who])
        for winner, prize in outcome.prizes:
            if str(winner) not in seats or prize not in PRIZE_TABLE[state.n]:
                raise InvalidData(f"a prize of {state.n} players to a participant", where)
            prizes[winner, outcome.region, prize] += 1
        if [size for _, size in outcome.size_tokens] != (outcome.tokens if seats else []):
            raise InvalidData("each size token to a participant, if any", f"{where}.size_tokens")
        for winner, size in outcome.size_tokens:
            if str(winner) not in seats:
                raise InvalidData("a size token goes to a participant", f"{where}.size_tokens")
            size_tokens[winner, outcome.region, size] += 1
    for seat, player in enumerate(state.players):
        where = f"players[{seat}]"
        on_board_prizes = Counter(
            (seat, region, prize) for region, spot in player.board.items() for prize in spot.prizes
        )
        on_board_tokens = Counter(
            (seat, region, size) for region, spot in player.board.items()
            for size in spot.size_tokens
        )
        if on_board_prizes != Counter({k: v for k, v in prizes.items() if k[0] == seat}):
            raise InvalidData("the prizes the festivals gave", f"{where}.board")
        if on_board_tokens != Counter({k: v for k, v in size_tokens.items() if k[0] == seat}):
            raise InvalidData("the size tokens the festivals gave", f"{where}.board")
        if player.best_score != max(scores[seat], default=0):
            raise InvalidData("the best score of the festivals entered", f"{where}.best_score")
        if player.festivals_entered != len(scores[seat]):
            raise InvalidData("the festivals entered", f"{where}.festivals_entered")
    if set(state.piles) != set(PRIZE_PILES):
        raise InvalidData(f"one pile of each prize: {', '.join(PRIZE_PILES)}", "piles")
    for prize, pile in PRIZE_PILES.items():
        given = sum(count for (_, _, p), count in prizes.items() if p == prize)
        if state.piles[prize] + given != pile:
            raise InvalidData(f"{pile} {prize}s in all, in the pile or given", f"piles.{prize}")


def check_phase(state: CastellState) -> None:
    """The phase agrees with whose turn it is, the festivals held and the declarations."""
    n = state.n
    if state.first >= n or state.current >= n:
        raise InvalidData(f"seats go from 0 to {n - 1}", "first" if state.first >= n else "current")
    if len(set(state.used)) != len(state.used):
        raise InvalidData("each action once a turn", "used")
    if state.phase is Phase.TURN:
        check_turn(state)
    elif state.phase is Phase.FESTIVAL:
        check_festival(state)
    elif state.phase is Phase.OVER:
        check_over(state)
    else:  # FREE_SPECIAL is a step of a turn, kept by free_special
        raise InvalidData(f"a stored phase is turn, festival or over, not {state.phase}", "phase")
    if state.phase is not Phase.FESTIVAL and (
        state.festival is not None or state.to_declare or state.declarations
    ):
        raise InvalidData("no festival is being held", "festival")


def check_turn(state: CastellState) -> None:
    n = state.n
    if state.turns_done >= n or state.current != (state.first + state.turns_done) % n:
        raise InvalidData(
            "the player to play is the first player's turns_done-th neighbour clockwise",
            "current",
        )
    if state.used and state.players[state.current].pawn is None:
        raise InvalidData("every action of a turn puts the pawn on the board", "used")
    if state.free_special and TurnAction.TRAIN not in state.used:
        raise InvalidData("a free special action follows training a Special tile", "free_special")
    if any(f.done != (f.round < state.round) for f in state.calendar):
        raise InvalidData(
            f"the festivals before round {state.round} are held, and only they", "calendar"
        )


def check_festival(state: CastellState) -> None:
    n = state.n
    if state.turns_done != n or state.current != (state.first + n - 1) % n:
        raise InvalidData("a festival is held after every turn of the round", "turns_done")
    if state.used or state.free_special:
        raise InvalidData("no turn is being played during a festival", "used")
    index = state.festival
    if index is None or index >= len(state.calendar):
        raise InvalidData("the festival being held is one of the calendar", "festival")
    festival = state.calendar[index]
    if festival.round != state.round:
        raise InvalidData(f"the festival being held is one of round {state.round}", "festival")
    for other, f in enumerate(state.calendar):
        if f.done != (f.round < state.round or (f.round == state.round and other < index)):
            raise InvalidData(
                "the festivals before the one being held are held, and only they", "calendar"
            )
    if state.to_declare != declaring_seats(state, festival):
        raise InvalidData(
            "the players in the festival's region who can build a qualifying tower, in turn "
            "order",
            "to_declare",
        )
    if not set(state.declarations) < set(state.to_declare):
        raise InvalidData("declarations of some of the players to declare", "declarations")
    for seat, tower in state.declarations.items():
        if tower is not None:
            try:
                check_declare(state, seat, Declare(tuple(tuple(level) for level in tower)))
            except IllegalAction as exc:
                raise InvalidData(str(exc), f"declarations[{seat}]") from None


def check_over(state: CastellState) -> None:
    n = state.n
    # The game ended after the last turn of round 10; the first-player marker passed once more.
    if state.round != ROUNDS or state.turns_done != n or state.current != (state.first + n - 2) % n:
        raise InvalidData(f"the game ends after every turn of round {ROUNDS}", "round")
    if state.used or state.free_special:
        raise InvalidData("no turn is being played at the end", "used")
    if not all(f.done for f in state.calendar):
        raise InvalidData("every festival is held at the end", "calendar")

