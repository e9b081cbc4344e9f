"""`ludoteca debrief FILE --report DIR`: the debrief of a saved match, as a page, CSV and JSON."""

from __future__ import annotations

from pathlib import Path

import typer

from ludoteca.cli import common
from ludoteca.engine.debrief import Debrief
from ludoteca.sim.debrief import write_debrief


def debrief(
    path: Path = typer.Argument(..., help="A match saved by `ludoteca play --save`."),
    report: Path = typer.Option(
        ..., "--report", help="Folder for index.html, a CSV file per table and debrief.json."
    ),
    partial: bool = typer.Option(
        False, "--partial", help="Debrief an unfinished match as it stands."
    ),
    language: str = typer.Option(
        "en", "--language", help="The language of its texts (Ciurme's: en or it)."
    ),
) -> None:
    """Write the debrief of a saved match, for a game that has one.

    Tables and pictures on a printable page, every table as CSV, the whole debrief as JSON.
    """
    common.output_folder(report, "--report")
    match = common.load_match(path)
    game = match.game
    title = game.title or game.name
    if not match.is_over and not partial:
        common.fail(
            f"this {title} match is not finished ({len(match.log)} actions played); "
            "add --partial to debrief it as it stands"
        )
    try:
        material = game.debrief(match.state, language)
    except ValueError as exc:
        common.fail(str(exc))
    if material is None:
        common.fail(f"{title} has no debrief")
    if not isinstance(material, Debrief):
        common.fail(f"{title}'s debrief is a {type(material).__name__}, not a Debrief")
    status = "finished" if match.is_over else "unfinished"
    subtitle = f"Seed {match.seed}, {len(match.log)} actions, {status}."
    page = write_debrief(material, report, subtitle)
    typer.echo(f"debrief written to {page} (tables as CSV, data in {report / 'debrief.json'})")
