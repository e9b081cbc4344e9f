"""The contributors' example game (docs/contributors/example_game/) added to a scratch copy as
"Adding a game" says: the package's folder and registry line (example_package), and the
browser's files and lines (example_web). Each edit finds the line it follows or fails saying
which file changed under it."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from scripts import ROOT

EXAMPLE = ROOT / "docs" / "contributors" / "example_game"
REGISTERED = '    "goofspiel": "ludoteca.games.goofspiel",\n'


def insert_after(path: Path, anchor: str, added: str) -> None:
    """`added` written right after `anchor` in `path`."""
    text = path.read_text()
    assert anchor in text, f"{path.name} no longer has {anchor!r}, which the example follows"
    path.write_text(text.replace(anchor, anchor + added, 1))


def example_package(root: Path) -> None:
    """A copy of the package under `root` (its built web client left out) with Nim added and
    registered."""
    shutil.copytree(ROOT / "ludoteca", root / "ludoteca",
                    ignore=shutil.ignore_patterns("__pycache__", "app"))
    shutil.copytree(EXAMPLE / "nim", root / "ludoteca" / "games" / "nim",
                    ignore=shutil.ignore_patterns("__pycache__"))
    insert_after(root / "ludoteca" / "games" / "__init__.py", REGISTERED,
                 '    "nim": "ludoteca.games.nim",\n')


def example_web(root: Path) -> None:
    """A copy of the browser client under `root`/web (its node_modules the checkout's, linked)
    with Nim's words, texts and picture added, as the page's list says."""
    web = root / "web"
    shutil.copytree(ROOT / "web", web, ignore=shutil.ignore_patterns("node_modules"))
    os.symlink(ROOT / "web" / "node_modules", web / "node_modules")
    source = web / "src"
    shutil.copytree(EXAMPLE / "web" / "games" / "nim", source / "games" / "nim")
    shutil.copy(EXAMPLE / "web" / "pictures" / "NimCover.svelte", source / "pictures")
    insert_after(source / "lib" / "games.ts", '"goofspiel"', ', "nim"')
    insert_after(source / "games" / "registry.ts",
                 'import { goofspielText } from "./goofspiel/text";\n',
                 'import { nimText } from "./nim/text";\n')
    insert_after(source / "games" / "registry.ts",
                 "  goofspiel: { screen: GoofspielScreen, text: goofspielText },\n",
                 "  nim: { screen: null, text: nimText },\n")
    picture = source / "pictures" / "GamePicture.svelte"
    insert_after(picture, 'import GoofspielCover from "./GoofspielCover.svelte";\n',
                 '  import NimCover from "./NimCover.svelte";\n')
    insert_after(picture, "    <GoofspielCover />\n",
                 '  {:else if game === "nim"}\n    <NimCover />\n')
    for language in ("en", "it"):
        texts = json.loads((EXAMPLE / "web" / "i18n" / f"{language}.json").read_text())
        lines = "".join(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)},\n"
                        for k, v in texts.items())
        dictionary = source / "i18n" / f"{language}.ts"
        text = dictionary.read_text()
        end = text.rindex("\n}")
        dictionary.write_text(text[:end + 1] + lines + text[end + 1:])
