"""schemathesis over the lobby's OpenAPI schema, against every route, with real match and session
ids and real tokens as often as generated ones: requests that fit the schema and requests that
do not never make the server fail (no 5xx); what the schema calls invalid is refused; every
answer's status, content type and body are the documented ones."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis.checks import not_a_server_error
from schemathesis.generation.modes import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

from ludoteca.server.config import ServerConfig, sqlite_url
from ludoteca.server.tests.helpers import ServerThread, create, post

EXAMPLES = 8
CHECKS: dict[GenerationMode, list[Any]] = {
    GenerationMode.POSITIVE: [not_a_server_error, status_code_conformance,
                              content_type_conformance, response_schema_conformance],
    GenerationMode.NEGATIVE: [not_a_server_error, status_code_conformance,
                              content_type_conformance, negative_data_rejection],
}


async def real_ids(base: str) -> dict[str, list[str]]:
    """A match running, one waiting, a session in its lobby and one started, with their
    tokens: what a request may name besides what schemathesis makes up."""
    running = await create(base, game="goofspiel", players=2, open_seats=[1])
    await post(base, f"/api/matches/{running['id']}/start", running["host_token"])
    waiting = await create(base, game="castell", players=3, bots={"2": "random"})
    lobby = (await post(base, "/api/sessions", body={"game": "ciurme"})).json()
    started = (await post(base, "/api/sessions", body={"game": "ciurme"})).json()
    await post(base, f"/api/matches/{started['id']}/start", started["facilitator_token"],
               {"players": 8, "bots": "random"})
    return {
        "match_id": [running["id"], waiting["id"], lobby["id"], started["id"]],
        "token": [running["host_token"], running["seats"][0]["token"], waiting["host_token"],
                  lobby["facilitator_token"], started["facilitator_token"],
                  running["spectator_token"]],
    }


def test_the_lobby_keeps_to_its_schema(tmp_path: Path) -> None:
    config = ServerConfig(database_url=sqlite_url(tmp_path / "db"), bot_pause=0.0)
    with ServerThread(config) as server:
        known = asyncio.run(real_ids(server.url))
        schema = schemathesis.openapi.from_url(server.url + "/openapi.json")
        results: list[Any] = list(schema.get_all_operations())
        operations = [result.ok() for result in results]
        assert len(operations) >= 20
        for operation in operations:
            for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
                run_operation(operation, mode, known)


def run_operation(operation: Any, mode: GenerationMode, known: dict[str, list[str]]) -> None:
    real = st.one_of(st.none(), st.sampled_from(known["match_id"]))
    token = st.one_of(st.none(), st.sampled_from(known["token"]))

    @given(case=operation.as_strategy(generation_mode=mode), match_id=real, bearer=token)
    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    def check(case: Any, match_id: str | None, bearer: str | None) -> None:
        if match_id is not None and "match_id" in (case.path_parameters or {}) and (
                mode is GenerationMode.POSITIVE):
            case.path_parameters["match_id"] = match_id
        if bearer is not None:
            case.headers = {**(case.headers or {}), "Authorization": f"Bearer {bearer}"}
        case.call_and_validate(checks=CHECKS[mode])

    try:
        check()
    except Unsatisfiable:
        # An operation without parameters or body has no invalid request to make.
        assert mode is GenerationMode.NEGATIVE, operation.label
