"""What the commands share: everything typed on the command line is read here, once, into the
objects the rest of ludoteca takes (a `Game`, typed options, `BotSpec`s, checked paths), and
checked before any work starts. A bad value stops the command with one `Error: ...` line, saying
what was wrong and what is allowed, and exit code 2.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import typer
from typer.core import TyperGroup

from ludoteca.bots.spec import BotSpec, check_levels, parse_specs
from ludoteca.engine import Match
from ludoteca.engine.codec import quote
from ludoteca.engine.game import MAX_SEED, Game
from ludoteca.games import load_game
from ludoteca.sim import cluster

T = TypeVar("T")

MAX_GAMES = 100_000  # matches of one run, every option set together: records stay in memory
MAX_WORKERS = 64
MAX_SWEEP = 20  # option sets of one study
MAX_SAVE_BYTES = 50_000_000  # a saved match larger than this is not one `play` wrote

# Exit code of a command stopped with Ctrl-C (128 + SIGINT), after it has shown what it had.
INTERRUPTED = 130


def fail(message: str) -> NoReturn:
    """Stop the command with a clear message and exit code 2 (no traceback). Characters that
    would break the line or the terminal (from a typed or saved value) are shown escaped."""
    shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
    typer.echo(f"Error: {shown}", err=True)
    raise typer.Exit(2)


def checked(read: Callable[[], T]) -> T:
    """The value `read()` returns; a ValueError it raises (InvalidData, BotSpecError...) becomes
    one `Error:` line."""
    try:
        return read()
    except ValueError as exc:
        fail(str(exc))


# --- games, players, options -----------------------------------------------------------------
def game_named(name: str) -> Game[Any]:
    return checked(lambda: load_game(name))


def player_count(game: Game[Any], players: int | None) -> int:
    """`--players`, or the game's smallest table."""
    count = game.min_players if players is None else players
    checked(lambda: game.check_players(count))
    return count


def read_value(raw: str) -> Any:
    """A value typed on the command line: JSON where it reads as JSON (numbers, true, lists),
    else the text itself. The game's options parser checks it."""
    try:
        return json.loads(raw)
    except (json.JSONDecodeError, RecursionError):
        return raw


def parse_key_values(items: list[str]) -> dict[str, Any]:
    """`["rounds=3", "colours=6"]` as a dict of values (`read_value`)."""
    out: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"an option is written KEY=VALUE, not {quote(item)}")
        if key.strip() in out:
            raise ValueError(f"the option {quote(key.strip())} is given twice")
        out[key.strip()] = read_value(raw.strip())
    return out


def game_options(game: Game[Any], items: list[str]) -> Any:
    """The game's typed options from `--option KEY=VALUE` items."""
    return checked(lambda: game.options(parse_key_values(items)))


def split_values(text: str) -> list[str]:
    """`V1,V2,...` split at the commas outside brackets and quotes, so a value may be a list
    (`sizes=[4,4],[5,4]`)."""
    parts, depth, quoted, start = [], 0, False, 0
    for i, char in enumerate(text):
        if char == '"':
            quoted = not quoted
        elif not quoted and char in "[{":
            depth += 1
        elif not quoted and char in "]}":
            depth -= 1
        elif not quoted and depth == 0 and char == ",":
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def parse_sweep(text: str) -> tuple[str, list[Any]]:
    """`"cards=3,5,8"` as ("cards", [3, 5, 8])."""
    key, eq, values = text.partition("=")
    items = [read_value(v) for v in split_values(values)]
    if not eq or not key.strip() or not items:
        raise ValueError(f"a sweep is written KEY=V1,V2,..., not {quote(text)}")
    if len(items) > MAX_SWEEP:
        raise ValueError(f"a sweep compares at most {MAX_SWEEP} values, not {len(items)}")
    return key.strip(), items


def option_sets(game: Game[Any], items: list[str], sweep: str | None) -> list[tuple[str, Any]]:
    """The (label, typed options) of every option set a study compares: the `--option` base,
    and with `--sweep KEY=V1,V2,...` one set per value."""

    def read() -> list[tuple[str, Any]]:
        base = parse_key_values(items)
        if sweep is None:
            label = ", ".join(f"{k}={v}" for k, v in base.items()) or "default options"
            return [(label, game.options(base))]
        key, values = parse_sweep(sweep)
        labels = [f"{key}={value}" for value in values]
        if len(set(labels)) < len(labels):
            raise ValueError(f"the sweep over {quote(key)} lists a value twice")
        pairs = zip(labels, values, strict=True)
        return [(label, game.options({**base, key: value})) for label, value in pairs]

    return checked(read)


def table_checked(game: Game[Any], players: int, options: Any) -> None:
    """Some options hold only for some tables (explicit teams for so many players...): the
    game's `setup` checks them together, so one deal is made to check them before a batch
    starts, as `play` does."""
    checked(lambda: game.setup(players, 0, options))


# --- bots, seeds, sizes ---------------------------------------------------------------------
def bot_specs(game: Game[Any], text: str) -> list[BotSpec]:
    """`--bots`, parsed, with every bot level checked against the game's reaction model."""

    def read() -> list[BotSpec]:
        specs = parse_specs(text)
        check_levels(specs, game)
        return specs

    return checked(read)


def seed_in_range(seed: int, what: str = "a seed") -> int:
    if not 0 <= seed <= MAX_SEED:
        fail(f"{what} is a whole number from 0 to 2**64 - 1, not {quote(seed)}")
    return seed


def match_count(games: int, option_sets: int = 1) -> int:
    """`--games`, bounded: every match's record is kept for the results."""
    if not 1 <= games * option_sets <= MAX_GAMES:
        per = f" per option set ({option_sets} sets)" if option_sets > 1 else ""
        fail(f"--games{per} must be from 1 to {MAX_GAMES // option_sets}, not {games}")
    return games


def worker_count(workers: int | None) -> int | None:
    """`--workers`, or None when not given (1 local process; on Ray, every CPU)."""
    if workers is not None and not 1 <= workers <= MAX_WORKERS:
        fail(f"--workers must be from 1 to {MAX_WORKERS}, not {workers}")
    return workers


# --- Ray -------------------------------------------------------------------------------------
# Options whose value may be left out, and the value they then take: `--ray` alone is Ray's own
# `local` (a Ray instance started for the run and stopped after it).
OPTIONAL_VALUES = {"--ray": cluster.LOCAL}

def fill_optional_values(args: list[str]) -> list[str]:
    """The command line with the value of an option that may go without one filled in, where
    it is left out (the option last, or followed by another option)."""
    out: list[str] = []
    for i, arg in enumerate(args):
        out.append(arg)
        if arg in OPTIONAL_VALUES and (i + 1 == len(args) or args[i + 1].startswith("-")):
            out.append(OPTIONAL_VALUES[arg])
    return out


class Commands(TyperGroup):
    """The `ludoteca` command group: reads options whose value may be left out (`--ray`)."""

    def main(self, args: Any = None, *rest: Any, **kwargs: Any) -> Any:
        given = list(sys.argv[1:] if args is None else args)
        return super().main(fill_optional_values(given), *rest, **kwargs)


# `--workers` and `--ray`, the same on every command that plays many matches.
WORKERS_OPTION: Any = typer.Option(
    None,
    "--workers",
    "-w",
    help="Local processes (default 1); with --ray, matches at once (default: every CPU).",
)
RAY_OPTION: Any = typer.Option(
    None,
    "--ray",
    metavar="[ADDRESS]",
    help="Play the matches on Ray: --ray alone starts a local Ray instance for the run; "
    "--ray HOST:PORT (a cluster's head), auto or ray://HOST:PORT uses a running cluster.",
)


def ray_address(address: str | None) -> str | None:
    """`--ray [ADDRESS]`: None when not given, else the address checked, and a HOST:PORT that
    nothing answers at refused now, before any work."""
    if address is None:
        return None

    def read() -> str:
        cluster.check_address(address)
        cluster.probe(address)
        return address

    return checked(read)


@contextmanager
def cluster_errors() -> Iterator[None]:
    """A cluster that fails once the run has started (none running for `auto`, lost) stops
    the command with one `Error:` line, as a bad value does."""
    try:
        yield
    except cluster.ClusterError as exc:
        fail(str(exc))


# --- files -----------------------------------------------------------------------------------
def _nearest_existing(path: Path) -> Path:
    for candidate in [path, *path.parents]:
        if candidate.exists():
            return candidate
    return Path(".")


def output_file(path: Path, option: str) -> Path:
    """A file the command will write at the end: checked now, so no work is lost to a typo."""
    try:
        if path.is_dir():
            fail(f"{option} {path} is a folder; give a file name")
        parent = path.parent
        if parent.exists() and not parent.is_dir():
            fail(f"{option} {path}: {parent} is a file, not a folder")
        if not parent.is_dir():
            fail(f"{option} {path}: the folder {parent} does not exist")
        if not os.access(parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
            fail(f"{option} {path}: not allowed to write there")
    except OSError as exc:  # a name too long for the file system...
        fail(f"{option}: cannot write {quote(str(path))}: {exc.strerror}")
    return path


def output_folder(path: Path, option: str) -> Path:
    """A folder the command will fill at the end (created if missing): checked now."""
    try:
        if path.exists() and not path.is_dir():
            fail(f"{option} {path} is a file; give a folder")
        existing = _nearest_existing(path)
        if not existing.is_dir():
            fail(f"{option} {path}: {existing} is a file, so the folder cannot be made")
        if not os.access(existing, os.W_OK | os.X_OK):
            fail(f"{option} {path}: not allowed to write in {existing}")
    except OSError as exc:
        fail(f"{option}: cannot make the folder {quote(str(path))}: {exc.strerror}")
    return path


def load_match(path: Path) -> Match:
    """A match saved by `ludoteca play --save`, checked and replayed; a clear error if it
    cannot be."""
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            fail(f"{path} is too large to be a saved match (at most {MAX_SAVE_BYTES} bytes)")
        data = json.loads(path.read_text())
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"cannot read {path}: {exc.strerror if isinstance(exc, OSError) else exc}")
    except (json.JSONDecodeError, RecursionError) as exc:
        fail(f"{path} is not a saved match: not JSON ({exc})")
    if not isinstance(data, dict):
        fail(f"{path} is not a saved match: a saved match is a JSON object")
    name = data.get("game")
    try:
        game = load_game(name) if isinstance(name, str) else None
        if game is None:
            raise ValueError(f"its game is {quote(name)}, not the name of a game")
        return Match.from_json(game, data)
    except ValueError as exc:
        fail(f"cannot replay the match in {path}: {exc}")
