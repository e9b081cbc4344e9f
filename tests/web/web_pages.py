"""What a person does on the client's pages, for the browser tests: create a match, read
where it stands, and play each game's moves with clicks and keys."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass

from playwright.sync_api import Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from web_browser import until


@dataclass
class Seen:
    status: str
    step: int
    legal: int
    seat: str


def seen(page: Page) -> Seen:
    data = page.eval_on_selector(
        ".match",
        "e => ({status: e.dataset.status, step: +e.dataset.step, legal: +e.dataset.legal,"
        " seat: e.dataset.seat})",
    )
    return Seen(data["status"], data["step"], data["legal"], data["seat"])


def create_match(page: Page, game: str, seats: list[str], options: dict[str, str] | None = None,
                 level: str = "strong", seed: int | None = None) -> str:
    """From the home page: a new match of `game`, seat by seat "me", "friend" or "bot" (and its
    seed, where the test needs one deal); returns the match id once the match page is open."""
    page.goto("/")
    page.locator(f'a[href="/new/{game}"]').first.click()
    page.wait_for_selector("[data-players]")
    page.fill("[data-players]", str(len(seats)))
    page.locator("[data-players]").dispatch_event("change")
    page.fill('input[autocomplete="nickname"]', "Ada")
    for index, kind in enumerate(seats):
        page.select_option(f'[data-seat-kind="{index}"]', kind)
        if kind == "bot":
            page.select_option(f'[data-bot-level="{index}"]', level)
    for name, value in (options or {}).items():
        field = page.locator(f"#option-{name}")
        if field.get_attribute("type") == "checkbox":
            field.set_checked(value == "true")
        elif field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
            field.dispatch_event("change")
    if seed is not None:
        page.locator("details summary", has_text=re.compile("More|Altro")).click()
        page.fill("[data-seed]", str(seed))
    page.locator('form button[type="submit"]').click()
    page.wait_for_url(re.compile(r".*/play/[\w-]+$"))
    page.wait_for_selector(".match[data-status]")
    return page.url.rstrip("/").rsplit("/", 1)[1]


def wait_step_after(page: Page, step: int, seconds: float = 15) -> None:
    until(lambda: seen(page).step > step or seen(page).status in ("over", "ended"), seconds,
          f"a step after {step}")


def wait_turn_or_end(pages: list[Page], seconds: float = 60) -> Page | None:
    """The first page whose seat may act, or None once the match is over."""
    found: list[Page | None] = []

    def check() -> bool:
        for page in pages:
            s = seen(page)
            if s.status in ("over", "ended"):
                found.append(None)
                return True
            if s.legal > 0 and s.status == "running":
                found.append(page)
                return True
        return False

    until(check, seconds, "a turn or the end")
    return found[0]


def click_and_wait(page: Page, selector: str) -> None:
    before = seen(page).step
    page.locator(selector).first.click()
    wait_step_after(page, before)


# --- Castell -----------------------------------------------------------------------------------
# After a Special wheel tile the free special action comes first: any of the last three.
TURN_ORDER = ("recruit", "train", "end_turn", "special_recruit", "perform", "special_move")
NEIGHBOURS = {
    "Lleida": ("Valls", "Vilafranca", "Girona"),
    "Valls": ("Lleida", "Tarragona", "Vilafranca"),
    "Tarragona": ("Valls", "Vilanova"),
    "Vilafranca": ("Lleida", "Valls", "Vilanova", "Barcelona"),
    "Vilanova": ("Tarragona", "Vilafranca", "Barcelona"),
    "Barcelona": ("Vilafranca", "Vilanova", "Girona"),
    "Girona": ("Barcelona", "Lleida"),
}


def distance(a: str, b: str) -> int:
    seen_, frontier, d = {a}, [a], 0
    while b not in frontier:
        frontier = [n for r in frontier for n in NEIGHBOURS[r] if n not in seen_]
        seen_.update(frontier)
        d += 1
    return d


def team_of(page: Page) -> set[int]:
    me = seen(page).seat
    chips = page.locator(f'.board[data-seat="{me}"] .team .chip').all_inner_texts()
    return {int(c) for c in chips}


def next_festival(page: Page) -> tuple[str | None, set[int]]:
    """The region and size tokens of the festival to aim for: the first coming one whose token
    sizes the team already holds, else simply the next one."""
    days = page.locator('.calendar li[data-done="false"]')
    coming = []
    for i in range(days.count()):
        day = days.nth(i)
        tokens = {int(t) for t in day.locator(".token").all_inner_texts()}
        coming.append((day.get_attribute("data-region"), tokens))
    if not coming:
        return None, set()
    team = team_of(page)
    return next((c for c in coming if c[1] <= team), coming[0])


def castell_move(page: Page, kind: str = "move") -> None:
    """Towards the next festival's region (a player who wants to take part goes there)."""
    me = seen(page).seat
    pawn = page.locator(f'.board[data-seat="{me}"]').get_attribute("data-pawn") or None
    goal, _ = next_festival(page)
    buttons = page.locator(f'.turn button[data-kind="{kind}"]')
    if not buttons.count() or (pawn is not None and pawn == goal):
        return
    regions = {buttons.nth(i).get_attribute("data-region"): i for i in range(buttons.count())}
    best = min(regions, key=lambda r: distance(str(r), goal) if goal else 0)
    if kind == "special_move" and goal and distance(str(best), goal) >= distance(str(pawn), goal):
        return  # a token is worth spending only to come closer
    click_and_wait(page, f'.turn button[data-kind="{kind}"] >> nth={regions[best]}')


def castell_recruit(page: Page) -> None:
    """Recruit the festival's token sizes first, then the biggest castellers offered."""
    buttons = page.locator('.turn button[data-kind="recruit"]')
    if not buttons.count():
        return
    _, tokens = next_festival(page)
    offers = [[int(n) for n in re.findall(r"\d+", buttons.nth(i).inner_text())]
              for i in range(buttons.count())]
    best = max(range(len(offers)),
               key=lambda i: (len(tokens & set(offers[i])), len(offers[i]), sum(offers[i])))
    click_and_wait(page, f'.turn button[data-kind="recruit"] >> nth={best}')


# A tower of four levels, the least a festival takes, needs one of these: 3-2-1 is the
# tallest without skills.
USEFUL_SKILLS = ("balance", "width", "base", "strength", "mix")


def castell_train(page: Page) -> None:
    for skill in USEFUL_SKILLS:
        button = page.locator(f'.turn button[data-kind="train"][data-skill="{skill}"]')
        if button.count():
            click_and_wait(page, f'.turn button[data-kind="train"][data-skill="{skill}"]')
            return


def castell_turn(page: Page) -> None:
    """One turn: move towards the next festival, recruit for it, train, end the turn."""
    before = seen(page).step
    castell_move(page)
    castell_move(page, "special_move")
    castell_recruit(page)
    castell_train(page)
    for _ in range(12):
        s = seen(page)
        if s.legal == 0 or s.status != "running" or page.locator(".festival").count():
            return
        if page.locator("[data-special-first]").count():
            # A Special tile trained: its action comes first, the end of the turn after it,
            # and the tile may be given back without looking for the undo.
            assert page.locator('.turn button[data-kind="end_turn"]').count() == 0
            assert page.locator("[data-special-back]").count() == page.locator(
                "[data-undo]").count()
        offered = [k for k in (*TURN_ORDER, "move")
                   if page.locator(f'.turn button[data-kind="{k}"]').count()]
        if not offered:
            break
        click_and_wait(page, f'.turn button[data-kind="{offered[0]}"]')
        if offered[0] == "end_turn":
            break  # the next turn (this seat's again when it plays first) starts afresh
    if seen(page).step == before and seen(page).legal:
        raise AssertionError("a turn with moves on offer made no move")


def perform_own_tower(page: Page) -> bool:
    """A local tile performed with a tower from the builder (the offered one, rebuilt by
    hand), paying a special token; False when no tile can be performed now."""
    build = page.locator(".turn button.build-own")
    if not build.count():
        return False
    build.first.click()
    page.locator(".builder button", has_text=re.compile("Suggest|Suggerisci")).click()
    build_by_hand(page, tower_in_builder(page), drag_first=False)
    until(lambda: page.locator('.verdict[data-legal="true"]').count() == 1, 5, "a legal tower")
    click_and_wait(page, ".builder > button.primary")
    return True


def tower_in_builder(page: Page) -> list[list[int]]:
    """The sizes of the chips placed on the builder's levels, in the builder's order."""
    levels: list[list[int]] = page.eval_on_selector_all(
        ".levels .level",
        "levels => levels"
        ".map(l => [...l.querySelectorAll('.chip.placed')].map(c => +c.textContent))"
        ".filter(l => l.length)",
    )
    return levels


def build_by_hand(page: Page, tower: list[list[int]], drag_first: bool = True) -> None:
    """Put each casteller into its level from the team, as a player does: the first by
    dragging it, the others by picking it and choosing its level."""
    page.locator(".builder button", has_text=re.compile("Start again|Ricomincia")).click()
    for number, level in enumerate(tower, start=1):
        if number > 1:
            page.locator(".builder button", has_text=re.compile("Add a level|Aggiungi")).click()
        for size in level:
            chip = page.locator(f'.pool .chip[data-size="{size}"]').first
            target = page.locator(f'.levels .level[data-level="{number}"]')
            if drag_first:
                chip.drag_to(target)
                drag_first = False
            else:
                chip.click()
                target.locator("button.put").click()
    until(lambda: tower_in_builder(page) == [sorted(lv, reverse=True) for lv in tower], 5,
          "the tower in the builder")


def declare_custom_tower(page: Page, tokens: list[int]) -> list[list[int]] | None:
    """At a festival: a tower built by hand (the suggested one without its top level where that
    still shows every token size, else the suggested one), declared; None if there is none."""
    suggest = page.locator(".builder button", has_text=re.compile("Suggest|Suggerisci"))
    if not suggest.count():
        click_and_wait(page, ".festival button.abstain")  # stay out
        return None
    suggest.click()
    suggested = tower_in_builder(page)
    tower = suggested
    if len(suggested) > 4 and set(tokens) <= {s for lv in suggested[:-1] for s in lv}:
        tower = suggested[:-1]
    build_by_hand(page, tower)
    until(lambda: page.locator('.verdict[data-legal="true"]').count() == 1, 5, "a legal tower")
    click_and_wait(page, ".builder > button.primary")
    return tower


def festival_tokens(page: Page) -> list[int]:
    text = page.locator(".festival p").first.inner_text()
    return [int(n) for n in re.findall(r"\d+", text)]


# --- Ligretto ----------------------------------------------------------------------------------
def tap(locator: Locator) -> bool:
    """Click if the element is still there and enabled a moment later: in real time the page
    changes under the pointer (another player's move, the state after one's own)."""
    try:
        locator.click(timeout=500)
    except PlaywrightTimeout:
        return False
    return True


def start_round(page: Page, seconds: float = 30) -> None:
    """Say "I'm ready" when the round asks, and wait for its countdown to end."""
    page.locator("[data-gathering] button.ready").click()
    page.wait_for_selector("[data-gathering]", state="detached", timeout=seconds * 1000)


def ligretto_move(page: Page, touch: bool = False) -> bool:
    """One real-time move if there is one: say ready when a round asks, turn a tile over, place
    it on a highlighted square (a second square where the first is ambiguous, or again where
    it spends jokers), or discard it; with taps on a touch screen. True if it acted."""
    press = tap_it if touch else tap
    ready = page.locator("[data-gathering] button.ready")
    if ready.count():
        return press(ready)
    turn = page.locator(".hand button.primary")
    if turn.count() and turn.is_enabled():
        return press(turn)
    targets = page.locator("g.square.target")
    if targets.count():
        first = targets.first
        if not press(first):
            return False
        partner = page.locator("g.square.target:has(rect.partner)")
        if partner.count():
            press(partner.first)
        elif page.locator(".joker-hint").count():
            press(first)  # a place that spends jokers: the second click places the tile
        return True
    discard = page.locator(".hand button:not(.primary)").first
    if discard.count() and discard.is_enabled():
        return press(discard)
    return False


def tap_it(locator: Locator) -> bool:
    """`tap` with a finger: a touch screen's tap where the element still is."""
    try:
        locator.tap(timeout=500)
    except PlaywrightTimeout:
        return False
    return True


STALLED_SECONDS = 15  # no tile placed at the table for this long: the round waits for this seat
STALLED_BURST_SECONDS = 10  # then this seat plays flat out until it places a tile (at most)


def play_ligretto_round(page: Page, until_placed: int, on_placed: object = None,
                        seconds: float = 180, touch: bool = False) -> None:
    """Play in real time until this seat has placed `until_placed` tiles, call `on_placed`,
    then watch the bots finish the round (so this seat scores nothing and chooses the tiles
    to set aside)."""
    play_flat_out(page, lambda: placed(page) >= until_placed, time.monotonic() + seconds, touch)
    if placed(page) < until_placed:
        raise AssertionError(f"placed only {placed(page)} tiles from the page")
    if callable(on_placed):
        on_placed()
    # The bots finish the round, unless only this seat's tiles still fit somewhere: the round
    # then waits for it [D-10] (as a round stalled among people would) while the bots turn
    # their tiles over and over, so progress is a tile placed, not a step. After a while with
    # none, this seat plays flat out until it places one: finding a tile that fits may take
    # turning over most of its stack.
    deadline = time.monotonic() + seconds
    last_left, last_change = tiles_left_at_table(page), time.monotonic()
    while in_play(page):
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for the end of the round")
        left = tiles_left_at_table(page)
        if left != last_left:
            last_left, last_change = left, time.monotonic()
        elif time.monotonic() - last_change > STALLED_SECONDS:
            place_one_more(page, touch)
            last_left, last_change = tiles_left_at_table(page), time.monotonic()
        time.sleep(0.2)


def place_one_more(page: Page, touch: bool) -> None:
    """Play flat out until this seat places one more tile (or STALLED_BURST_SECONDS pass)."""
    before = placed(page)
    play_flat_out(page, lambda: placed(page) > before,
                  time.monotonic() + STALLED_BURST_SECONDS, touch)


def play_flat_out(page: Page, done: Callable[[], bool], deadline: float,
                  touch: bool = False) -> None:
    """Move as fast as the page allows until `done()`, the end of the round's play or the
    deadline, whichever comes first."""
    while not done() and in_play(page) and time.monotonic() < deadline:
        if not ligretto_move(page, touch):
            time.sleep(0.05)


def in_play(page: Page) -> bool:
    """The round's play is on (or about to start: the table gathering for it)."""
    return page.locator(".ligretto").get_attribute("data-phase") == "play"


def placed(page: Page) -> int:
    """Tiles this page's seat has placed this round (the table's count of tiles left)."""
    me = seen(page).seat
    row = page.locator(f'.players tr[data-seat="{me}"] td').nth(1)
    return 15 - int(row.inner_text())


def tiles_left_at_table(page: Page) -> int:
    """Tiles every seat still holds, summed (the table's column of tiles left)."""
    column = page.locator(".players tr[data-seat]").evaluate_all(
        "rows => rows.map((row) => Number(row.querySelectorAll('td')[1].innerText))")
    return sum(column)


def sideways_scrolling(page: Page) -> list[str]:
    """What scrolls sideways, if anything: the page itself, or a box inside it (a table in a
    sideways-scrolling box hides its last columns from anyone who does not think to swipe).
    A board drawn wider than its box is panned on purpose: a phone shows it big enough to tap."""
    return list(page.evaluate("""() => {
        const board = (e) => [...e.querySelectorAll("svg")].some((svg) =>
            svg.getBoundingClientRect().width > e.clientWidth + 1);
        const scrolls = (e) => ["auto", "scroll"].includes(getComputedStyle(e).overflowX);
        const boxes = [...document.querySelectorAll("body *")].filter((e) =>
            e.scrollWidth > e.clientWidth + 1 && scrolls(e) && !board(e));
        const root = document.documentElement;
        const page = root.scrollWidth > window.innerWidth + 1 ? ["the page"] : [];
        const name = (e) => [e.tagName.toLowerCase(), ...e.classList].join(".");
        return page.concat(boxes.map(name));
    }"""))
