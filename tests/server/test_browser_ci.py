"""Cold Infinity in a real Chromium: a person plays the frigate duel against the heuristic bot
to a one-turn limit through the generic legal-orders panel; the map shows each ship with its
vector in the book's notation, and the other side's EW stays hidden in the units table.
Screenshots go to ``artifacts/``."""

from __future__ import annotations

import re

import pytest

from .conftest import ARTIFACTS, LiveServer, create_in_lobby, needs_chromium, shot

pytestmark = needs_chromium

READY = ("document.body.dataset.status === 'over' || "
         "document.querySelector('#legal [data-order], #legal [data-facet], #orders-waiting:not(:empty)')")


@pytest.fixture(params=["sqlite"])
def settings(request: pytest.FixtureRequest, sqlite_settings):  # type: ignore[no-untyped-def]
    return sqlite_settings


def test_a_person_plays_the_frigate_duel_against_the_bot(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_context().new_page()
    create_in_lobby(page, live_server.url, "cold-infinity", "frigate-duel", join="blue", bots={"red": "heuristic"},
                    name="Blue player", options={"turn_limit": "1"})
    page.wait_for_function(READY)
    assert "1+2" in (page.text_content("#map") or "") and "4+2" in (page.text_content("#map") or "")
    assert "hidden" in (page.text_content("#fighters") or "")  # red's EW is not blue's to see
    shot(page, "ci-start")
    steps = 0
    while page.get_attribute("body", "data-status") != "over":
        assert steps < 30, "turn limit 1: the duel must end"
        page.wait_for_function(READY)
        if page.get_attribute("body", "data-status") == "over":
            break
        step = page.get_attribute("body", "data-step")
        page.wait_for_selector("#legal [data-order], #legal [data-facet]")
        while page.locator("#legal [data-facet]").count():
            page.locator("#legal [data-facet]").first.click()
        page.locator("#legal [data-order]").first.click()
        page.click("#submit-order")
        page.wait_for_function(f"document.body.dataset.step !== '{step}' || "
                               "document.getElementById('order-sent').textContent !== ''")
        steps += 1
    shot(page, "ci-over")
    assert "moves" in page.inner_text("#log")


def _pick(page, fragment: str) -> bool:  # type: ignore[no-untyped-def]
    """Click the listed order whose JSON holds ``fragment``; False when none does."""
    orders = page.locator(f"#legal [data-order*='{fragment}']")
    if not orders.count():
        return False
    orders.first.click()
    return True


@pytest.mark.parametrize("scenario", ["frigate-duel", "duel-3d"])
def test_shrouds_arcs_and_line_of_sight_on_the_map(live_server: LiveServer, browser, scenario: str) -> None:  # type: ignore[no-untyped-def]
    """Blue puts one EW point on its shroud and amplifies with the rest: the map draws its
    shroud (10 hexes, heavier for the amplification) but never red's, whose EW the view
    blanks; choosing a fire order draws each weapon's arc and the line of sight with its range;
    the units table shows blue's power and thrust budgets and hides red's. In 3-D the line of
    sight gives the hexes and the layers between (CI-6.5)."""
    page = browser.new_context().new_page()
    create_in_lobby(page, live_server.url, "cold-infinity", scenario, join="blue", bots={"red": "heuristic"},
                    name="Blue player", options={"turn_limit": "4"})
    aimed = False
    for _ in range(40):
        page.wait_for_function(READY)
        if page.get_attribute("body", "data-status") == "over":
            break
        page.wait_for_selector("#legal [data-order], #legal [data-facet]")
        decision = page.get_attribute("body", "data-decision")
        step = page.get_attribute("body", "data-step")
        if decision == "fire" and _pick(page, "attacks"):
            aimed = True
            break
        if not (decision == "ew" and _pick(page, "amplify")):
            while page.locator("#legal [data-facet]").count():
                page.locator("#legal [data-facet]").first.click()
            page.locator("#legal [data-order]").first.click()
        page.click("#submit-order")
        page.wait_for_function(f"document.body.dataset.step !== '{step}' || "
                               "document.getElementById('order-sent').textContent !== ''")
    assert aimed, "blue's railguns should find red in arc within four turns"
    shroud = page.locator("#map [data-shroud=B1]")
    assert shroud.count() == 1 and shroud.get_attribute("data-radius") == "10"
    assert "amplified" in (shroud.get_attribute("class") or "")
    assert page.locator("#map [data-shroud=R1]").count() == 0  # red's EW is blank in blue's view
    assert page.locator("#map .ci-fire .arc-fill").count() >= 1
    sight = page.locator("#map [data-sight^='B1>R1']")
    words = sight.first.text_content() or ""
    assert sight.count() >= 1 and (re.search(r"\d+ hexes, Δz [+-]?\d+", words) if scenario == "duel-3d"
                                   else re.search(r"range \d+", words))
    assert page.locator("#map .ci-fire [data-in-arc=R1]").count() >= 1
    row = page.locator("[data-unit-budget=B1]")
    assert "of 8" in (row.locator("[data-budget=power]").text_content() or "")  # the Reaper's reactor rating 8
    assert row.locator("[data-budget=thrust]").text_content() == "thrust 10"
    assert "shroud 1 (10 hexes), amplify" in (row.text_content() or "")
    red = page.locator("[data-unit-budget=R1]")
    assert red.text_content() == "EW hidden" and red.locator("[data-budget]").count() == 0
    assert "railgun_1 at R1" in (page.text_content("#legal .chosen") or "")
    shot(page, f"ci-fire-marks-{scenario}")
    for _ in range(5):
        page.click("#zoom-out")
    shot(page, f"ci-shroud-{scenario}")
    page.click("#units-details summary")
    page.wait_for_selector("[data-unit-budget=B1] [data-budget=thrust]", state="visible")
    page.set_viewport_size({"width": 1600, "height": 1400})
    page.locator("#fighters").scroll_into_view_if_needed()
    page.locator("#fighters").screenshot(path=str(ARTIFACTS / f"ci-units-{scenario}.png"))
