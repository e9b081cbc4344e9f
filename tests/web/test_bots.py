"""The bots as a player meets them: the new-match form says what each level plays like with its
measured Elo, the player's results against each level are kept in the browser, and after a
match the replay shows what a bot weighed at a step."""

from __future__ import annotations

from playwright.sync_api import Page
from web_browser import Table, until
from web_pages import create_match, seen


def play_goofspiel(page: Page) -> None:
    """Bid the lowest card every time until the match is over."""
    def step() -> bool:
        if seen(page).status == "over":
            return True
        buttons = page.locator(".goofspiel .card-button")
        if buttons.count() and seen(page).legal > 0:
            buttons.first.click()
        return False

    until(step, 60, "the end of the match")


def test_levels_results_and_a_bot_that_explains_itself(table: Table) -> None:
    page = table.person()
    page.goto("/new/goofspiel")
    page.wait_for_selector("[data-levels]")
    rows = page.locator("[data-levels] tbody tr")
    assert rows.count() == 3
    text = page.locator("[data-levels]").inner_text()
    for meaning in ("learning the rules", "a casual player", "a strong player"):
        assert meaning in text
    assert "not played yet" in text
    table.shot(page, "new-match-levels")

    create_match(page, "goofspiel", ["me", "bot"], level="strong", seed=4)
    play_goofspiel(page)
    page.wait_for_selector(".result")

    # Back at the form, the result against the strong level is there.
    page.goto("/new/goofspiel")
    page.wait_for_selector('[data-level="strong"] [data-record]')
    record = page.locator('[data-level="strong"] [data-record]').inner_text()
    assert " of 1" in record, record
    assert "not played yet" in page.locator('[data-level="easy"] [data-record]').inner_text()
    table.shot(page, "new-match-levels-after-a-match")

    # The replay: what the bot weighed before its first bid.
    page.go_back()
    page.wait_for_selector(".result")
    page.locator('.result a[href^="/replay/"]').click()
    page.wait_for_selector("#replay-step")
    bot_step = None
    for step in range(1, 4):
        page.locator("#replay-step").fill(str(step))
        if page.locator("[data-explain] button", has_text="Bot").count():
            bot_step = step
            break
    assert bot_step is not None, "a step the bot made"
    page.locator("[data-explain] button").click()
    page.wait_for_selector("[data-explain] table")
    weighed = page.locator("[data-explain] tbody tr")
    assert weighed.count() == 5  # the five cards of the hand
    assert page.locator("[data-explain] tr.played").count() == 1
    assert "%" in weighed.first.inner_text()
    table.shot(page, "replay-bot-explains")
