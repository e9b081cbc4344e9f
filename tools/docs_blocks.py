"""The documentation's command blocks, read from the pages and run as a reader would run them.

Every fenced ```sh block and every ```python block of docs/ and README.md is a command block. A
test (tests/test_docs_commands.py) runs each one in a fresh copy of the repository, from its
root, with `.venv` activated (`source .venv/bin/activate`: its bin/ first on the PATH), the
blocks of one page one after the other in the same copy (a file a block saves is there for the
next). A ```text block right after a command block (nothing but blank lines between) is the
output the reader should see: the command's output must be exactly that.

An HTML comment on the line just before a block's fence says how the check treats it:

- `<!-- not run: REASON -->`: the block is not run here, for the reason given (a proxy with
  TLS, a cluster, a server named db). A block marked without a reason fails the check.
- `<!-- check with: OLD => NEW; OLD2 => NEW2 -->`: the block is run with these replacements, a
  smaller argument of a long command (`--games 200 => --games 4`), so that the check fits the
  test run. `{port}` in NEW is a free port of this machine.
- `<!-- serves -->`: the block starts a server that runs until stopped. It is started, must
  answer on `http://127.0.0.1:{port}/` (a `check with` gives it `--port {port}`), then is
  stopped.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import textwrap
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMMAND_LANGUAGES = ("sh", "python")
FENCE = re.compile(r"^(?P<indent> *)(?P<fence>```+|~~~+)(?P<info>[^\n`]*)$")
DIRECTIVE = re.compile(
    r"^\s*<!--\s*(?P<kind>not run|check with|serves)\s*(?::(?P<text>.*?))?-->\s*$")
# The commands that belong in a ```sh block, to catch one left in a block of no language.
LOOKS_LIKE_COMMAND = re.compile(r"^\s*(\.venv/bin/|make |ludoteca |python |pip |source )")
# What the copy links back to in the checkout instead of copying: built or installed things.
LINKED = (".venv", ".uv", "web/node_modules", "ludoteca/server/static/app")


@dataclass(frozen=True)
class Block:
    """One fenced block of a page: where it is, its language, its text and the check's marks."""

    page: str
    line: int
    language: str
    text: str
    not_run: str | None = None
    replacements: tuple[tuple[str, str], ...] = ()
    serves: bool = False
    expected: str | None = None
    problems: tuple[str, ...] = field(default=())

    @property
    def where(self) -> str:
        """The page and line of the block's opening fence, as an editor opens it."""
        return f"{self.page}:{self.line}"

    @property
    def runs(self) -> bool:
        return self.language in COMMAND_LANGUAGES and self.not_run is None


def pages(root: Path = ROOT) -> list[Path]:
    """The Markdown pages whose blocks are checked: every page of docs/ and the README."""
    return sorted((root / "docs").rglob("*.md")) + [root / "README.md"]


def blocks(path: Path, root: Path = ROOT) -> list[Block]:
    """The fenced blocks of one page, command blocks with their marks and expected output."""
    lines = path.read_text(encoding="utf-8").splitlines()
    page = path.relative_to(root).as_posix()
    found: list[Block] = []
    index = 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if not opening:
            index += 1
            continue
        closing = _closing(lines, index, opening.group("indent"), opening.group("fence"))
        body = textwrap.dedent("\n".join(lines[index + 1:closing]))
        language = opening.group("info").strip().split(" ")[0].lower()
        block = _marked(Block(page, index + 1, language, body), lines, index)
        if found and language == "text" and _follows(lines, found[-1], index):
            found[-1] = _with_output(found[-1], body)
        else:
            found.append(block)
        index = closing + 1
    return found


def _closing(lines: list[str], start: int, indent: str, fence: str) -> int:
    for number in range(start + 1, len(lines)):
        if lines[number].strip() == fence and lines[number].startswith(indent):
            return number
    return len(lines)


def _follows(lines: list[str], previous: Block, index: int) -> bool:
    """Whether the block opening at `index` comes right after `previous` (blank lines between)."""
    if previous.language not in COMMAND_LANGUAGES:
        return False
    end = previous.line + previous.text.count("\n") + 2  # just after its closing fence
    return all(not line.strip() for line in lines[end:index])


def _with_output(block: Block, output: str) -> Block:
    return Block(block.page, block.line, block.language, block.text, block.not_run,
                 block.replacements, block.serves, output, block.problems)


def _marked(block: Block, lines: list[str], index: int) -> Block:
    """The block with the marks of the comment just before its fence, and what is wrong with
    them or with the block (a shell command in a block of no language)."""
    problems: list[str] = []
    not_run: str | None = None
    replacements: tuple[tuple[str, str], ...] = ()
    serves = False
    above = index - 1
    while above >= 0 and (directive := DIRECTIVE.match(lines[above])):
        kind, text = directive.group("kind"), (directive.group("text") or "").strip()
        if kind == "not run":
            not_run = text
            if not text:
                problems.append("is marked `<!-- not run -->` without its reason: write "
                                "`<!-- not run: WHY IT CANNOT RUN HERE -->`")
        elif kind == "check with":
            replacements, wrong = _replacements(text)
            problems += wrong
        else:
            serves = True
        above -= 1
    if block.language == "" and any(LOOKS_LIKE_COMMAND.match(line)
                                    for line in block.text.splitlines()):
        problems.append("holds shell commands in a block of no language: open it with ```sh "
                        "so that the check runs it (or mark it `<!-- not run: REASON -->`)")
    return Block(block.page, block.line, block.language, block.text, not_run,
                 replacements, serves, None, tuple(problems))


def _replacements(text: str) -> tuple[tuple[tuple[str, str], ...], list[str]]:
    pairs, problems = [], []
    for part in filter(None, (part.strip() for part in text.split(";"))):
        old, arrow, new = part.partition("=>")
        if not arrow or not old.strip():
            problems.append(f"has `check with: {part}`, which is not `OLD => NEW`")
        else:
            pairs.append((old.strip(), new.strip()))
    if not pairs and not problems:
        problems.append("is marked `<!-- check with -->` with no replacement: write "
                        "`<!-- check with: OLD => NEW -->`")
    return tuple(pairs), problems


def command_blocks(root: Path = ROOT) -> Iterator[Block]:
    """Every command block of the documentation and every block with a problem, page by page."""
    for path in pages(root):
        for block in blocks(path, root):
            if block.language in COMMAND_LANGUAGES or block.problems:
                yield block


# Running ---------------------------------------------------------------------------------------


def fresh_copy(root: Path = ROOT) -> Path:
    """A copy of the repository's files (committed or not, ignored ones left out) in a new
    temporary folder, its built and installed folders (.venv, the web build) linked back."""
    target = Path(tempfile.mkdtemp(prefix="ludoteca-docs-"))
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=root, capture_output=True, check=True).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = root / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    for name in LINKED:
        if (root / name).exists():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            (target / name).symlink_to(root / name)
    return target


def activated(copy: Path) -> dict[str, str]:
    """The environment of a shell in `copy` after `source .venv/bin/activate`, its home and
    data folders inside the copy (nothing written outside it), its package the copy's own."""
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("PYTEST", "VIRTUAL_ENV", "COV_"))}
    env.update({
        "VIRTUAL_ENV": str(copy / ".venv"),
        "PATH": f"{copy / '.venv' / 'bin'}:{env.get('PATH', '/usr/bin:/bin')}",
        "PYTHONPATH": str(copy),
        "HOME": str(copy / ".home"),
        "XDG_DATA_HOME": str(copy / ".home" / "data"),
        "XDG_CONFIG_HOME": str(copy / ".home" / "config"),
        "XDG_CACHE_HOME": str(copy / ".home" / "cache"),
        "NO_MKDOCS_2_WARNING": "1",
    })
    (copy / ".home").mkdir(exist_ok=True)
    return env


@dataclass(frozen=True)
class Outcome:
    """What running a block gave: whether it did what the page says, and what to tell."""

    ok: bool
    seconds: float
    report: str


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def script(block: Block, port: int) -> str:
    """The block's text as run: the page's replacements made, `{port}` a free port."""
    text = block.text
    for old, new in block.replacements:
        if old not in text:
            raise ValueError(f"`check with: {old} => {new}`: `{old}` is not in the block")
        text = text.replace(old, new.replace("{port}", str(port)))
    return text


def run(block: Block, copy: Path, timeout: float = 240) -> Outcome:
    """Runs one command block in `copy`; the outcome says which page, which block, what failed
    and what to do about it."""
    port = free_port()
    try:
        text = script(block, port)
    except ValueError as error:
        return Outcome(False, 0.0, f"{block.where}: {error}; fix the mark above the block")
    env = activated(copy)
    if block.language == "python":
        (copy / ".home" / "block.py").write_text(text + "\n", encoding="utf-8")
        command = ["python", str(copy / ".home" / "block.py")]
    else:
        command = ["bash", "-e", "-o", "pipefail", "-c", text]
    started = time.monotonic()
    if block.serves:
        return _serve(block, command, copy, env, port, started)
    # A session of its own: a timeout stops the block's every process (make's children too).
    process = subprocess.Popen(command, cwd=copy, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL,
                               start_new_session=True)
    try:
        stdout, stderr = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        return Outcome(False, timeout, f"{block.where}: still running after {timeout:.0f} s; give "
                       "it a smaller argument with `<!-- check with: OLD => NEW -->` above it")
    finally:
        _stop(process)
    done = subprocess.CompletedProcess(command, process.returncode, stdout, stderr)
    seconds = time.monotonic() - started
    if done.returncode != 0:
        return Outcome(False, seconds, f"{block.where}: exit status {done.returncode} when run "
                       f"from the repository's root with .venv activated:\n{_tail(done)}\n"
                       "Fix the command on the page (or the code), or mark the block "
                       "`<!-- not run: REASON -->` if it cannot run here.")
    if block.expected is not None and _lines(done.stdout) != _lines(block.expected):
        return Outcome(False, seconds, f"{block.where}: the output differs from the ```text "
                       f"block the page shows after it.\npage:\n{block.expected}\nrun:\n"
                       f"{done.stdout.rstrip()}\nWrite the output the command prints today.")
    return Outcome(True, seconds, f"{block.where}: ok in {seconds:.1f} s")


def _serve(block: Block, command: list[str], copy: Path, env: dict[str, str], port: int,
           started: float, patience: float = 60) -> Outcome:
    process = subprocess.Popen(command, cwd=copy, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, start_new_session=True,
                               stdin=subprocess.DEVNULL)
    try:
        while time.monotonic() - started < patience and process.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as answer:
                    if answer.status == 200:
                        return Outcome(True, time.monotonic() - started,
                                       f"{block.where}: served on port {port}")
            except OSError:
                time.sleep(0.5)
    finally:
        _stop(process)
        output = process.communicate(timeout=30)[0]
    return Outcome(False, time.monotonic() - started,
                   f"{block.where}: a server block that did not answer on http://127.0.0.1:"
                   f"{port}/ within {patience:.0f} s (give it `--port {{port}}` with "
                   f"`<!-- check with: ... -->`):\n{output[-3000:]}")


def _stop(process: subprocess.Popen[str]) -> None:
    """Stops whatever the block left running in its session (a server it started, say)."""
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass


def _tail(done: subprocess.CompletedProcess[str]) -> str:
    return (done.stdout[-1500:] + done.stderr[-3000:]).rstrip()


def _lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.strip("\n").splitlines()]
