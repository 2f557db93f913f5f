"""Turn or Burn SpaceWar in a real Chromium: a person against the bot launches a mine, sees it
on the map beside the black hole and its gravity arrows, and orders it to detonate; the order
panel says what each launch and projectile decision does in the presenter's words (the
glossary's ``decisions``). Screenshots go to ``artifacts/``."""

from __future__ import annotations

import json

import pytest

from hexfleet.render.turn_or_burn import DECISION_WORDS

from .conftest import LiveServer, needs_chromium, shot

pytestmark = needs_chromium


@pytest.fixture(params=["sqlite"])
def settings(request: pytest.FixtureRequest, sqlite_settings):  # type: ignore[no-untyped-def]
    return sqlite_settings


def submit(page) -> None:  # type: ignore[no-untyped-def]
    step = page.get_attribute("body", "data-step")
    page.click("#submit-order")
    page.wait_for_function(f"document.body.dataset.step !== '{step}' || document.body.dataset.status === 'over'")


def test_a_person_launches_and_detonates_in_spacewar(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_page()
    page.goto(live_server.url + "/")
    page.wait_for_selector("#ruleset option[value=turn-or-burn]", state="attached")
    page.select_option("#ruleset", "turn-or-burn")
    page.select_option("#scenario", "spacewar")
    page.wait_for_selector("[data-seat=blue]")
    page.select_option("[data-seat=blue]", "bot: heuristic")
    page.check("input[name=join][value=red]")
    page.fill("#name", "Red player")
    page.click("#create-button")
    page.wait_for_url("**/game.html#game=*")
    page.wait_for_selector("#submit-order")
    submit(page)  # the scenario's build and place
    page.wait_for_selector("[data-hand] button[data-card=MR]")
    # the black hole with its six gravity arrows pointing in (TOB-M4-MAP-01)
    assert page.locator("#map .token.black-hole").count() == 1
    assert page.locator("#map .map-arrow.gravity").count() == 6
    assert page.text_content("[data-ammo=R1]") == "MR 8"
    # turn 1: launch a mine; the panel says what the launch does
    page.click("[data-hand=R1] button[data-card=MR]")
    help_text = page.inner_text("[data-launch=R1]")
    assert DECISION_WORDS["MR"] in help_text and DECISION_WORDS["launch"] in help_text
    shot(page, "spacewar-launch")
    submit(page)
    page.wait_for_selector("[data-fuse]")
    assert page.locator("#map .token.projectile.mine").count() == 1
    assert page.text_content("[data-ammo=R1]") == "MR 7"
    page.wait_for_function("document.getElementById('log').textContent.includes('launches')")  # the log loads after the map
    # turn 2: the mine, still beside its fighter (fail-safe), is ordered to detonate
    pid = page.get_attribute("[data-fuse]", "data-fuse")
    assert DECISION_WORDS["fail_safe"] in page.inner_text(f"[data-fail-safe='{pid}']")
    page.select_option(f"[data-fuse='{pid}']", "detonate")
    assert page.inner_text(f"[data-fuse-help='{pid}']") == DECISION_WORDS["detonate"]
    shot(page, "spacewar-detonate")
    submit(page)
    page.wait_for_function("document.getElementById('log').textContent.includes('fail-safe')")
    shot(page, "spacewar-after")


def test_a_person_beams_the_puck_in_space_hockey(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_page()
    page.goto(live_server.url + "/")
    page.wait_for_selector("#ruleset option[value=turn-or-burn]", state="attached")
    page.select_option("#ruleset", "turn-or-burn")
    page.select_option("#scenario", "hockey")
    page.wait_for_selector("[data-seat=blue]")
    page.select_option("[data-seat=blue]", "bot: heuristic")
    page.check("input[name=join][value=red]")
    page.fill("#name", "Red player")
    page.click("#create-button")
    page.wait_for_url("**/game.html#game=*")
    page.wait_for_selector("#submit-order")
    submit(page)  # the scenario's builds and places
    page.wait_for_selector("[data-hand=R1] button[data-card=FB]")
    assert page.locator("#map .token.projectile.puck").count() == 1  # the puck on the map
    # the force beam may name the puck (TOB-M5-HOCKEY-04); the laser may not
    page.click("[data-hand=R1] button[data-card=LT]")
    assert "PUCK" not in page.inner_text("[data-target=R1]")
    page.click("[data-hand=R1] button[data-card=FB]")
    page.select_option("[data-target=R1]", "PUCK")
    page.select_option("[data-mode=R1]", "pull")
    assert page.inner_text("[data-mode-help=R1]") == DECISION_WORDS["pull"]
    shot(page, "hockey-beam")
    submit(page)
    page.wait_for_function("document.getElementById('log').textContent.includes('PUCK')")
    shot(page, "hockey-after")


def test_a_hockey_fighter_returns_where_its_owner_taps(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    """R1 turns around and burns off the map; two turns later its owner places it along red's
    own edge (TOB-M5-HOCKEY-06): a hex tapped on the map, a facing and a speed."""
    page = browser.new_page()
    page.goto(live_server.url + "/")
    page.wait_for_selector("#ruleset option[value=turn-or-burn]", state="attached")
    page.select_option("#ruleset", "turn-or-burn")
    page.select_option("#scenario", "hockey")
    page.wait_for_selector("[data-seat=blue]")
    page.select_option("[data-seat=blue]", "bot: heuristic")
    page.check("input[name=join][value=red]")
    page.fill("#name", "Red player")
    page.click("#create-button")
    page.wait_for_url("**/game.html#game=*")
    page.wait_for_selector("#submit-order")
    submit(page)
    for card in ("TR", "B3A"):
        page.wait_for_selector("[data-hand=R1]")
        page.click(f"[data-hand=R1] button[data-card={card}]")
        submit(page)
    page.wait_for_function("document.getElementById('log').textContent.includes('R1 is destroyed')")
    submit(page)  # turn 3: R1 skips it (R2 coasts)
    page.wait_for_selector("[data-entry-hex=R1]")
    edge = page.locator("#map [data-offer]")
    assert edge.count() == 22  # every hex of red's own (left) edge is offered
    edge.nth(3).click(force=True)
    tapped = page.input_value("[data-entry-hex=R1]")
    page.select_option("[data-entry-facing=R1]", "B")
    shot(page, "hockey-reentry")
    submit(page)
    page.wait_for_selector("[data-hand=R1]")
    q, r = json.loads(tapped)
    entered = f"R1 (red) enters at {q},{r} facing B"  # the log loads after the map: wait for it
    page.wait_for_function(f"document.getElementById('log').textContent.includes({json.dumps(entered)})")
    assert entered in page.inner_text("#log")
