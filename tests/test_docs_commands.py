"""Every command block of the documentation runs as written (tools/docs_blocks.py says how a page
marks a block it cannot run, a shorter run of a long command and a server): each page's blocks
in a fresh copy of the repository, from its root with .venv activated, their output compared
where the page shows one. A failure names the page, the block's line and what to do."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from scripts import ROOT, load_script

docs_blocks = load_script("tools/docs_blocks.py")

PAGES = sorted({block.page for block in docs_blocks.command_blocks() if block.runs})


def test_every_block_not_run_says_why_and_every_mark_is_well_formed() -> None:
    problems = [f"{block.where}: the block {problem}"
                for block in docs_blocks.command_blocks() for problem in block.problems]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("page", PAGES)
def test_the_command_blocks_of_a_page_run_as_written(page: str) -> None:
    copy = docs_blocks.fresh_copy()
    try:
        failures = [outcome.report
                    for block in docs_blocks.blocks(ROOT / page)
                    if block.runs
                    for outcome in [docs_blocks.run(block, copy)] if not outcome.ok]
    finally:
        shutil.rmtree(copy, ignore_errors=True)
    assert not failures, "\n\n".join(failures)


PAGE = """\
# A page

<!-- not run: needs a cluster -->
```sh
ray start --head
```

<!-- not run -->
```sh
ludoteca serve
```

<!-- check with: --games 200 => --games 2 -->
```sh
echo --games 200
```

```text
--games 200
```

```
.venv/bin/ludoteca games
```

1. In a list:

    ```python
    print("indented")
    ```
"""


def parsed(tmp_path: Path) -> list:  # type: ignore[type-arg]
    (tmp_path / "page.md").write_text(PAGE)
    return list(docs_blocks.blocks(tmp_path / "page.md", tmp_path))


def test_a_page_is_read_into_blocks_with_their_marks_and_expected_output(tmp_path: Path) -> None:
    cluster, bare, shorter, unlabelled, indented = parsed(tmp_path)
    assert (cluster.line, cluster.not_run, cluster.runs) == (4, "needs a cluster", False)
    assert bare.not_run == "" and "without its reason" in bare.problems[0]
    assert shorter.replacements == (("--games 200", "--games 2"),)
    assert shorter.expected == "--games 200" and shorter.runs
    assert "block of no language" in unlabelled.problems[0]
    assert (indented.language, indented.text) == ("python", 'print("indented")')


def test_a_shorter_run_and_a_wrong_output_are_told_with_the_page_and_line(tmp_path: Path) -> None:
    shorter = parsed(tmp_path)[2]
    assert docs_blocks.script(shorter, 8000) == "echo --games 2"
    outcome = docs_blocks.run(shorter, tmp_path)
    assert not outcome.ok
    assert outcome.report.startswith("page.md:14: the output differs")
    assert "--games 2" in outcome.report
