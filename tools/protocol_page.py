"""The live-play protocol's reference, generated from its Pydantic models
(`ludoteca/server/api/protocol.py`): every frame a client sends and every frame the server
sends, each field with its type, its default and the comment written beside it in the code.
Nothing is retyped: a frame or a field added to the models is on the page at the next build.

The documentation's hooks (tools/docs_hooks.py) put the tables in the WebSocket page where it
says `<!-- frames -->`; run alone, this prints them:

    .venv/bin/python tools/protocol_page.py
"""

from __future__ import annotations

import ast
import inspect
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "ludoteca" / "server" / "api" / "protocol.py"
MARKER = "<!-- frames -->"


@dataclass(frozen=True)
class Field:
    """One field of a model as the code writes it."""

    name: str
    annotation: str
    default: str | None  # None: required
    comment: str


@dataclass(frozen=True)
class Model:
    """One model of the protocol: its name, docstring, fields and frame type (if a frame)."""

    name: str
    doc: str
    fields: tuple[Field, ...]
    bases: tuple[str, ...]

    @property
    def frame_type(self) -> str | None:
        """The value of its `type` field's Literal, for a frame; None for a part of one."""
        for field in self.fields:
            if field.name == "type" and field.annotation.startswith("Literal["):
                return str(ast.literal_eval(field.annotation[len("Literal["):-1]))
        return None


def models(source: Path = SOURCE) -> list[Model]:
    """Every class of the protocol module, in the order of the code."""
    text = source.read_text(encoding="utf-8")
    lines = text.splitlines()
    found = []
    for node in ast.parse(text).body:
        if isinstance(node, ast.ClassDef):
            fields = tuple(_field(statement, lines) for statement in node.body
                           if isinstance(statement, ast.AnnAssign)
                           and isinstance(statement.target, ast.Name))
            found.append(Model(node.name, inspect.cleandoc(ast.get_docstring(node) or ""),
                               fields, tuple(ast.unparse(base) for base in node.bases)))
    return found


def _field(statement: ast.AnnAssign, lines: list[str]) -> Field:
    assert isinstance(statement.target, ast.Name)
    line = lines[statement.lineno - 1]
    comments: list[str] = []
    above = statement.lineno - 2
    while above >= 0 and lines[above].strip().startswith("#"):
        comments.insert(0, lines[above].strip().lstrip("#").strip())
        above -= 1
    if "  # " in line:
        comments.append(line.split("  # ", 1)[1].strip())
    default = ast.unparse(statement.value) if statement.value is not None else None
    return Field(statement.target.id, ast.unparse(statement.annotation), default,
                 " ".join(comments))


def server_frames() -> set[str]:
    """The models of the frames the server sends (the module's SERVER_FRAMES), by name."""
    from ludoteca.server.api.protocol import SERVER_FRAMES

    return {model.__name__ for model in SERVER_FRAMES.values()}


def render(source: Path = SOURCE) -> str:
    """The frames' tables in Markdown: the client's, the server's, then the parts of frames."""
    every = [model for model in models(source) if model.name != "Frame"]
    from_server = server_frames()
    frames = [model for model in every if model.frame_type]
    sent = [model for model in frames if model.name not in from_server]
    told = [model for model in frames if model.name in from_server]
    parts = [model for model in every if not model.frame_type]
    out = [f"*Generated from `{SOURCE.relative_to(ROOT).as_posix()}` when the site was built. "
           "A field without a default is always present; the server may add fields, and a "
           "client ignores those it does not know.*", ""]
    for title, group in (("From the client", sent), ("From the server", told),
                         ("Parts of frames", parts)):
        out += [f"### {title}", ""]
        for model in group:
            out += _table(model)
    return "\n".join(out).rstrip() + "\n"


def _table(model: Model) -> list[str]:
    heading = f"`{model.frame_type}`" if model.frame_type else f"`{model.name}`"
    lines = [f"#### {heading}", "", f"Model `{model.name}`."]
    if model.doc:
        lines[-1] += " " + " ".join(model.doc.split())
    lines += ["", "| field | type | default | meaning |", "|---|---|---|---|"]
    for field in model.fields:
        default = "required" if field.default is None else f"`{field.default}`"
        lines.append(f"| `{field.name}` | `{_cell(field.annotation)}` | {_cell(default)} | "
                     f"{_cell(field.comment)} |")
    return lines + [""]


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def fill(page: str) -> str:
    """The WebSocket page with the generated tables where it says `<!-- frames -->`."""
    if MARKER not in page:
        raise ValueError(f"the WebSocket page has no {MARKER} line where the frames go")
    return page.replace(MARKER, render())


if __name__ == "__main__":
    sys.stdout.write(render())
