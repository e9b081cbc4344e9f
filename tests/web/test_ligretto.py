"""Ligretto in the browser: two rounds against two bots in real time, each started together
after "I'm ready" and the countdown, tiles placed with clicks on the board (places without a
joker marked apart from those that spend one or two, a joker place shown before a second click
spends it), a reload in the middle, a second tab, the round's scoring with the set-aside
choice, the last round ending the match with no set-aside question and the points broken down;
and a round played by taps on a 360 px phone."""

from __future__ import annotations

import time

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from web_browser import Table, until
from web_pages import create_match, placed, play_ligretto_round, seen


def wait_for_the_countdown(table: Table, page: Page, name: str) -> None:
    """The round asks whether this player is ready; after "I'm ready", 3, 2, 1 and it starts:
    nobody (bots included) placed a tile meanwhile."""
    page.wait_for_selector("[data-gathering] button.ready")
    step = seen(page).step
    table.shot(page, f"{name}-ready", full_page=False)
    page.locator("[data-gathering] button.ready").click()
    until(lambda: (page.locator("[data-gathering]").get_attribute("data-starts-in") or "")
          not in ("", "0"), 10, "the countdown")
    table.shot(page, f"{name}-countdown", full_page=False)
    assert seen(page).step == step  # nobody played before the start
    page.wait_for_selector("[data-gathering]", state="detached", timeout=10_000)


def see_joker_places(table: Table, page: Page) -> bool:
    """Turn tiles over until one fits in places with and without jokers; check the marks,
    and that a joker place shows its jokers before a second click spends them. Whether it got
    to see them."""
    for _ in range(30):
        turn = page.locator(".hand button.primary")
        until(lambda: page.locator(".hand button.primary").is_enabled()
              or page.locator(".hand .turned svg.tile").count() > 0, 5, "a tile to turn or in hand")
        if turn.is_enabled():
            turn.click()
            page.wait_for_selector(".hand .turned svg.tile")
        plain = page.locator('g.square.target[data-jokers="0"]')
        with_joker = page.locator('g.square.target[data-jokers="1"], '
                                  'g.square.target[data-jokers="2"]')
        if plain.count() and with_joker.count():
            fits = page.locator(".hand .fits")
            assert int(fits.get_attribute("data-plain") or -1) >= 1
            assert "without a joker" in fits.inner_text()
            # A square whose click would fill one place at once shows that place, its jokers
            # drawn, under the pointer.
            for i in range(with_joker.count()):
                square = with_joker.nth(i)
                square.hover()
                try:  # only a square with one place to fill shows it
                    page.locator("rect.ghost-joker").first.wait_for(timeout=500)
                    break
                except PlaywrightTimeout:
                    pass
            else:
                continue
            table.shot(page, "ligretto-joker-places", full_page=False)
            jokers = page.locator('.players tr.me td[data-label="Jokers"]')
            before = jokers.inner_text()
            square.click()
            try:
                page.wait_for_selector(".joker-hint", timeout=5000)
            except PlaywrightTimeout:
                continue  # a bot's tile took the place meanwhile: try with the next tile
            assert jokers.inner_text() == before  # one click spent nothing
            return True
        discard = page.locator(".hand button:not(.primary)")
        if discard.is_enabled():
            discard.click()
    return False


def test_two_rounds_against_two_bots(table: Table) -> None:
    page = table.person(width=1280)  # a laptop's width, where "Jokers" was cut to "Joke"
    match_id = create_match(page, "ligretto", ["me", "bot", "bot"], options={"rounds": "2"})
    page.wait_for_selector(".ligretto")
    wait_for_the_countdown(table, page, "ligretto-round-1")
    table.shot(page, "ligretto-start")
    cut = page.eval_on_selector_all(
        ".players th", "cells => cells.filter(c => c.scrollWidth > c.clientWidth)"
                       ".map(c => c.textContent)")
    assert cut == [], f"headers of the players' table cut short: {cut}"
    saw_jokers = see_joker_places(table, page)

    def reload_and_second_tab() -> None:
        table.shot(page, "ligretto-halfway")
        step = seen(page).step
        page.reload()
        page.wait_for_selector(".ligretto")
        until(lambda: seen(page).step >= step, 10, "the round after a reload")
        assert page.locator(".log li").count() > 0  # the log came back with the page
        other = table.tab(page)
        other.goto(f"/play/{match_id}")
        other.wait_for_selector(".ligretto")
        assert seen(other).seat == seen(page).seat
        table.shot(other, "ligretto-second-tab")
        other.close()

    play_ligretto_round(page, until_placed=4, on_placed=reload_and_second_tab)
    assert placed(page) >= 4
    page.wait_for_selector(".scoring")
    table.shot(page, "ligretto-scoring")
    # This seat scored nothing in round 1: it sets two tiles aside on its individual board.
    chooser = page.locator(".chooser")
    chooser.wait_for()
    buttons = chooser.locator(".tile-button")
    buttons.nth(0).click()
    buttons.nth(1).click()
    table.shot(page, "ligretto-set-aside")
    chooser.locator("button.primary").click()
    # Round 2 gathers like round 1; the scoring of round 1 stays on screen meanwhile.
    page.wait_for_selector("[data-gathering] button.ready")
    assert page.locator(".scoring").count() == 1
    wait_for_the_countdown(table, page, "ligretto-round-2")
    play_ligretto_round(page, until_placed=2)
    until(lambda: seen(page).status == "over", 60, "the end of the match")
    assert page.locator(".chooser").count() == 0  # no set-aside after the last round
    page.wait_for_selector(".result")
    table.shot(page, "ligretto-result")
    assert "Ada has 2 tiles set aside." in page.locator(".players").inner_text()
    # The points broken down by how they were won.
    for category in ("rounds_won", "fewest_tiles"):
        assert page.locator(f'.result th[data-category="{category}"]').count() == 1
    assert saw_jokers, "no tile ever fitted both with and without jokers"


def test_a_round_played_by_taps_on_a_phone(table: Table) -> None:
    """At 360 px with a finger: the board large enough to tap (each square at least 30 px),
    the hand at the bottom of the screen beside the board, the words say tap."""
    page = table.person(width=360, height=740, touch=True)
    create_match(page, "ligretto", ["me", "bot", "bot"], options={"rounds": "1"})
    page.wait_for_selector(".ligretto")
    page.locator("[data-gathering] button.ready").tap()
    page.wait_for_selector("[data-gathering]", state="detached", timeout=10_000)
    page.locator(".hand button.primary").tap()
    page.wait_for_selector(".hand .turned svg.tile")
    square = page.locator("g.square").first.bounding_box()
    assert square is not None and square["width"] >= 30
    hand = page.locator(".hand-card").bounding_box()
    assert hand is not None and hand["y"] + hand["height"] <= 740 + 1  # in reach
    if page.locator("g.square.target").count():
        assert "Tap a highlighted square" in (page.locator(".hand .how").text_content() or "")
    table.shot(page, "ligretto-phone-turned", full_page=False)
    started = time.monotonic()
    play_ligretto_round(page, until_placed=3, touch=True)
    assert placed(page) >= 3, f"{placed(page)} tiles placed in {time.monotonic() - started:.0f} s"
    until(lambda: seen(page).status == "over", 60, "the end of the match")
    page.wait_for_selector(".result")
    table.shot(page, "ligretto-phone-result")
