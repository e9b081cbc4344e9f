"""MkDocs hooks of the documentation site (mkdocs.yml names this file).

Each registered game's rules page (`players/rules/<game>.md`) is its package's `rules.en.md`
as it is, the page the browser client shows too: a game added to the registry has its page at
the next build. Its decision marks ([D-n]) are escaped, so that two side by side do not read as
a Markdown reference link.

The server's HTTP reference is built from the app itself as the site is built: its OpenAPI
document (`app.openapi()`, the one `/docs` serves) is written as `reference/openapi.json` and
rendered as the Markdown page `reference/openapi.md`: every route with its parameters, body and
answers, then every schema with its fields. Nothing is fetched from the network, and nothing
is retyped: a route added to the server is on the page at the next build.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

PAGE = "reference/openapi.md"
DOCUMENT = "reference/openapi.json"
METHODS = ("get", "post", "put", "patch", "delete")


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """The WebSocket page's frames from the protocol's models (tools/protocol_page.py); the HTTP
    page's routes from the app and its error codes from the server's code (error_codes.py)."""
    if page.file.src_uri == "reference/websocket.md":
        return str(tool("protocol_page").fill(markdown))
    if page.file.src_uri == "reference/http.md":
        return str(tool("error_codes").fill(markdown.replace("<!-- routes -->",
                                                             routes(openapi()))))
    return markdown


def tool(name: str) -> ModuleType:
    """A script of tools/ beside this one, as a module."""
    path = Path(__file__).with_name(f"{name}.py")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def routes(spec: dict[str, Any]) -> str:
    """Every route of the app with its summary, which says who may call it."""
    lines = ["| route | what (who) |", "|---|---|"]
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if method in METHODS:
                lines.append(f"| [`{method.upper()} {path}`](openapi.md#{anchor(method, path)}) "
                             f"| {cell(operation.get('summary', ''))} |")
    return "\n".join(lines) + "\n"


def on_files(files: Files, config: MkDocsConfig) -> Files:
    for name, text in rules_pages().items():
        files.append(File.generated(config, f"players/rules/{name}.md", content=text))
    spec = openapi()
    files.append(File.generated(config, DOCUMENT, content=json.dumps(spec, indent=1)))
    files.append(File.generated(config, PAGE, content=render(spec)))
    return files


def rules_pages() -> dict[str, str]:
    """Every registered game's rules in English, by the game's name."""
    from ludoteca.games import game_names, load_game

    pages = {}
    for name in game_names():
        module = importlib.import_module(type(load_game(name)).__module__)
        text = (Path(module.__file__ or "").parent / "rules.en.md").read_text(encoding="utf-8")
        pages[name] = drawn_pictures(re.sub(r"\[(D-\d+)\]", r"\\[\1\\]", text))
    return pages


def drawn_pictures(text: str) -> str:
    """A rules page's pictures (`![what it shows](picture:castell-map)`) are drawn by the browser
    client's own screens, which the site does not have: the site shows what each one shows, in
    words, where the browser shows the picture (an image link would be broken)."""
    return re.sub(r"!\[([^\]]*)\]\(picture:[\w-]+\)",
                  r"*The rules page of the games room shows a picture here: \1.*", text)


def openapi() -> dict[str, Any]:
    """The app's OpenAPI document, from an app on an in-memory database (never started)."""
    from ludoteca.server.api.app import create_app
    from ludoteca.server.config import ServerConfig

    return create_app(ServerConfig(database_url="sqlite://")).openapi()


def render(spec: dict[str, Any]) -> str:
    info = spec["info"]
    lines = [
        "# HTTP API (OpenAPI)",
        "",
        f"{info['title']} {info['version']}, OpenAPI {spec['openapi']}: generated from the "
        "server's app when this site was built (the running server serves the same document "
        "at `/openapi.json` and an interactive page at `/docs`). "
        "[Download the document](openapi.json).",
        "",
        info.get("description", "").strip(),
        "",
        "| method | path | what |",
        "|---|---|---|",
    ]
    routes = [(path, method, operation) for path, item in spec["paths"].items()
              for method, operation in item.items() if method in METHODS]
    for path, method, operation in routes:
        lines.append(f"| {method.upper()} | [`{path}`](#{anchor(method, path)}) | "
                     f"{cell(operation.get('summary', ''))} |")
    lines.append("")
    for path, method, operation in routes:
        lines += route(path, method, operation)
    lines += ["## Schemas", ""]
    for name, schema in spec.get("components", {}).get("schemas", {}).items():
        lines += schema_section(name, schema)
    return "\n".join(lines) + "\n"


def anchor(method: str, path: str) -> str:
    return f"{method}-" + "".join(c if c.isalnum() else "-" for c in path).strip("-")


def cell(text: str) -> str:
    """Text fit for one cell of a Markdown table."""
    return " ".join(str(text).split()).replace("|", "\\|")


def route(path: str, method: str, operation: dict[str, Any]) -> list[str]:
    lines = [f"## {method.upper()} `{path}` {{#{anchor(method, path)}}}", ""]
    if operation.get("summary"):
        lines += [f"**{operation['summary']}**", ""]
    if operation.get("description"):
        lines += [operation["description"].strip(), ""]
    parameters = operation.get("parameters", [])
    if parameters:
        lines += ["| parameter | in | type | required |", "|---|---|---|---|"]
        lines += [f"| `{p['name']}` | {p['in']} | {type_of(p.get('schema', {}))} | "
                  f"{'yes' if p.get('required') else 'no'} |" for p in parameters]
        lines.append("")
    body = operation.get("requestBody", {}).get("content", {}).get("application/json")
    if body:
        lines += [f"Body: {type_of(body.get('schema', {}))}", ""]
    answers = []
    for code, answer in operation.get("responses", {}).items():
        content = answer.get("content", {}).get("application/json", {})
        kind = f" {type_of(content['schema'])}" if content.get("schema") else ""
        answers.append(f"`{code}` {cell(answer.get('description', ''))}{kind}")
    if answers:
        lines += ["Answers: " + "; ".join(answers) + ".", ""]
    return lines


def schema_section(name: str, schema: dict[str, Any]) -> list[str]:
    lines = [f"### {name} {{#schema-{name.lower()}}}", ""]
    if schema.get("description"):
        lines += [" ".join(schema["description"].split()), ""]
    properties = schema.get("properties", {})
    if properties:
        required = set(schema.get("required", []))
        lines += ["| field | type | required | about |", "|---|---|---|---|"]
        for field, about in properties.items():
            lines.append(f"| `{field}` | {type_of(about)} | {'yes' if field in required else 'no'} "
                         f"| {cell(about.get('description', ''))} |")
        lines.append("")
    elif "enum" in schema:
        lines += ["One of " + ", ".join(f"`{json.dumps(v)}`" for v in schema["enum"]) + ".", ""]
    return lines


def type_of(schema: dict[str, Any]) -> str:
    """A schema's type in a few words, a reference as a link to its section."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return f"[{name}](#schema-{name.lower()})"
    for union in ("anyOf", "oneOf"):
        if union in schema:
            return " or ".join(type_of(option) for option in schema[union])
    if "const" in schema:
        return f"`{json.dumps(schema['const'])}`"
    if "enum" in schema:
        return " \\| ".join(f"`{json.dumps(v)}`" for v in schema["enum"])
    kind = schema.get("type", "any")
    if kind == "array":
        return f"list of {type_of(schema.get('items', {}))}"
    if kind == "object" and "additionalProperties" in schema:
        values = schema["additionalProperties"]
        return f"object of {type_of(values) if isinstance(values, dict) else 'any'}"
    return "null" if kind == "null" else str(kind)
