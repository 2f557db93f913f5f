"""Play by mail in the browser (Debian's Chromium): an order sheet pasted on the game page is
taken whole or refused with every error listed by line (docs/pbm.md)."""

from __future__ import annotations

import httpx
import pytest

from .conftest import LiveServer, needs_chromium, shot

pytestmark = needs_chromium


@pytest.fixture(params=["sqlite"])
def settings(request: pytest.FixtureRequest, sqlite_settings):  # type: ignore[no-untyped-def]
    """Browser tests run on SQLite only: the database layer is covered on both elsewhere."""
    return sqlite_settings


@pytest.mark.rule("TOB-M6-ORDER-01")
def test_a_pasted_sheet_is_refused_line_by_line_then_taken(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    with httpx.Client(base_url=live_server.url, timeout=10) as http:
        made = http.post("/api/games", json={"ruleset": "turn-or-burn", "scenario": "quick-shot", "join": "red"}).json()
        game_id, token = made["game"]["id"], made["token"]
        http.post(f"/api/games/{game_id}/seats/blue/join")
        page = browser.new_page()
        page.goto(f"{live_server.url}/game.html#game={game_id}&token={token}")
        page.wait_for_selector("#sheet")
        page.click("#sheet summary")
        page.fill("#sheet-text", "R1 setup: gun=XX\nR7: TNC\n")
        page.click("#submit-sheet")
        page.wait_for_selector("#sheet-errors li")
        shot(page, "pbm-sheet-errors")
        assert page.inner_text("#sheet-errors").startswith("line 2, unit R7: no unit 'R7' in play")
        assert http.get(f"/api/games/{game_id}/state", headers={"Authorization": f"Bearer {token}"}).json()[
            "my_order"] is None
        page.fill("#sheet-text", "R1 setup: gun=NB\nR1: TNC\n")
        page.click("#submit-sheet")
        page.wait_for_function("document.getElementById('order-sent').textContent.includes('step 1')")
        assert http.get(f"/api/games/{game_id}/state", headers={"Authorization": f"Bearer {token}"}).json()[
            "my_order"] == {"R1": {"gun": "NB"}, "then": {"plot": {"R1": [{"card": "TNC"}]}}}
        sent = page.inner_text("#order-sent")  # the answers in advance, in words
        assert "R1 builds with NB" in sent and "answered in advance: plot: R1 plays TNC" in sent, sent
