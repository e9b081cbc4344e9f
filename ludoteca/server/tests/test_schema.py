"""schemathesis over the lobby's OpenAPI schema: generated requests, fitting the schema and
not, never make the server fail (no 5xx), and its answers match the documented schema."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis.checks import not_a_server_error
from schemathesis.generation.modes import GenerationMode
from schemathesis.specs.openapi.checks import response_schema_conformance

from ludoteca.server.config import ServerConfig, sqlite_url
from ludoteca.server.tests.helpers import ServerThread

EXAMPLES = 8


def test_the_lobby_never_fails(tmp_path: Path) -> None:
    config = ServerConfig(database_url=sqlite_url(tmp_path / "db"), bot_pause=0.0)
    with ServerThread(config) as server:
        schema = schemathesis.openapi.from_url(server.url + "/openapi.json")
        results: list[Any] = list(schema.get_all_operations())
        operations = [result.ok() for result in results]
        assert len(operations) >= 15
        for operation in operations:
            for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
                run_operation(operation, mode)


def run_operation(operation: Any, mode: GenerationMode) -> None:
    @given(case=operation.as_strategy(generation_mode=mode))
    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    def check(case: Any) -> None:
        checks: list[Any] = [not_a_server_error]
        if mode is GenerationMode.POSITIVE:
            checks.append(response_schema_conformance)
        case.call_and_validate(checks=checks)

    try:
        check()
    except Unsatisfiable:
        # An operation without parameters or body has no invalid request to make.
        assert mode is GenerationMode.NEGATIVE, operation.label
