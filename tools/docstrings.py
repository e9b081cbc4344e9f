"""Docstring coverage of the Python reference: the share of public names with a docstring in
the modules the reference documents (the `::: module` lines of docs/reference/*.md), read
with griffe, as mkdocstrings reads them. A public name is a module's function or class, or
a class's method or property, whose name has no leading underscore. Constants and fields are
left out: the code says what they are in a comment beside them, and a class's docstring says
what its fields are.

    .venv/bin/python tools/docstrings.py [--missing] [--least PERCENT]

prints the share, each module's, and with --missing every public name without a docstring;
exit status 1 when the share is below --least (90 by `make docs`).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import griffe

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "docs" / "reference"


def documented_modules(reference: Path = REFERENCE) -> list[str]:
    """The modules the reference's pages render (`::: ludoteca.engine.game`), in page order."""
    names: list[str] = []
    for page in sorted(reference.glob("*.md")):
        names += re.findall(r"^::: *([\w.]+)", page.read_text(encoding="utf-8"), re.M)
    return list(dict.fromkeys(names))


def public_names(module: griffe.Module) -> Iterator[griffe.Object]:
    """The public functions and classes of a module, and the public methods and properties of
    its classes."""
    for name, member in module.members.items():
        if name.startswith("_") or member.is_alias:
            continue
        assert isinstance(member, griffe.Object)
        if not (member.is_function or member.is_class):
            continue
        yield member
        if member.is_class:
            for inner_name, inner in member.members.items():
                if (not inner_name.startswith("_") and not inner.is_alias
                        and isinstance(inner, griffe.Object) and inner.is_function):
                    yield inner


def coverage(modules: list[str]) -> dict[str, tuple[int, list[str]]]:
    """For each module: its public names and the paths of those without a docstring."""
    loader = griffe.GriffeLoader(search_paths=[str(ROOT)])
    out = {}
    for name in modules:
        module = loader.load(name)
        assert isinstance(module, griffe.Module)
        names = list(public_names(module))
        out[name] = (len(names), [obj.path for obj in names if not obj.docstring])
    return out


def main(arguments: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--missing", action="store_true", help="list the names without one")
    parser.add_argument("--least", type=float, default=0.0,
                        help="fail below this share, in percent")
    options = parser.parse_args(arguments)
    found = coverage(documented_modules())
    total = sum(count for count, _ in found.values())
    missing = [path for _, paths in found.values() for path in paths]
    share = 100 * (total - len(missing)) / total if total else 100.0
    for module, (count, paths) in found.items():
        if paths:
            print(f"{module}: {count - len(paths)} of {count}")
            if options.missing:
                print("".join(f"    {path}\n" for path in paths), end="")
    print(f"docstrings: {total - len(missing)} of {total} public names ({share:.1f}%)")
    if share < options.least:
        print(f"below {options.least:.0f}%: write the missing docstrings "
              "(tools/docstrings.py --missing lists them)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
