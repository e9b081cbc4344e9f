"""The `ludoteca` command line: one module per command, registered here."""

from __future__ import annotations

import typer

from ludoteca import __version__
from ludoteca.cli import (
    debrief,
    games,
    matches,
    play,
    replay,
    serve,
    simulate,
    solve,
    tournament,
    tune,
)
from ludoteca.cli.common import Commands

app = typer.Typer(
    name="ludoteca",
    cls=Commands,
    help="A games room: play in the terminal, pit bots against each other, study balance.",
    no_args_is_help=True,
    add_completion=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"ludoteca {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """A games room: play in the terminal, pit bots against each other, study balance.
    `ludoteca games` lists the games."""


app.command("games")(games.games)
app.command("play")(play.play)
app.command("replay")(replay.replay)
app.command("tournament")(tournament.tournament)
app.command("simulate")(simulate.simulate)
app.command("tune")(tune.tune)
app.command("debrief")(debrief.debrief)
app.command("serve")(serve.serve)
app.add_typer(matches.app, name="matches")
app.add_typer(solve.app, name="solve")
