"""Cold Infinity in a real Chromium: a person plays the frigate duel against the heuristic bot
to a one-turn limit through the generic legal-orders panel; the map shows each ship with its
vector in the book's notation, and the other side's EW stays hidden in the units table.
Screenshots go to ``artifacts/``."""

from __future__ import annotations

import pytest

from .conftest import LiveServer, needs_chromium, shot

pytestmark = needs_chromium

READY = ("document.body.dataset.status === 'over' || "
         "document.querySelector('#legal [data-order], #legal [data-facet], #orders-waiting:not(:empty)')")


@pytest.fixture(params=["sqlite"])
def settings(request: pytest.FixtureRequest, sqlite_settings):  # type: ignore[no-untyped-def]
    return sqlite_settings


def test_a_person_plays_the_frigate_duel_against_the_bot(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_context().new_page()
    page.goto(live_server.url + "/")
    page.wait_for_selector("#ruleset option[value=cold-infinity]", state="attached")
    page.select_option("#ruleset", "cold-infinity")
    page.select_option("#scenario", "frigate-duel")
    page.wait_for_selector("[data-seat=red]")
    page.fill("[data-option=turn_limit]", "1")
    page.select_option("[data-seat=red]", "bot: heuristic")
    page.check("input[name=join][value=blue]")
    page.fill("#name", "Blue player")
    page.click("#create-button")
    page.wait_for_url("**/game.html#game=*")
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
