"""Accounts in the browser: a person signs up, plays a match against a friend, signs in on
another device (a second browser context), goes on with the match there, and sees it on their
profile with their rating changed; the account page at a laptop's and a phone's width."""

from __future__ import annotations

import re

from playwright.sync_api import Page
from web_browser import Table, until
from web_pages import create_match, seen, sideways_scrolling, wait_turn_or_end

PASSWORD = "correct horse battery"


def bid(page: Page, nth_lowest: int) -> None:
    """Bid the hand's nth lowest card (or its highest, when fewer are left)."""
    buttons = page.locator(".goofspiel .hand button")
    cards = [int(re.findall(r"\d+", text)[-1]) for text in buttons.all_inner_texts()]
    wanted = sorted(cards)[min(nth_lowest, len(cards) - 1)]
    before = seen(page).step
    buttons.nth(cards.index(wanted)).click()
    until(lambda: seen(page).step > before or seen(page).legal == 0, 10, "the bid taken")


def play_bids(person: Page, friend: Page, bids: int | None = None) -> None:
    """The friend bids its lowest card (1, 2, 3...), the person its second lowest (2, 3...
    and 1 last): the person wins every prize but the last, whatever the deal."""
    made = 0
    while bids is None or made < bids:
        page = wait_turn_or_end([person, friend], 60)
        if page is None:
            return
        bid(page, 1 if page is person else 0)
        made += page is person


def sign_up(page: Page, name: str) -> None:
    page.goto("/account")
    form = page.locator('[data-form="sign-up"]')
    form.locator('input[name="name"]').fill(name)
    form.locator('input[name="password"]').fill(PASSWORD)
    form.locator('button[type="submit"]').click()
    page.wait_for_selector(f'.profile h1:has-text("{name}")')


def test_sign_up_play_go_on_on_another_device_and_see_the_rating(table: Table) -> None:
    laptop = table.person(width=1280, height=900)
    laptop.goto("/account")
    laptop.wait_for_selector('[data-form="sign-up"]')
    table.shot(laptop, "account-signed-out-1280")
    sign_up(laptop, "Ada")
    assert laptop.locator("[data-account]").inner_text() == "Ada"
    match_id = create_match(laptop, "goofspiel", ["me", "friend"], options={"cards": "5"})
    laptop.wait_for_selector(".invites")
    invite = laptop.locator(".invites input").first.input_value()
    friend = table.person(locale="it-IT", width=768)
    friend.goto(invite)
    friend.fill("[data-invite-name] input", "Bea")
    friend.locator("[data-invite-name] button").click()
    friend.wait_for_selector(".match[data-status]")
    laptop.locator(".invites button.primary").click()
    until(lambda: seen(laptop).status == "running", 10, "the start")
    play_bids(laptop, friend, bids=2)

    # Another device: a phone signs in, finds the match on the account and goes on with it.
    phone = table.person(width=360, height=800, touch=True)
    phone.goto("/account")
    form = phone.locator('[data-form="sign-in"]')
    form.locator('input[name="name"]').fill("ada")
    form.locator('input[name="password"]').fill(PASSWORD)
    form.locator('button[type="submit"]').click()
    phone.wait_for_selector(f'.mine [data-match="{match_id}"] a.button')
    table.shot(phone, "account-profile-playing-360")
    phone.locator(f'.mine [data-match="{match_id}"] a.button').click()
    phone.wait_for_selector(".goofspiel")
    until(lambda: seen(phone).seat == seen(laptop).seat, 10, "the same seat on the phone")
    play_bids(phone, friend)
    phone.wait_for_selector(".result")

    phone.goto("/account")
    phone.wait_for_selector('[data-rating="goofspiel"]')
    assert phone.locator('[data-rating="goofspiel"] .elo').inner_text() == "1516"
    assert phone.locator(f'[data-played="{match_id}"] [data-rank="1"]').count() == 1
    assert "Bea" in phone.locator(f'[data-played="{match_id}"]').inner_text()
    assert not sideways_scrolling(phone)
    table.shot(phone, "account-profile-360")
    # The friend signs up (in Italian): the match this browser played as a guest goes on the
    # new account, and Ada can invite her again.
    sign_up(friend, "Bea")
    friend.wait_for_selector(f'[data-played="{match_id}"]')
    table.shot(friend, "account-profile-it-768")
    laptop.goto("/account")
    laptop.wait_for_selector('[data-fellow="Bea"] button')
    assert not sideways_scrolling(laptop)
    table.shot(laptop, "account-profile-1280")
    laptop.locator('[data-fellow="Bea"] button').click()
    laptop.wait_for_url(re.compile(r".*/play/[\w-]+$"))
    again = laptop.url.rstrip("/").rsplit("/", 1)[1]
    assert again != match_id
    friend.goto("/account")
    friend.wait_for_selector(f'.mine [data-match="{again}"] a.button')


def test_a_passkey_signs_in_with_chromiums_virtual_authenticator(table: Table,
                                                                  server: str) -> None:
    """WebAuthn needs a secure context and a host name (never an address): localhost."""
    origin = server.replace("127.0.0.1", "localhost")
    page = table.person(width=1280, height=900)
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    authenticator = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "transport": "internal", "hasResidentKey": True,
        "hasUserVerification": True, "isUserVerified": True,
        "automaticPresenceSimulation": True}})["authenticatorId"]
    page.goto(origin + "/account")
    form = page.locator('[data-form="sign-up"]')
    form.locator('input[name="name"]').fill("Cleo")
    form.locator('input[name="password"]').fill(PASSWORD)
    form.locator('button[type="submit"]').click()
    page.wait_for_selector('.profile h1:has-text("Cleo")')
    page.locator("[data-passkey-add]").click()
    page.wait_for_selector(".note")
    keys = cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})["credentials"]
    assert len(keys) == 1 and keys[0]["isResidentCredential"]
    table.shot(page, "account-passkey-added-1280")
    page.locator(".profile .head button").click()  # sign out
    page.wait_for_selector("[data-passkey-sign-in]")
    table.shot(page, "account-passkey-sign-in-1280")
    page.locator("[data-passkey-sign-in]").click()  # no name, no password
    page.wait_for_selector('.profile h1:has-text("Cleo")')
    assert page.locator("[data-account]").inner_text() == "Cleo"
