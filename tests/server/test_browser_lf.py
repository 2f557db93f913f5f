"""Launch Fighters! in a real Chromium: a person plays a duel against the heuristic bot to its
turn limit through the generic legal-orders panel (narrowing, a hex tapped on the map, hover
marks), and two people see the sequential play: only the seat that decides gets the panel.
Screenshots go to ``artifacts/``."""

from __future__ import annotations

import pytest

from .conftest import LiveServer, finish_and_check, needs_chromium, shot

pytestmark = needs_chromium

READY = ("document.body.dataset.status === 'over' || "
         "document.querySelector('#legal [data-order], #legal [data-facet], #orders-waiting:not(:empty)')")


@pytest.fixture(params=["sqlite"])
def settings(request: pytest.FixtureRequest, sqlite_settings):  # type: ignore[no-untyped-def]
    """Browser tests run on SQLite only: the database layer is covered on both elsewhere."""
    return sqlite_settings


def create_lf_game(page, url: str, red: str, turn_limit: int | None = None) -> None:  # type: ignore[no-untyped-def]
    page.goto(url + "/")
    page.wait_for_selector("#ruleset option[value=launch-fighters]", state="attached")
    page.select_option("#ruleset", "launch-fighters")
    page.select_option("#scenario", "asteroid-field")
    page.wait_for_selector("[data-seat=red]")
    if turn_limit:
        page.fill("[data-option=turn_limit]", str(turn_limit))
    page.select_option("[data-seat=red]", red)
    page.check("input[name=join][value=blue]")
    page.fill("#name", "Blue player")
    shot(page, f"lf-lobby-{red.replace(': ', '-')}")
    page.click("#create-button")
    page.wait_for_url("**/game.html#game=*")
    page.wait_for_function(READY)


def decide(page, tap_map: bool = False) -> str:  # type: ignore[no-untyped-def]
    """Pick this seat's order in the legal-orders panel (narrowing by the first value of each
    field, or tapping a marked hex on the map) and send it; returns the decision's kind."""
    kind = page.get_attribute("body", "data-decision")
    step = page.get_attribute("body", "data-step")
    page.wait_for_selector("#legal [data-order], #legal [data-facet]")
    while page.locator("#legal [data-facet]").count():
        if tap_map and page.locator("#map [data-offer]").count():
            page.locator("#map [data-offer]").last.click()
        else:
            page.locator("#legal [data-facet]").first.click()
    option = page.locator("#legal [data-order]").first
    option.hover()  # hovering an order marks the units and hexes it names on the map
    if kind in ("place", "move", "activate"):
        assert page.locator("#map .focus").count() > 0
    option.click()
    assert "Your order:" in page.inner_text("#chosen-order")
    page.click("#submit-order")
    page.wait_for_function(f"document.body.dataset.step !== '{step}' || "
                           "document.getElementById('order-sent').textContent !== ''")
    return kind


def test_a_person_plays_launch_fighters_against_the_bot(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_context(accept_downloads=True).new_page()
    create_lf_game(page, live_server.url, "bot: lf-heuristic", turn_limit=2)
    kinds: list[str] = []
    while page.get_attribute("body", "data-status") != "over":
        assert len(kinds) < 120, f"turn limit 2: the game must end ({kinds})"
        page.wait_for_function(READY)
        if page.get_attribute("body", "data-status") == "over":
            break
        step, kind = page.evaluate("[document.body.dataset.step, document.body.dataset.decision]")  # one snapshot
        if kind and kind not in kinds:  # the first decision of each kind, as offered, zoomed in
            page.click("#zoom-in")
            page.click("#zoom-in")
            page.locator("#orders").scroll_into_view_if_needed()
            shot(page, f"lf-decide-{kind}")
            page.click("#zoom-fit")
        if kind:
            kinds.append(decide(page, tap_map=kind == "place"))
        else:  # the bot decides: wait for the next step, or for a decision of ours in this one
            page.wait_for_function(f"document.body.dataset.step !== '{step}' || document.body.dataset.decision || "
                                   "document.body.dataset.status === 'over'")
    assert {"fleet", "place", "move", "activate"} <= set(kinds), kinds
    page.wait_for_function("document.getElementById('log').textContent.includes('game over')")
    log = page.inner_text("#log")
    assert "placed at" in log and "initiative" in log and "game over" in log, log
    assert "undefined" not in log and "[object" not in log, log  # every event in words
    assert page.locator("#map .ship").count() >= 1 and page.locator("#map .terrain-hex.asteroid").count() > 0
    page.click("#zoom-in")
    page.click("#zoom-in")
    assert page.locator("#map.detail").count() == 1  # zoomed in: the ships' stats show
    finish_and_check(page, "lf-over")


def test_only_the_deciding_seat_gets_the_panel(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    blue = browser.new_page()
    create_lf_game(blue, live_server.url, "person")
    red = browser.new_page()
    red.goto(live_server.url + "/")
    red.click("#open-games button[data-seat=red]")
    red.wait_for_url("**/game.html#game=*")
    for page in (blue, red):  # fleets: both decide at once, in secret
        page.wait_for_function(READY)
        assert decide(page) == "fleet"
    for page in (blue, red):
        page.wait_for_function("document.body.dataset.decision === 'place' || "
                               "document.getElementById('orders-waiting')?.textContent.startsWith('Waiting for')")
    placing, waiting = (blue, red) if blue.get_attribute("body", "data-decision") == "place" else (red, blue)
    seat = "blue" if placing is blue else "red"
    assert waiting.inner_text("#orders-waiting").startswith(f"Waiting for {seat}")
    assert waiting.locator("#submit-order").count() == 0 and waiting.locator("#legal").count() == 0
    placing.wait_for_selector("#legal [data-facet], #legal [data-order]")
    shot(placing, "lf-place-deciding")
    shot(waiting, "lf-place-waiting")


def test_a_unit_in_an_edge_hex_wears_a_warning(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    """A unit standing in an edge hex (the view's edge_units) retreats at recovery (LF-REC-04):
    the order panel says so of a placement or move there, the map marks the unit, the units table
    badges it, and the status line names it. A game whose moves never reach the edge: a new game."""
    page = browser.new_context().new_page()
    seen_in_panel: list[str] = []
    for _ in range(8):
        create_lf_game(page, live_server.url, "bot: lf-heuristic", turn_limit=2)
        for _ in range(40):
            page.wait_for_function(READY)
            if page.locator("#map [data-edge-badge]").count() or page.get_attribute("body", "data-status") == "over":
                break
            step, kind = page.evaluate("[document.body.dataset.step, document.body.dataset.decision]")
            edge = page.locator("#legal [data-facet], #legal [data-order]").filter(has_text="retreats at recovery")
            if kind in ("place", "move"):  # head for the edge: the order panel says what waits there
                page.wait_for_selector("#legal [data-order], #legal [data-facet]")
                while page.locator("#legal [data-facet]").count() and \
                        not page.locator("#legal [data-facet]").filter(has_text="hex ").count() and \
                        not page.locator("#legal [data-facet]").filter(has_text="to ").count():
                    page.locator("#legal [data-facet]").first.click()
            if kind in ("place", "move") and edge.count():
                offered = edge.first.inner_text()
                assert "in an edge hex" in offered, offered
                seen_in_panel.append(offered)
                edge.first.click()
                while page.locator("#legal [data-facet]").count():
                    page.locator("#legal [data-facet]").first.click()
                page.locator("#legal [data-order]").first.click()
                page.click("#submit-order")
                page.wait_for_function(f"document.body.dataset.step !== '{step}' || "
                                       "document.getElementById('order-sent').textContent !== ''")
            elif kind:
                decide(page)
            else:
                page.wait_for_function(f"document.body.dataset.step !== '{step}' || document.body.dataset.decision || "
                                       "document.body.dataset.status === 'over'")
        if seen_in_panel:
            break
    assert seen_in_panel, "no move to the edge offered in eight games"
    badges = page.locator("#map [data-edge-badge]")
    assert badges.count() >= 1, "a unit placed in an edge hex wears no badge"
    unit = badges.first.get_attribute("data-edge-badge")
    assert page.locator(f"#map [data-unit='{unit}'].edge-warn").count() == 1
    assert page.locator(f"#fighters [data-edge-badge='{unit}']").count() == 1
    assert unit in (page.text_content("#edge-warning") or "")
    assert "in an edge hex" in page.inner_text("#status")
    page.evaluate("document.getElementById('units-details').open = true")
    page.click("#zoom-in")
    page.click("#zoom-in")
    shot(page, "lf-edge-warning")
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("#fighters").scroll_into_view_if_needed()
    shot(page, "lf-edge-warning-phone")


def test_the_panel_asks_again_when_the_legal_list_answers_409(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    """A 409 from ``/legal`` (the server moved past the decision while the page showed it) is not
    the end: the page reads the state again and asks again, and the panel appears."""
    page = browser.new_context().new_page()
    refused: list[str] = []

    def refuse_once(route) -> None:  # type: ignore[no-untyped-def]
        if refused:
            route.continue_()
            return
        refused.append(route.request.url)
        route.fulfill(status=409, content_type="application/json",
                      body='{"error": "no_decision", "message": "nothing to decide now"}')

    page.route("**/api/games/*/legal*", refuse_once)
    create_lf_game(page, live_server.url, "bot: lf-heuristic", turn_limit=2)
    page.wait_for_selector("#legal [data-order], #legal [data-facet]")
    assert refused, "the first /legal request was answered 409"
    assert "nothing to decide now" not in page.inner_text("#orders")
