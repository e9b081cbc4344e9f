"""`ludoteca solve export GAME`: a small game's whole tree in Gambit's `.efg` format, for native
solvers (OpenSpiel's C++ `load_efg_game` and its CFR, best responses and exploitability;
Gambit's equilibrium solvers). Needs the `rl` extra; see `ludoteca.rl.efg`."""

from __future__ import annotations

import time
from pathlib import Path

import typer

from ludoteca.cli import common

app = typer.Typer(help="Solve small games exactly with native solvers (needs the rl extra).",
                  no_args_is_help=True)


@app.command("export")
def export(
    game: str = typer.Argument(..., help="The game (see `ludoteca games`); one with a chance "
                               "model, such as goofspiel."),
    output: Path = typer.Option(..., "--output", "-o", help="The .efg file to write."),
    players: int | None = typer.Option(
        None, "--players", "-p", help="Players (default: the game's minimum)."
    ),
    option: list[str] = typer.Option(
        [], "--option", help="A game option KEY=VALUE (cards=4, or variant={\"head_start\":1})."
    ),
) -> None:
    """Write the game's whole tree (chance, information sets, payoffs) as a Gambit .efg file.

    Read it with OpenSpiel (`pyspiel.load_efg_game(open(FILE).read())`) or Gambit
    (`pygambit.read_efg(FILE)`).
    """
    try:
        from ludoteca.rl import efg
    except ImportError as exc:
        common.fail(f"solving needs the rl extra (OpenSpiel and Gambit): {exc}")
    found = common.game_named(game)
    count = common.player_count(found, players)
    options = common.checked(lambda: common.parse_key_values(option))
    common.checked(lambda: found.options(options))
    target = common.output_file(output, "--output")
    start = time.process_time()
    size = common.checked(lambda: efg.export(found.name, count, options, target))
    typer.echo(
        f"{target}: {size.nodes:,} nodes ({size.decision_nodes:,} decisions, "
        f"{size.chance_nodes:,} chance, {size.terminals:,} terminal), information sets "
        f"{', '.join(f'{n:,}' for n in size.infosets)} per player; "
        f"{time.process_time() - start:.1f} s of CPU"
    )
