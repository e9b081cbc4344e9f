"""The pages around the games: rules in both languages with their pictures, the language
switch, a spectator's view, Ciurme's quick try against bot crews, keyboard play, and every
screen at a phone's, a tablet's and a desktop's width."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from web_browser import Table, WaitFor, until
from web_pages import create_match, seen, sideways_scrolling, start_round, wait_turn_or_end

WIDTHS = (360, 768, 1440)


def test_rules_in_both_languages(table: Table) -> None:
    page = table.person(locale="it-IT")
    page.goto("/rules/castell")
    page.wait_for_selector(".rules .text h1")
    assert page.locator("html").get_attribute("lang") == "it"
    assert "come si gioca" in page.locator(".rules .text h1").inner_text()
    assert page.locator(".components figure").count() >= 5
    table.shot(page, "rules-castell-it")
    page.locator('.switch button[lang="en"]').click()
    until(lambda: "how to play" in page.locator(".rules .text h1").inner_text(), 5,
          "the English rules")
    table.shot(page, "rules-castell-en")
    for game in ("ligretto", "ciurme"):
        page.goto(f"/rules/{game}")
        page.wait_for_selector(".rules .text h1")
        assert page.locator(".components figure").count() >= 3
        table.shot(page, f"rules-{game}-en")


@pytest.mark.parametrize("width", WIDTHS)
def test_screens_fit_every_width(table: Table, width: int) -> None:
    page = table.person(width=width, height=900)
    page.goto("/")
    page.wait_for_selector(".games li")
    table.shot(page, f"home-{width}")
    assert not sideways_scrolling(page)
    page.goto("/new/ligretto")
    page.wait_for_selector("[data-players]")
    table.shot(page, f"new-ligretto-{width}")
    assert not sideways_scrolling(page)
    page.goto("/rules/ligretto")
    page.wait_for_selector(".rules .text h1")
    assert not sideways_scrolling(page)
    create_match(page, "castell", ["me", "bot"])
    page.wait_for_selector(".castell")
    until(lambda: seen(page).legal > 0 or seen(page).step > 0, 10, "the first turn")
    table.shot(page, f"castell-{width}")
    assert not sideways_scrolling(page)
    create_match(page, "ligretto", ["me", "bot", "bot", "bot"], options={"rounds": "1"})
    page.wait_for_selector(".ligretto svg.board")
    start_round(page)
    page.keyboard.press("t")
    page.wait_for_selector(".hand .turned svg.tile")
    table.shot(page, f"ligretto-4-players-{width}")
    assert not sideways_scrolling(page)


def test_keyboard_play(table: Table) -> None:
    """Every move reachable with Tab and Enter, and the focus always visible."""
    page = table.person()
    create_match(page, "castell", ["me", "bot"])
    page.wait_for_selector(".castell")
    wait_turn_or_end([page])
    before = seen(page).step
    # Tab to the first region of the map one may move to, and press Enter.
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement?.dataset?.region !== undefined"):
            break
    region = page.evaluate("document.activeElement.dataset.region")
    table.shot(page, "keyboard-map-focus", full_page=False)
    page.keyboard.press("Enter")
    until(lambda: seen(page).step > before, 10, "a move made with the keyboard")
    assert page.locator(f'.board[data-seat="{seen(page).seat}"]').get_attribute(
        "data-pawn") == region
    # Ligretto: T turns a tile over; Tab reaches the highlighted squares; Enter places.
    create_match(page, "ligretto", ["me", "bot"], options={"rounds": "1"})
    page.wait_for_selector("[data-gathering] button.ready:focus")  # the one thing to do
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-gathering]", state="detached")
    for _ in range(20):
        page.keyboard.press("t")
        page.wait_for_selector(".hand .turned svg.tile")
        if page.locator("g.square.target").count():
            break
        page.keyboard.press("d")
        until(lambda: page.locator(".hand button.primary").is_enabled(), 5, "a discard")
    placed_before = seen(page).step
    page.locator("g.square.target").first.focus()
    table.shot(page, "keyboard-ligretto-focus", full_page=False)
    page.keyboard.press("Enter")
    until(lambda: seen(page).step > placed_before, 10, "a placement made with the keyboard")


def test_a_spectator_watches(table: Table) -> None:
    player = table.person()
    match_id = create_match(player, "ligretto", ["me", "bot", "bot"], options={"rounds": "1"})
    player.wait_for_selector(".ligretto")
    watcher = table.person(locale="it-IT", width=768)
    watcher.goto(f"/watch/{match_id}")
    watcher.wait_for_selector(".ligretto svg.board")
    assert seen(watcher).seat == ""
    assert watcher.locator(".hand").count() == 0
    until(lambda: "1 spettatore" in watcher.locator(".presence").inner_text(), 10,
          "the spectator counted")
    start_round(player)
    player.keyboard.press("t")
    until(lambda: watcher.locator(".log li").count() > 0, 10, "events seen by the spectator")
    table.shot(watcher, "spectator-it")


def test_ciurme_quick_try(table: Table) -> None:
    """One crew member against bot crews, through the action menu, to the end."""
    page = table.person()
    create_match(page, "ciurme", ["me"] + ["bot"] * 7,
                 options={"phase1_max_rounds": "12", "message_budget": "0"}, level="normal")
    page.wait_for_selector(".ciurme")
    table.shot(page, "ciurme-start")
    shots = set()
    # A vote's choices on the screen, every other move in the menu. A motion to depose is legal
    # between turns too (its own card), so a turn is a move button on the screen, not a legal
    # move in the state.
    buttons = page.locator(".ciurme .choices button, .ciurme .menu .group button")
    while True:
        until(lambda: buttons.count() > 0 or seen(page).status in ("over", "ended"), 120,
              "a move of mine or the end")
        if seen(page).status in ("over", "ended"):
            break
        stage = page.locator(".ciurme").get_attribute("data-stage") or ""
        if stage not in shots:
            shots.add(stage)
            table.shot(page, f"ciurme-{len(shots)}")
        before = seen(page).step
        try:
            buttons.first.click(timeout=5_000)
        except PlaywrightTimeout:
            continue  # the turn moved on between the look and the click (a vote's timer)
        until(answered(page, before), 10, "my move")
    page.wait_for_selector(".result")
    table.shot(page, "ciurme-result")


def answered(page: Page, before: int) -> WaitFor:
    """My move is in: the match moved past step `before`, or it waits on others and leaves me
    nothing to do (a vote answered)."""
    return lambda: seen(page).step > before or seen(page).legal == 0
