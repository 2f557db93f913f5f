"""Sharing and rematch on the game page, in a real Chromium: the link to watch (to the clipboard
and in a field beside the button), and after the end a rematch with the same game, scenario,
options and bots, sides swapped, that takes the player into the new game."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from .conftest import LiveServer, needs_chromium, shot

pytestmark = needs_chromium


@pytest.fixture(params=["sqlite"])
def settings(request: pytest.FixtureRequest, sqlite_settings):  # type: ignore[no-untyped-def]
    """Browser tests run on SQLite only: the database layer is covered on both elsewhere."""
    return sqlite_settings


def finished_game(url: str) -> tuple[str, str]:
    """A Quick Shot of red (a person, who coasts) against the random bot, played to its turn
    limit of 1 through the API; its id and red's token."""
    with httpx.Client(base_url=url, timeout=10) as http:
        made = http.post("/api/games", json={"ruleset": "turn-or-burn", "scenario": "quick-shot", "join": "red",
                                             "name": "Ann", "options": {"turn_limit": 1}, "deadline_seconds": 600,
                                             "seats": {"blue": {"bot": "random"}}}).json()
        game_id, token = made["game"]["id"], made["token"]
        auth = {"Authorization": f"Bearer {token}"}
        for _ in range(40):
            state = http.get(f"/api/games/{game_id}/state", headers=auth).json()
            if state["game"]["status"] == "over":
                return game_id, token
            if state["decision"] and state["my_order"] is None:
                r = http.post(f"/api/games/{game_id}/orders", headers=auth, json={"order": {}, "step": state["step"]})
                assert r.status_code == 200, r.text
            else:
                http.get(f"/api/games/{game_id}/state", headers=auth)  # (the bot decides in the background)
        raise AssertionError("the game did not end")


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_copy_the_link_to_watch_and_rematch_with_sides_swapped(  # type: ignore[no-untyped-def]
        live_server: LiveServer, browser, size: tuple[int, int]) -> None:
    game_id, token = finished_game(live_server.url)
    ctx = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    page = ctx.new_page()
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{live_server.url}/game.html#game={game_id}&token={token}")
    page.wait_for_selector("#game-over")
    page.click("#copy-watch")
    page.wait_for_function("document.getElementById('copy-note').textContent !== ''")
    watch = f"{live_server.url}/game.html#game={game_id}"
    assert page.input_value("#watch-link") == watch and "token" not in watch
    assert page.evaluate("navigator.clipboard.readText()") == watch
    assert page.inner_text("#copy-note").startswith("Copied")
    assert page.inner_text("#rematch") == "Rematch: you play blue"
    shot(page, f"share-over-{size[0]}")

    page.click("#rematch")
    page.wait_for_function(f"location.hash.includes('game=') && !location.hash.includes('{game_id}')")
    page.wait_for_selector("#status h3")
    new_id = page.url.split("game=")[1].split("&")[0]
    new: dict[str, Any] = httpx.get(f"{live_server.url}/api/games/{new_id}", timeout=5).json()
    old: dict[str, Any] = httpx.get(f"{live_server.url}/api/games/{game_id}", timeout=5).json()
    assert (new["ruleset"], new["scenario"], new["options"], new["deadline_seconds"]) == (
        old["ruleset"], old["scenario"], old["options"], old["deadline_seconds"])
    assert [(s["seat"], s["bot"], s["name"], s["joined"]) for s in new["seats"]] == [
        ("red", "random", None, True), ("blue", None, "Ann", True)]  # sides swapped, the person in blue
    page.wait_for_function("document.getElementById('title').textContent.includes('playing blue')")
    assert new["status"] == "active"
    shot(page, f"share-rematch-{size[0]}")


def test_the_link_to_watch_shows_in_a_field_where_the_clipboard_is_refused(  # type: ignore[no-untyped-def]
        live_server: LiveServer, browser) -> None:
    """Without clipboard permission (or off https), the link is in a selected field to copy by hand."""
    game_id, _ = finished_game(live_server.url)
    page = browser.new_page()
    page.goto(f"{live_server.url}/game.html#game={game_id}")  # a spectator: no rematch for them
    page.wait_for_selector("#game-over")
    assert page.locator("#rematch").count() == 0
    page.evaluate("Object.defineProperty(navigator, 'clipboard', { value: undefined })")
    page.click("#copy-watch")
    page.wait_for_function("document.getElementById('copy-note').textContent !== ''")
    assert page.is_visible("#watch-link") and page.input_value("#watch-link").endswith(f"#game={game_id}")
    assert "by hand" in page.inner_text("#copy-note")
    assert page.evaluate("document.activeElement.id") == "watch-link"
