"""The index of a game's rules pages: from every rule and every [D-n] decision to the function
that implements it and the test that proves it.

The index is a developer's page beside the game's tests (`tests/rules_index.md` in the game's
package), not part of the players' rules pages (`rules.en.md`, `rules.it.md`); its table's rows
read

    | [D-3] Ties | `rules/festival.py` `award_tokens` | `tests/test_festival.py` `test_ties` |

(paths relative to the game's package). `index_problems` lists what is wrong: a reference to a
file or a function that does not exist, a [D-n] cited in the code but missing from the index or
indexed but cited nowhere in the code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

INDEX = "tests/rules_index.md"
DECISION = re.compile(r"\[D-(\d+)\]")
REFERENCE = re.compile(r"^`([\w/]+\.py)`\s+`(\w+)`$")


@dataclass(frozen=True)
class Entry:
    """One row of an index."""

    rule: str
    code: tuple[str, str]  # (file, function)
    test: tuple[str, str]

    @property
    def decisions(self) -> set[int]:
        return {int(n) for n in DECISION.findall(self.rule)}


def read_index(page: Path) -> list[Entry]:
    """The rows of the index table (rows whose last two cells are references)."""
    entries = []
    for line in page.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3:
            continue
        code, test = REFERENCE.match(cells[-2]), REFERENCE.match(cells[-1])
        if code and test:
            entries.append(Entry(" | ".join(cells[:-2]), code.groups(), test.groups()))  # type: ignore[arg-type]
    return entries


def defines(path: Path, name: str) -> bool:
    """Whether the module at `path` defines `name` at any indentation (function, class,
    method or assignment)."""
    if not path.is_file():
        return False
    pattern = re.compile(rf"^\s*(?:async\s+def|def|class)\s+{name}\b|^{name}\s*[:=]", re.M)
    return pattern.search(path.read_text(encoding="utf-8")) is not None


def cited_decisions(package: Path) -> set[int]:
    """The [D-n] cited in the package's code (its tests excluded)."""
    found: set[int] = set()
    for module in package.rglob("*.py"):
        if "tests" not in module.relative_to(package).parts:
            found |= {int(n) for n in DECISION.findall(module.read_text(encoding="utf-8"))}
    return found


def index_problems(package: Path) -> list[str]:
    """Everything wrong with the index of the game package at `package`."""
    page = package / INDEX
    if not page.is_file():
        return [f"{INDEX} is missing"]
    entries = read_index(page)
    problems = [] if entries else [f"{INDEX} has no index table"]
    for entry in entries:
        for kind, (file, function) in (("code", entry.code), ("test", entry.test)):
            if not defines(package / file, function):
                problems.append(f"{INDEX}: {entry.rule!r} points to {kind} {file} "
                                f"{function}, which does not exist")
    cited = cited_decisions(package)
    indexed = set().union(*(e.decisions for e in entries)) if entries else set()
    for n in sorted(cited - indexed):
        problems.append(f"{INDEX}: [D-{n}] is cited in the code but not in the index")
    for n in sorted(indexed - cited):
        problems.append(f"{INDEX}: [D-{n}] is in the index but cited nowhere in the code")
    return problems
