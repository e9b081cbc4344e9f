"""`ludoteca debrief FILE --report DIR`: the debrief of a saved match, as a page and as JSON."""

from __future__ import annotations

from pathlib import Path

import typer

from ludoteca.cli.common import fail, load_match
from ludoteca.sim.debrief import write_debrief


def debrief(
    path: Path = typer.Argument(..., help="A finished match saved by `ludoteca play --save`."),
    report: Path = typer.Option(..., "--report", help="Folder for index.html and debrief.json."),
) -> None:
    """Write the debrief of a saved match (tables and pictures, and the JSON to export)."""
    match = load_match(path)
    game = match.game
    tables = game.debrief(match.state)
    if not tables:
        fail(f"{game.title or game.name} has no debrief; Ciurme has one")
    title = f"{game.title or game.name} debrief - seed {match.seed}, {len(match.log)} actions"
    page = write_debrief(title, tables, report)
    typer.echo(f"debrief written to {page} (data in {report / 'debrief.json'})")
