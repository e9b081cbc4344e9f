"""bench/pages.py: a bench's page of the documentation site holds what the bench printed, the
command that measured it and the machine; and every bench writes one."""

from __future__ import annotations

import ast
import io
from pathlib import Path

from rich.table import Table
from scripts import ROOT, load_script

pages = load_script("bench/pages.py")

# The benches' own helpers, not benches: they write no page of their own (the stalls probe's
# summary goes on the server bench's page; the Castell planner is an opponent bots.py plays;
# the Goofspiel kinds' sampler writes, beside the game's tables, the bids of the bots bots.py
# plays for the solver to meet).
HELPERS = {"pages.py", "stalls.py", "castell_planner.py", "goofspiel_kinds.py"}


def test_a_page_has_its_title_what_the_bench_measures_its_command_and_its_tables(
        tmp_path: Path) -> None:
    table = Table(title="Rates")
    table.add_column("game")
    table.add_column("actions/s")
    table.add_row("castell", "1,234")
    path = pages.write_page("engine", "Engine throughput", "What it measures.",
                            [pages.rich_markdown(table), "A note."], folder=tmp_path,
                            arguments=["--rounds", "2"])
    text = path.read_text()
    assert path == tmp_path / "engine.md"
    assert text.startswith("# Engine throughput\n\nWhat it measures.\n\n")
    assert "`python bench/engine.py --rounds 2`" in text
    assert "| castell | 1,234 |" in text
    assert text.index("**Rates**") < text.index("| game | actions/s |") < text.index("A note.")


def test_cells_that_hold_a_bar_keep_the_table_whole() -> None:
    assert pages.markdown_table(["a", "b"], [["x | y", "2"]]).splitlines()[-1] == (
        "| x \\| y | 2 |")


def test_a_page_says_what_the_bench_measures_without_how_to_run_it() -> None:
    docstring = "Measures things.\n\nMore on how.\n\nRun: `python bench/x.py [--n N]`."
    assert pages.what_it_measures(docstring) == "Measures things.\n\nMore on how."


def test_what_a_bench_prints_is_shown_and_kept() -> None:
    terminal = io.StringIO()
    tee = pages.Tee(terminal)
    print("a table", file=tee)
    assert terminal.getvalue() == tee.text == "a table\n"
    assert pages.fenced(tee.text) == "```text\na table\n```"


def test_every_bench_writes_its_page() -> None:
    silent = set()
    for path in sorted((ROOT / "bench").glob("*.py")):
        if path.name in HELPERS:
            continue
        called = {node.func.id for node in ast.walk(ast.parse(path.read_text()))
                  if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
        if "write_page" not in called:
            silent.add(path.name)
    assert not silent, f"benches that write no page of the site: {sorted(silent)}"
