"""Numbers out of a game's `Result.details`, for the report sections a game declares
(`Game.report_sections`, `ludoteca.engine.result.ReportSection`): a `hist` section pools every
number it finds, a `bars` section groups them by key and shows their means."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def numbers(value: Any) -> list[float]:
    """Every number inside a value (lists and dict values, nested), booleans as 0/1."""
    if isinstance(value, bool | int | float):
        return [float(value)]
    if isinstance(value, Mapping):
        return [n for v in value.values() for n in numbers(v)]
    if isinstance(value, list | tuple):
        return [n for v in value for n in numbers(v)]
    return []


def by_key(value: Any) -> dict[str, list[float]]:
    """Numbers grouped by key: dict keys, or 1-based positions of a list of numbers or lists;
    a list of dicts (one per seat, say) merges its dicts."""
    groups: dict[str, list[float]] = {}
    if isinstance(value, Mapping):
        for key, item in value.items():
            groups.setdefault(str(key), []).extend(numbers(item))
    elif isinstance(value, list | tuple):
        if all(isinstance(item, Mapping) for item in value):
            for item in value:
                for key, found in by_key(item).items():
                    groups.setdefault(key, []).extend(found)
        else:
            for position, item in enumerate(value, start=1):
                groups.setdefault(str(position), []).extend(numbers(item))
    return groups


def pooled(values: Iterable[Any]) -> list[float]:
    """Every number of every match's value, in one list: what a `hist` section shows."""
    return [n for value in values for n in numbers(value)]


def grouped(values: Iterable[Any]) -> dict[str, list[float]]:
    """Every match's numbers grouped by key (`by_key`), merged over the matches: what a `bars`
    section shows, as means."""
    groups: dict[str, list[float]] = {}
    for value in values:
        for key, found in by_key(value).items():
            groups.setdefault(key, []).extend(found)
    return groups


def mean(values: Iterable[float]) -> float:
    """The mean of the values, 0 for none."""
    found = list(values)
    return sum(found) / len(found) if found else 0.0
