"""The browser client's protocol types are generated from the server's Pydantic models
(web/scripts/export_schema.py, then json-schema-to-typescript): they must be today's, so the
client and the server cannot drift apart. `make web-types` regenerates them."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
NODE = Path(sys.executable).parent / "node"


def exporter() -> ModuleType:
    spec = importlib.util.spec_from_file_location("export_schema",
                                                  WEB / "scripts" / "export_schema.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_schema_is_the_servers() -> None:
    committed = json.loads((WEB / "src" / "protocol" / "schema.json").read_text())
    assert committed == json.loads(json.dumps(exporter().schema())), (
        "web/src/protocol/schema.json is stale: run `make web-types`"
    )


def test_the_typescript_types_are_generated_from_it() -> None:
    if not (WEB / "node_modules" / "json-schema-to-typescript").is_dir():
        pytest.fail("the client's tools are not installed: run `make web-check`")
    done = subprocess.run(
        [str(NODE), "scripts/generate-types.mjs", "src/protocol/schema.json",
         "src/protocol/types.ts", "--check"],
        cwd=WEB, capture_output=True, text=True,
    )
    assert done.returncode == 0, done.stderr
