"""Accounts: signing up, in and out, the cookie's writes checked (Origin and CSRF token), the
limits on wrong passwords, the quotas per person and per address, a person's matches on any
device with their rating, their data, and deleting the account (nothing of them left, their
finished matches still replay)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select, text
from typer.testing import CliRunner

from ludoteca.cli import app
from ludoteca.engine.match import Match
from ludoteca.games import load_game
from ludoteca.server.accounts.models import AccountMatchRow, AccountRow, PasskeyRow, SignInRow
from ludoteca.server.accounts.people import FORMER_PLAYER
from ludoteca.server.api.accounts import COOKIE, CSRF_HEADER, SignInLimits
from ludoteca.server.config import ServerConfig
from ludoteca.server.store import Store
from ludoteca.server.tests.helpers import REQUEST_SECONDS, Client, Player, ServerThread

PASSWORD = "a long enough sentence"


class Device:
    """A browser on this server's pages: its cookies, its Origin, and the CSRF token the
    server gave it at sign-in."""

    def __init__(self, http: httpx.AsyncClient) -> None:
        self.http = http
        self.csrf: str | None = None

    def headers(self) -> dict[str, str]:
        return {CSRF_HEADER: self.csrf} if self.csrf else {}

    async def sign_up(self, name: str, password: str = PASSWORD) -> httpx.Response:
        answer = await self.http.post("/api/accounts", json={"name": name, "password": password})
        if answer.status_code == 201:
            self.csrf = answer.json()["csrf_token"]
        return answer

    async def sign_in(self, name: str, password: str = PASSWORD) -> httpx.Response:
        answer = await self.http.post("/api/accounts/sign-in",
                                      json={"name": name, "password": password})
        if answer.status_code == 200:
            self.csrf = answer.json()["csrf_token"]
        return answer

    async def post(self, path: str, body: Any = None) -> httpx.Response:
        return await self.http.post(path, json=body, headers=self.headers())

    async def get(self, path: str) -> httpx.Response:
        return await self.http.get(path)


@asynccontextmanager
async def device(base: str, origin: str | None = None) -> AsyncIterator[Device]:
    headers = {"Origin": origin or base}
    async with httpx.AsyncClient(base_url=base, timeout=REQUEST_SECONDS,
                                 headers=headers) as http:
        yield Device(http)


def run(config: ServerConfig, scenario: Callable[[str], Coroutine[Any, Any, Any]],
        held_clock: bool = False) -> Any:
    """The scenario against a server of `config` (its sign-in limits on a clock held still:
    no wrong guess is forgotten however slow the machine)."""
    with ServerThread(config) as server:
        if held_clock:
            server.app.state.sign_in_limits = SignInLimits(clock=lambda: 1000.0)
        return asyncio.run(scenario(server.url))


def test_sign_up_in_and_out_with_clear_refusals(sqlite: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        async with device(base) as ann:
            short = await ann.sign_up("Ann", "short")
            assert short.status_code == 422 and "at least 10 characters" in short.json()["error"]
            own_name = await ann.sign_up("Annabelle Lee", "annabelle lee")
            assert own_name.status_code == 422 and "your name" in own_name.json()["error"]
            blank = await ann.sign_up("   ", PASSWORD)
            assert blank.status_code == 422 and "name" in blank.json()["error"]
            made = await ann.sign_up("Ann")
            assert made.status_code == 201 and made.json()["name"] == "Ann"
            cookie = made.headers["set-cookie"].lower()
            assert "httponly" in cookie and "samesite=lax" in cookie and "secure" not in cookie
            assert (await ann.get("/api/accounts/me")).json()["name"] == "Ann"
        async with device(base) as other:
            taken = await other.sign_up("ANN")
            assert taken.status_code == 409 and "already has the name" in taken.json()["error"]
            assert not (await other.get("/api/accounts/me")).json()["signed_in"]
            wrong = await other.sign_in("ann", "not the password")
            assert wrong.status_code == 401 and wrong.json()["error"] == "wrong name or password"
            nobody = await other.sign_in("Nobody", PASSWORD)
            assert nobody.json() == wrong.json()  # who exists is not told
            assert (await other.sign_in("ann")).json()["name"] == "Ann"
            assert (await other.post("/api/accounts/sign-out")).status_code == 200
            assert not (await other.get("/api/accounts/me")).json()["signed_in"]

    run(sqlite, scenario)


def test_sign_out_everywhere_and_a_new_password_end_the_other_devices(
        sqlite: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        async with device(base) as phone, device(base) as laptop, device(base) as tablet:
            await phone.sign_up("Bea")
            await laptop.sign_in("Bea")
            await tablet.sign_in("Bea")
            wrong = await laptop.http.put("/api/accounts/me/password", headers=laptop.headers(),
                                          json={"current": "not it at all", "new": "x" * 12})
            assert wrong.status_code == 401
            changed = await laptop.http.put(
                "/api/accounts/me/password", headers=laptop.headers(),
                json={"current": PASSWORD, "new": "another long sentence"})
            assert changed.json()["signed_out"] == 2
            assert (await laptop.get("/api/accounts/me")).json()["signed_in"]
            for gone in (phone, tablet):
                assert not (await gone.get("/api/accounts/me")).json()["signed_in"]
            assert (await phone.sign_in("Bea")).status_code == 401
            assert (await phone.sign_in("Bea", "another long sentence")).status_code == 200
            ended = await laptop.post("/api/accounts/sign-out-everywhere")
            assert ended.json()["signed_out"] == 2
            for gone in (phone, laptop):
                assert not (await gone.get("/api/accounts/me")).json()["signed_in"]

    run(sqlite, scenario)


# Every write a cookie authorises: (method, path, body); {match} and {code} filled in.
WRITES = [
    ("POST", "/api/accounts/sign-out", None),
    ("POST", "/api/accounts/sign-out-everywhere", None),
    ("PUT", "/api/accounts/me/password", {"current": PASSWORD, "new": "a new long sentence"}),
    ("POST", "/api/accounts/me/matches", {"match_id": "{match}", "token": "{token}"}),
    ("POST", "/api/accounts/me/passkeys/options", None),
    ("DELETE", "/api/accounts/me", {"password": PASSWORD}),
    ("POST", "/api/matches", {"game": "goofspiel", "players": 2}),
    ("POST", "/api/matches/{match}/join", {"name": "Cy"}),
    ("POST", "/api/sessions", {"game": "ciurme"}),
    ("POST", "/api/sessions/join", {"code": "{code}", "name": "Cy"}),
]


def fill(value: Any, names: dict[str, str]) -> Any:
    if isinstance(value, str):
        return value.format(**names)
    if isinstance(value, dict):
        return {key: fill(item, names) for key, item in value.items()}
    return value


@pytest.mark.parametrize(("method", "path", "body"), WRITES, ids=[w[1] for w in WRITES])
def test_every_signed_in_write_needs_this_servers_origin_and_the_csrf_token(
        sqlite: ServerConfig, method: str, path: str, body: Any) -> None:
    async def scenario(base: str) -> list[tuple[int, str]]:
        async with device(base) as ann:
            await ann.sign_up("Ann")
            match = (await ann.post("/api/matches", {"game": "goofspiel", "players": 2,
                                                     "open_seats": [0, 1]})).json()
            session = (await ann.post("/api/sessions", {"game": "ciurme"})).json()
            names = {"match": match["id"], "token": match["host_token"], "code": session["code"]}
            target, payload = fill(path, names), fill(body, names)
            cookie = {COOKIE: ann.http.cookies[COOKIE]}
            tries = [
                {"Origin": base},  # no CSRF token
                {"Origin": base, CSRF_HEADER: "a guess"},
                {"Origin": "https://elsewhere.example", CSRF_HEADER: ann.csrf or ""},
                {"Origin": "null", CSRF_HEADER: ann.csrf or ""},
                {CSRF_HEADER: ann.csrf or ""},  # no Origin
            ]
            answers = []
            async with httpx.AsyncClient(base_url=base, timeout=REQUEST_SECONDS) as bare:
                for headers in tries:
                    bare.cookies.clear()
                    bare.cookies.update(cookie)
                    answer = await bare.request(method, target, json=payload, headers=headers)
                    answers.append((answer.status_code, answer.json().get("code", "")))
            assert (await ann.get("/api/accounts/me")).json()["signed_in"]  # nothing happened
            right = await ann.http.request(method, target, json=payload, headers=ann.headers())
            assert right.status_code < 400, right.text
            return answers

    answers = run(sqlite, scenario)
    assert answers == [(403, "write_refused")] * 5


def test_signing_in_from_another_sites_page_is_refused(sqlite: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        async with device(base, origin="https://elsewhere.example") as page:
            assert (await page.sign_up("Cy")).status_code == 403
        async with device(base) as own:
            assert (await own.sign_up("Cy")).status_code == 201
        async with device(base, origin="https://elsewhere.example") as page:
            assert (await page.sign_in("Cy")).status_code == 403

    run(sqlite, scenario)


def test_wrong_passwords_past_the_limit_wait_per_account_and_per_address(
        sqlite: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        async with device(base) as dan:
            await dan.sign_up("Dan")
            for _ in range(5):
                assert (await dan.sign_in("Dan", "a wrong guess!")).status_code == 401
            limited = await dan.sign_in("Dan")  # even the right password waits
            assert limited.status_code == 429 and int(limited.headers["Retry-After"]) > 0
            assert "try again in" in limited.json()["error"]
            # Another account from the same address still may, until the address's own limit.
            await dan.sign_up("Eve")
            for n in range(20 - 5 - 2):  # the address: 5 wrong, 2 sign-ups so far
                assert (await dan.sign_in(f"Guess {n}", "a wrong guess!")).status_code == 401
            assert (await dan.sign_in("Eve")).status_code == 429

    run(sqlite, scenario, held_clock=True)


def test_quotas_count_a_person_on_every_device_and_a_guest_by_address(
        sqlite: ServerConfig) -> None:
    sqlite.matches_per_hour, sqlite.person_matches_per_hour = 1, 3
    sqlite.unfinished_per_creator, sqlite.person_unfinished = None, None
    game = {"game": "goofspiel", "players": 2}

    async def scenario(base: str) -> None:
        async with device(base) as guest, device(base) as phone, device(base) as laptop:
            assert (await guest.post("/api/matches", game)).status_code == 201
            refused = await guest.post("/api/matches", game)
            assert refused.status_code == 429 and "1 an hour" in refused.json()["error"]
            await phone.sign_up("Fay")
            await laptop.sign_in("Fay")
            made = [(await d.post("/api/matches", game)).status_code
                    for d in (phone, laptop, phone)]
            assert made == [201, 201, 201]
            refused = await laptop.post("/api/sessions", {"game": "ciurme"})
            assert refused.status_code == 429 and refused.json()["params"] == {"most": 3}

    run(sqlite, scenario)


def test_a_person_has_matches_live_at_once_up_to_the_quota(sqlite: ServerConfig) -> None:
    sqlite.person_unfinished = 2

    async def scenario(base: str) -> None:
        async with device(base) as gil:
            await gil.sign_up("Gil")
            game = {"game": "goofspiel", "players": 2}
            first = (await gil.post("/api/matches", game)).json()
            assert (await gil.post("/api/matches", game)).status_code == 201
            refused = await gil.post("/api/matches", game)
            assert refused.json()["code"] == "quota_unfinished"
            async with httpx.AsyncClient(base_url=base) as http:
                await http.post(f"/api/matches/{first['id']}/end",
                                headers={"Authorization": f"Bearer {first['host_token']}"})
            assert (await gil.post("/api/matches", game)).status_code == 201

    run(sqlite, scenario)


def test_accounts_required_to_create_but_not_to_join_and_off_means_none(
        sqlite: ServerConfig) -> None:
    sqlite.accounts = "required"

    async def scenario(base: str) -> None:
        async with device(base) as guest, device(base) as host:
            refused = await guest.post("/api/matches", {"game": "goofspiel", "players": 2})
            assert refused.status_code == 401 and "sign in" in refused.json()["error"]
            assert (await guest.post("/api/sessions", {})).status_code == 401
            await host.sign_up("Hal")
            made = (await host.post("/api/matches", {"game": "goofspiel", "players": 2,
                                                     "open_seats": [1]})).json()
            joined = await guest.post(f"/api/matches/{made['id']}/join", {"name": "Ivy"})
            assert joined.status_code == 200

    run(sqlite, scenario)
    sqlite.accounts = "off"

    async def off(base: str) -> None:
        async with device(base) as guest:
            answer = await guest.sign_up("Hal")
            assert answer.status_code == 404 and answer.json()["code"] == "accounts_off"
            assert (await guest.post("/api/matches", {"game": "goofspiel", "players": 2})
                    ).status_code == 201

    run(sqlite, off)


async def play_out(base: str, match_id: str, tokens: list[str]) -> None:
    """Seat 1 bids its lowest card (1, 2, 3...), seat 0 its second lowest (2, 3, 4... and 1
    last): seat 0 wins every prize but the last, whatever the deal (5 cards: 4 prizes of 5)."""
    def nth_lowest(n: int) -> Callable[[list[Any]], Any]:
        return lambda legal: sorted(legal, key=lambda bid: bid["card"])[min(n, len(legal) - 1)]

    clients = [await Client.connect(base, match_id, token) for token in tokens]
    choices = [nth_lowest(1), nth_lowest(0)]
    await asyncio.gather(*(Player(c, choose).play()
                           for c, choose in zip(clients, choices, strict=True)))
    for client in clients:
        await client.ws.close()


def test_a_persons_match_goes_on_on_another_device_and_counts_on_the_profile(
        config: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        async with device(base) as phone, device(base) as guest:
            await phone.sign_up("Jo")
            made = (await phone.post("/api/matches", {"game": "goofspiel", "players": 2,
                                                      "open_seats": [0, 1],
                                                      "options": {"cards": 5}})).json()
            mine = (await phone.post(f"/api/matches/{made['id']}/join", {"name": "Jo"})).json()
            theirs = (await guest.post(f"/api/matches/{made['id']}/join",
                                       {"name": "Kim"})).json()
            async with httpx.AsyncClient(base_url=base) as http:
                await http.post(f"/api/matches/{made['id']}/start",
                                headers={"Authorization": f"Bearer {made['host_token']}"})
            async with device(base) as laptop:
                assert (await laptop.get("/api/accounts/me/matches")).status_code == 401
                assert (await laptop.get("/api/accounts/me/profile")).json()["code"] == (
                    "not_signed_in")
                await laptop.sign_in("Jo")
                listed = (await laptop.get("/api/accounts/me/matches")).json()
                assert [(m["id"], m["seat"], m["status"]) for m in listed] == [
                    (made["id"], mine["seat"], "running")]
                # The laptop gets the seat's token, the seat only: the guest's stays theirs.
                assert listed[0]["token"] == mine["token"] != theirs["token"]
                assert listed[0]["host_token"] == made["host_token"]
                # The token opens what the seat may, no more: not the record of a match that is
                # being played (its deal and sealed moves), which its host is refused too.
                record = await laptop.http.get(
                    f"/api/matches/{made['id']}/record",
                    headers={"Authorization": f"Bearer {listed[0]['token']}"})
                assert record.status_code in (403, 409)
                before = (await laptop.get("/api/accounts/me/profile")).json()
                assert before["ratings"] == [] and before["matches"][0]["rank"] is None
                await play_out(base, made["id"], [listed[0]["token"], theirs["token"]])
                after = (await laptop.get("/api/accounts/me/profile")).json()
            played = after["matches"][0]
            assert played["status"] == "over" and played["rank"] == 1 and played["rated"]
            [rating] = after["ratings"]
            assert rating["game"] == "goofspiel" and rating["matches"] == 1
            assert rating["rating"] == 1516.0  # one duel won against a guest at 1500
            assert [level["level"] for level in rating["levels"]] == ["easy", "normal", "strong"]
            assert "pairwise" in after["method"] or "duels" in after["method"]

    run(config, scenario)


def test_a_guests_matches_are_claimed_on_the_account(sqlite: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        async with device(base) as browser:
            made = (await browser.post("/api/matches", {"game": "goofspiel", "players": 2,
                                                        "open_seats": [1]})).json()
            joined = (await browser.post(f"/api/matches/{made['id']}/join",
                                         {"name": "Lou"})).json()
            await browser.sign_up("Lou")
            claim = {"match_id": made["id"], "token": "not a token of it"}
            assert (await browser.post("/api/accounts/me/matches", claim)).status_code == 403
            for token in (made["host_token"], joined["token"]):
                claim["token"] = token
                assert (await browser.post("/api/accounts/me/matches", claim)).status_code == 200
            [held] = (await browser.get("/api/accounts/me/matches")).json()
            assert (held["seat"], held["token"], held["host_token"]) == (
                1, joined["token"], made["host_token"])

    run(sqlite, scenario)


def test_deleting_the_account_leaves_nothing_of_the_person_and_the_match_replays(
        config: ServerConfig) -> None:
    async def scenario(base: str) -> tuple[str, str]:
        async with device(base) as phone, device(base) as guest:
            await phone.sign_up("Mina Quartz")
            made = (await phone.post("/api/matches", {"game": "goofspiel", "players": 2,
                                                      "open_seats": [0, 1],
                                                      "options": {"cards": 5}})).json()
            mine = (await phone.post(f"/api/matches/{made['id']}/join",
                                     {"name": "Mina Quartz"})).json()
            theirs = (await guest.post(f"/api/matches/{made['id']}/join",
                                       {"name": "Ned"})).json()
            async with httpx.AsyncClient(base_url=base) as http:
                await http.post(f"/api/matches/{made['id']}/start",
                                headers={"Authorization": f"Bearer {made['host_token']}"})
            await play_out(base, made["id"], [mine["token"], theirs["token"]])
            data = await phone.get("/api/accounts/me/data")
            assert "attachment" in data.headers["content-disposition"]
            assert data.json()["account"]["name"] == "Mina Quartz"
            assert [m["match_id"] for m in data.json()["matches"]] == [made["id"]]
            assert mine["token"] not in data.text and made["host_token"] not in data.text
            wrong = await phone.http.request("DELETE", "/api/accounts/me",
                                             json={"password": "not my password"},
                                             headers=phone.headers())
            assert wrong.status_code == 401
            gone = await phone.http.request("DELETE", "/api/accounts/me",
                                            json={"password": PASSWORD},
                                            headers=phone.headers())
            assert gone.status_code == 200
            assert not (await phone.get("/api/accounts/me")).json()["signed_in"]
            assert (await phone.sign_in("Mina Quartz")).status_code == 401
            summary = (await guest.get(f"/api/matches/{made['id']}")).json()
            assert [s["name"] for s in summary["seats"]] == [FORMER_PLAYER, "Ned"]
            assert summary["status"] == "over"
            record = await guest.http.get(f"/api/matches/{made['id']}/record",
                                          headers={"Authorization":
                                                   f"Bearer {made['host_token']}"})
            return made["id"], record.text

    match_id, record = run(config, scenario)
    game = load_game("goofspiel")
    replayed = Match.from_json(game, json.loads(record))
    assert game.is_over(replayed.state)
    store = Store(config.database_url)
    try:
        with store.read() as session:
            for table in (AccountRow, SignInRow, AccountMatchRow, PasskeyRow):
                assert session.scalars(select(table)).all() == []
            dump = " ".join(str(row) for table in ("matches", "seats", "members", "actions")
                            for row in session.execute(text(f"SELECT * FROM {table}")))
        assert "Mina" not in dump and match_id in dump
    finally:
        store.close()


def test_an_unknown_accounts_setting_is_refused_with_the_choices(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="accounts is one of off, optional, required"):
        ServerConfig(database_url="sqlite://", accounts="maybe").check()
    result = CliRunner().invoke(app, ["serve", "--accounts", "maybe",
                                      "--db", str(tmp_path / "db")])
    assert result.exit_code != 0 and "off, optional, required" in result.output


def test_a_passkey_ceremony_refuses_what_does_not_answer_it(sqlite: ServerConfig) -> None:
    """The browser's side is tested with Chromium's virtual authenticator (tests/web); here,
    every wrong answer gets a sentence, and a ceremony is answered once."""
    async def scenario(base: str) -> None:
        async with device(base) as ann:
            await ann.sign_up("Ann")
            started = await ann.post("/api/accounts/me/passkeys/options")
            options = started.json()["options"]
            assert options["rp"]["id"] == "127.0.0.1" and options["challenge"]
            assert options["authenticatorSelection"]["residentKey"] == "required"
            bogus = {"id": "AAAA", "rawId": "AAAA", "type": "public-key",
                     "response": {"clientDataJSON": "e30", "attestationObject": "oA"}}
            answer = {"ceremony": started.json()["ceremony"], "credential": bogus}
            refused = await ann.post("/api/accounts/me/passkeys", answer)
            assert refused.status_code == 422 and refused.json()["code"] == "passkey_refused"
            again = await ann.post("/api/accounts/me/passkeys", answer)
            assert again.status_code == 409 and again.json()["code"] == "passkey_expired"
        async with device(base) as stranger:
            started = await stranger.post("/api/accounts/passkey/options")
            answer = {"ceremony": started.json()["ceremony"], "credential": bogus}
            refused = await stranger.post("/api/accounts/passkey/sign-in", answer)
            assert refused.status_code == 401 and refused.json()["code"] == "wrong_passkey"
        async with device(base, origin="https://elsewhere.example") as page:
            assert (await page.post("/api/accounts/passkey/options")).status_code == 403

    run(sqlite, scenario)


def test_people_played_with_are_invited_again_to_a_new_match(sqlite: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        async with device(base) as ona, device(base) as pia, device(base) as stranger:
            await ona.sign_up("Ona")
            await pia.sign_up("Pia")
            await stranger.sign_up("Quin")
            made = (await ona.post("/api/matches", {"game": "goofspiel", "players": 2,
                                                    "open_seats": [0, 1]})).json()
            await ona.post(f"/api/matches/{made['id']}/join", {"name": "Ona"})
            await pia.post(f"/api/matches/{made['id']}/join", {"name": "Pia"})
            profile = (await ona.get("/api/accounts/me/profile")).json()
            [fellow] = profile["played_with"]
            assert fellow["name"] == "Pia"
            quin = (await stranger.get("/api/accounts/me")).json()["id"]
            refused = await ona.post("/api/accounts/me/invite",
                                     {"game": "goofspiel", "people": [quin]})
            assert refused.status_code == 403 and refused.json()["code"] == "not_a_fellow"
            again = await ona.post("/api/accounts/me/invite",
                                   {"game": "goofspiel", "people": [fellow["id"]],
                                    "players": 3})
            assert again.status_code == 201, again.text
            new = again.json()["id"]
            summary = (await pia.get(f"/api/matches/{new}")).json()
            assert [s["name"] for s in summary["seats"]] == ["Ona", "Pia", None]
            assert summary["free_seats"] == 1
            held = {m["id"]: m for m in (await pia.get("/api/accounts/me/matches")).json()}
            assert held[new]["seat"] == 1 and held[new]["token"] and not held[new]["host_token"]
            mine = {m["id"]: m for m in (await ona.get("/api/accounts/me/matches")).json()}
            assert mine[new]["seat"] == 0 and mine[new]["host_token"]
            assert held[new]["token"] != mine[new]["token"]

    run(sqlite, scenario)


def test_the_cookie_is_secure_when_the_page_came_over_https(sqlite: ServerConfig) -> None:
    sqlite.forwarded_allow_ips = "127.0.0.1"  # the proxy that ends https, on this machine

    async def scenario(base: str) -> None:
        async with device(base) as over_https:
            over_https.http.headers["X-Forwarded-Proto"] = "https"
            made = await over_https.sign_up("Rui")
            assert made.status_code == 201
            assert "secure" in made.headers["set-cookie"].lower()

    run(sqlite, scenario)
