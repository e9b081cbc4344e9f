"""Castell in the browser: a whole game against a bot with a move taken back, a hand-built tower
declared at a festival and every festival's towers revealed, a reload and a second tab in the
middle (the log comes back as it was), the score broken down at the end, the finished match's
whole log and the replay's; and two people in two browsers."""

from __future__ import annotations

from playwright.sync_api import Page
from web_browser import Table, WaitFor, until
from web_pages import (
    castell_turn,
    click_and_wait,
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
    take_back_a_move(table, page)
    declared: list[list[int]] = []
    reloaded = second_tab = performed = revealed = False
    turns = 0
    while True:
        mine = wait_turn_or_end([page], 60)
        if mine is None:
            break
        if not revealed and page.locator("[data-festival-results] .entry").count():
            revealed = True  # every participant's tower, score and what it won
            results = page.locator("[data-festival-results]")
            assert results.locator(".entry .score").count() == results.locator(".entry").count()
            assert results.locator(".entry .tower .chip").count() >= 4
            table.shot(page, "castell-festival-revealed")
            results.locator("button.continue").click()
            page.wait_for_selector("[data-festival-results]", state="detached")
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
            # Every board breaks its score so far down by the five categories the end counts.
            for board in page.locator(".board[data-seat]").all():
                assert board.locator("[data-breakdown] [data-category]").count() == 5
        if turns == 3 and not reloaded:
            # Reload in the middle: the seat comes back from local storage, the match goes on,
            # and the log reads as it did (newest first: the lines before, under any new ones).
            step = seen(page).step
            before = page.locator(".log li").all_inner_texts()
            page.reload()
            page.wait_for_selector(".castell")
            wait_step_after(page, step - 1, 10)
            page.wait_for_selector(".log li")
            after = page.locator(".log li").all_inner_texts()
            assert before and after[len(after) - len(before):] == before
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
    assert reloaded and second_tab and revealed
    assert page.locator(".result tbody tr").count() == 2
    # The score broken down as the rules count it.
    for category in ("best_tower", "regions", "prizes", "size_tokens", "local"):
        assert page.locator(f'.result th[data-category="{category}"]').count() == 1
    # The finished match opens with its whole log, from its first step.
    page.reload()
    page.wait_for_selector(".result")
    page.wait_for_selector(".log li")
    while page.locator(".log button.older").count():
        page.locator(".log button.older").click()
    until(lambda: page.locator('.log li[data-step="1"]').count() > 0, 10, "the first step")
    assert page.locator(".log h4.round").count() == 10  # a heading per round
    # "Round 2 begins" stands under round 2's heading, not round 1's.
    misplaced = page.evaluate("""() => [...document.querySelectorAll('.log li[data-kind="round"]')]
        .map((li) => [li.closest('ol').previousElementSibling?.dataset.round, li.innerText])
        .filter(([round, text]) => !(text.match(/[0-9]+/g) || []).includes(round))""")
    assert page.locator('.log li[data-kind="round"]').count() >= 9 and misplaced == []
    table.shot(page, "castell-finished-log")
    # The finished match replays step by step, its log as the spectators heard it.
    page.locator('.result a[href^="/replay/"]').click()
    page.wait_for_selector("#replay-step")
    page.locator("#replay-step").fill("10")
    page.wait_for_selector(".castell")
    assert page.locator(".log li").count() > 0
    table.shot(page, "castell-replay")
    page.locator('button[aria-label="Last step"]').click()
    page.wait_for_selector("[data-festival-results]")  # the last festival, revealed
    # Every festival the last step revealed has its own panel: a second one of the round
    # does not replace the first.
    revealed_last = page.evaluate("""() => {
        const steps = [...document.querySelectorAll('.log li[data-kind="festival_result"]')]
            .map((li) => Number(li.dataset.step));
        return steps.filter((s) => s === Math.max(...steps)).length; }""")
    assert page.locator("[data-festival-results]").count() == revealed_last >= 1
    table.shot(page, "castell-replay-end")


def test_two_people_play_to_the_end(table: Table) -> None:
    host = table.person()
    match_id = create_match(host, "castell", ["me", "friend"])
    host.wait_for_selector(".invites")
    table.shot(host, "castell-invites")
    invite = host.locator(".invites input").first.input_value()
    assert f"/play/{match_id}#token=" in invite
    friend = table.person(locale="it-IT", width=768)
    friend.goto(invite)
    friend.fill("[data-invite-name] input", "Bea")  # the invite asks the guest's name
    friend.locator("[data-invite-name] button").click()
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


def take_back_a_move(table: Table, page: Page) -> None:
    """A region clicked by mistake: the move is taken back, the table is as it was, and the log
    keeps both, the move struck through."""
    wait_turn_or_end([page], 60)
    me = seen(page).seat
    board = page.locator(f'.board[data-seat="{me}"]')
    pawn = board.get_attribute("data-pawn")
    assert page.locator("[data-undo]").count() == 0  # nothing to take back yet
    click_and_wait(page, '.turn button[data-kind="move"]')
    moved_to = board.get_attribute("data-pawn")
    assert moved_to and moved_to != pawn
    table.shot(page, "castell-before-undo")
    click_and_wait(page, "[data-undo]")
    until(lambda: board.get_attribute("data-pawn") == pawn, 10, "the pawn back")
    assert page.locator("[data-undo]").count() == 0
    assert page.locator('.log li[data-kind="undone"]').count() == 1
    assert page.locator(".log li.undone").count() == 1
    # The struck line's hidden "(taken back)" is placed within its line, never against the page,
    # where it stood at the unscrolled line's place and stretched the page by the log's length.
    assert page.locator(".log li.undone .visually-hidden").evaluate(
        "e => e.offsetParent !== null && e.offsetParent.closest('.log li') !== null")
    assert page.locator('.turn button[data-kind="move"]').count() > 0  # the move is open again
    table.shot(page, "castell-after-undo")


def same_step(one: Page, other: Page) -> WaitFor:
    """Two tabs of one match show the same step."""
    return lambda: seen(one).step == seen(other).step
