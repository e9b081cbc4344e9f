"""Ciurme's report sections, per crew: how long phase 1 takes (a ship is restored at 15 repairs
[D-16]), how much the captain repaired, whether finishing phase 1 first [D-5] pays off in the
Assembly, which stamps go down each round, and how often captains are deposed [D-10]."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.sim.sections import Section


def _crews(details: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    crews: list[Mapping[str, Any]] = details["per_crew"]
    return crews


def _turns_to_restore(details: Mapping[str, Any]) -> list[int]:
    return [
        c["phase1_turns_to_restore"]
        for c in _crews(details)
        if c["phase1_turns_to_restore"] is not None
    ]


def _captain_repairs(details: Mapping[str, Any]) -> list[int]:
    return [c["repairs_by_captain"] for c in _crews(details) if c["captain"] is not None]


def _objectives_by_rank(details: Mapping[str, Any]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for c in _crews(details):
        if c["phase1_rank"] is not None:
            out.setdefault(f"rank {c['phase1_rank']}", []).append(c["objectives_won"])
    return out


def _stamps_by_round(details: Mapping[str, Any]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for c in _crews(details):
        for number, values in enumerate(c["stamp_values_per_round"], start=1):
            out.setdefault(f"round {number}", []).extend(values)
    return out


SECTIONS: list[Section] = [
    Section(
        "Phase-1 turns to restore",
        compute=_turns_to_restore,
        note="Player turns a crew played until its ship was restored (15 repairs).",
    ),
    Section(
        "Repairs by captain",
        compute=_captain_repairs,
        note="The captain's repairs, own and help (at most 7).",
    ),
    Section(
        "Objectives by phase-1 rank",
        plot="bars",
        compute=_objectives_by_rank,
        note="Mean objectives won (0-3) by crews of each phase-1 rank.",
    ),
    Section(
        "Stamp values placed per round",
        plot="bars",
        compute=_stamps_by_round,
        note="Mean value of the stamps placed in each round of the Assembly.",
    ),
    Section("Depositions", compute=lambda d: [c["depositions"] for c in _crews(d)]),
]
