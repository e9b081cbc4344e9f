"""The limits at their exact boundary, on a clock the test holds still (no timed assertions):
N allowed, N+1 refused, and one more allowed once exactly enough time has passed. The join
code's guesses are counted per address the connection comes from, whatever a header claims."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from ludoteca.server.api.guards import Guesses
from ludoteca.server.api.ratelimit import RateLimit
from ludoteca.server.config import ServerConfig
from ludoteca.server.tests.helpers import ServerThread, post


class Clock:
    """Time that moves only when the test moves it."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize(("rate", "burst"), [(4.0, None), (2.0, 4.0), (1.0, 1.0)])
def test_a_connection_sends_its_burst_and_not_one_frame_more(rate: float,
                                                             burst: float | None) -> None:
    clock = Clock()
    limit = RateLimit(rate, burst, clock=clock)
    allowed = int(burst if burst is not None else 2 * rate)  # the burst: twice the rate
    assert [limit.allow() for _ in range(allowed)] == [True] * allowed
    assert limit.allow() is False and limit.dropped == 1
    # (rates and steps that binary fractions hold exactly)
    clock.now += 0.5 / rate  # half a frame's worth of time
    assert limit.allow() is False
    clock.now += 0.5 / rate  # now exactly one frame's worth
    assert limit.allow() is True
    assert limit.allow() is False and limit.dropped == 3


def test_an_idle_connection_saves_up_its_burst_and_no_more() -> None:
    clock = Clock()
    limit = RateLimit(2.0, clock=clock)
    clock.now += 3600
    assert [limit.allow() for _ in range(5)] == [True] * 4 + [False]


def test_an_address_makes_its_burst_of_wrong_guesses_and_not_one_more() -> None:
    clock = Clock()
    guesses = Guesses(burst=20, per=3.0, clock=clock)
    for _ in range(20):
        assert guesses.wait("a") == 0
        guesses.wrong("a")
    assert guesses.wait("a") == pytest.approx(3.0)
    assert guesses.wait("b") == 0  # another address has its own
    clock.now += 1.5
    assert guesses.wait("a") == pytest.approx(1.5)
    clock.now += 1.5
    assert guesses.wait("a") == 0  # exactly one guess's worth of time
    guesses.wrong("a")
    assert guesses.wait("a") == pytest.approx(3.0)


def test_the_join_code_guesses_are_counted_per_connection_not_per_forwarded_header(
    sqlite: ServerConfig,
) -> None:
    # A guesser that claims another address in every header still has one bucket: that of the
    # address it connects from. (uvicorn reads X-Forwarded-For from the proxies it trusts, by
    # default one on 127.0.0.1, into that address; this server trusts none, so the headers
    # here are the client's own claims, which the limit must not follow.)
    async def scenario(base: str) -> list[int]:
        session = (await post(base, "/api/sessions", body={"game": "ciurme"})).json()
        statuses = []
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            for n in range(21):
                claimed = f"10.0.{n}.1"
                headers = {"X-Forwarded-For": claimed, "X-Real-IP": claimed,
                           "Forwarded": f"for={claimed}"}
                answer = await http.post("/api/sessions/join", headers=headers,
                                         json={"code": f"ZZZZ{n:02d}", "name": "Guess"})
                statuses.append(answer.status_code)
            answer = await http.post("/api/sessions/join",
                                     json={"code": session["code"], "name": "Late"})
            statuses.append(answer.status_code)
        return statuses

    server = ServerThread(sqlite)
    server.server.config.proxy_headers = False
    with server:
        server.app.state.guesses = Guesses(burst=20, per=3.0, clock=Clock())
        statuses = asyncio.run(scenario(server.url))
    assert statuses == [404] * 20 + [429, 429], statuses
