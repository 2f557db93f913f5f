"""The browser client in a real Chromium (Debian's, driven by Playwright): two browser
contexts play a duel to its end against each other, and one plays a bot. Screenshots go to
``artifacts/`` (kept by CI, ignored by git)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import LiveServer, finish_and_check, needs_chromium, shot

pytestmark = needs_chromium


@pytest.fixture(params=["sqlite"])
def settings(request: pytest.FixtureRequest, sqlite_settings):  # type: ignore[no-untyped-def]
    """Browser tests run on SQLite only: the database layer is covered on both elsewhere."""
    return sqlite_settings


def create_game(page, url: str, blue: str, turn_limit: int) -> None:  # type: ignore[no-untyped-def]
    page.goto(url + "/")
    page.wait_for_selector("[data-option=turn_limit]")
    page.select_option("#ruleset", "turn-or-burn")
    page.select_option("#scenario", "quick-shot")
    page.wait_for_selector("[data-seat=blue]")
    page.fill("[data-option=turn_limit]", str(turn_limit))
    page.select_option("[data-seat=blue]", blue)
    page.check("input[name=join][value=red]")
    page.fill("#name", "Red player")
    shot(page, f"lobby-create-{blue.replace(': ', '-')}")
    page.click("#create-button")
    page.wait_for_url("**/game.html#game=*")
    page.wait_for_selector("#status h3")


def play_step(page, card: str | None) -> None:  # type: ignore[no-untyped-def]
    """Enter this seat's order for the open step: a card from the hand (or the default setup)."""
    step = page.get_attribute("body", "data-step")
    if card is not None and page.locator("[data-hand]").count():
        page.click(f"[data-hand] button[data-card='{card}']")
        page.wait_for_function("document.querySelector('[data-preview]').textContent.includes('ends at')")
    page.click("#submit-order")
    page.wait_for_function(
        f"document.body.dataset.step !== '{step}' || document.getElementById('order-sent').textContent !== ''")


def wait_next(page, step: str) -> None:  # type: ignore[no-untyped-def]
    page.wait_for_function(f"document.body.dataset.step !== '{step}' || document.body.dataset.status === 'over'")


def test_two_people_play_a_duel_to_the_end(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    url = live_server.url
    red_ctx, blue_ctx = browser.new_context(accept_downloads=True), browser.new_context(accept_downloads=True)
    red, blue = red_ctx.new_page(), blue_ctx.new_page()
    create_game(red, url, "person", turn_limit=3)
    assert "Waiting for players: blue" in red.inner_text("#status")
    blue.goto(url + "/")
    blue.click("#open-games button[data-seat=blue]")
    blue.wait_for_url("**/game.html#game=*")
    blue.wait_for_selector("#submit-order")
    red.wait_for_selector("#submit-order")
    shot(red, "duel-setup-red")
    cards = {"red": ["T60S", "B1A", "TNC"], "blue": [None, "TNC", "T60P"]}
    turn = 0
    while red.get_attribute("body", "data-status") != "over":
        assert turn < 10, "turn limit 3: the duel must end"
        step = red.get_attribute("body", "data-step")
        play_step(red, cards["red"][turn % 3])
        if turn == 1:
            red.wait_for_function("document.getElementById('waiting').textContent === 'Waiting for: blue'")
            shot(red, "duel-waiting-red")
            red.reload()  # a refresh restores everything, the order already sent included
            red.wait_for_function("document.getElementById('order-sent').textContent.includes('B1A')")
            assert "Waiting for: blue" in red.inner_text("#waiting")
        play_step(blue, cards["blue"][turn % 3])
        wait_next(red, step)
        wait_next(blue, step)
        if turn == 2:
            shot(blue, "duel-play-blue")
        turn += 1
    assert turn == 4  # setup and three turns
    red.wait_for_selector("#log [data-log-step='4']")
    assert "R1 moves" in red.inner_text("#log"), red.inner_html("#log")
    # blue's gun is still hidden from red in red's fighter table until the end (TOB-M1-BUILD-02)
    with red.expect_download() as download:  # the last step's report, as red may see it (docs/pbm.md)
        red.click("#download-report")
    report = Path(download.value.path()).read_text()
    assert report.startswith("Turn or Burn: turn report for red") and report.rstrip().endswith("The game is over.")
    finish_and_check(red, "duel-over-red")
    finish_and_check(blue, "duel-over-blue")
    # a reload restores everything, and the spectator sees the finished game
    red.reload()
    red.wait_for_selector("#game-over")
    spectator = browser.new_page()
    spectator.goto(red.url.split("&token=")[0])
    spectator.wait_for_selector("#game-over")
    assert "Spectating" in spectator.inner_text("#orders")
    shot(spectator, "duel-spectator")


def test_a_person_plays_a_bot(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_context(accept_downloads=True).new_page()
    create_game(page, live_server.url, "bot: random", turn_limit=3)
    page.wait_for_selector("#submit-order")
    # the creator's game-master panel is folded in a game without deadlines, and opens on a click
    page.wait_for_selector("#master summary")
    assert page.evaluate("document.getElementById('master').open") is False
    assert not page.is_visible("#master-pause")
    page.click("#master summary")
    page.wait_for_selector("#master-pause", state="visible")
    turn = 0
    while page.get_attribute("body", "data-status") != "over":
        assert turn < 10
        step = page.get_attribute("body", "data-step")
        play_step(page, "BG" if turn % 2 else "TNC")
        wait_next(page, step)
        if turn == 1:
            shot(page, "bot-play")
        turn += 1
    finish_and_check(page, "bot-over")
    page.goto(live_server.url + "/")
    page.wait_for_selector("#my-games a")
    assert "red in turn-or-burn" in page.inner_text("#my-games")
