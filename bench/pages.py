"""Each bench writes its own page of the documentation site (docs/bench/<slug>.md): the figures
a reader finds there are the ones the bench printed, never retyped.

A page is its title, a paragraph on what the bench measures and how, and the run's tables, with
the date and the machine they were measured on. `rich_markdown` turns a Rich table the bench
already prints into a Markdown one, so the terminal and the page show the same numbers.
"""

from __future__ import annotations

import datetime
import os
import platform
from pathlib import Path

from rich.table import Table

DOCS = Path(__file__).resolve().parent.parent / "docs" / "bench"


def machine() -> str:
    """The machine the figures were measured on, in one line."""
    return f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"


def rich_markdown(table: Table) -> str:
    """A Rich table as a Markdown table (its title, when it has one, as a bold line above)."""
    headers = [str(column.header) for column in table.columns]
    cells = [[str(cell) for cell in column.cells] for column in table.columns]
    rows = list(zip(*cells, strict=True)) if cells else []
    lines = []
    if table.title:
        lines += [f"**{table.title}**", ""]
    lines.append("| " + " | ".join(headers) + " |")
    lines.append("|" + "---|" * len(headers))
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def write_page(slug: str, title: str, about: str, sections: list[str],
               folder: Path | None = None) -> Path:
    """Write docs/bench/<slug>.md: `title`, `about` (what is measured, how), then `sections`
    (Markdown: tables from `rich_markdown`, notes), stamped with the day and the machine."""
    folder = folder or DOCS
    folder.mkdir(parents=True, exist_ok=True)
    today = datetime.date.today().isoformat()
    body = "\n\n".join([f"# {title}", about.strip(),
                        f"*Measured on {today}, {machine()}, by `bench/{slug}.py`.*",
                        *sections])
    path = folder / f"{slug}.md"
    path.write_text(body + "\n", encoding="utf-8")
    return path
