"""The HTTP surface against what a hostile page or client sends (issue 40, point 8): forwarded
headers believed only from the proxies named, the Host checked, NUL kept from the database,
names with visible letters, booleans that are not numbers, and OPTIONS answered. Every test here
failed on the server as it was before these checks."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest
import websockets

from ludoteca.server.config import ServerConfig
from ludoteca.server.tests.helpers import ServerThread, create, post


def run(coro: Any) -> Any:
    return asyncio.run(coro)


async def post_json(base: str, path: str, body: Any, **headers: str) -> httpx.Response:
    """POST `body` as ASCII JSON (a NUL travels as its escape, as a hostile client sends it)."""
    async with httpx.AsyncClient(base_url=base) as http:
        return await http.post(path, content=json.dumps(body),
                               headers={"content-type": "application/json", **headers})


# --- forwarded headers ------------------------------------------------------------------------
def test_a_forwarded_header_cannot_dodge_the_join_code_limit(sqlite: ServerConfig) -> None:
    """uvicorn believed X-Forwarded-For from loopback: a client on the host named a new
    address at every guess and was never slowed. No proxy named: the socket's address counts."""
    async def scenario(base: str) -> list[int]:
        statuses = []
        for n in range(25):
            answer = await post_json(base, "/api/sessions/join",
                                     {"code": f"ZZZZ{n:02d}", "name": "Guess"},
                                     **{"x-forwarded-for": f"203.0.113.{n}"})
            statuses.append(answer.status_code)
        return statuses

    with ServerThread(sqlite) as server:
        statuses = run(scenario(server.url))
    # The bucket holds 20 and refills one every 3 s: a machine loaded enough to spread the 25
    # guesses over more than 3 s lets one of the last five through, so "some 429" is the claim.
    assert statuses[:20] == [404] * 20 and 429 in statuses[20:]


def test_a_named_proxy_is_believed(sqlite: ServerConfig) -> None:
    """Behind a proxy the operator names, each client is its own forwarded address."""
    sqlite.forwarded_allow_ips = "127.0.0.1"

    async def scenario(base: str) -> list[int]:
        return [(await post_json(base, "/api/sessions/join", {"code": "ZZZZZZ", "name": "G"},
                                 **{"x-forwarded-for": f"203.0.113.{n}"})).status_code
                for n in range(25)]

    with ServerThread(sqlite) as server:
        assert run(scenario(server.url)) == [404] * 25


# --- the Host header --------------------------------------------------------------------------
def test_a_dns_rebinding_page_is_refused(sqlite: ServerConfig) -> None:
    """A page at evil.example whose name now points at the server reaches it with its own
    Host (and Origin): refused with a sentence, over HTTP and WebSocket alike."""
    async def scenario(base: str) -> tuple[httpx.Response, ...]:
        async with httpx.AsyncClient(base_url=base) as http:
            evil = await http.post("/api/matches", json={"game": "goofspiel", "players": 2},
                                   headers={"host": "evil.example",
                                            "origin": "http://evil.example"})
            evil_get = await http.get("/api/matches", headers={"host": "evil.example:8000"})
            own = await http.get("/api/matches", headers={"host": "localhost:8000"})
            health = await http.get("/healthz", headers={"host": "10.1.2.3:8000"})
        made = await create(base, game="goofspiel", players=2)
        url = base.replace("http", "ws", 1) + f"/api/matches/{made['id']}/ws"
        with pytest.raises(websockets.InvalidStatus):
            async with websockets.connect(url, additional_headers={"host": "evil.example"}):
                pass
        return evil, evil_get, own, health

    with ServerThread(sqlite) as server:
        evil, evil_get, own, health = run(scenario(server.url))
    assert health.status_code == 200  # a supervisor's check, by any address
    assert evil.status_code == 421 and evil_get.status_code == 421
    assert "evil.example" in evil.json()["error"] and "localhost" in evil.json()["error"]
    assert own.status_code == 200


def test_the_host_must_be_the_public_urls() -> None:
    from ludoteca.server.api.guards import host_refusal

    public = "https://games.example.org"
    assert host_refusal("games.example.org", public, "10.0.0.2") is None
    assert host_refusal("127.0.0.1:8000", public, "10.0.0.2") is None  # a supervisor's check
    refusal = host_refusal("evil.example", public, "10.0.0.2")
    assert refusal is not None and "games.example.org" in refusal
    assert host_refusal("evil.example", None, "127.0.0.1") is not None
    assert host_refusal("[::1]:8000", None, "::1") is None
    # Listening on every address without --public-url: the server cannot know its names.
    assert host_refusal("evil.example", None, "0.0.0.0") is None
    assert host_refusal(None, None, "127.0.0.1") is not None


# --- NUL and other text the database cannot keep ----------------------------------------------
@pytest.mark.parametrize("code", ["\x00", "ABC\x00DE", "\ud800"])
def test_a_join_code_holding_what_no_code_holds_gets_a_sentence(config: ServerConfig,
                                                                code: str) -> None:
    """PostgreSQL answered 500 to a NUL in a join code."""
    async def scenario(base: str) -> httpx.Response:
        return await post_json(base, "/api/sessions/join", {"code": code, "name": "Ann"})

    with ServerThread(config) as server:
        answer = run(scenario(server.url))
    assert answer.status_code == 422, answer.text
    assert "code" in answer.json()["error"]


def test_text_with_nul_never_reaches_the_database(config: ServerConfig) -> None:
    async def scenario(base: str) -> list[httpx.Response]:
        return [
            await post_json(base, "/api/matches", {"game": "goofspiel", "players": 2,
                                                   "bots": {"1": "random\x00"}}),
            await post_json(base, "/api/matches", {"game": "goofspiel\x00", "players": 2}),
            await post_json(base, "/api/sessions", {"game": "ciurme",
                                                    "options": {"x\x00": 1}}),
            await post_json(base, "/api/matches", {"game": "goofspiel", "players": 2,
                                                   "options": {"cards": "1\x00"}}),
        ]

    with ServerThread(config) as server:
        for answer in run(scenario(server.url)):
            assert 400 <= answer.status_code < 500, answer.text
            assert answer.json()["error"]


# --- names ------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["\u2028", "a\u2029b", "\u0301" * 39, "\u3164",
                                  "\u00a0\u00a0", "a" + "\u0301" * 39, "\u2800"])
def test_a_name_must_hold_visible_letters(sqlite: ServerConfig, name: str) -> None:
    async def scenario(base: str) -> httpx.Response:
        made = await create(base, game="goofspiel", players=2, open_seats=[1])
        return await post_json(base, f"/api/matches/{made['id']}/join", {"name": name})

    with ServerThread(sqlite) as server:
        answer = run(scenario(server.url))
    assert answer.status_code == 422, answer.text
    assert "name" in answer.json()["error"]


@pytest.mark.parametrize("name", ["Zoë", "José María", "李小龍", "Ana-Lía", "O'Neil", "R2-D2",
                                  "عمر", "Amélie (p4)"])
def test_names_in_any_script_still_join(sqlite: ServerConfig, name: str) -> None:
    async def scenario(base: str) -> httpx.Response:
        made = await create(base, game="goofspiel", players=2, open_seats=[1])
        return await post_json(base, f"/api/matches/{made['id']}/join", {"name": name})

    with ServerThread(sqlite) as server:
        answer = run(scenario(server.url))
    assert answer.status_code == 200, answer.text


# --- booleans are not numbers -----------------------------------------------------------------
@pytest.mark.parametrize("body", [
    {"game": "goofspiel", "players": 2, "seed": True},
    {"game": "goofspiel", "players": True},
    {"game": "goofspiel", "players": 2, "open_seats": [True]},
    {"game": "goofspiel", "players": 2, "seed": 1.0},
])
def test_a_boolean_is_not_a_number(sqlite: ServerConfig, body: dict[str, Any]) -> None:
    async def scenario(base: str) -> httpx.Response:
        return await post_json(base, "/api/matches", body)

    with ServerThread(sqlite) as server:
        answer = run(scenario(server.url))
    assert answer.status_code == 422, answer.text
    assert "integer" in answer.json()["error"]


def test_session_numbers_refuse_booleans_too(sqlite: ServerConfig) -> None:
    async def scenario(base: str) -> list[httpx.Response]:
        session = (await post(base, "/api/sessions", body={"game": "ciurme"})).json()
        token = session["facilitator_token"]
        auth = {"authorization": f"Bearer {token}"}
        return [
            await post_json(base, "/api/sessions", {"game": "ciurme", "players": True}),
            await post_json(base, f"/api/sessions/{session['id']}/move",
                            {"member": False, "crew": 0}, **auth),
        ]

    with ServerThread(sqlite) as server:
        for answer in run(scenario(server.url)):
            assert answer.status_code == 422, answer.text
            assert "integer" in answer.json()["error"]


# --- OPTIONS ----------------------------------------------------------------------------------
def test_options_says_what_an_address_accepts(sqlite: ServerConfig) -> None:
    """A CORS preflight (OPTIONS) got 405; it gets 204 with Allow, and no Access-Control
    header: the API is for this server's own pages, so a browser refuses another site."""
    async def scenario(base: str) -> list[httpx.Response]:
        async with httpx.AsyncClient(base_url=base) as http:
            return [await http.options(path, headers={
                "origin": "https://elsewhere.example",
                "access-control-request-method": "POST"})
                for path in ("/api/sessions/join", "/api/matches", "/api/nowhere")]

    with ServerThread(sqlite) as server:
        join, matches, nowhere = run(scenario(server.url))
    # GET /api/sessions/join is a session's lobby (a session whose id is "join").
    assert join.status_code == 204 and join.headers["allow"] == "GET, POST, OPTIONS"
    assert set(matches.headers["allow"].replace(" ", "").split(",")) == {"GET", "POST",
                                                                         "OPTIONS"}
    assert not any(h.startswith("access-control") for h in join.headers)
    assert nowhere.status_code == 404


def test_serve_believes_forwarded_headers_only_from_the_proxies_named(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    """`ludoteca serve` hands uvicorn the proxies named, and none by default (uvicorn's own
    default believes any process on the machine)."""
    import uvicorn
    from typer.testing import CliRunner

    from ludoteca.cli import app

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *_, **kwargs: calls.append(kwargs))
    monkeypatch.delenv("FORWARDED_ALLOW_IPS", raising=False)
    runner = CliRunner()
    db = str(tmp_path / "x.db")
    assert runner.invoke(app, ["serve", "--db", db]).exit_code == 0
    assert runner.invoke(app, ["serve", "--db", db, "--forwarded-allow-ips",
                               "10.0.0.5"]).exit_code == 0
    assert calls[0]["proxy_headers"] is False
    assert calls[1]["proxy_headers"] is True and calls[1]["forwarded_allow_ips"] == "10.0.0.5"
