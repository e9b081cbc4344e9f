"""Castell as text, for `ludoteca play`: the screen of a view, one line per action for the menu,
and towers typed as levels (`6+6/5+5/4/3`)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.engine.codec import quote
from ludoteca.engine.errors import IllegalAction, Reason, in_language
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
from ludoteca.games.castell.data import SKILLS, SPECIAL_TILE, local_tile
from ludoteca.games.castell.performances import tile_skills
from ludoteca.games.castell.state import Absence, Phase
from ludoteca.games.castell.towers import Tower, normalize_tower, skill_options

EXAMPLE_TOWER = "9+9/7/5/3"


# --- pieces ---------------------------------------------------------------------------------------
def tower_text(tower: Sequence[Sequence[int]] | None) -> str:
    if not tower:
        return "-"
    return " / ".join("+".join(str(s) for s in level) for level in tower)


def tile_text(tile: Mapping[str, Any]) -> str:
    if tile["kind"] == "shape":
        return f"#{tile['id']} shape {'-'.join(map(str, tile['shape']))} ({tile['points']} pts)"
    skills = "+".join(s.capitalize() for s in tile["skills"])
    return f"#{tile['id']} {tile['levels']} levels with {skills} ({tile['points']} pts)"


def uses_text(uses: Mapping[str, int]) -> str:
    """Skill uses in words, in the track's order: "Balance 1, Mix 1", or "no skills"."""
    return ", ".join(f"{s.capitalize()} {uses[s]}" for s in SKILLS if uses.get(s)) or "no skills"


def needs_text(tower: Sequence[Sequence[int]], skills: Sequence[str] = ()) -> str:
    """The skill uses a tower makes, whatever the ranks: where Width or Base may serve the
    same level, the choices ("Balance 1, Width 1 or Base 1")."""
    options = skill_options(tower, skills)
    if not options:
        return "no skills"
    fixed = {s: n for s, n in options[0].items() if s not in ("width", "base")}
    choices = [uses_text({"width": o["width"], "base": o["base"]}) for o in options]
    parts = [uses_text(fixed)] if any(fixed.values()) else []
    if any(choice != "no skills" for choice in choices):
        parts.append(" or ".join(choices))
    return ", ".join(parts) or "no skills"


def absence_text(reason: str, region: str, tokens: Sequence[int]) -> str:
    """Why a player is not at a festival, in words."""
    if reason == Absence.ELSEWHERE:
        return Reason(f"the pawn is not in {region}", it=f"la pedina non è a {region}")
    if reason == Absence.NO_TOWER:
        sizes = " and ".join(str(t) for t in tokens)
        return Reason(
            f"the team cannot build a tower of 4 or more levels with a casteller of size {sizes}",
            it="la squadra non può costruire una torre di 4 o più livelli con un casteller di "
            f"taglia {' e '.join(str(t) for t in tokens)}",
        )
    return Reason("abstained", it="sei rimasto fuori")


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


# --- the screen -----------------------------------------------------------------------------------
def headline(view: Mapping[str, Any]) -> str:
    """Round, and who is asked to do what."""
    if view["phase"] == Phase.OVER:
        return f"Castell - final round {view['round']}/{view['rounds']} - game over"
    where = f"Castell - round {view['round']}/{view['rounds']}, first player P{view['first']}"
    if view["phase"] == Phase.TURN:
        return f"{where} - P{view['current']}'s turn"
    festival = view["festival"]
    waiting = [s for s in festival["seats"] if s not in festival["declared"]]
    names = ", ".join(f"P{s}" for s in waiting)
    return f"{where} - festival in {festival['region']}: waiting for {names} to declare"


def festival_text(outcome: Mapping[str, Any]) -> list[str]:
    """A held festival: every tower with its score and skills, prizes, size tokens, and why
    the others were not there."""
    head = f"  {outcome['region']} (sizes {outcome['tokens']}): "
    absent = "; ".join(
        f"P{seat}: {absence_text(reason, outcome['region'], outcome['tokens'])}"
        for seat, reason in sorted(outcome["absent"].items())
    )
    if not outcome["scores"]:
        return [head + "nobody took part" + (f" ({absent})" if absent else "")]
    towers = ", ".join(
        f"P{seat} {tower_text(outcome['towers'][seat])} = {score} "
        f"({uses_text(outcome['skills'][seat])})"
        for seat, score in outcome["scores"].items()
    )
    prizes = ", ".join(f"P{seat} {prize}" for seat, prize in outcome["prizes"]) or "none"
    tokens = ", ".join(f"P{seat} size {size}" for seat, size in outcome["size_tokens"])
    lines = [head + towers, f"    prizes: {prizes}; size tokens: {tokens or 'none'}"]
    if absent:
        lines.append(f"    not there: {absent}")
    return lines


def last_festivals(history: Sequence[Mapping[str, Any]]) -> list[str]:
    """Every festival of the last round that held some, until the next round's festivals."""
    if not history:
        return []
    latest = history[-1]["round"]
    lines = [f"Festivals of round {latest}:"]
    for outcome in history:
        if outcome["round"] == latest:
            lines += festival_text(outcome)
    return lines


def festival_lines(view: Mapping[str, Any]) -> list[str]:
    festival = view["festival"]
    lines = [f"Festival in {festival['region']} (sizes {festival['tokens']}): "
             f"declaring {festival['seats']}, declared {festival['declared']}"]
    seat = view["seat"]
    for other, reason in festival["absent"].items():
        who = "you" if seat is not None and int(other) == seat else f"P{other}"
        why = absence_text(reason, festival["region"], festival["tokens"])
        lines.append(f"  {who} cannot take part: {why}")
    if festival.get("options"):
        lines.append(f"  Towers to declare (or type any tower as levels, bottom first, like "
                     f"{EXAMPLE_TOWER}):")
        for option in festival["options"]:
            counts = ", ".join(f"{n} of size {size}" for size, n in option["castellers"].items())
            lines.append(f"    {tower_text(option['tower'])}: tower score {option['score']}, "
                         f"{counts}, {uses_text(option['skills'])}")
    if "my_declaration" in festival:
        mine = festival["my_declaration"]
        skills = f" ({uses_text(festival['my_skills'])})" if mine else ""
        lines.append(f"  your declaration: {tower_text(mine) if mine else 'none'}{skills}")
    return lines


def turn_lines(view: Mapping[str, Any]) -> list[str]:
    lines = []
    if view["used"]:
        lines.append(f"Used this turn: {', '.join(view['used'])}")
    if view["free_special"]:
        lines.append("Special tile trained: take its free special action now (no token spent)")
    elif view["seat"] == view["current"] and "special" not in view["used"]:
        me = view["players"][view["seat"]]
        if me["pawn"] and me["tokens"]:
            lines.append(f"A special action spends a token (you have {me['tokens']}); it is "
                         "left in the row of the region where your pawn ends")
    return lines


def render(view: Mapping[str, Any]) -> str:
    """The whole screen of a view, top to bottom."""
    lines = [headline(view)]
    lines.append("Wheel: " + ", ".join(f"{k}: {v}" for k, v in view["wheel"].items()))
    if view["wheel_next"]:
        lines.append("  next round: " + ", ".join(
            f"{k}: {v}" for k, v in view["wheel_next"].items()))
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
    piles = ", ".join(f"{prize} {n}" for prize, n in view["piles"].items())
    lines.append(f"Bag: {bag or 'empty'}   Prizes left: {piles}")
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
    if view["festival"]:
        lines += festival_lines(view)
    lines += last_festivals(view["history"])
    if view["phase"] == Phase.TURN:
        lines += turn_lines(view)
    if view["phase"] == Phase.OVER:
        lines.append("Final scores (best tower, regions, prizes, size tokens, local = total):")
        for seat, p in enumerate(view["players"]):
            c = p["score_now"]
            lines.append(f"  P{seat}: {c['best_tower']} + {c['regions']} + {c['prizes']} + "
                         f"{c['size_tokens']} + {c['local']} = {c['total']}")
    return "\n".join(lines)


# --- the menu -------------------------------------------------------------------------------------
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
        return f"special action: recruit one more, size {action.size}"
    if isinstance(action, SpecialMove):
        return f"special action: move once more, to {action.region}"
    if isinstance(action, Perform):
        tile = tile_text(local_tile(action.tile))
        skills = needs_text(action.tower, tile_skills(action.tile))
        return f"special action: perform {tile} with {tower_text(action.tower)} ({skills})"
    if isinstance(action, EndTurn):
        return "end the turn"
    if isinstance(action, Declare):
        return f"declare {tower_text(action.tower)} ({needs_text(action.tower)})"
    if isinstance(action, Abstain):
        return "do not take part"
    return repr(action)


# --- typed towers ---------------------------------------------------------------------------------
TOWER_TEXT = re.compile(r"^\s*\d+(\s*[+/]\s*\d+)+\s*$")
PERFORM_TEXT = re.compile(r"^\s*(?:perform\s+)?#?(\d+)\s+(.+)$", re.IGNORECASE)


def parse_tower_text(text: str) -> Tower | None:
    """A tower typed as levels, bottom first, castellers of a level joined by `+` and levels
    by `/` (`6+6/5+5/4/3`); None if the text is not written that way (a menu number, say);
    IllegalAction if it is, but holds no tower."""
    if not TOWER_TEXT.match(text) or len(text) > 400:
        return None
    levels = [[int(size) for size in level.split("+")] for level in text.split("/")]
    try:
        return normalize_tower(levels)
    except ValueError as exc:
        raise IllegalAction(
            f"{quote(text)} is not a tower: {exc}",
            it=f"{quote(text)} non è una torre: {in_language(exc.args[0], 'it')}",
        ) from None


def parse_action_text(phase: Phase, text: str) -> Action | None:
    """A typed action: at a festival, a tower to declare (`6+6/5+5/4/3`); on a turn, a local
    tile and a tower to perform it with (`#20 9+8/6/5/4`). None for any other text."""
    if len(text) > 400:
        return None
    if phase == Phase.FESTIVAL:
        tower = parse_tower_text(text)
        return None if tower is None else Declare(tower)
    if phase in (Phase.TURN, Phase.FREE_SPECIAL):
        match = PERFORM_TEXT.match(text)
        tower = parse_tower_text(match.group(2)) if match else None
        return None if match is None or tower is None else Perform(int(match.group(1)), tower)
    return None
