"""Turn or Burn Module 6 (Big Party) in a real Chromium (issue 13): a person gives each of their
ships its orders on one screen, each with its preview, among three players' fleets drawn in
their own colours; the other players are bots. Screenshots go to ``artifacts/``."""

from __future__ import annotations

import httpx
import pytest

from .conftest import LiveServer, needs_chromium, shot

pytestmark = needs_chromium

CARDS = {"P1-1": "B3A", "P1-2": "B2S", "P1-3": "BG", "P1-4": "T60P"}
"""A card for each of P1's four ships (a gun for one: it takes a target)."""


@pytest.fixture(params=["sqlite"])
def settings(request: pytest.FixtureRequest, sqlite_settings):  # type: ignore[no-untyped-def]
    return sqlite_settings


@pytest.mark.rule("TOB-M6-ORDER-01")
def test_a_person_orders_every_ship_of_a_big_party_fleet(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    made = httpx.post(f"{live_server.url}/api/games", json={
        "ruleset": "turn-or-burn", "scenario": "big-party", "join": "P1", "name": "Player one",
        "options": {"players": 3, "ships": 4, "mode": "dogfight"},
        "seats": {"P2": {"bot": "heuristic"}, "P3": {"bot": "heuristic"}}})
    assert made.status_code == 201, made.text
    game, token = made.json()["game"]["id"], made.json()["token"]
    page = browser.new_page()
    page.goto(f"{live_server.url}/game.html#game={game}&token={token}")
    page.wait_for_selector("[data-hand='P1-4']", state="attached")
    # every side in a colour of its own on the map
    tones = page.eval_on_selector_all(
        "#map [data-ghost='0'] polygon.fighter",
        "ps => [...new Set(ps.map(p => getComputedStyle(p).fill))]")
    assert len(tones) == 3
    # one row per ship; one hand open at a time
    assert page.locator("details.ship-orders").count() == 4
    assert page.locator("details.ship-orders[open]").count() == 1
    for fid, card in CARDS.items():
        if not page.is_visible(f"[data-hand='{fid}']"):
            page.click(f"[data-ship='{fid}'] > summary")
        page.wait_for_function("document.querySelectorAll('details.ship-orders[open]').length === 1")
        page.click(f"[data-hand='{fid}'] button[data-card={card}]")
        page.wait_for_function(f"document.querySelector(\"[data-preview='{fid}']\").textContent.includes('ends at')")
        if card == "BG":  # the gun's target
            page.select_option(f"[data-target='{fid}']", "P2-1")
    for fid in CARDS:  # each ship's preview stays on its own line
        assert page.inner_text(f"[data-preview='{fid}']").startswith(f"{fid} ends at")
    assert page.locator("#map [data-ghost='1']").count() == 4
    assert [page.inner_text(f"[data-chosen='{fid}']") for fid in CARDS] == ["B3A", "B2S", "BG > P2-1", "T60P"]
    assert page.inner_text(".map-legend").split() == ["P1", "P2", "P3"]  # which colour is whose
    shot(page, "big-party-orders")
    # a crowded map: short labels until zoomed in, then each ship's speed too
    assert page.eval_on_selector("#map", "m => m.classList.contains('crowded')")
    assert not page.is_visible("#map [data-fighter='P2-1'] .speed")
    for _ in range(4):
        page.click("#zoom-in")
    page.wait_for_function("document.getElementById('map').classList.contains('detail')")
    assert page.is_visible("#map [data-fighter='P1-1'] .speed")
    shot(page, "big-party-zoomed")
    page.click("#zoom-fit")
    step = page.get_attribute("body", "data-step")
    page.click("#submit-order")
    page.wait_for_function(f"document.body.dataset.step !== '{step}'")
    page.wait_for_function("document.getElementById('log').textContent.includes('P1-1')")
    log = page.inner_text("#log")
    assert "P1-3" in log and "BG" in log
    shot(page, "big-party-after")
