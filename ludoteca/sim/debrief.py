"""A game's debrief as a page a facilitator reads at a glance: tables and pictures, plus the JSON.

The renderer knows no game. It walks the JSON a game's `debrief(state)` returns and draws each
part by its shape:
- a mapping of names to mappings of numbers is a matrix: a table and a heat map;
- a list of records with `from` and `to` is a graph: a picture of arrows and a table;
- a list of records is a table; a mapping of plain values is a two-column table;
- anything else nested becomes a subsection, titled by its key.
"""

from __future__ import annotations

import html
import json
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ludoteca.sim.plots import new_figure, save_figure

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2rem; color: #222; max-width: 70rem; }
h1 { font-size: 1.6rem; } h2 { margin-top: 2rem; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: .5rem 0 1rem; }
td, th { border: 1px solid #ccc; padding: .2rem .6rem; text-align: right; }
th { background: #f3f3f3; } td.text { text-align: left; }
img { max-width: 100%; display: block; margin: .5rem 0; }
"""


def _title(key: str) -> str:
    return key.replace("_", " ").capitalize()


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def _cell(value: Any) -> str:
    if isinstance(value, Mapping):  # a flat mapping inside a record: "2: 1, 3: 0"
        value = ", ".join(f"{k}: {v}" for k, v in value.items())
    text = "-" if value is None else value if isinstance(value, str) else json.dumps(value)
    css = ' class="text"' if not isinstance(value, int | float) or isinstance(value, bool) else ""
    return f"<td{css}>{html.escape(str(text))}</td>"


def _is_matrix(value: Any) -> bool:
    return (
        isinstance(value, Mapping)
        and bool(value)
        and all(isinstance(row, Mapping) and row for row in value.values())
        and all(
            isinstance(v, int | float) and not isinstance(v, bool)
            for row in value.values()
            for v in row.values()
        )
    )


def _is_records(value: Any) -> bool:
    """A list of flat records: each value plain, a list of plain values, or a flat mapping."""
    return (
        isinstance(value, list)
        and bool(value)
        and all(
            isinstance(r, Mapping)
            and all(_scalar(v) or _is_plain_list(v) or _is_flat_mapping(v) for v in r.values())
            for r in value
        )
    )


def _is_flat_mapping(value: Any) -> bool:
    return isinstance(value, Mapping) and all(_scalar(v) for v in value.values())


def _is_graph(value: Any) -> bool:
    return _is_records(value) and all("from" in r and "to" in r for r in value)


class DebriefPage:
    """Builds the HTML of one debrief, writing its pictures into `out`."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.pictures = 0

    def render(self, title: str, data: Mapping[str, Any]) -> str:
        body = self.part(data, level=2)
        return (
            f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}"
            f"</title><style>{STYLE}</style></head><body><h1>{html.escape(title)}</h1>"
            f"{body}</body></html>"
        )

    def part(self, value: Any, level: int) -> str:
        if _is_matrix(value):
            return self.matrix(value)
        if _is_graph(value):
            return self.graph(value) + self.records(value)
        if _is_records(value):
            return self.records(value)
        if isinstance(value, Mapping):
            return self.mapping(value, level)
        if isinstance(value, list) and value and not all(_scalar(v) for v in value):
            return "".join(self.item(number, item, level) for number, item in enumerate(value))
        return f"<p>{_cell(value)[4:-5] if value is not None else '-'}</p>"

    def item(self, number: int, value: Any, level: int) -> str:
        """One element of a list of sections, headed by its first plain field ("Crew 2")."""
        heading = min(level, 6)
        label = f"#{number + 1}"
        if isinstance(value, Mapping) and value:
            key, first = next(iter(value.items()))
            if _scalar(first):
                label = f"{_title(key)} {first}"
        return f"<h{heading}>{html.escape(label)}</h{heading}>{self.part(value, level + 1)}"

    def mapping(self, value: Mapping[str, Any], level: int) -> str:
        plain = {k: v for k, v in value.items() if _scalar(v) or _is_plain_list(v)}
        parts = []
        if plain:
            rows = "".join(
                f"<tr><th>{html.escape(_title(k))}</th>{_cell(v)}</tr>" for k, v in plain.items()
            )
            parts.append(f"<table>{rows}</table>")
        heading = min(level, 6)
        for key, sub in value.items():
            if key in plain:
                continue
            parts.append(f"<h{heading}>{html.escape(_title(key))}</h{heading}>")
            parts.append(self.part(sub, level + 1))
        return "".join(parts)

    def records(self, records: Sequence[Mapping[str, Any]]) -> str:
        columns: list[str] = []
        for record in records:
            columns += [k for k in record if k not in columns]
        head = "".join(f"<th>{html.escape(_title(c))}</th>" for c in columns)
        rows = "".join(
            "<tr>" + "".join(_cell(r.get(c)) for c in columns) + "</tr>" for r in records
        )
        return f"<table><tr>{head}</tr>{rows}</table>"

    def matrix(self, value: Mapping[str, Mapping[str, float]]) -> str:
        rows = list(value)
        columns: list[str] = []
        for row in value.values():
            columns += [c for c in row if c not in columns]
        grid = [[float(value[r].get(c, 0)) for c in columns] for r in rows]
        picture = self.picture(_heat_map, rows, columns, grid)
        head = "<th></th>" + "".join(f"<th>{html.escape(c)}</th>" for c in columns)
        body = "".join(
            f"<tr><th>{html.escape(r)}</th>"
            + "".join(_cell(value[r].get(c, 0)) for c in columns)
            + "</tr>"
            for r in rows
        )
        return f"{picture}<table><tr>{head}</tr>{body}</table>"

    def graph(self, edges: Sequence[Mapping[str, Any]]) -> str:
        return self.picture(_arrows, [(str(e["from"]), str(e["to"])) for e in edges])

    def picture(self, draw: Any, *args: Any) -> str:
        self.pictures += 1
        name = f"picture-{self.pictures}.png"
        save_figure(draw(*args), self.out / name, tight=True)
        return f'<img src="{name}" alt="">'


def _is_plain_list(value: Any) -> bool:
    return isinstance(value, list) and all(_scalar(v) for v in value)


def _heat_map(rows: list[str], columns: list[str], grid: list[list[float]]) -> Any:
    fig, ax = new_figure(1.2 + 0.7 * len(columns), 0.8 + 0.45 * len(rows))
    ax.imshow(grid, cmap="Blues", aspect="auto")
    ax.set_xticks(range(len(columns)), columns)
    ax.set_yticks(range(len(rows)), rows)
    top = max((v for row in grid for v in row), default=0) or 1
    for i, row in enumerate(grid):
        for j, v in enumerate(row):
            ax.text(
                j, i, f"{v:g}", ha="center", va="center", color="white" if v > top / 2 else "black"
            )
    return fig


def _arrows(edges: list[tuple[str, str]]) -> Any:
    """Nodes on a circle, one arrow per edge (repeated edges drawn thicker)."""
    nodes: list[str] = []
    for a, b in edges:
        nodes += [n for n in (a, b) if n not in nodes]
    place = {
        n: (math.cos(2 * math.pi * i / len(nodes)), math.sin(2 * math.pi * i / len(nodes)))
        for i, n in enumerate(nodes)
    }
    fig, ax = new_figure(4, 4)
    for (a, b), count in {e: edges.count(e) for e in edges}.items():
        (x1, y1), (x2, y2) = place[a], place[b]
        ax.annotate(
            "",
            xy=(x2, y2),
            xytext=(x1, y1),
            arrowprops={"arrowstyle": "-|>", "lw": 1 + count, "shrinkA": 14, "shrinkB": 14},
        )
    for name, (x, y) in place.items():
        ax.text(x, y, name, ha="center", va="center", bbox={"boxstyle": "circle", "fc": "#dde8f7"})
    ax.set_xlim(-1.4, 1.4)
    ax.set_ylim(-1.4, 1.4)
    ax.axis("off")
    return fig


def write_debrief(title: str, data: Mapping[str, Any], out: Path) -> Path:
    """`out/index.html` (tables and pictures) and `out/debrief.json`; the page's path."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "debrief.json").write_text(json.dumps(data, indent=1))
    for old in out.glob("picture-*.png"):
        old.unlink()
    page = out / "index.html"
    page.write_text(DebriefPage(out).render(title, data))
    return page
