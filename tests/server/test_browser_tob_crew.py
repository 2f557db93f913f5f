"""Turn or Burn in a real Chromium: every action of a ship in its own row (issue 13). A Big Party
ship with two crew plots two actions (TOB-M3-MULTI-01, TOB-M6-ORDER-01): one hand gives the
first, a second hand the second with its target, and both go in the order sent."""

from __future__ import annotations

import pytest

from .conftest import LiveServer, create_in_lobby, needs_chromium, shot

pytestmark = needs_chromium


@pytest.fixture(params=["sqlite"])
def settings(request: pytest.FixtureRequest, sqlite_settings):  # type: ignore[no-untyped-def]
    return sqlite_settings


@pytest.mark.rule("TOB-M3-MULTI-01")
@pytest.mark.rule("TOB-M6-ORDER-01")
def test_a_ship_with_two_crew_gets_both_actions_in_its_row(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_page()  # the preset's default: 2 players, 4 ships each
    create_in_lobby(page, live_server.url, "turn-or-burn", "big-party", join="P1", bots={"P2": "heuristic"},
                    name="Player one")
    page.wait_for_selector("[data-hand='P1-4']", state="attached")
    # P1-2 (heavy) and P1-4 (ultra) have two crew each, so a second hand each; P1-1 and P1-3 one
    assert page.locator("[data-hand^='P1-']").evaluate_all("xs => xs.map(x => x.dataset.hand)") == [
        "P1-1", "P1-2", "P1-2-2", "P1-3", "P1-4", "P1-4-2"]
    page.click("[data-ship='P1-2'] > summary")
    page.wait_for_function("document.querySelector(\"[data-ship='P1-2']\").open")
    page.click("[data-hand='P1-2'] button[data-card=B2S]")
    page.click("[data-hand='P1-2-2'] button[data-card=LT]")
    assert page.is_visible("[data-target='P1-2-2']")  # a gun names its target
    page.select_option("[data-target='P1-2-2']", "P2-1")
    page.wait_for_function("document.querySelector(\"[data-chosen='P1-2']\").textContent === 'B2S + LT > P2-1'")
    page.wait_for_function("document.querySelector(\"[data-preview='P1-2']\").textContent.includes('ends at')")
    assert page.inner_text("[data-card-help='P1-2-2']").startswith("LT = Laser Turret")  # what the card does
    shot(page, "big-party-crew")
    step = page.get_attribute("body", "data-step")
    page.click("#submit-order")
    page.wait_for_function(f"document.body.dataset.step !== '{step}'")
    page.wait_for_function("document.getElementById('log').textContent.includes('P1-2')")
    log = page.inner_text("#log")
    assert "P1-2 plays B2S (Burn 2, slip starboard) + LT (Laser Turret) at P2-1" in log  # both actions were sent
    shot(page, "big-party-crew-after")


@pytest.mark.rule("TOB-M6-STN-02")
def test_a_player_places_a_station_from_the_game_page(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_page()
    create_in_lobby(page, live_server.url, "turn-or-burn", "big-party", join="P1", bots={"P2": "heuristic"},
                    name="Player one", options={"mode": "capture", "placement": "players"})
    # the generic panel offers every allowed hex (as buttons, and marked on the map)
    page.wait_for_selector("[data-facet=S1][data-value='[20,5]']")
    assert page.locator("[data-facet=S1][data-value='[3,0]']").count() == 0  # too near the edge
    shot(page, "big-party-station")
    page.click("[data-facet=S1][data-value='[20,5]']")
    page.click("#submit-order")
    page.wait_for_selector("[data-hand='P1-4']", state="attached")  # P2's bot placed S2: the plot is open
    page.wait_for_function("document.getElementById('log').textContent.includes('S2')")
    log = page.inner_text("#log")
    assert "P1: places station S1 at 20,5" in log and "P1 places station S1 at 20,5." in log
