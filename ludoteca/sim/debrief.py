"""A game's debrief as a page a facilitator reads at a glance, prints, and exports.

The page draws a `ludoteca.engine.debrief.Debrief` part by part, and knows no game:
- a table or a log becomes an HTML table;
- a heat map becomes a picture (its axis titles on the axes) and the table of its values;
- bars become a bar chart (category and value titles, a legend for several series) and a table;
- a directed graph becomes a picture of its nodes on a circle, every one drawn (a node nobody
  is linked to too), arrows with visible heads and widths by weight, and the table of its edges.
Every picture carries the section's text alternative (`alt`); every table is also written as a
CSV file, linked under it; `debrief.json` is the whole debrief encoded by the engine's codec.
The page prints cleanly: no links, no section split across pages where it can be helped.
"""

from __future__ import annotations

import csv
import html
import json
import math
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ludoteca.engine.codec import encode
from ludoteca.engine.debrief import (
    Bars,
    Cell,
    Debrief,
    Graph,
    Heatmap,
    Log,
    Part,
    Section,
    Table,
)
from ludoteca.sim.plots import new_figure, save_figure

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2rem auto; color: #222; max-width: 70rem;
       padding: 0 1rem; }
h1 { font-size: 1.6rem; } h2 { margin-top: 2.5rem; border-bottom: 2px solid #999; }
h3 { margin-top: 1.5rem; }
table { border-collapse: collapse; margin: .5rem 0; }
td, th { border: 1px solid #bbb; padding: .2rem .6rem; text-align: right; vertical-align: top; }
th { background: #f0f0f0; } td.text, th.text { text-align: left; }
figure { margin: .5rem 0; } figure img { max-width: 100%; display: block; }
figcaption, .note { color: #555; font-size: .9rem; }
a.csv { font-size: .85rem; }
section.debrief-section { margin-bottom: 1.5rem; }
@media print {
  body { margin: 0; max-width: none; font-size: 10pt; color: #000; }
  a.csv { display: none; }
  h2 { break-before: page; } h2.first { break-before: avoid; }
  h2, h3 { break-after: avoid; }
  section.debrief-section, figure, tr { break-inside: avoid; }
  th { background: #eee !important; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
"""


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40] or "table"


def _cell(value: Cell) -> str:
    if value is None:
        return '<td class="text"></td>'
    if isinstance(value, bool) or not isinstance(value, int | float):
        return f'<td class="text">{html.escape(str(value))}</td>'
    return f"<td>{_number(value)}</td>"


def _number(value: float) -> str:
    """A number as a person reads it: whole numbers whole, others to 4 significant digits."""
    if isinstance(value, int) or (math.isfinite(value) and value.is_integer()):
        return str(int(value))
    return f"{value:.4g}"


class DebriefPage:
    """Builds the HTML of one debrief, writing its pictures and CSV files into `out`."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.files = 0

    def render(self, debrief: Debrief, subtitle: str = "") -> str:
        """The debrief as a whole HTML page."""
        title = html.escape(debrief.title)
        head = [f"<h1>{title}</h1>"]
        if subtitle:
            head.append(f'<p class="note">{html.escape(subtitle)}</p>')
        head.append(_summary(debrief.summary))
        parts = [self.part(part, first=i == 0) for i, part in enumerate(debrief.parts)]
        return (
            "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{title}</title><style>{STYLE}</style></head><body>"
            + "".join(head)
            + "".join(parts)
            + "</body></html>\n"
        )

    def part(self, part: Part, first: bool) -> str:
        """One part of the debrief in HTML: its heading, summary and sections."""
        heading = f'<h2{" class=first" if first else ""}>{html.escape(part.title)}</h2>'
        sections = "".join(self.section(s) for s in part.sections)
        return heading + _summary(part.summary) + sections

    def section(self, section: Section) -> str:
        """One section in HTML: a table, a log, a heat map, bars or a graph."""
        body: list[str] = [f"<h3>{html.escape(section.title)}</h3>"]
        if section.note:
            body.append(f'<p class="note">{html.escape(section.note)}</p>')
        if isinstance(section, Table | Log):
            body.append(self.table(section.title, section.columns, section.rows))
        elif isinstance(section, Heatmap):
            body.append(self.picture(_heat_map(section), section.alt, section.title))
            columns = [f"{section.row_title} \\ {section.column_title}", *section.columns]
            rows: list[list[Cell]] = [
                [r, *v] for r, v in zip(section.rows, section.values, strict=True)
            ]
            body.append(self.table(section.title, columns, rows))
        elif isinstance(section, Bars):
            body.append(self.picture(_bar_chart(section), section.alt, section.title))
            series = list(section.series)
            rows = [
                [c, *(section.series[name][i] for name in series)]
                for i, c in enumerate(section.categories)
            ]
            body.append(self.table(section.title, [section.category_title, *series], rows))
        elif isinstance(section, Graph):
            body.append(self.picture(_graph(section), section.alt, section.title))
            label = {n.id: n.label for n in section.nodes}
            rows = [
                [label[e.source], label[e.target], e.weight, e.label] for e in section.edges
            ]
            body.append(self.table(section.title, ["from", "to", "weight", "what"], rows))
        else:  # a new kind of section: say so on the page rather than drop it
            body.append(f"<p>(a {html.escape(type(section).__name__)} this page cannot draw)</p>")
        return f'<section class="debrief-section">{"".join(body)}</section>'

    def table(self, title: str, columns: Sequence[str], rows: Sequence[Sequence[Cell]]) -> str:
        """An HTML table, also written as CSV and linked."""
        self.files += 1
        name = f"table-{self.files}-{_slug(title)}.csv"
        with (self.out / name).open("w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(columns)
            writer.writerows(["" if v is None else v for v in row] for row in rows)
        head = "".join(f'<th scope="col" class="text">{html.escape(c)}</th>' for c in columns)
        body = "".join("<tr>" + "".join(_cell(v) for v in row) + "</tr>" for row in rows)
        link = f'<a class="csv" href="{name}" download>CSV</a>'
        if not rows:
            return f'<p class="note">Nothing to show.</p>{link}'
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{link}"

    def picture(self, figure: Any, alt: str, title: str) -> str:
        """Saves a figure as a PNG beside the page and returns its `<img>`."""
        self.files += 1
        name = f"picture-{self.files}-{_slug(title)}.png"
        save_figure(figure, self.out / name, tight=True)
        return (
            f'<figure><img src="{name}" alt="{html.escape(alt)}">'
            f"<figcaption>{html.escape(alt)}</figcaption></figure>"
        )


def _summary(lines: Sequence[str]) -> str:
    if not lines:
        return ""
    return "<ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul>"


def _heat_map(section: Heatmap) -> Any:
    rows, columns, grid = section.rows, section.columns, section.values
    fig, ax = new_figure(2.2 + 0.8 * len(columns), 1.4 + 0.45 * len(rows))
    image = ax.imshow(grid, cmap="Blues", aspect="auto")
    ax.set_xticks(range(len(columns)), columns, rotation=30 if len(columns) > 6 else 0)
    ax.set_yticks(range(len(rows)), rows)
    ax.set_xlabel(section.column_title)
    ax.set_ylabel(section.row_title)
    ax.set_title(section.title)
    top = max((v for row in grid for v in row), default=0) or 1
    for i, row in enumerate(grid):
        for j, v in enumerate(row):
            colour = "white" if v > top / 2 else "black"
            ax.text(j, i, _number(v), ha="center", va="center", color=colour)
    fig.colorbar(image, ax=ax, fraction=0.04)
    return fig


def _bar_chart(section: Bars) -> Any:
    categories, series = section.categories, section.series
    fig, ax = new_figure(max(4.0, 1.5 + 0.6 * len(categories) * max(1, len(series))), 3.4)
    width = 0.8 / max(1, len(series))
    for k, (name, values) in enumerate(series.items()):
        xs = [i + (k - (len(series) - 1) / 2) * width for i in range(len(categories))]
        ax.bar(xs, values, width=width, label=name)
    ax.set_xticks(range(len(categories)), categories, rotation=30 if len(categories) > 6 else 0)
    ax.set_xlabel(section.category_title)
    ax.set_ylabel(section.value_title)
    ax.set_title(section.title)
    if len(series) > 1:
        ax.legend(fontsize="small")
    return fig


NODE_RADIUS = 0.17  # in the picture's units (the circle of nodes has radius 1)


BEND = 0.2  # how far an arrow answered by one the other way bows aside (matplotlib's arc3)


def _rim(a: tuple[float, float], b: tuple[float, float], bend: float) -> tuple[Any, Any]:
    """The ends of an arrow from node a to node b, on the rims of their discs, so the head's
    tip touches b's disc and the whole head shows. A bent arrow (arc3 bows to the right of its
    way) leaves and arrives that much to its right, so two arrows between the same nodes do not
    share their ends."""
    (x1, y1), (x2, y2) = a, b
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    turn = math.atan(2 * bend)

    def rotated(angle: float) -> tuple[float, float]:
        cos, sin = math.cos(angle), math.sin(angle)
        return ux * cos - uy * sin, ux * sin + uy * cos

    (sx, sy), (ex, ey) = rotated(-turn), rotated(turn)
    r = NODE_RADIUS
    return (x1 + sx * r, y1 + sy * r), (x2 - ex * r, y2 - ey * r)


def _graph(section: Graph) -> Any:
    """Nodes on a circle, every node drawn (linked or not), named outside its disc; one arrow
    per edge, its width by weight, its head outside the target's disc so it shows; an edge
    answered by one the other way is bent, so the two do not overlap; a node's group sets its
    colour."""
    from matplotlib.patches import Circle, FancyArrowPatch, Patch  # (loaded on first use)

    nodes = section.nodes
    count = max(1, len(nodes))
    place = {
        n.id: (math.cos(math.pi / 2 - 2 * math.pi * i / count),
               math.sin(math.pi / 2 - 2 * math.pi * i / count))
        for i, n in enumerate(nodes)
    }
    groups = sorted({n.group for n in nodes})
    palette = ["#cfe0f5", "#f7dcc4", "#d5efd0", "#eed5ef", "#f3f0c4", "#d8d8d8"]
    fig, ax = new_figure(5.2, 5.2)
    top = max((e.weight for e in section.edges), default=1) or 1
    pairs = {(e.source, e.target) for e in section.edges}
    for edge in section.edges:
        if edge.source not in place or edge.target not in place:
            continue
        if edge.source == edge.target:  # a node linked to itself: a ring around it
            x, y = place[edge.source]
            ring = Circle((x, y), NODE_RADIUS * 1.35, fill=False, lw=1 + 2 * edge.weight / top)
            ax.add_patch(ring)
            continue
        bend = BEND if (edge.target, edge.source) in pairs else 0.0
        start, end = _rim(place[edge.source], place[edge.target], bend)
        ax.add_patch(
            FancyArrowPatch(
                start,
                end,
                arrowstyle="-|>",
                mutation_scale=16 + 4 * edge.weight / top,
                lw=1 + 3 * edge.weight / top,
                color="#333",
                shrinkA=0,
                shrinkB=0,
                connectionstyle=f"arc3,rad={bend}",
                zorder=1,
            )
        )
    for node in nodes:
        x, y = place[node.id]
        colour = palette[groups.index(node.group) % len(palette)]
        ax.add_patch(Circle((x, y), NODE_RADIUS, facecolor=colour, edgecolor="#333", zorder=2))
        # the name outside the disc, away from the centre, where no arrow runs
        ax.text(
            x * (1 + NODE_RADIUS + 0.05),
            y * (1 + NODE_RADIUS + 0.05),
            node.label,
            ha="left" if x > 0.3 else "right" if x < -0.3 else "center",
            va="bottom" if y > 0.3 else "top" if y < -0.3 else "center",
            fontsize=9,
        )
    if len(groups) > 1:
        handles = [
            Patch(facecolor=palette[i % len(palette)], edgecolor="#333", label=g or "other")
            for i, g in enumerate(groups)
        ]
        ax.legend(
            handles=handles,
            fontsize="small",
            loc="upper center",
            bbox_to_anchor=(0.5, 0.0),
            ncol=min(len(handles), 4),
            frameon=False,
        )
    ax.set_xlim(-1.6, 1.6)
    ax.set_ylim(-1.5, 1.5)
    ax.set_aspect("equal")
    ax.set_title(section.title)
    ax.axis("off")
    return fig


def write_debrief(debrief: Debrief, out: Path, subtitle: str = "") -> Path:
    """`out/index.html` (tables and pictures), a CSV file per table and `out/debrief.json`
    (the debrief encoded by the engine's codec); the page's path. Pictures and tables of an
    earlier debrief in `out` are removed first."""
    out.mkdir(parents=True, exist_ok=True)
    for old in [*out.glob("picture-*.png"), *out.glob("table-*.csv")]:
        old.unlink()
    (out / "debrief.json").write_text(json.dumps(encode(debrief, Debrief), indent=1) + "\n")
    page = out / "index.html"
    page.write_text(DebriefPage(out).render(debrief, subtitle))
    return page
