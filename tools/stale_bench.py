"""Warns of the benchmark pages (docs/bench/*.md) whose measured code changed since they were
measured, so that a reader is not shown figures of code that is no longer there.

A page names the commit it measured (`at commit abc123`, written by bench/pages.py); a page
written before pages named it is taken as measured at the last commit that changed the page.
The code a page measures is the package (ludoteca/, its tests left out) and the bench script
its command names. The warnings never fail the build (a bench takes minutes to hours to
rerun); each says which page, since when, what changed and the command to rerun.

    .venv/bin/python tools/stale_bench.py        (make docs runs it)
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STAMP = re.compile(r"at commit `(?P<commit>[0-9a-f]+)(?:\+changes)?`")
COMMAND = re.compile(
    r"by `(?:python |\.venv/bin/python )?(?P<script>bench/[\w-]+\.py)(?P<rest>[^`]*)`")


def git(*arguments: str) -> str:
    return subprocess.run(["git", *arguments], cwd=ROOT, check=True, capture_output=True,
                          text=True).stdout.strip()


def measured_commit(page: Path, text: str) -> str | None:
    """The commit the page says it measured, or the last commit that changed the page."""
    stamp = STAMP.search(text)
    if stamp:
        return stamp.group("commit")
    last = git("log", "-1", "--format=%H", "--", str(page.relative_to(ROOT)))
    return last or None


def warnings(folder: Path = ROOT / "docs" / "bench") -> list[str]:
    """One sentence per page whose measured code changed since its commit."""
    out = []
    for page in sorted(folder.glob("*.md")):
        text = page.read_text(encoding="utf-8")
        ran = COMMAND.search(text)
        if not ran:
            continue  # a page no bench writes (the index, the history)
        since = measured_commit(page, text)
        if since is None:
            continue  # a page not committed yet: measured just now
        code = ["ludoteca", ran.group("script"), ":(exclude)ludoteca/**/tests/**"]
        try:
            changed = git("diff", "--name-only", since, "HEAD", "--", *code).splitlines()
        except subprocess.CalledProcessError:
            out.append(f"{page.relative_to(ROOT)}: measured at commit {since}, which this "
                       f"checkout does not have: rerun `python {ran.group('script')}"
                       f"{ran.group('rest')}`")
            continue
        if changed:
            shown = ", ".join(changed[:3]) + (f" and {len(changed) - 3} more"
                                              if len(changed) > 3 else "")
            out.append(f"{page.relative_to(ROOT)}: measured at commit {since[:12]}; the code "
                       f"it measures changed since ({shown}): its figures may be stale, rerun "
                       f"`python {ran.group('script')}{ran.group('rest')}` and commit the page")
    return out


def main() -> int:
    for warning in warnings():
        print(f"WARNING: {warning}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
