"""Each bench writes its own page of the documentation site (docs/bench/<slug>.md): the figures
a reader finds there are the ones the bench printed, never retyped.

A page is its title, what the bench measures and how (the bench's own docstring), the command
that measured it (its arguments included: a short run says so), the day, the machine and its
load, then the run's tables. `rich_markdown` turns a Rich table the bench already prints into a
Markdown one and `markdown_table` rows it prints as text, so the terminal and the page show the
same numbers; `Tee` keeps what a bench printed, for a page that shows it as it was printed.
"""

from __future__ import annotations

import datetime
import io
import os
import platform
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from rich.table import Table

DOCS = Path(__file__).resolve().parent.parent / "docs" / "bench"


def machine() -> str:
    """The machine the figures were measured on, in one line, with its load at the time (on a
    shared machine a busy minute slows everything: the ratios are what compare)."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (f"{platform.machine()}, {os.cpu_count()} cores, Python "
            f"{platform.python_version()}, load average {load:.1f}")


def commit() -> str:
    """The commit the figures measured (`+changes` when the checkout's tracked files differ from
    it), so that `make docs` can warn once the code measured has changed since."""
    root = DOCS.parent.parent
    try:
        head = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=root, check=True,
                              capture_output=True, text=True).stdout.strip()
        changed = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                                 cwd=root, check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+changes" if changed.strip() else "")


def command(slug: str, arguments: Sequence[str] | None = None) -> str:
    """The command line that measured the page: `python bench/<slug>.py` and its arguments."""
    given = list(sys.argv[1:] if arguments is None else arguments)
    return " ".join([f"python bench/{slug}.py", *given])


def markdown_table(headers: Sequence[str], rows: Sequence[Sequence[str]],
                   title: str = "") -> str:
    """Rows of cells as a Markdown table (its title, when given, as a bold line above)."""
    lines = [f"**{title}**", ""] if title else []
    lines.append("| " + " | ".join(headers) + " |")
    lines.append("|" + "---|" * len(headers))
    lines += ["| " + " | ".join(cell.strip().replace("|", "\\|") for cell in row) + " |"
              for row in rows]
    return "\n".join(lines)


def rich_markdown(table: Table) -> str:
    """A Rich table as a Markdown table (its title, when it has one, as a bold line above)."""
    headers = [str(column.header) for column in table.columns]
    cells = [[str(cell) for cell in column.cells] for column in table.columns]
    rows = list(zip(*cells, strict=True)) if cells else []
    return markdown_table(headers, rows, str(table.title or ""))


def fenced(text: str) -> str:
    """Text as the bench printed it, in a fenced block."""
    return "```text\n" + text.rstrip() + "\n```"


def what_it_measures(docstring: str | None) -> str:
    """What a bench measures and how: its module docstring without the lines on how to run it
    (the page says which command measured it)."""
    paragraphs = (docstring or "").strip().split("\n\n")
    kept = [p for p in paragraphs
            if not p.lstrip().startswith(("Run:", "python ", ".venv/", "`python"))]
    return "\n\n".join(kept)


class Tee(io.TextIOBase):
    """Writes go to the terminal and are kept (`text`), for a page that shows them."""

    def __init__(self, terminal: TextIO) -> None:
        self.terminal = terminal
        self.kept = io.StringIO()

    def write(self, text: str) -> int:
        self.terminal.write(text)
        return self.kept.write(text)

    def flush(self) -> None:
        self.terminal.flush()

    @property
    def text(self) -> str:
        return self.kept.getvalue()


def write_page(slug: str, title: str, about: str, sections: list[str],
               folder: Path | None = None, arguments: Sequence[str] | None = None,
               script: str | None = None) -> Path:
    """Write docs/bench/<slug>.md: `title`, `about` (what is measured, how), the command and
    the machine, then `sections` (Markdown: tables from `rich_markdown` or `markdown_table`,
    notes). `arguments` are the bench's own (default: this process's); `script` names the
    bench where it writes a second page (default: the slug)."""
    folder = folder or DOCS
    folder.mkdir(parents=True, exist_ok=True)
    today = datetime.date.today().isoformat()
    body = "\n\n".join([
        f"# {title}", about.strip(),
        f"*Measured on {today} at commit `{commit()}` by "
        f"`{command(script or slug, arguments)}` ({machine()}). "
        "Rerun that command to bring this page up to date.*",
        *sections,
    ])
    path = folder / f"{slug}.md"
    path.write_text(body + "\n", encoding="utf-8")
    print(f"wrote {path.relative_to(folder.parent.parent) if folder == DOCS else path}")
    return path
