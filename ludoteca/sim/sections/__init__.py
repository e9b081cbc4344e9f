"""Game-specific sections of a balance report, as data.

Each game has a module here (`castell.py`, `ligretto.py`, `ciurme.py`) with `SECTIONS`, a list of
`Section`s: a title, where its numbers are in `result.details` (a key path, or a small function
for numbers that must be combined), and how to plot them:

- `hist`: every number found there, pooled over matches (a distribution);
- `bars`: the numbers grouped by key (dict keys, or 1-based list positions), shown as means.

A section whose key is missing from every match is left out of the report (and listed as such),
so a report never breaks when a game reports less than expected.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

PLOTS = ("hist", "bars")


@dataclass(frozen=True)
class Section:
    title: str
    path: tuple[str, ...] = ()
    plot: str = "hist"
    note: str = ""
    # Numbers that a key path cannot reach (joins of two fields): details -> value or None.
    compute: Callable[[Mapping[str, Any]], Any] | None = None

    def value(self, details: Mapping[str, Any]) -> Any:
        """The raw value of one match, or None when the match does not report it."""
        if self.compute is not None:
            try:
                return self.compute(details)
            except (KeyError, IndexError, TypeError, ValueError):
                return None
        value: Any = details
        for key in self.path:
            if not isinstance(value, Mapping) or key not in value:
                return None
            value = value[key]
        return value


def sections_for(game: str) -> list[Section]:
    """The game's report sections; none for a game without a module here."""
    module = f"{__name__}.{game}"
    if importlib.util.find_spec(module) is None:
        return []
    sections: list[Section] = importlib.import_module(module).SECTIONS
    return sections


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
