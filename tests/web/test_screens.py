"""The screens at the table, as players try them: Goofspiel's bids revealed prize by prize and
its score broken down; an invited friend who names themselves, goes away, is stood in for at
the host's word and comes back; the time bank's clocks; "Your matches" telling matches apart;
no word of the other language on a screen; the focus after an action; and every screen at a
desktop's 1280 px and a phone's 360 px."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page
from web_audit import language_problems
from web_browser import Table, until
from web_pages import create_match, seen, sideways_scrolling, start_round, wait_turn_or_end


def check_language(page: Page, language: str) -> None:
    """No word of the other language on the page, and none of the code's (web_audit)."""
    found = language_problems(page, language)
    assert not found, f"{page.url}: " + "\n".join(found)


def play_goofspiel(page: Page) -> None:
    """Bid the first card of the hand for every prize, checking each reveal."""
    prizes = 0
    while True:
        mine = wait_turn_or_end([page])
        if mine is None:
            return
        step = seen(page).step
        page.locator(".goofspiel .hand button").first.click()
        prizes += 1

        def revealed(step: int = step, prizes: int = prizes) -> bool:
            done = seen(page).step > step + 1 or seen(page).status == "over"
            return done and page.locator(".history tbody tr").count() == prizes

        until(revealed, 20, "the bot's bid and the bids of the prize revealed")
        reveal = page.locator("[data-reveal]")
        assert reveal.locator(".bids li").count() == 2  # both bids, face up


def test_goofspiel_reveals_every_bid_and_breaks_the_score_down(table: Table) -> None:
    page = table.person()
    match_id = create_match(page, "goofspiel", ["me", "bot"], options={"cards": "5"})
    page.wait_for_selector(".goofspiel")
    table.shot(page, "goofspiel-start")
    play_goofspiel(page)
    page.wait_for_selector(".result")
    table.shot(page, "goofspiel-result")
    assert page.locator(".history tbody tr").count() == 5
    assert page.locator('.result th[data-category="prizes"]').count() == 1
    assert page.locator(".log li").count() > 0
    # The log of the finished match, after a reload, says every bid of every prize.
    page.reload()
    page.wait_for_selector(".result")
    until(lambda: page.locator('.log li[data-kind="reveal"]').count() == 5, 10, "the log")
    assert page.locator(".history tbody tr").count() == 5  # the reveals, from the log
    # The replay reveals the bids at the step that revealed them.
    page.goto(f"/replay/{match_id}")
    page.wait_for_selector("#replay-step")
    page.locator("#replay-step").fill("2")
    page.wait_for_selector("[data-reveal]")
    table.shot(page, "goofspiel-replay")


def test_an_invited_friend_goes_away_and_a_bot_stands_in(table: Table) -> None:
    """The invite asks its guest's name; the match shows each player's time bank; a friend
    who closes the tab is counted down, and the host has a bot play now; the friend is back."""
    host = table.person()
    page_goto_new(host, "castell")
    host.select_option('[data-seat-kind="1"]', "friend")
    host.select_option("[data-time-bank]", "1")
    host.locator('form button[type="submit"]').click()
    host.wait_for_url(re.compile(r".*/play/[\w-]+$"))
    host.wait_for_selector(".invites")
    assert host.locator(".board .turn").count() == 0  # nobody's turn before the start
    invite = host.locator(".invites input").first.input_value()
    friend = table.person(locale="it-IT", width=768)
    friend.goto(invite)
    friend.wait_for_selector("[data-invite-name] input")
    table.shot(friend, "invite-name-it")
    friend.fill("[data-invite-name] input", "Bea")
    friend.locator("[data-invite-name] button").click()
    friend.wait_for_selector(".match[data-status]")
    until(lambda: "Bea" in host.locator(".presence").inner_text(), 10, "the friend's name")
    host.locator(".invites button.primary").click()
    until(lambda: seen(host).status == "running", 10, "the start")
    until(lambda: host.locator("[data-bank]").count() == 2, 10, "the clocks")
    table.shot(host, "time-banks")
    their_browser = friend.context
    friend.close()
    away = host.locator('.presence li[data-away="true"]')
    until(lambda: away.count() == 1, 15, "the friend away")
    assert re.search(r"a bot plays in \d+ s", away.inner_text())
    table.shot(host, "away-countdown")
    away.locator("button.stand-in").click()
    until(lambda: "a bot stands in" in host.locator(".presence").inner_text(), 10, "a stand-in")
    # The friend comes back (the same browser keeps the seat): the stand-in steps aside.
    back = table.watched.watch(their_browser.new_page())
    back.goto(invite.split("#")[0])
    back.wait_for_selector(".castell")
    until(lambda: "a bot stands in" not in host.locator(".presence").inner_text(), 10,
          "the friend back")
    assert "Bea" in host.locator(".presence").inner_text()


def page_goto_new(page: Page, game: str) -> None:
    page.goto(f"/new/{game}")
    page.wait_for_selector("[data-players]")
    page.fill('input[autocomplete="nickname"]', "Ada")


def test_your_matches_say_the_game_the_date_and_who_plays(table: Table) -> None:
    page = table.person()
    create_match(page, "goofspiel", ["me", "bot"])
    create_match(page, "castell", ["me", "bot", "bot"])
    page.goto("/")
    page.wait_for_selector(".mine li .when")
    rows = page.locator(".mine li")
    until(lambda: rows.locator(".who").count() == 2, 10, "the opponents")
    texts = rows.all_inner_texts()
    assert "Castell" in texts[0] and "Bot 2, Bot 3" in texts[0]
    assert "Goofspiel" in texts[1] and "Bot 2" in texts[1]
    table.shot(page, "your-matches")


def test_the_focus_follows_the_play(table: Table) -> None:
    """After a move made with the keyboard the focus is on the next control, not the page."""
    page = table.person()
    create_match(page, "castell", ["me", "bot"], seed=2)
    page.wait_for_selector(".castell")
    wait_turn_or_end([page])
    before = seen(page).step
    page.locator('.turn button[data-kind="move"]').first.focus()
    page.keyboard.press("Enter")
    until(lambda: seen(page).step > before, 10, "the move")
    until(lambda: page.evaluate("document.activeElement !== document.body"), 5,
          "the focus on a control")
    assert page.evaluate("document.activeElement.closest('.game, [data-awaited]') !== null")
    # On a control of the game, never the status line: Enter alone makes the next move.
    until(lambda: page.evaluate("document.activeElement.closest('.game button') !== null"), 10,
          "the focus on the game's next control")
    assert page.evaluate("document.activeElement.closest('[data-awaited]') === null")
    before = seen(page).step
    page.keyboard.press("Enter")
    until(lambda: seen(page).step > before, 10, "the next move, made with Enter alone")


@pytest.mark.parametrize("language", ["it", "en"])
def test_no_word_of_the_other_language(table: Table, language: str) -> None:
    page = table.person(locale="it-IT" if language == "it" else "en-GB")
    page.goto("/")
    page.wait_for_selector(".games li")
    check_language(page, language)
    for game in ("castell", "ligretto", "goofspiel", "ciurme"):
        page.goto(f"/rules/{game}")
        page.wait_for_selector(".rules .text h2")
        check_language(page, language)
        page.goto(f"/new/{game}")
        page.wait_for_selector("[data-players]")
        check_language(page, language)
    # Ciurme's new session (its new match's form, every option in words, is above).
    page.goto("/session")
    page.wait_for_selector("input[name=vote_minutes]")
    check_language(page, language)
    create_match(page, "ciurme", ["me"] + ["bot"] * 7, options={"message_budget": "0"},
                 level="normal")
    page.wait_for_selector(".ciurme")
    check_language(page, language)
    create_match(page, "castell", ["me", "bot"], seed=2)
    page.wait_for_selector(".castell")
    wait_turn_or_end([page])
    check_language(page, language)
    create_match(page, "ligretto", ["me", "bot"], options={"rounds": "1"})
    page.wait_for_selector("[data-gathering] button.ready")
    check_language(page, language)
    start_round(page)
    page.locator(".hand button.primary").click()
    page.wait_for_selector(".hand .turned svg.tile")
    check_language(page, language)
    create_match(page, "goofspiel", ["me", "bot"], options={"cards": "3"})
    page.wait_for_selector(".goofspiel")
    play_goofspiel(page)
    page.wait_for_selector(".result")
    check_language(page, language)
    table.shot(page, f"goofspiel-result-{language}")


SCREENS = ("home", "new-castell", "new-ligretto", "new-goofspiel", "castell", "ligretto",
           "goofspiel-result", "replay", "rules-castell", "rules-ligretto", "rules-goofspiel",
           "rules-ciurme", "new-session", "ciurme")


@pytest.mark.parametrize("width", [1280, 360])
def test_every_screen_at_a_desktops_and_a_phones_width(table: Table, width: int) -> None:
    page = table.person(width=width, height=900 if width > 400 else 780, touch=width < 400)
    shots: list[str] = []

    def shot(name: str) -> None:
        assert not sideways_scrolling(page), name
        table.shot(page, f"{name}-{width}")
        shots.append(name)

    page.goto("/")
    page.wait_for_selector(".games li")
    shot("home")
    for game in ("castell", "ligretto", "goofspiel"):
        page_goto_new(page, game)
        shot(f"new-{game}")
    create_match(page, "castell", ["me", "bot", "bot"], seed=2)
    page.wait_for_selector(".castell")
    wait_turn_or_end([page])
    shot("castell")
    # Every region of the map in sight at once, none hidden in a sideways box (at a phone's
    # width Girona and Barcelona were, with nothing saying so).
    assert page.locator(".map [data-region]").count() == 7
    assert page.evaluate("""() => [...document.querySelectorAll('.map [data-region]')].every(
        (g) => { const r = g.getBoundingClientRect();
                 return r.left >= 0 && r.right <= document.documentElement.clientWidth; })""")
    create_match(page, "ligretto", ["me", "bot", "bot"], options={"rounds": "1"})
    page.wait_for_selector("[data-gathering] button.ready")
    start_round(page)
    page.locator(".hand button.primary").click()
    page.wait_for_selector(".hand .turned svg.tile")
    shot("ligretto")
    match_id = create_match(page, "goofspiel", ["me", "bot"], options={"cards": "3"})
    page.wait_for_selector(".goofspiel")
    play_goofspiel(page)
    page.wait_for_selector(".result")
    shot("goofspiel-result")
    page.goto(f"/replay/{match_id}")
    page.wait_for_selector("#replay-step")
    shot("replay")
    for game in ("castell", "ligretto", "goofspiel"):
        page.goto(f"/rules/{game}")
        page.wait_for_selector(".rule-picture")
        shot(f"rules-{game}")
    # Ciurme: its rules, the new session's form (every option in words) and the quick try.
    page.goto("/rules/ciurme")
    page.wait_for_selector(".rules .text h2")
    shot("rules-ciurme")
    page.goto("/session")
    page.wait_for_selector("input[name=vote_minutes]")
    shot("new-session")
    create_match(page, "ciurme", ["me"] + ["bot"] * 7, options={"message_budget": "0"},
                 level="normal")
    page.wait_for_selector(".ciurme")
    shot("ciurme")
    assert tuple(shots) == SCREENS
