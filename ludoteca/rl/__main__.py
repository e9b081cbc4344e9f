"""`python -m ludoteca.rl SCRIPT [ARGUMENTS...]`: run a script (one of OpenSpiel's examples, or
your own) with the room's games registered in OpenSpiel, so that its `--game` flag finds them:

    python -m ludoteca.rl open_spiel.python.examples.discounted_cfr \\
        --game 'python_ludoteca_goofspiel(options={"cards":3})' --iterations 20

SCRIPT is a module's name (run as `python -m SCRIPT` runs it) or the path of a Python file; the
arguments after it are the script's own. OpenSpiel finds games only once they are registered in
the process that loads them, and its scripts import no package of ours: this is the one line
that registers them first.
"""

from __future__ import annotations

import importlib.util
import runpy
import sys
from pathlib import Path

from ludoteca.rl import openspiel

USAGE = "usage: python -m ludoteca.rl SCRIPT [ARGUMENTS...]  (SCRIPT: a module or a .py file)"


def main(argv: list[str] | None = None) -> int:
    """Register the games, then run the script with its arguments as its `sys.argv`."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(__doc__ if args else USAGE, file=sys.stdout if args else sys.stderr)
        return 0 if args else 2
    script, rest = args[0], args[1:]
    openspiel.register()
    sys.argv = [script, *rest]
    if script.endswith(".py") or Path(script).is_file():
        if not Path(script).is_file():
            print(f"there is no script {script}; {USAGE}", file=sys.stderr)
            return 2
        runpy.run_path(script, run_name="__main__")
        return 0
    if not _module_exists(script):
        print(f"there is no module {script}; {USAGE}", file=sys.stderr)
        return 2
    runpy.run_module(script, run_name="__main__", alter_sys=True)
    return 0


def _module_exists(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):  # a parent package that does not exist, or a bad name
        return False


if __name__ == "__main__":
    raise SystemExit(main())
