"""Castell in the browser: a whole game against a bot with a hand-built tower declared at a
festival, a reload and a second tab in the middle; and two people in two browsers."""

from __future__ import annotations

from playwright.sync_api import Page
from web_browser import Table, WaitFor, until
from web_pages import (
    castell_turn,
    create_match,
    declare_custom_tower,
    festival_tokens,
    perform_own_tower,
    seen,
    wait_step_after,
    wait_turn_or_end,
)

SEED = 1


def test_a_whole_game_against_a_bot(table: Table) -> None:
    page = table.person()
    page.goto("/")
    page.wait_for_selector(".games li")
    table.shot(page, "home")
    # A deal in which this seat's plain play reaches a festival it may enter (in some it never
    # does, and the test would have nothing to declare).
    match_id = create_match(page, "castell", ["me", "bot"], seed=SEED)
    page.wait_for_selector(".castell")
    table.shot(page, "castell-start")
    declared: list[list[int]] = []
    reloaded = second_tab = performed = False
    turns = 0
    while True:
        mine = wait_turn_or_end([page], 60)
        if mine is None:
            break
        if page.locator(".festival .builder").count():
            if not declared:
                table.shot(page, "castell-festival")
            tower = declare_custom_tower(page, festival_tokens(page))
            if tower:
                declared = tower
                table.shot(page, "castell-declared")
            continue
        if not performed and perform_own_tower(page):
            performed = True
            table.shot(page, "castell-performed")
        castell_turn(page)
        turns += 1
        if turns == 1:
            table.shot(page, "castell-after-first-turn")
        if turns == 3 and not reloaded:
            # Reload in the middle: the seat comes back from local storage, the match goes on.
            step = seen(page).step
            page.reload()
            page.wait_for_selector(".castell")
            wait_step_after(page, step - 1, 10)
            reloaded = True
            table.shot(page, "castell-after-reload")
        if turns == 4 and not second_tab:
            # A second tab holding the same seat sees the same table and may play it.
            other = table.tab(page)
            other.goto(f"/play/{match_id}")
            other.wait_for_selector(".castell")
            until(same_step(other, page), 10, "the second tab in step")
            assert seen(other).seat == seen(page).seat
            table.shot(other, "castell-second-tab")
            other.close()
            second_tab = True
    page.wait_for_selector(".result")
    table.shot(page, "castell-result")
    assert declared, "no tower was declared at a festival"
    assert reloaded and second_tab
    assert page.locator(".result tbody tr").count() == 2
    # The finished match replays step by step.
    page.locator('.result a[href^="/replay/"]').click()
    page.wait_for_selector("#replay-step")
    page.locator("#replay-step").fill("10")
    page.wait_for_selector(".castell")
    table.shot(page, "castell-replay")


def test_two_people_play_to_the_end(table: Table) -> None:
    host = table.person()
    match_id = create_match(host, "castell", ["me", "friend"])
    host.wait_for_selector(".invites")
    table.shot(host, "castell-invites")
    invite = host.locator(".invites input").first.input_value()
    assert f"/play/{match_id}#token=" in invite
    friend = table.person(locale="it-IT", width=768)
    friend.goto(invite)
    friend.wait_for_selector(".match[data-status]")
    assert "#token" not in friend.url  # the token leaves the address bar
    host.locator(".invites button.primary").click()
    until(lambda: seen(host).status == "running" and seen(friend).status == "running", 10,
          "the start")
    table.shot(friend, "castell-friend-it")
    festivals = 0
    while True:
        page = wait_turn_or_end([host, friend], 60)
        if page is None:
            break
        if page.locator(".festival .builder").count():
            festivals += 1
            if festivals % 2:
                declare_custom_tower(page, festival_tokens(page))
            else:
                # The other declares the suggested tower in one click.
                button = page.locator(
                    ".festival button.declare-suggested, .festival button.abstain").first
                before = seen(page).step
                button.click()
                wait_step_after(page, before, 10)
            continue
        castell_turn(page)
    for page in (host, friend):
        page.wait_for_selector(".result")
    table.shot(host, "castell-two-result")
    table.shot(friend, "castell-two-result-it")
    assert festivals > 0


def same_step(one: Page, other: Page) -> WaitFor:
    """Two tabs of one match show the same step."""
    return lambda: seen(one).step == seen(other).step
