"""A way back for guests, in Chromium (issue 41): a phone joins a session and is closed; its
person comes back from a fresh browser with the join code, their name and the personal code
their phone showed, and plays the same seat; a second person changes phones with the old one
still open, which is told the seat was opened elsewhere; a third comes back without the code and
the facilitator gives the seat back from the control room. The results and the debrief then
name each person once. Screens at a phone's 360 px and a laptop's 1280 px are kept under
test-output/web/test_a_person_comes_back_from_another_browser/."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, ViewportSize
from web_browser import Table, until

PHONE: ViewportSize = {"width": 360, "height": 740}
NAMES = ["Ada", "Hugo", "Carla"]


def phone(table: Table, locale: str = "en-GB") -> Page:
    return table.person(locale=locale, width=PHONE["width"], height=PHONE["height"])


def join(page: Page, code: str, name: str, personal: str | None = None) -> None:
    page.goto(f"/join#code={code}")
    page.fill("input[name=name]", name)
    if personal is not None:
        page.locator("details.back summary").click()
        page.fill("input[name=personal_code]", personal)
    page.locator("form button[type=submit]").click()


def seat_of(page: Page) -> str:
    page.wait_for_selector(".match[data-seat]:not([data-seat=''])")
    return page.locator(".match").first.get_attribute("data-seat") or ""


def api(page: Page, method: str, path: str, host: str) -> Any:
    answer = page.request.fetch(path, method=method, headers={"Authorization": f"Bearer {host}"})
    assert answer.ok, answer.text()
    return answer.json()


def test_a_person_comes_back_from_another_browser(table: Table) -> None:
    facilitator = table.person(width=1280, height=900)
    facilitator.goto("/session")
    facilitator.locator("form button[type=submit]").click()
    facilitator.wait_for_url(re.compile(r".*/session/[\w-]+$"))
    sid = facilitator.url.rstrip("/").rsplit("/", 1)[1]
    host = facilitator.evaluate(
        f"JSON.parse(localStorage.getItem('ludoteca.seats')).find(s => s.id === '{sid}').host")
    code = facilitator.locator(".lobby [data-code]").inner_text().strip()

    phones = {}
    for index, name in enumerate(NAMES):
        phones[name] = phone(table, "it-IT" if index == 2 else "en-GB")
        join(phones[name], code, name)
        phones[name].wait_for_url(re.compile(r".*/play/[\w-]+$"))
        phones[name].wait_for_selector("[data-lobby]")
    personal = {name: page.locator("[data-personal-code] strong").inner_text().strip()
                for name, page in phones.items()}
    assert all(re.fullmatch(r"[A-Z0-9]{5}", c) for c in personal.values()), personal
    phones["Ada"].locator("[data-personal-code] summary").click()
    table.shot(phones["Ada"], "phone-lobby-with-its-code")
    # Dario joined twice (a second browser, before he knew of his code): merged in the lobby,
    # the second browser is his one entry.
    darios = [phone(table), phone(table)]
    join(darios[0], code, "Dario")
    darios[0].wait_for_selector("[data-lobby]")
    join(darios[1], code, "Dario B")
    darios[1].wait_for_selector("[data-lobby]")
    facilitator.locator("[data-guests] details.merge summary").click()
    entries = {m["name"]: m["member"] for m in api(facilitator, "GET", f"/api/sessions/{sid}",
                                                   host)["members"]}
    facilitator.select_option("select[name=newer]", str(entries["Dario B"]))
    facilitator.select_option("select[name=into]", str(entries["Dario"]))
    table.shot(facilitator, "control-room-merge")
    facilitator.locator("[data-merge]").click()
    until(lambda: "Dario B" not in darios[1].inner_text("[data-lobby]"), 10, "the merge")
    darios[0].wait_for_selector("[data-elsewhere]")
    darios[0].context.close()
    facilitator.fill("input[name=seats]", "8")
    facilitator.locator("input[name=seats]").dispatch_event("change")
    until(lambda: "4 people, 8 seats" in facilitator.inner_text("[data-plan]"), 10, "the plan")
    facilitator.locator("[data-start]").click()
    facilitator.wait_for_selector(".control")
    seats = {name: seat_of(page) for name, page in phones.items()}
    table.shot(phones["Carla"], "phone-playing-it")

    # --- Ada's phone is closed; a fresh browser with her personal code plays her seat --------
    phones["Ada"].context.close()
    ada = phone(table)
    join(ada, code.lower(), "ada", personal["Ada"].lower())
    ada.wait_for_url(re.compile(r".*/play/[\w-]+$"))
    assert seat_of(ada) == seats["Ada"]
    assert ada.locator("[data-personal-code] strong").inner_text().strip() == personal["Ada"]

    # --- Carla changes phones while the old one is still open: it is told, and stops ---------
    carla = phone(table, "it-IT")
    carla.goto(f"/join#code={code}")
    carla.fill("input[name=name]", "Carla")
    carla.locator("details.back summary").click()
    carla.fill("input[name=personal_code]", personal["Carla"])
    table.shot(carla, "join-with-a-personal-code-it")
    carla.set_viewport_size({"width": 1280, "height": 800})
    table.shot(carla, "join-with-a-personal-code-it-1280")
    carla.set_viewport_size(PHONE)
    carla.locator("form button[type=submit]").click()
    assert seat_of(carla) == seats["Carla"]
    phones["Carla"].wait_for_selector("[data-elsewhere]")
    assert "altro dispositivo" in phones["Carla"].inner_text("[data-elsewhere]")
    table.shot(phones["Carla"], "old-phone-told-it")

    # --- Hugo lost his code: he asks, the facilitator gives the seat back ---------------------
    phones["Hugo"].context.close()
    hugo = phone(table)
    join(hugo, code, "Hugo")
    hugo.wait_for_selector("[data-asking]")
    table.shot(hugo, "waiting-for-the-facilitator")
    facilitator.wait_for_selector("[data-claim]", timeout=20_000)
    assert "Hugo wants their seat back" in facilitator.inner_text("[data-claim]")
    table.shot(facilitator, "control-room-seat-asked-back")
    facilitator.set_viewport_size({"width": 360, "height": 740})
    table.shot(facilitator, "control-room-seat-asked-back-360", full_page=False)
    facilitator.set_viewport_size({"width": 1280, "height": 900})
    facilitator.locator("[data-claim] [data-give]").click()
    hugo.wait_for_url(re.compile(r".*/play/[\w-]+$"), timeout=20_000)
    assert seat_of(hugo) == seats["Hugo"]
    until(lambda: facilitator.locator("[data-claim]").count() == 0, 10, "the claim answered")

    # --- each plays their own seat: the briefing's colours, picked on the new screens ---------
    for page, name in ((ada, "Ada"), (hugo, "Hugo"), (carla, "Carla")):
        button = page.locator('.group[data-kind="pick_colour"] button').first
        until(lambda page=page: page.locator(  # type: ignore[misc]
            '.group[data-kind="pick_colour"] button').count() > 0, 30, f"{name}'s colours")
        button.click()
    record = api(facilitator, "GET", f"/api/matches/{sid}/record", host)
    picked = {str(a["seat"]) for a in record["log"] if a["action"]["kind"] == "pick_colour"}
    assert {seats[n] for n in NAMES} <= picked, (picked, seats)

    # --- one entry each in the results and the debrief ----------------------------------------
    api(facilitator, "POST", f"/api/matches/{sid}/end", host)
    summary = api(facilitator, "GET", f"/api/matches/{sid}", host)
    names = [s["name"] for s in summary["seats"]]
    assert all(names.count(n) == 1 for n in NAMES), names
    assert {str(s["seat"]) for s in summary["seats"] if s["name"] in NAMES} == set(
        seats.values())
    debrief = api(facilitator, "GET", f"/api/matches/{sid}/debrief", host)
    named = list(debrief["names"].values())
    assert all(named.count(n) == 1 for n in NAMES), named
    lobby = api(facilitator, "GET", f"/api/sessions/{sid}", host)
    assert sorted(m["name"] for m in lobby["members"]) == sorted([*NAMES, "Dario"])


def test_a_matchs_player_comes_back_with_the_code(table: Table) -> None:
    """A Goofspiel seat taken by name from the open matches: the phone shows its personal code;
    closed, its person comes back from a fresh browser (the match has no free seat left, so the
    page opens as a spectator's) with the name and the code, and plays the same seat."""
    first = phone(table)
    made = first.request.post("/api/matches", data={
        "game": "goofspiel", "players": 2, "bots": {"0": "random"}, "open_seats": [1]})
    assert made.ok, made.text()
    mid = made.json()["id"]
    first.goto(f"/play/{mid}")
    first.fill(".join input[type=text]", "Hugo")
    first.locator(".join button[type=submit]").click()
    assert seat_of(first) == "1"
    code = first.locator("[data-personal-code] strong").inner_text().strip()
    first.context.close()

    again = table.person(width=1280, height=800)
    again.goto(f"/play/{mid}")
    again.locator("[data-come-back] summary").click()
    again.fill("[data-come-back] input[type=text]:not(.code)", "Hugo")
    again.fill("[data-come-back] input.code", code)
    table.shot(again, "match-come-back-1280")
    again.locator("[data-come-back] button[type=submit]").click()
    until(lambda: again.locator(".match").first.get_attribute("data-seat") == "1", 15,
          "the same seat")
    assert again.locator("[data-personal-code] strong").inner_text().strip() == code
    again.set_viewport_size(PHONE)
    table.shot(again, "match-back-in-its-seat-360")


def test_a_matchs_host_gives_a_seat_back_at_the_table(table: Table) -> None:
    """Hugo's phone closed with his personal code; from a fresh browser (in Italian) he types
    only his name at the started match and waits; the host sees "hugo wants their seat back"
    on the match screen, gives it with one tap, and Hugo's new screen plays seat 2 with a new
    code. Screens under test-output/web/test_a_matchs_host_gives_a_seat_back_at_the_table/."""
    host = table.person(width=1280, height=800)
    made = host.request.post("/api/matches", data={
        "game": "goofspiel", "players": 2, "open_seats": [1], "grace": "never"})
    assert made.ok, made.text()
    created = made.json()
    mid = created["id"]
    held = {"id": mid, "game": "goofspiel", "seat": 0, "token": created["seats"][0]["token"],
            "host": created["host_token"], "name": "Ada", "since": 0}
    host.goto("/")
    host.evaluate("held => localStorage.setItem('ludoteca.seats', JSON.stringify([held]))", held)

    first = phone(table)
    first.goto(f"/play/{mid}")
    first.fill(".join input[type=text]", "Hugo")
    first.locator(".join button[type=submit]").click()
    assert seat_of(first) == "1"
    old_code = first.locator("[data-personal-code] strong").inner_text().strip()
    if host.request.get(f"/api/matches/{mid}").json()["status"] == "open":
        api(host, "POST", f"/api/matches/{mid}/start", created["host_token"])
    host.goto(f"/play/{mid}")
    assert seat_of(host) == "0"
    first.context.close()

    again = phone(table, locale="it-IT")
    again.goto(f"/play/{mid}")
    again.locator("[data-come-back] summary").click()
    again.fill("[data-come-back] input[type=text]:not(.code)", "hugo")
    again.locator("[data-lost-code]").click()
    again.wait_for_selector("[data-asking]")
    assert "organizzatore" in again.locator("[data-asking]").inner_text()
    table.shot(again, "asking-the-host-360")

    claim = host.locator("[data-match-claims] li")
    claim.wait_for(timeout=15000)
    assert re.search(r"hugo wants their seat back \(Seat 2\)", claim.inner_text())
    table.shot(host, "host-asked-1280")
    host.set_viewport_size(PHONE)
    table.shot(host, "host-asked-360")
    claim.locator("[data-give]").click()
    host.locator("[data-match-claims]").wait_for(state="detached", timeout=15000)

    until(lambda: again.locator(".match").first.get_attribute("data-seat") == "1", 15,
          "Hugo's own seat")
    new_code = again.locator("[data-personal-code] strong").inner_text().strip()
    assert new_code and new_code != old_code
    table.shot(again, "back-in-his-seat-360")
    again.set_viewport_size({"width": 1280, "height": 800})
    table.shot(again, "back-in-his-seat-1280")
