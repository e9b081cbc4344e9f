"""`ludoteca replay FILE`: rebuild a saved match from its log and show it."""

from __future__ import annotations

from pathlib import Path

import typer

from ludoteca.cli.common import fail, load_match


def replay(
    path: Path = typer.Argument(..., help="A match saved by `ludoteca play --save`."),
    step: int | None = typer.Option(None, "--step", help="Show the match after this many actions."),
    seat: int | None = typer.Option(
        None, "--seat", help="Whose view to show (default: spectator)."
    ),
) -> None:
    """Replay a saved match exactly and show a seat's view at a step (default: the end)."""
    match = load_match(path)
    game = match.game
    total = len(match.log)
    if step is not None and not 0 <= step <= total:
        fail(f"--step must be between 0 and {total}, the number of actions in this match")
    state = match.replay(step)
    if seat is not None and seat not in game.seats(state):
        fail(f"seat {seat} does not exist; choose one of {game.seats(state)}")
    typer.echo(
        f"{game.title or game.name}, {match.players} players, seed {match.seed}: "
        f"action {total if step is None else step} of {total}"
    )
    typer.echo(game.render(game.view(state, seat)))
    if game.is_over(state):
        result = game.result(state)
        typer.echo(f"Scores {list(result.scores)}, ranks {list(result.ranks)}.")
