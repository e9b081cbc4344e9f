"""The package's imports run one way: no module imports a module that imports it back (however
far round), the top-level packages import only the ones below them, and so do the server's
layers (DESIGN.md, "Layers"). Read from the source, every import counted: at the top of a
module, inside a function, and those only for type checkers."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "ludoteca"

# Each top-level package may import those before it in this list, never those after it.
TOP_LEVEL = ["engine", "games", "bots", "sim", "server", "rl", "cli"]
# The server's layers, bottom first; `config` (the settings) and `loopback` sit beside them.
SERVER_LAYERS = ["store", "live", "hub", "accounts", "api"]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def modules() -> dict[str, Path]:
    """Every module of the package but the tests, by dotted name."""
    return {module_name(path): path for path in PACKAGE.rglob("*.py")
            if "tests" not in path.relative_to(PACKAGE).parts}


def imported(name: str, path: Path) -> Iterator[str]:
    """The package's modules that `name` imports: `from pkg import sub` counts as `pkg.sub`
    where `sub` is a module, else as `pkg`."""
    known = modules()
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".")[: len(name.split(".")) - node.level + is_package]
                base = ".".join(anchor + ([base] if base else []))
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                       for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target.startswith("ludoteca") and target != name:
                yield target


@cache
def graph() -> dict[str, set[str]]:
    return {name: set(imported(name, path)) for name, path in modules().items()}


def cycles() -> list[list[str]]:
    """Groups of modules that import each other, however far round (Tarjan's algorithm)."""
    edges = graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in edges.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def rank(name: str, prefix: str, order: list[str]) -> int | None:
    if not name.startswith(prefix + "."):
        return None
    part = name[len(prefix) + 1:].split(".")[0]
    return order.index(part) if part in order else None


def upward(prefix: str, order: list[str]) -> list[str]:
    """Imports from a part of `prefix` to a part after it in `order`."""
    wrong = []
    for source, targets in graph().items():
        low = rank(source, prefix, order)
        for target in targets:
            high = rank(target, prefix, order)
            if low is not None and high is not None and high > low:
                wrong.append(f"{source} imports {target}")
    return sorted(wrong)


def test_no_module_imports_itself_back() -> None:
    assert cycles() == []


def test_top_level_packages_import_only_those_below() -> None:
    assert upward("ludoteca", TOP_LEVEL) == []


def test_server_layers_import_only_those_below() -> None:
    assert upward("ludoteca.server", SERVER_LAYERS) == []


def test_the_checks_see_a_circle_and_an_arrow_upward(tmp_path: Path) -> None:
    """The graph is read right: the live match's own imports are found, and a module that
    imports a layer above it would be seen."""
    edges = graph()
    assert "ludoteca.server.store" in edges["ludoteca.server.live.match"]
    assert "ludoteca.server.live.frames" in edges["ludoteca.server.live.match"]
    edges["ludoteca.server.store.database"].add("ludoteca.server.live.match")
    try:
        assert "ludoteca.server.store.database imports ludoteca.server.live.match" in upward(
            "ludoteca.server", SERVER_LAYERS)
        assert any("ludoteca.server.store.database" in group for group in cycles())
    finally:
        edges["ludoteca.server.store.database"].discard("ludoteca.server.live.match")
