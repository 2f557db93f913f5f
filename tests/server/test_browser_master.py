"""The game master in the browser (Debian's Chromium): a game created in the lobby with a
deadline in days and a mail address, its page's game-master panel pausing, resuming, extending
and giving a seat to a bot (docs/pbm.md)."""

from __future__ import annotations

import re

import httpx
import pytest

from .conftest import LiveServer, needs_chromium, shot

pytestmark = needs_chromium


@pytest.fixture(params=["sqlite"])
def settings(request: pytest.FixtureRequest, sqlite_settings):  # type: ignore[no-untyped-def]
    """Browser tests run on SQLite only: the database layer is covered on both elsewhere."""
    return sqlite_settings


def test_the_game_master_runs_a_days_long_game_from_its_page(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_page()
    page.goto(live_server.url + "/")
    page.wait_for_selector("[data-seat=blue]")
    page.select_option("#ruleset", "turn-or-burn")
    page.select_option("#scenario", "quick-shot")
    page.check("input[name=join][value=red]")
    page.fill("#deadline", "3")
    page.select_option("#deadline-unit", "86400")
    page.fill("#email", "red@example.test")
    page.click("#create-button")
    page.wait_for_url("**/game.html#game=*&master=*")
    game_id = page.url.split("game=")[1].split("&")[0]
    page.wait_for_selector("#master-pause")
    with httpx.Client(base_url=live_server.url, timeout=10) as http:
        http.post(f"/api/games/{game_id}/seats/blue/join")
        page.wait_for_selector("#countdown")
        assert re.match(r"Turn deadline in (3d 0h|2d 23h)\.", page.inner_text("#countdown"))
        page.click("#master-pause")
        page.wait_for_selector("#paused")
        assert http.get(f"/api/games/{game_id}").json()["paused"] is True
        page.click("#master-resume")
        page.wait_for_selector("#master-pause")
        before = http.get(f"/api/games/{game_id}").json()["turn_deadline"]
        page.fill("#extend-hours", "12")
        page.click("#master-extend")
        page.wait_for_function("document.getElementById('master-note').textContent === 'Done.'")
        assert http.get(f"/api/games/{game_id}").json()["turn_deadline"] == pytest.approx(before + 12 * 3600, abs=5)
        page.select_option("#replace-seat", "blue")
        page.fill("#replace-bot", "random")
        page.click("#master-replace")
        page.wait_for_function("document.getElementById('master-note').textContent === 'Done.'")
        shot(page, "pbm-game-master")
        seats = http.get(f"/api/games/{game_id}").json()["seats"]
        assert [(s["seat"], s["bot"]) for s in seats] == [("red", None), ("blue", "random")]
