"""The browser client's protocol types are generated from the server's Pydantic models
(web/scripts/export_schema.py, then json-schema-to-typescript): they must be today's, so the
client and the server cannot drift apart. `make web-types` regenerates them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from scripts import load_script

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
NODE = Path(sys.executable).parent / "node"


def test_the_schema_is_the_servers() -> None:
    committed = json.loads((WEB / "src" / "protocol" / "schema.json").read_text())
    schema = load_script("web/scripts/export_schema.py").schema()
    assert committed == json.loads(json.dumps(schema)), (
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
