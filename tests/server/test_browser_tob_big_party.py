"""Turn or Burn Module 6 (Big Party) in a real Chromium (issue 13): a person gives each of their
ships its orders on one screen, each with its preview, among three players' fleets drawn in
their own colours; the other players are bots. Screenshots go to ``artifacts/``."""

from __future__ import annotations

import pytest

from .conftest import LiveServer, needs_chromium, shot

pytestmark = needs_chromium

CARDS = {"P1-1": "B3A", "P1-2": "B2S", "P1-3": "BG", "P1-4": "T60P"}
"""A card for each of P1's four ships (a gun for one: it takes a target)."""


@pytest.fixture(params=["sqlite"])
def settings(request: pytest.FixtureRequest, sqlite_settings):  # type: ignore[no-untyped-def]
    return sqlite_settings


def set_option(page, name: str, value: int) -> None:  # type: ignore[no-untyped-def]
    control = f"[data-option={name}]"
    if page.eval_on_selector(control, "c => c.tagName") == "SELECT":
        page.select_option(control, str(value))
    else:
        page.fill(control, str(value))
        page.dispatch_event(control, "change")


@pytest.mark.rule("TOB-M6-OVR-02")
@pytest.mark.rule("TOB-M6-ORDER-01")
def test_a_person_orders_every_ship_of_a_big_party_fleet(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_page()
    page.goto(live_server.url + "/")
    page.wait_for_selector("#ruleset option[value=turn-or-burn]", state="attached")
    page.select_option("#ruleset", "turn-or-burn")
    page.select_option("#scenario", "big-party")
    page.wait_for_selector("[data-seat=P2]")
    assert page.locator("[data-seat=P3]").count() == 0  # the preset's default: two players
    set_option(page, "players", 3)
    page.wait_for_selector("[data-seat=P3]")  # the seats follow the number of players
    set_option(page, "ships", 4)
    page.select_option("[data-seat=P2]", "bot: heuristic")
    page.select_option("[data-seat=P3]", "bot: heuristic")
    page.check("input[name=join][value=P1]")
    page.fill("#name", "Player one")
    page.click("#create-button")
    page.wait_for_url("**/game.html#game=*")
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
