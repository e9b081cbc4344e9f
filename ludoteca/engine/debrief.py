"""A debrief: the material a facilitator discusses after a game, as typed parts that any front
end draws the same way (the `ludoteca debrief` page, the browser's debrief screen).

A game's `debrief(state)` returns a `Debrief`: a title, a few summary lines, and sections, each a
table, a heat map, a bar chart, a directed graph or a log, written in players' words (names, ship
names, votes as words), every picture with axis titles and a text alternative. `encode(debrief)`
(the engine's codec) gives its JSON for export.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Cell = str | int | float | None
# Who a debrief is for: the facilitator (everything, secret ballots and private talk
# included), or the whole room, once the facilitator publishes it (every secret left out).
FACILITATOR, ROOM = "facilitator", "room"
AUDIENCES = (FACILITATOR, ROOM)


@dataclass(frozen=True)
class Table:
    """A debrief's table: its title, column names, rows of cells and a note."""

    title: str
    columns: list[str]
    rows: list[list[Cell]]
    note: str = ""
    kind: Literal["table"] = "table"


@dataclass(frozen=True)
class Heatmap:
    """`values[i][j]`: row `rows[i]`, column `columns[j]`."""

    title: str
    rows: list[str]
    columns: list[str]
    values: list[list[float]]
    row_title: str
    column_title: str
    alt: str
    note: str = ""
    kind: Literal["heatmap"] = "heatmap"


@dataclass(frozen=True)
class Bars:
    """One bar per category and series (`series[name][i]` is the bar of `categories[i]`)."""

    title: str
    categories: list[str]
    series: dict[str, list[float]]
    category_title: str
    value_title: str
    alt: str
    note: str = ""
    kind: Literal["bars"] = "bars"


@dataclass(frozen=True)
class Node:
    """A person or group in a debrief's graph."""

    id: str
    label: str
    group: str = ""


@dataclass(frozen=True)
class Edge:
    """A link of a debrief's graph, from `source` to `target`, with its weight."""

    source: str
    target: str
    weight: float = 1.0
    label: str = ""


@dataclass(frozen=True)
class Graph:
    """A directed graph (who helped whom); nodes without edges are drawn too."""

    title: str
    nodes: list[Node]
    edges: list[Edge]
    alt: str
    note: str = ""
    kind: Literal["graph"] = "graph"


@dataclass(frozen=True)
class Log:
    """Timed lines, in order (the chat: when, who, to whom, what)."""

    title: str
    columns: list[str]
    rows: list[list[Cell]]
    note: str = ""
    kind: Literal["log"] = "log"


Section = Table | Heatmap | Bars | Graph | Log


@dataclass(frozen=True)
class Part:
    """A titled group of sections (one crew's, say)."""

    title: str
    sections: list[Section]
    summary: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Debrief:
    """A match's debrief: its title, a summary and its parts, and the raw figures for export."""

    title: str
    summary: list[str]
    parts: list[Part]
    data: dict[str, Any] = field(default_factory=dict)  # the raw figures, for export
