"""The catalogue of the error codes the server's HTTP answers carry (`{"error", "code",
"params"}`, ludoteca/server/api/errors.py), read from the code: every call of `ApiError` or of
its helpers (`not_found`, `forbidden`, `conflict`, `invalid`) that names a code, with its HTTP
status, the names of its params and the module that raises it. A code added to the server is
in the catalogue at the next build (tools/docs_hooks.py puts it where the HTTP page says
`<!-- error codes -->`); run alone, this prints it:

    .venv/bin/python tools/error_codes.py
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SERVER = ROOT / "ludoteca" / "server"
MARKER = "<!-- error codes -->"
# The helpers of errors.py: their HTTP status and where their code argument is.
HELPERS = {"not_found": (404, 1), "forbidden": (403, 1), "conflict": (409, 1),
           "invalid": (422, 1), "ApiError": (None, 2)}


@dataclass(frozen=True)
class ErrorCode:
    """One code as one place of the server raises it."""

    code: str
    status: int | None
    params: tuple[str, ...]
    module: str
    sentence: str


def codes(server: Path = SERVER) -> list[ErrorCode]:
    """Every code the server's modules raise, sorted by code, then module."""
    found = set()
    for path in sorted(server.rglob("*.py")):
        if "tests" in path.parts:
            continue
        module = path.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                entry = _entry(node, module)
                if entry:
                    found.add(entry)
    return sorted(found, key=lambda entry: (entry.code, entry.module, entry.status or 0))


def _entry(call: ast.Call, module: str) -> ErrorCode | None:
    name = call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", "")
    if name not in HELPERS:
        return None
    status, position = HELPERS[name]
    keywords = {keyword.arg: keyword.value for keyword in call.keywords if keyword.arg}
    code = call.args[position] if len(call.args) > position else keywords.get("code")
    if not (isinstance(code, ast.Constant) and isinstance(code.value, str)):
        return None
    if status is None and call.args and isinstance(call.args[0], ast.Constant):
        status = int(call.args[0].value)  # type: ignore[arg-type]
    params = tuple(sorted(key for key in keywords if key not in ("code", "headers", "params")))
    if "params" in keywords and isinstance(keywords["params"], ast.Dict):
        params += tuple(sorted(str(key.value) for key in keywords["params"].keys
                               if isinstance(key, ast.Constant)))
    sentence = call.args[0] if name != "ApiError" else (call.args[1] if len(call.args) > 1
                                                         else None)
    text = ast.unparse(sentence) if sentence is not None else ""
    return ErrorCode(code.value, status, params, module, text)


def render(server: Path = SERVER) -> str:
    """The catalogue as a Markdown table."""
    lines = ["| code | status | params | raised in | the sentence (in the code) |",
             "|---|---|---|---|---|"]
    for entry in codes(server):
        params = ", ".join(f"`{name}`" for name in entry.params) or "none"
        sentence = entry.sentence.replace("|", "\\|").replace("\n", " ")
        if len(sentence) > 120:
            sentence = sentence[:117] + "..."
        lines.append(f"| `{entry.code}` | {entry.status or ''} | {params} | `{entry.module}` | "
                     f"`{sentence}` |")
    return "\n".join(lines) + "\n"


def fill(page: str) -> str:
    """The HTTP page with the catalogue where it says `<!-- error codes -->`."""
    if MARKER not in page:
        raise ValueError(f"the HTTP page has no {MARKER} line where the catalogue goes")
    return page.replace(MARKER, render())


if __name__ == "__main__":
    sys.stdout.write(render())
