"""A Ciurme workshop as a trainer runs it, in Chromium: a facilitator's laptop, two projectors
(one Italian, one English), eleven phones in both languages and a latecomer, every action
clicked on their buttons, both phases to the debrief.

The room is busy (every phone taps and talks as fast as it can); one phone is closed for good
in phase 1 and its crew goes on once the grace has run out, a bot playing the seat under its
person's name; the latecomer takes the seat a bot was playing and plays it; a phone reloads in
the middle of a vote and votes; the facilitator pauses, and the phones say so; a motion to
depose asks for confirmation. Every frame each phone and projector received is then checked
against what the rules let that seat know (the oracle of `test_leaks`), the room's debrief
against the private talk, every screen in each language against the other language's words,
and the facilitator's clock of every step against every bot seat's pause plus a margin.
Screenshots of the phones, the control room and the projectors at each phase are kept under
test-output/web/test_a_whole_workshop/.
"""

from __future__ import annotations

import json
import random
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from web_browser import Table, until
from web_pages import sideways_scrolling

from ludoteca.games import load_game
from ludoteca.games.ciurme.data import SHIP_NAMES

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from ludoteca.server.tests.test_leaks import check_frames, replayed  # noqa: E402

PHONE = {"width": 360, "height": 740}
NAMES = ["Ada", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Hugo", "Irene", "Luca",
         "Marta"]
LATECOMER = "Nadia"
BOT_PAUSE = 0.05  # the test server's (conftest: --bot-pause 0.05)
# A bot that froze waited 90 s and more for its move in a busy room; a bot that thinks waits its
# pause and its search. The margin tells the two apart on a loaded two-core machine (a search
# there took 3.6 s once), so the check says "no bot froze", not how fast bots are (bench/room.py).
FROZEN = 15.0
GRACE = 8  # seconds, set from the control room (45 by default)
# Words that only one language's screens may hold.
ENGLISH = re.compile(
    r"\b(the|of|and|you|your|crew|crews|vote|votes|voted|round|stamps?|ships?|wood|captain|"
    r"quartermaster|waiting|repairs?|island|lifeboat|wreck|paused|phase|people|seats?|"
    r"facilitator|move|stay|help|abstain|results|objectives?|rules|talk|send|away|crimson|"
    r"white|black|flag)\b", re.IGNORECASE)
ITALIAN = re.compile(
    r"\b(ciurma|ciurme|capitano|quartiermastro|riparazion[ei]|turno|nessuno|timbr[oi]|"
    r"votazion[ei]|ammiraglia|giocatore|legno|isola|scialuppa|relitto|fase|tocca|pausa|sala|"
    r"facilitatore|bandiera|navi)\b", re.IGNORECASE)
# Frames' timings on the facilitator's laptop, taken by the page as each frame arrives.
TIMINGS = """
window.__timings = [];
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (m) => {
      const f = JSON.parse(m.data);
      const bots = f.type === "presence"
        ? f.seats.filter((s) => s.bot || s.stand_in).map((s) => s.seat) : null;
      window.__timings.push([Date.now(), f.type, f.step ?? null, f.status ?? null, bots]);
    });
  }
};
"""


@dataclass
class Screen:
    """A page of the room and every frame it received (a reload adds its new socket's)."""

    page: Page
    language: str
    seat: int | None = None
    frames: list[dict[str, Any]] = field(default_factory=list)
    open: bool = True

    def __post_init__(self) -> None:
        self.page.on("websocket", lambda ws: ws.on(
            "framereceived", lambda payload: self.frames.append(json.loads(payload))))

    def at(self) -> str:
        found = self.page.locator(".match[data-seat]")
        return found.first.get_attribute("data-seat") or "" if found.count() else ""


def stage(page: Page, selector: str = ".ciurme") -> str:
    found = page.locator(f"{selector}[data-stage]")
    return (found.first.get_attribute("data-stage") or "") if found.count() else ""


def join(table: Table, code: str, name: str, locale: str) -> Screen:
    page = table.person(locale=locale, width=PHONE["width"], height=PHONE["height"])
    screen = Screen(page, locale[:2])
    page.goto(f"/join#code={code}")
    page.fill("input[name=name]", name)
    page.locator("form button[type=submit]").click()
    page.wait_for_url(re.compile(r".*/play/[\w-]+$"))
    return screen


def tap(screen: Screen, rng: random.Random, talk: float = 0.15) -> bool:
    """One tap of a busy phone: a vote's answer, else a move of its menu, now and then a message
    to its crew; never a motion to depose (asked apart). False when it had nothing to do."""
    page = screen.page
    try:
        if rng.random() < talk and page.locator(".talk input[name=message]").count():
            page.fill(".talk input[name=message]", f"ok {rng.randrange(1000)}", timeout=1_000)
            page.locator(".talk button[type=submit]").click(timeout=1_000)
            return True
        buttons = page.locator(".vote .choices button, .menu .group button")
        count = buttons.count()
        if not count:
            return False
        buttons.nth(rng.randrange(count)).click(timeout=1_000)
    except PlaywrightTimeout:  # the screen changed under the tap: the next round tries again
        return False
    return True


def press(page: Page, selector: str) -> bool:
    """Click the first button matching `selector`; False when there is none, or when the
    screen changed under the click (the next round tries again)."""
    buttons = page.locator(selector)
    if not buttons.count():
        return False
    try:
        buttons.first.click(timeout=1_000)
    except PlaywrightTimeout:
        return False
    return True


def without(text: str, words: set[str]) -> str:
    for word in sorted(words - {""}, key=len, reverse=True):
        text = text.replace(word, " ")
    return text


@dataclass
class Workshop:
    table: Table
    facilitator: Page
    projectors: list[Screen]
    phones: list[Screen]
    session: str = ""
    host: str = ""
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    said: set[str] = field(default_factory=set)

    @property
    def screens(self) -> list[Screen]:
        return [*self.phones, *self.projectors]

    def busy(self, seconds: float, until_stage: str | None = None) -> None:
        """Every open phone taps as fast as the room goes, the facilitator settles ties."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for phone in self.phones:
                if phone.open:
                    tap(phone, self.rng)
            press(self.facilitator, '.phase .group[data-kind="decide"] button')
            if until_stage is not None and stage(self.facilitator, ".control") == until_stage:
                return

    def shots(self, name: str) -> None:
        """The control room, both projectors and one phone of each language, at this phase."""
        self.table.shot(self.facilitator, f"{name}-control")
        for projector in self.projectors:
            self.table.shot(projector.page, f"{name}-projector-{projector.language}")
        english = [p for p in self.open_phones() if p.language == "en"][:1]
        for phone in english + [p for p in self.open_phones() if p.language == "it"][:1]:
            self.table.shot(phone.page, f"{name}-phone-{phone.language}")
            assert not sideways_scrolling(phone.page), name

    def open_phones(self) -> list[Screen]:
        return [p for p in self.phones if p.open]

    def scan(self, where: str, pages: list[tuple[Page, str]] | None = None) -> None:
        """No word of the other language on any screen (default: every open one), what people
        wrote, names and ships left out."""
        log = replayed("ciurme", self.record())[1]
        content = {a.text for _, a in log if a.kind == "post"} | set(SHIP_NAMES) | {
            *NAMES, LATECOMER, "Ciurme", "ludoteca", "English", "Italiano"}
        if pages is None:
            pages = [(p.page, p.language) for p in self.screens if p.open] + [
                (self.facilitator, "en")]
        for page, language in pages:
            text = without(page.inner_text("body"), content)
            other = ITALIAN if language == "en" else ENGLISH
            assert not other.search(text), (where, language, other.findall(text)[:10])

    def record(self) -> dict[str, Any]:
        answer = self.facilitator.request.get(
            f"/api/matches/{self.session}/record", headers={"Authorization": f"Bearer {self.host}"})
        assert answer.ok, answer.text()
        return dict(answer.json())


def open_room(table: Table) -> Workshop:
    facilitator = table.person(width=1440, height=1000)
    facilitator.add_init_script(TIMINGS)
    facilitator.goto("/session")
    facilitator.fill("input[name=vote_minutes]", "1")
    facilitator.select_option("select[name=language]", "it")
    facilitator.locator("form button[type=submit]").click()
    facilitator.wait_for_url(re.compile(r".*/session/[\w-]+$"))
    session = facilitator.url.rstrip("/").rsplit("/", 1)[1]
    host = facilitator.evaluate(
        f"JSON.parse(localStorage.getItem('ludoteca.seats')).find(s => s.id === '{session}').host")
    link = facilitator.locator("a[data-projector]").get_attribute("href") or ""
    projectors = []
    for locale in ("it-IT", "en-GB"):
        wall = table.person(locale=locale, width=1920, height=1080)
        projectors.append(Screen(wall, locale[:2]))
        wall.goto(link)
        wall.wait_for_selector(".wall [data-code]")
    return Workshop(table, facilitator, projectors, [], session, host)


def test_a_whole_workshop(table: Table) -> None:
    room = open_room(table)
    facilitator = room.facilitator
    code = facilitator.locator(".lobby [data-code]").inner_text().strip()

    # --- the lobby: eleven phones, crews balanced for eleven (twelve seats, one a bot's) ------
    for index, name in enumerate(NAMES):
        room.phones.append(join(table, code, name, "it-IT" if index % 2 else "en-GB"))
    until(lambda: facilitator.locator(".lobby li[data-member]").count() == len(NAMES), 20,
          "eleven phones in the lobby")
    for phone in room.phones:
        phone.page.wait_for_selector("[data-lobby]")
        assert phone.page.locator("[data-spectating]").count() == 0, "a phone in a lobby watches?"
        assert "spectat" not in phone.page.inner_text("body").lower()
    facilitator.locator("[data-balance]").click()  # no number of seats typed
    until(lambda: facilitator.locator("[data-bots]").count() == 1, 10, "a bot's seat planned")
    assert "11 people, 12 seats" in facilitator.inner_text("[data-plan]")
    crews = [[n.strip() for n in facilitator.locator(f'.crew[data-crew="{c}"] li .name')
              .all_inner_texts()] for c in range(3)]
    assert sorted(len(c) for c in crews) == [3, 4, 4]
    lonely = next(i for i, c in enumerate(crews) if len(c) == 3)
    short = room.phones[NAMES.index(crews[lonely][0])]
    until(lambda: "1 bot" in short.page.inner_text("[data-lobby]"), 10, "the bot on a phone")
    # Sixteen seats typed after the balance: the plan says them at once, with the crew of bots
    # they add, as the start would make them; typed back to twelve, the plan is twelve again.
    facilitator.fill("input[name=seats]", "16")
    facilitator.locator("input[name=seats]").dispatch_event("change")
    until(lambda: "11 people, 16 seats" in facilitator.inner_text("[data-plan]"), 10,
          "the plan for sixteen seats")
    assert facilitator.locator(".crew.bots-only").count() + facilitator.locator(
        "[data-bots]").count() >= 2
    room.table.shot(facilitator, "lobby-sixteen-seats")
    facilitator.fill("input[name=seats]", "12")
    facilitator.locator("input[name=seats]").dispatch_event("change")
    until(lambda: "11 people, 12 seats" in facilitator.inner_text("[data-plan]"), 10,
          "the plan for twelve seats again")
    room.table.shot(facilitator, "lobby-control")
    room.table.shot(room.phones[1].page, "lobby-phone-it")
    room.table.shot(room.projectors[0].page, "lobby-projector-it")
    facilitator.locator("[data-start]").click()
    facilitator.wait_for_selector(".control")
    for phone in room.phones:
        phone.page.wait_for_selector(".ciurme[data-stage=briefing]")
        phone.seat = int(phone.at())
    # Crews keep their lobby numbers: crew c of the control room holds the lobby's crew c.
    for c, names in enumerate(crews):
        listed = facilitator.inner_text(f'.crew[data-crew="{c}"] .members')
        assert all(n in listed for n in names), (c, names, listed)

    # --- a latecomer takes the bot's seat, and is told the state of play -----------------------
    nadia = join(table, code, LATECOMER, "it-IT")
    nadia.page.wait_for_selector("[data-late]")
    assert "Ciurma" in nadia.page.inner_text("[data-late]")
    room.table.shot(nadia.page, "latecomer-phone-it")
    nadia.page.locator("[data-late] button").click()
    nadia.seat = int(nadia.at())
    room.phones.append(nadia)
    until(lambda: LATECOMER in facilitator.inner_text(f'.crew[data-crew="{lonely}"]'), 10,
          "the latecomer in the lonely crew")

    # --- the briefing --------------------------------------------------------------------------
    deadline = time.monotonic() + 60
    while stage(facilitator, ".control") == "briefing":
        assert time.monotonic() < deadline, "the briefing did not end"
        for phone in room.phones:
            press(phone.page, '.group[data-kind="pick_colour"] button')
        firsts = facilitator.locator('.group[data-kind="first_player"] button')
        if firsts.count():
            labels = firsts.all_inner_texts()
            assert not [t for t in labels if re.search(r"\bseat \d", t)], labels
            press(facilitator, '.group[data-kind="first_player"] button')
        else:
            press(facilitator, '.group[data-kind="start_phase"] button')
    room.scan("briefing")

    # --- phase 1, busy; a phone closed for good; its crew goes on after the grace --------------
    facilitator.fill("input[name=grace]", str(GRACE))
    facilitator.locator("[data-set-grace]").click()
    room.busy(6)
    room.shots("phase1")
    # Carla's phone is closed for good when it is her turn: her crew waits for her, then a bot
    # plays her seat, under her name.
    gone = room.phones[NAMES.index("Carla")]
    gone_crew = next(c for c, names in enumerate(crews) if "Carla" in names)
    deadline = time.monotonic() + 60
    while not gone.page.locator(".vote .choices button, .menu .group button").count():
        assert time.monotonic() < deadline, "Carla's turn never came"
        for phone in room.phones:
            if phone is not gone:
                tap(phone, room.rng, talk=0)
        # A tied vote waits for the facilitator, as in busy().
        press(facilitator, '.phase .group[data-kind="decide"] button')
    gone.page.context.close()
    gone.open = False
    countdown = facilitator.locator(f'[data-grace="{gone.seat}"]').first
    countdown.wait_for(timeout=10_000)
    assert re.search(r"away · a bot takes over in 0:0\d", countdown.inner_text())
    mates = [p for p in room.open_phones() if p.seat in crews_seats(room, gone_crew)]
    until(lambda: "Carla (" in mates[0].page.inner_text("[data-awaited]"), 10,
          "a mate's phone says the crew waits for Carla")
    room.table.shot(mates[0].page, "phase1-mate-waits")
    room.table.shot(facilitator, "phase1-away-control")
    room.busy(GRACE + 1)
    until(lambda: "Carla · a bot plays for now" in facilitator.inner_text(".control"), 20,
          "the closed phone's seat played by a bot, under its person's name")
    # Said once in the list of seats (her crew's card says it too), not three times.
    seat_line = facilitator.locator(f'.seats li[data-seat="{gone.seat}"]').inner_text()
    assert seat_line.count("a bot plays for now") == 1, seat_line
    before = len([s for s, _ in replayed("ciurme", room.record())[1] if s == gone.seat])
    room.busy(12)
    after = len([s for s, _ in replayed("ciurme", room.record())[1] if s == gone.seat])
    assert after > before, "the closed phone's crew goes on: its bot plays the seat"
    # Her mates' log marks the moves the bot made for her.
    until(lambda: mates[0].page.locator(".log [data-stand-in]").count() > 0, 10,
          "a stand-in's move marked in a mate's log")
    room.scan("phase1")
    facilitator.locator("[data-close-phase1]").click()
    until(lambda: stage(facilitator, ".control") == "offices", 15, "the elections")

    # --- the elections: a phone reloads mid-vote and votes; a pause says so ---------------------
    voter = next(p for p in room.open_phones()
                 if p.page.locator(".vote[data-vote=quartermaster] .choices button").count())
    voter.page.reload()
    voter.page.wait_for_selector(".vote[data-vote=quartermaster] .choices button")
    assert voter.page.locator(".vote [data-timer]").count()
    voter.page.locator(".vote[data-vote=quartermaster] .choices button").first.click()
    voter.page.wait_for_selector(".vote [data-voted]")
    facilitator.locator("[data-pause]").click()
    for phone in room.open_phones():
        phone.page.wait_for_selector("[data-paused-banner]")
        if phone.page.locator(".vote").count():
            assert phone.page.locator("[data-vote-paused]").count(), "paused, not 'you voted'"
    for projector in room.projectors:
        projector.page.wait_for_selector("[data-paused]")
    room.shots("offices-paused")
    room.scan("paused")
    facilitator.locator("[data-resume]").click()
    room.busy(40, until_stage="assembly")
    if stage(facilitator, ".control") == "offices":
        press(facilitator, '.group[data-kind="start_phase"] button')

    # --- phase 2: a motion to depose asks first; the projector shows whose turn ----------------
    until(lambda: stage(facilitator, ".control") == "assembly", 30, "the Assembly")
    facilitator.select_option("select[name=target]", "all")
    facilitator.fill(".control input[name=message]", "Dieci minuti")
    facilitator.locator(".control input[name=message] + button").click()
    room.projectors[0].page.wait_for_selector("[data-said]")
    # Luca steps out: the facilitator gives his seat to a bot, which plays it to the end under
    # his name (never given back: he is still "Luca" in the results and the debrief).
    luca = room.phones[NAMES.index("Luca")]
    facilitator.locator(f'[data-to-bot="{luca.seat}"]').click()
    luca.page.wait_for_selector('.match[data-seat=""]')
    until(lambda: "Luca · a bot plays for now" in facilitator.inner_text(".control"), 10,
          "Luca's seat played by a bot, under his name")
    deadline = time.monotonic() + 120
    while True:  # a phone that may move to depose asks first, then moves
        assert time.monotonic() < deadline, "no phone moved to depose"
        deposer = next((p for p in room.open_phones()
                        if p.page.locator("[data-depose-ask]").count()), None)
        if deposer is not None and press(deposer.page, "[data-depose-ask]"):
            assert deposer.page.locator("[data-depose-confirm]").count(), "it asks first"
            room.table.shot(deposer.page, "assembly-depose-confirm")
            if press(deposer.page, "[data-depose-confirm]"):
                break
        room.busy(1)
    room.busy(10)
    room.shots("assembly")
    for projector in room.projectors:
        projector.page.wait_for_selector("[data-turn], [data-revealed], [data-votes]")
    room.scan("assembly")
    room.busy(240, until_stage="over")
    assert stage(facilitator, ".control") == "over", "the session did not end"
    # Once it is over there is no seat to hand to a bot or give back.
    until(lambda: facilitator.locator("[data-to-bot], [data-give-back]").count() == 0, 10,
          "no seat buttons after the end")

    # --- the end: results with people's names; the room's debrief ------------------------------
    for phone in room.open_phones():
        phone.page.wait_for_selector("[data-results]")
        assert not re.search(r"Bot \d", phone.page.inner_text("[data-results]"))
    for projector in room.projectors:
        projector.page.wait_for_selector("[data-results]")
    assert not re.search(r"Bot \d", facilitator.inner_text("[data-results]"))
    room.shots("over")
    room.scan("over")
    facilitator.locator("[data-publish]").click()
    facilitator.wait_for_selector("[data-published]")
    phone = room.phones[1]
    phone.page.wait_for_selector("[data-room-debrief]")
    phone.page.locator("[data-room-debrief]").click()
    phone.page.wait_for_selector(".debrief .section")
    assert phone.page.locator("[data-audience=room]").count()
    record = room.record()
    private = {a.text for s, a in replayed("ciurme", record)[1]
               if a.kind == "post" and a.channel != "all"}
    shown = phone.page.inner_text(".debrief")
    assert not [t for t in private if t in shown], "private talk in the room's debrief"
    assert "Carla" in shown and "Luca" in shown and LATECOMER in shown  # bots played for them
    assert not re.search(r"Bot \d", shown)
    room.table.shot(phone.page, "debrief-room-phone-it")
    facilitator.locator("a[data-debrief]").click()
    facilitator.wait_for_selector(".debrief .section")
    room.table.shot(facilitator, "debrief-control")
    room.scan("debrief", [(phone.page, "it"), (facilitator, "en")])

    # --- no frame told any seat what the rules keep from it ------------------------------------
    screens = [(s, s.seat) for s in room.screens]
    assert check_frames("ciurme", record, screens) > 1000
    accepted = [f for f in nadia.frames if f["type"] == "accepted"]
    assert accepted, "the latecomer plays"
    check_bot_pace(room, record)


def crews_seats(room: Workshop, crew: int) -> list[int]:
    view = next(f["view"] for f in reversed(room.projectors[0].frames) if f["type"] == "state")
    return list(view["crews"][crew]["members"])


def check_bot_pace(room: Workshop, record: dict[str, Any]) -> None:
    """Every seat a bot played acted within its pause plus `FROZEN` seconds of being due (an
    actor of the game), by the facilitator's clock, the pause left out: no bot froze in a busy
    room."""
    timings = room.facilitator.evaluate("window.__timings")
    states, log = replayed("ciurme", record)
    game = load_game("ciurme")
    arrived: dict[int, float] = {}
    for at, kind, step, _, _ in timings:
        if step is not None and kind in ("state", "event"):
            arrived.setdefault(step, at / 1000)
    steps = sorted(arrived)
    paused = [at / 1000 for at, kind, _, status, _ in timings
              if kind == "state" and status == "paused"]
    played = [(at / 1000, set(seats)) for at, _, _, _, seats in timings if seats is not None]

    def when(step: int) -> float:
        return arrived[next((s for s in steps if s >= step), steps[-1])]

    def bots(at: float) -> set[int]:
        seen = [seats for t, seats in played if t <= at]
        return seen[-1] if seen else set()

    facilitator = states[0].facilitator
    due = {seat: 0 for seat in game.actors(states[0]) - {facilitator}}
    slow = []
    measured = 0
    for step in range(1, len(states)):
        actor = log[step - 1][0]
        actors = game.actors(states[step]) - {facilitator}
        for seat in list(due):
            if seat == actor or seat not in actors:
                start, end = when(due[seat]), when(step)
                if seat in bots(start) and not any(start <= p <= end for p in paused):
                    measured += 1
                    if end - start > BOT_PAUSE + FROZEN:
                        slow.append((seat, due[seat], step, round(end - start, 2)))
                del due[seat]
        for seat in actors:
            due.setdefault(seat, step)
    assert measured > 10, "the bots' pace had too few moves to measure"
    assert not slow, f"bot seats that waited past their pause plus {FROZEN:g} s: {slow[:10]}"
