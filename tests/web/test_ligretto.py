"""Ligretto in the browser: a whole round against two bots in real time, placing tiles with
clicks on the board, a reload in the middle, a second tab, and the round's scoring with the
set-aside choice."""

from __future__ import annotations

from web_browser import Table, until
from web_pages import create_match, ligretto_move, placed, play_ligretto_round, seen


def test_a_round_against_two_bots(table: Table) -> None:
    page = table.person()
    match_id = create_match(page, "ligretto", ["me", "bot", "bot"], options={"rounds": "1"})
    page.wait_for_selector(".ligretto")
    table.shot(page, "ligretto-start")
    until(lambda: ligretto_move(page), 10, "a first move")
    page.wait_for_selector(".hand .turned svg.tile")
    table.shot(page, "ligretto-hand")

    def reload_and_second_tab() -> None:
        table.shot(page, "ligretto-halfway")
        step = seen(page).step
        page.reload()
        page.wait_for_selector(".ligretto")
        until(lambda: seen(page).step >= step, 10, "the round after a reload")
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
    # This seat scored nothing: it sets two tiles aside on its individual board.
    chooser = page.locator(".chooser")
    chooser.wait_for()
    buttons = chooser.locator(".tile-button")
    buttons.nth(0).click()
    buttons.nth(1).click()
    table.shot(page, "ligretto-set-aside")
    chooser.locator("button.primary").click()
    until(lambda: seen(page).status == "over", 30, "the end of the match")
    page.wait_for_selector(".result")
    table.shot(page, "ligretto-result")
    assert "Ada has 2 tiles set aside." in page.locator(".players").inner_text()
