"""Fuzzing the command line's parsers: option items, sweeps and bot specs, alone and through the
commands. Whatever is typed, the result is the parsed object or a ValueError with a short
message (on the command line: one `Error:` line and exit code 2), never another exception.

The default run tries a few dozen inputs per property; `make test-slow` tries thousands.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from ludoteca.bots.spec import BOTS, BotSpec, parse_spec, parse_specs
from ludoteca.cli import app
from ludoteca.cli import tournament as tournament_command
from ludoteca.cli.common import parse_key_values, parse_sweep, split_values
from ludoteca.engine.options import describe_options
from ludoteca.games import game_names, load_game
from ludoteca.sim.tournament import TournamentResult

T = TypeVar("T")
MESSAGE_LIMIT = 500  # characters: a message quotes what it was given, never all of it
SHORT = settings(max_examples=40, deadline=None)
LONG = settings(max_examples=2000, deadline=None)

# Values that have broken parsers before, and plain ones.
TRICKY = st.sampled_from(
    [
        "", "0", "1", "-1", "2", "3", "1.5", "1e309", "-0", "nan", "NaN", "inf", "Infinity",
        "-Infinity", "1_000", "0x10", "９", "true", "null", "[]", "[4,4.5]", "[[1,2],[3]]",
        '{"a": 1}', '"text"', "9" * 5000, "[" * 500, "expert", "casual", "random", "heuristic",
        "host", "=", ":", ",", " ", "\x00", "é",
    ]
)
VALUES = st.one_of(TRICKY, st.text(max_size=30))
PARAMETERS = sorted({p for _, params in BOTS.values() for p in params} | {"depth", ""})
KEYS = st.one_of(st.sampled_from(PARAMETERS), st.text(max_size=10))
OPTION_NAMES = sorted(
    {o["name"] for name in game_names() for o in describe_options(load_game(name).Options)}
)


@st.composite
def spec_texts(draw: st.DrawFn) -> str:
    """Specs from the grammar (a bot, then key=value parts), bent and broken at random."""
    bot = draw(st.one_of(st.sampled_from([*BOTS, "genius", ""]), st.text(max_size=8)))
    parts = draw(st.lists(st.tuples(KEYS, VALUES, st.sampled_from(["=", "", "=="])), max_size=4))
    return ":".join([bot, *(f"{k}{sep}{v}" for k, sep, v in parts)])


def parsed(parse: Callable[..., T], *args: Any) -> T | None:
    """What `parse(*args)` gives; None where it refuses, which must be a ValueError with a short
    message."""
    try:
        return parse(*args)
    except Exception as exc:
        assert isinstance(exc, ValueError), repr(exc)
        assert 0 < len(str(exc)) <= MESSAGE_LIMIT, str(exc)
        return None


# --- the parsers, alone ---------------------------------------------------------------------------
def spec_is_parsed_or_refused(text: str) -> None:
    spec = parsed(parse_spec, text)
    if spec is not None:
        assert parse_spec(spec.name) == spec  # its tidy name reads back as the same spec
        assert spec.build().name == spec.name


def spec_list_is_parsed_or_refused(text: str) -> None:
    specs = parsed(parse_specs, text)
    assert specs is None or 1 <= len(specs) <= 16


def options_are_parsed_or_refused(items: list[str]) -> None:
    values = parsed(parse_key_values, items)
    for name in game_names() if values is not None else []:
        game = load_game(name)
        options = parsed(game.options, values)
        assert options is None or isinstance(options, game.Options)


def sweep_is_parsed_or_refused(text: str) -> None:
    sweep = parsed(parse_sweep, text)
    assert sweep is None or (sweep[0] and 1 <= len(sweep[1]) <= 20)


def split_values_keep_lists_whole(values: list[Any]) -> None:
    text = ",".join(json.dumps(v) for v in values)
    assert [json.loads(v) for v in split_values(text)] == values


OPTION_ITEMS = st.lists(
    st.builds(
        lambda k, sep, v: f"{k}{sep}{v}",
        st.one_of(st.sampled_from(OPTION_NAMES), st.text(max_size=10)),
        st.sampled_from(["=", "", "=="]),
        VALUES,
    ),
    max_size=4,
)
SWEEPS = st.builds(
    lambda k, vs: f"{k}={','.join(vs)}",
    st.one_of(st.sampled_from(OPTION_NAMES), st.text(max_size=10)),
    st.lists(VALUES, max_size=25),
)
JSON_VALUES = st.lists(
    st.recursive(
        st.one_of(st.integers(), st.booleans(), st.text(alphabet="abc,[]", max_size=5)),
        lambda inner: st.lists(inner, max_size=3),
        max_leaves=6,
    ),
    min_size=1,
    max_size=5,
)

SPECS = st.one_of(spec_texts(), st.text(max_size=60))
SWEEP_TEXTS = st.one_of(SWEEPS, st.text(max_size=60))


# --- the parsers, through a command ---------------------------------------------------------------
def command_line_is_run_or_refused(bots: str, items: list[str]) -> None:
    """`tournament` with fuzzed --bots and -o: exit 0 (the matches replaced by a stub, so only
    the command line's reading is under test) or one `Error:` line and exit 2."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tournament_command, "run_tournament", _no_matches)
        args = ["tournament", "goofspiel", "--games", "1", "--bots", bots]
        for item in items:
            args += ["-o", item]
        result = CliRunner().invoke(app, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    if result.exit_code == 2:
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
        assert len(lines[0]) <= MESSAGE_LIMIT + 10
    else:
        assert result.exit_code == 0, result.output


def _no_matches(game: Any, players: int, specs: Any, games: int, *args: Any) -> TournamentResult:
    assert all(isinstance(spec, BotSpec) for spec in specs)  # read once, by the command line
    return TournamentResult(game.name, players, 0, 0, [], [])


COMMAND_LINES = (
    st.one_of(spec_texts(), st.text(max_size=40)),
    st.lists(st.one_of(st.sampled_from(["cards=3", "cards=13"]), OPTION_ITEMS.map(" ".join))),
)

# --- every property, a short run by default and a long one under `make test-slow` ---------------
PROPERTIES = [
    pytest.param(spec_is_parsed_or_refused, (SPECS,), id="a spec"),
    pytest.param(spec_list_is_parsed_or_refused, (st.text(max_size=80),), id="a list of specs"),
    pytest.param(options_are_parsed_or_refused, (OPTION_ITEMS,), id="options"),
    pytest.param(sweep_is_parsed_or_refused, (SWEEP_TEXTS,), id="a sweep"),
    pytest.param(split_values_keep_lists_whole, (JSON_VALUES,), id="split values"),
    pytest.param(command_line_is_run_or_refused, COMMAND_LINES, id="the command line"),
]
BUDGETS = [
    pytest.param(SHORT, id="short"),
    pytest.param(LONG, id="long", marks=pytest.mark.slow),
]


@pytest.mark.parametrize("budget", BUDGETS)
@pytest.mark.parametrize(("check", "strategies"), PROPERTIES)
def test_fuzz(check: Callable[..., None], strategies: tuple[Any, ...], budget: settings) -> None:
    fuzzed = given(*strategies)(check)  # type: ignore[no-untyped-call]
    run = settings(budget, suppress_health_check=[HealthCheck.too_slow])(fuzzed)
    run()
