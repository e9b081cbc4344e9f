"""Mutation testing of the games' rules and views and of the engine's codec, one target at a time.

    python tests/mutation/run.py [TARGET ...] [--fresh | --survivors] [--timeouts]
                                  [--score-only] [--jobs N]

A target is a game (its `rules/` and `view.py`, against that game's own tests) or `codec` (the
engine's codec, against the engine's tests). Each target runs mutmut in a folder of its own under
`build/mutation/TARGET/`, so that its configuration names only that target's files and tests:
mutmut first runs those tests once to learn which tests reach which function, then runs, for each
mutant, only the tests that reach its function. A target's results stay in its folder, so a run
that was stopped goes on where it was (`--fresh` starts again; `--survivors` runs only the last
run's survivors again, after tests were added; `--timeouts` only the mutants the timeout
stopped, after a change to it).

The score of each module is printed at the end: mutants killed out of those that count, where a
survivor explained as equivalent in `tests/mutation/equivalent.md` does not count (one line per
survivor: its name in backquotes, then why no test can tell it apart). The goal, at least 95% in
every game's rules and view, makes the command fail when it is missed; the codec's score is
printed and not held to it.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WORK = ROOT / "build" / "mutation"
EQUIVALENT = Path(__file__).with_name("equivalent.md")
GOAL = 0.95  # of the mutants that count, in every game's rules and view
KILLED = {1, 3, 36, -24, 24, 152, 255, 37}  # mutmut's exit codes of a mutant told apart
TIMEOUTS = {36, -24, 24, 152, 255}


@dataclass(frozen=True)
class Target:
    """Files mutated together, and the tests run against them."""

    mutate: tuple[str, ...]  # globs of the files to mutate
    tests: tuple[str, ...]  # test paths
    modules: tuple[tuple[str, str], ...]  # (module name for the score, glob of its files)
    goal: bool = True  # held to GOAL
    leave_out: tuple[str, ...] = ()  # test files too slow to run for every mutant


def game(name: str, leave_out: tuple[str, ...] = ()) -> Target:
    folder = f"ludoteca/games/{name}"
    return Target(
        mutate=(f"{folder}/rules/*.py", f"{folder}/view.py"),
        tests=(f"{folder}/tests",),
        modules=((f"{name} rules", f"{folder}/rules/*"), (f"{name} view", f"{folder}/view.py")),
        leave_out=tuple(f"{folder}/tests/{test}" for test in leave_out),
    )


TARGETS = {
    "goofspiel": game("goofspiel"),
    "castell": game("castell"),
    # Its balance checks play hundreds of bot rounds (half a minute each under load) and
    # judge the bots' outcomes, not a rule.
    "ligretto": game("ligretto", leave_out=("test_balance.py",)),
    "ciurme": game("ciurme"),
    "codec": Target(
        mutate=("ludoteca/engine/codec.py",),
        tests=("ludoteca/engine/tests",),
        modules=(("engine codec", "ludoteca/engine/codec.py"),),
        goal=False,
    ),
}


def configuration(target: Target) -> str:
    """The project's pytest settings and a mutmut section naming only this target."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    pytest_options = project["tool"]["pytest"]["ini_options"]
    lines = ["[tool.pytest.ini_options]"]
    lines += [f"{key} = {json.dumps(value)}" for key, value in pytest_options.items()]
    lines += [
        "",
        "[tool.mutmut]",
        'source_paths = ["ludoteca"]',
        f"only_mutate = {json.dumps(list(target.mutate))}",
        "pytest_add_cli_args_test_selection = "
        + json.dumps([*target.tests, *(f"--ignore={path}" for path in target.leave_out)]),
        # No cache folder in the copy; Hypothesis keeps no examples between mutants; none of
        # the plugins that the rules' tests do not use (each costs every mutant its set-up).
        "pytest_add_cli_args = " + json.dumps([
            "-p", "no:cacheprovider", "-p", "no:hypothesispytest", "-p", "no:schemathesis",
            "-p", "no:xdist", "-p", "no:xdist.looponfail", "-p", "no:anyio",
        ]),
        "use_setproctitle = false",
        # A mutant that loops is stopped after 4 x (its tests' time unmutated + 5 s) of wall
        # clock (8 x of CPU), not mutmut's 15 x (... + 1 s): those minutes add up. Not less:
        # with 2 x, a survivor running all its tests on a busy machine was stopped and counted
        # killed (refusal words no test asserted). After a change here, run the mutants
        # stopped by the timeout again (`--timeouts`): mutmut keeps their verdicts.
        "timeout_multiplier = 4.0",
        "timeout_constant = 5.0",
    ]
    return "\n".join(lines) + "\n"


def prepare(name: str, target: Target, fresh: bool) -> Path:
    """The target's folder: the package (linked), its configuration, and mutmut's results."""
    folder = WORK / name
    if fresh and folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True, exist_ok=True)
    package = folder / "ludoteca"
    if not package.exists():
        package.symlink_to(ROOT / "ludoteca")
    (folder / "pyproject.toml").write_text(configuration(target))
    (folder / "mutants").mkdir(exist_ok=True)
    shutil.copy(Path(__file__).with_name("fastest_first.py"), folder / "mutants" / "conftest.py")
    if forget_changed_copies(folder / "mutants", target):
        # mutmut measures which tests reach which function once, and afterwards only for tests
        # with new names: a test changed in place would not be run against the mutants it now
        # reaches (a survivor run again would survive it). Measured again, then.
        (folder / "mutants" / "mutmut-stats.json").unlink(missing_ok=True)
    return folder


def forget_changed_copies(mutants: Path, target: Target) -> bool:
    """mutmut copies the package once and keeps the copies: a test changed or removed since
    would still run as it was. Such copies (of files it does not mutate) are removed, and so
    copied again. Whether any was."""
    from fnmatch import fnmatch

    forgotten = False
    for copy in mutants.glob("ludoteca/**/*.py"):
        path = copy.relative_to(mutants)
        if any(fnmatch(str(path), pattern) for pattern in target.mutate):
            continue  # mutmut itself compares the times of these
        source = ROOT / path
        if not source.exists() or source.read_bytes() != copy.read_bytes():
            copy.unlink()
            forgotten = True
    return forgotten


def run_mutmut(folder: Path, mutants: list[str], jobs: int) -> None:
    """mutmut over the target (or only `mutants`, run again), `jobs` mutants at once, at low
    priority: the machine is shared."""
    mutmut = Path(sys.executable).with_name("mutmut")
    command = ["nice", "-n", "10", str(mutmut), "run", "--max-children", str(jobs), *mutants]
    subprocess.run(command, cwd=folder, check=False)


def results(folder: Path) -> dict[str, dict[str, int | None]]:
    """mutmut's exit code of every mutant, by the mutated file (relative to the project)."""
    out = {}
    mutants = folder / "mutants"
    for meta in sorted(mutants.rglob("*.py.meta")):
        data = json.loads(meta.read_text())
        out[str(meta.relative_to(mutants))[: -len(".meta")]] = data["exit_code_by_key"]
    return out


def equivalents() -> dict[str, str]:
    """The survivors explained in equivalent.md: name -> why."""
    found = {}
    for line in EQUIVALENT.read_text().splitlines():
        match = re.match(r"^- `([^`]+)`:?\s*(.*)$", line)
        if match:
            found[match.group(1)] = match.group(2)
    return found


@dataclass
class Score:
    module: str
    killed: int = 0
    equivalent: int = 0
    total: int = 0
    not_run: int = 0
    stopped: list[str] = field(default_factory=list)  # killed by the timeout
    survivors: dict[str, int] = field(default_factory=dict)  # name -> mutmut's exit code

    @property
    def timeouts(self) -> int:
        return len(self.stopped)

    @property
    def counted(self) -> int:
        """The mutants run and not explained as equivalent."""
        return self.total - self.equivalent - self.not_run

    @property
    def ratio(self) -> float:
        return self.killed / self.counted if self.counted else 1.0


def scores(target: Target, folder: Path, explained: dict[str, str]) -> list[Score]:
    from fnmatch import fnmatch

    by_file = results(folder)
    out = []
    for module, pattern in target.modules:
        score = Score(module)
        for path, codes in by_file.items():
            if not fnmatch(path, pattern):
                continue
            for mutant, code in codes.items():
                score.total += 1
                if code is None:
                    score.not_run += 1
                elif code in KILLED:
                    score.killed += 1
                    if code in TIMEOUTS:
                        score.stopped.append(mutant)
                elif mutant in explained:
                    score.equivalent += 1
                else:
                    score.survivors[mutant] = code
        out.append(score)
    return out


def describe(code: int) -> str:
    return {0: "survived", 33: "no test reaches it", 5: "no test reaches it"}.get(
        code, f"exit code {code}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("targets", nargs="*", choices=[*TARGETS, []], metavar="TARGET",
                        help=f"some of {', '.join(TARGETS)} (all by default)")
    parser.add_argument("--fresh", action="store_true", help="forget earlier results")
    parser.add_argument("--score-only", action="store_true",
                        help="print the scores of the results already there")
    parser.add_argument("--survivors", action="store_true",
                        help="run the survivors of the last run again (after new tests)")
    parser.add_argument("--timeouts", action="store_true",
                        help="run the mutants stopped by the timeout again (after changing it)")
    parser.add_argument("--jobs", type=int, default=max(1, os.cpu_count() or 2),
                        help="mutants run at once (default: one per CPU)")
    args = parser.parse_args()
    names = args.targets or list(TARGETS)
    explained = equivalents()
    all_scores: list[tuple[Score, bool]] = []
    for name in names:
        target = TARGETS[name]
        folder = WORK / name if args.score_only else prepare(name, target, args.fresh)
        again: list[str] = []
        if args.survivors or args.timeouts:
            for score in scores(target, folder, explained):
                again += list(score.survivors) if args.survivors else []
                again += score.stopped if args.timeouts else []
        if not args.score_only and (again or not (args.survivors or args.timeouts)):
            print(f"== {name}: mutmut in {folder.relative_to(ROOT)}", flush=True)
            run_mutmut(folder, again, args.jobs)
        all_scores += [(score, target.goal) for score in scores(target, folder, explained)]
    print()
    print(f"{'module':<18} {'mutants':>8} {'killed':>7} {'timeout':>8} {'counted':>8} "
          f"{'equiv.':>7} {'not run':>8} {'score':>7}")
    missed = False
    for score, held in all_scores:
        flag = ""
        if held and score.not_run:
            flag = "  not finished"
        elif held and score.ratio < GOAL:
            flag = f"  below {GOAL:.0%}"
        missed |= bool(flag)
        print(f"{score.module:<18} {score.total:>8} {score.killed:>7} {score.timeouts:>8} "
              f"{score.counted:>8} {score.equivalent:>7} {score.not_run:>8} "
              f"{score.ratio:>7.1%}{flag}")
    for score, _ in all_scores:
        if score.survivors:
            print(f"\nsurvivors in {score.module} (kill them or explain them in "
                  f"{EQUIVALENT.relative_to(ROOT)}):")
            for survivor, code in sorted(score.survivors.items()):
                print(f"  {survivor} ({describe(code)})")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
