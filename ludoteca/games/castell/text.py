"""Castell as text, for `ludoteca play`: the screen of a view, and one line per action for the
menu."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ludoteca.engine.actions import Action
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
from ludoteca.games.castell.data import SPECIAL_TILE, local_tile
from ludoteca.games.castell.state import Phase
from ludoteca.games.castell.towers import tower_score


def tower_text(tower: Sequence[Sequence[int]] | None) -> str:
    if not tower:
        return "-"
    return " / ".join("+".join(str(s) for s in level) for level in tower)


def tile_text(tile: Mapping[str, Any]) -> str:
    if tile["kind"] == "shape":
        return f"#{tile['id']} shape {'-'.join(map(str, tile['shape']))} ({tile['points']} pts)"
    skills = "+".join(s.capitalize() for s in tile["skills"])
    return f"#{tile['id']} {tile['levels']} levels with {skills} ({tile['points']} pts)"


def headline(view: Mapping[str, Any]) -> str:
    """Round, and who is asked to do what."""
    where = f"Castell - round {view['round']}/{view['rounds']}, first player P{view['first']}"
    if view["phase"] == Phase.TURN:
        return f"{where} - P{view['current']}'s turn"
    festival = view.get("festival")
    if festival:
        waiting = [s for s in festival["seats"] if s not in festival["declared"]]
        names = ", ".join(f"P{s}" for s in waiting)
        return f"{where} - festival in {festival['region']}: waiting for {names} to declare"
    return f"{where} - game over"


def earned_text(board: Mapping[str, Mapping[str, Any]]) -> str:
    """What a player earned, region by region (regions count at the end)."""
    parts = []
    for region, spot in board.items():
        things = [*spot["prizes"], *(f"size {t}" for t in spot["size_tokens"])]
        things += [f"tile #{t}" for t in spot["tiles"]]
        if spot["collected"]:
            things.append(f"{spot['collected']} collected tokens")
        if things:
            parts.append(f"{region}: {', '.join(things)}")
    return "; ".join(parts) or "nothing yet"


def festival_text(outcome: Mapping[str, Any]) -> str:
    if not outcome["scores"]:
        return f"Last festival ({outcome['region']}): nobody took part"
    towers = ", ".join(
        f"P{seat} {tower_text(outcome['towers'][seat])} = {score}"
        for seat, score in outcome["scores"].items()
    )
    prizes = ", ".join(f"P{seat} {prize}" for seat, prize in outcome["prizes"]) or "none"
    tokens = ", ".join(f"P{seat} size {size}" for seat, size in outcome["size_tokens"])
    return (f"Last festival ({outcome['region']}, sizes {outcome['tokens']}): {towers}; "
            f"prizes: {prizes}; size tokens: {tokens or 'none'}")


def render(view: Mapping[str, Any]) -> str:
    """The whole screen of a view, top to bottom."""
    lines = [headline(view)]
    lines.append("Wheel: " + ", ".join(f"{k}: {v}" for k, v in view["wheel"].items()))
    lines.append("Regions (castellers | local tiles | special tokens in the row):")
    for region, castellers in view["regions"].items():
        tiles = "; ".join(tile_text(t) for t in view["rows"][region]) or "no tiles"
        tokens = len(view["row_tokens"][region])
        lines.append(f"  {region:<10} {castellers} | {tiles} | {tokens}")
    upcoming = [f for f in view["calendar"] if not f["done"]]
    if upcoming:
        lines.append("Festivals: " + ", ".join(
            f"r{f['round']} {f['region']} sizes {f['tokens']}" for f in upcoming))
    bag = ", ".join(f"{size}:{n}" for size, n in view["bag"].items() if n)
    lines.append(f"Bag: {bag or 'empty'}   Prizes left: {view['piles']}")
    for seat, p in enumerate(view["players"]):
        me = " (you)" if seat == view["seat"] else ""
        turn = " <- to play" if seat == view["current"] else ""
        ranks = " ".join(f"{k[:3]}{v}" for k, v in p["ranks"].items())
        lines.append(
            f"P{seat}{me}{turn}: at {p['pawn'] or 'off board'}, tokens {p['tokens']}, "
            f"best tower {p['best_score']}, score now {p['score_now']['total']}"
        )
        lines.append(f"    team {p['team']}  skills {ranks}")
        lines.append(f"    earned: {earned_text(p['board'])}")
    festival = view.get("festival")
    if festival:
        lines.append(f"Festival in {festival['region']} (sizes {festival['tokens']}): "
                     f"declaring {festival['seats']}, declared {festival['declared']}")
        if festival.get("suggestion"):
            score = tower_score(festival["suggestion"], festival["tokens"])
            lines.append(f"  suggested tower: {tower_text(festival['suggestion'])} "
                         f"(tower score {score})")
        if "my_declaration" in festival:
            lines.append(f"  your declaration: {tower_text(festival['my_declaration'])}")
    if view["history"]:
        lines.append(festival_text(view["history"][-1]))
    if view["used"]:
        lines.append(f"Used this turn: {', '.join(view['used'])}")
    if view["free_special"]:
        lines.append("Special tile trained: take its free special action now")
    if view["phase"] == Phase.OVER:
        lines.append("Final scores (best tower, regions, prizes, size tokens, local = total):")
        for seat, p in enumerate(view["players"]):
            c = p["score_now"]
            lines.append(f"  P{seat}: {c['best_tower']} + {c['regions']} + {c['prizes']} + "
                         f"{c['size_tokens']} + {c['local']} = {c['total']}")
    return "\n".join(lines)


def describe_action(action: Action) -> str:
    if isinstance(action, Move):
        return f"move to {action.region}"
    if isinstance(action, Recruit):
        return f"recruit size {' and '.join(map(str, action.sizes))}"
    if isinstance(action, Train):
        where = "your region" if action.source == Source.REGION else "All Regions"
        if action.skill == SPECIAL_TILE:
            return f"train the Special tile at {where} (free special action)"
        return f"train {action.skill.capitalize()} (tile at {where})"
    if isinstance(action, SpecialRecruit):
        return f"special: recruit one more, size {action.size}"
    if isinstance(action, SpecialMove):
        return f"special: move once more, to {action.region}"
    if isinstance(action, Perform):
        tile = tile_text(local_tile(action.tile))
        return f"special: perform {tile} with {tower_text(action.tower)}"
    if isinstance(action, EndTurn):
        return "end the turn"
    if isinstance(action, Declare):
        return f"declare {tower_text(action.tower)}"
    if isinstance(action, Abstain):
        return "do not take part"
    return repr(action)
