"""What each seat sees: everything but the bag's order and festival declarations that are not
revealed yet (a player sees their own); `determinize` resamples exactly those."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from ludoteca.engine.codec import SKIP, encode, encode_record, type_hints
from ludoteca.engine.rng import Rng
from ludoteca.games.castell.data import LOCAL_TILE_IDS, REGIONS, ROUNDS, SIZES, local_tile
from ludoteca.games.castell.options import CastellVariant
from ludoteca.games.castell.result import categories
from ludoteca.games.castell.rules.festival import absence, declarations, skills_used, suggestion
from ludoteca.games.castell.state import CastellState, Phase, Player
from ludoteca.games.castell.towers import Tower, tower_score
from ludoteca.games.castell.wheel import wheel_view


def seat_view(state: CastellState, seat: int | None) -> dict[str, Any]:
    """The view as plain JSON (encoded: enums as their values, dataclasses as objects)."""
    return seat_views(state, [seat])[seat]


def seat_views(state: CastellState, seats: list[int | None]) -> dict[int | None, dict[str, Any]]:
    """The views of `seats`: all but the festival's part is public, so it is built and encoded
    once and shared (the server asks for every connected seat's view at every step)."""
    public = public_view(state)
    history = [encode_record(outcome) for outcome in state.history]
    return {
        seat: {
            "seat": seat, **public, "festival": encode(festival_view(state, seat)),
            "history": history,
        }
        for seat in seats
    }


def public_view(state: CastellState) -> dict[str, Any]:
    """What every seat sees alike, encoded, but for the festivals held (see `seat_views`).
    Built at every step of a live match, so the parts that play replaces but never changes in
    place (a festival of the calendar, see `close`; a player's region board, see
    `Player.earn`) are encoded once and kept by identity (`encode_record`), and a row's tiles
    are looked up, not built again: the same view as encoding it all, in a fraction of the
    time."""
    turn = state.phase == Phase.TURN
    return {
        "round": state.round,
        "rounds": ROUNDS,
        "phase": encode(state.phase),
        "first": state.first,
        "current": state.current if turn else None,
        "used": encode(list(state.used)) if turn else [],
        "free_special": state.free_special,
        "wheel": encode(wheel_view(state)),
        # "La ruota delle abilità vi mostrerà quali sono le abilità disponibili": and, as it
        # turns one step a round [D-17], what it will show next round.
        "wheel_next": encode(wheel_view(state, state.round + 1)) if state.round < ROUNDS
        else None,
        "advanced": state.advanced,
        "regions": {r.value: list(state.regions[r]) for r in REGIONS},
        "rows": {r.value: [TILE_VIEWS[t] for t in state.rows[r]] for r in REGIONS},
        "row_tokens": {r.value: list(state.row_tokens[r]) for r in REGIONS},
        "calendar": [encode_record(festival) for festival in state.calendar],
        "piles": encode(dict(state.piles)),
        # The bag's contents by size are public; its order is not.
        "bag": {str(size): state.bag.count(size) for size in SIZES},
        "players": [player_view(p, state.variant) for p in state.players],
    }


TILE_VIEWS = tuple(local_tile(t) for t in LOCAL_TILE_IDS)  # shared by every view: read only
PLAYER_FIELDS = tuple(
    (f.name, type_hints(Player)[f.name]) for f in fields(Player) if f.metadata != SKIP
)  # not what is kept for the menus (`kept.py`)


def player_view(player: Player, variant: CastellVariant) -> dict[str, Any]:
    """`encode(player)`, its boards kept by identity (see `public_view`), and its score now."""
    out = {
        name: {r.value: encode_record(spot) for r, spot in player.board.items()}
        if name == "board" else encode(getattr(player, name), hint)
        for name, hint in PLAYER_FIELDS
    }
    out["score_now"] = categories(player, variant)
    return out


def festival_view(state: CastellState, seat: int | None) -> dict[str, Any] | None:
    if state.phase != Phase.FESTIVAL or state.festival is None:
        return None
    festival = state.calendar[state.festival]
    out: dict[str, Any] = {
        "index": state.festival,
        "region": festival.region,
        "tokens": list(festival.tokens),
        "seats": list(state.to_declare),
        "declared": sorted(state.declarations),
        # Teams and pawns are public: why each other player cannot take part.
        "absent": {
            str(other): absence(state, other, festival)
            for other in state.turn_order()
            if other not in state.to_declare
        },
    }
    if seat is not None and seat in state.declarations:
        mine = state.declarations[seat]
        out["my_declaration"] = mine
        if mine is not None:
            out["my_skills"] = skills_used(state.players[seat], mine)
    elif seat is not None and seat in state.to_declare:
        out["options"] = [
            tower_option(state, seat, action.tower) for action in declarations(state, seat)
        ]
    return out


def tower_option(state: CastellState, seat: int, tower: Tower) -> dict[str, Any]:
    """A tower the player may declare, with its score, its castellers of each token size and
    the skill uses it makes."""
    festival = state.calendar[state.festival or 0]
    return {
        "tower": [list(level) for level in tower],
        "score": tower_score(tower, festival.tokens),
        "castellers": {
            str(size): sum(level.count(size) for level in tower) for size in festival.tokens
        },
        "skills": skills_used(state.players[seat], tower),
    }


def hidden(state: CastellState, seat: int | None) -> Any:
    return {
        "bag_order": list(state.bag),
        "declarations": {
            str(s): t for s, t in sorted(state.declarations.items()) if s != seat
        },
    }


def determinize(state: CastellState, seat: int | None, rng: Rng) -> CastellState:
    """The bag reshuffled; others' hidden declarations redrawn: their suggested tower, or
    abstaining."""
    copy = state.clone()
    rng.shuffle(copy.bag)
    if copy.festival is not None:
        festival = copy.calendar[copy.festival]
        for other in copy.declarations:
            if other != seat:
                tower = suggestion(copy.players[other], festival)
                choice = rng.choice([None, tower])
                copy.declarations[other] = (
                    None if choice is None else [list(level) for level in choice]
                )
    return copy
