"""Talon in a real Chromium: a person's game reaches a ``choice`` of the side *not* acting
(TAL-IMP-2) and the person answers it in the order panel.

The Black Hole scenario: the person plays Terran (the Initiative Player from the start) against
the heuristic bot. Asgard (Terran CL, Speed 3, Turn Radius 1) moves straight, straight, then
turns left, ending Round 1 at -3,-3, on a hex spine as seen from the black hole at 0,0; so the
pull after the Power Phases (TAL-18.2) has two hexes, and the owner picks (TAL-G-8). The pull
resolves while the Second Player (the bot) ends its Power Phase, so the person is asked mid-way.
Nothing the bot does moves a Terran ship in Round 1, so the game reaches the choice whatever the
seed, the dice and the bot's orders. Screenshots go to ``artifacts/``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import LiveServer, create_in_lobby, needs_chromium, shot

pytestmark = needs_chromium

READY = ("document.body.dataset.status === 'over' || "
         "document.querySelector('#legal [data-order], #legal [data-facet], #orders-waiting:not(:empty)')")
PLAN = {"asgard": ["straight", "straight", "turn_left"], "guderian": ["straight", "straight", "straight"]}
"""Each Terran ship's moves in Round 1, in order (Guderian's keep it on the row of the hole)."""


@pytest.fixture(params=["sqlite"])
def settings(request: pytest.FixtureRequest, sqlite_settings):  # type: ignore[no-untyped-def]
    return sqlite_settings


def wanted(orders: list[dict[str, Any]], plan: dict[str, list[str]]) -> dict[str, Any]:
    """The person's order: the planned move of the unit the panel offers to move, else the end
    of the Turn (no AP spent, no shot), else the first order offered."""
    moves = [o for o in orders if o.get("do") == "move" and not o.get("afterburner")]
    if moves:
        unit = moves[0]["unit"]
        how = plan[unit].pop(0)
        return next(o for o in moves if o["unit"] == unit and o["how"] == how)
    return next((o for o in orders if o.get("do") == "end_turn"), orders[0])


def send(page, plan: dict[str, list[str]]) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    """Narrow a long panel (a move of the first unit offered, else the end of the Turn), pick the
    planned order from the list and send it; returns the order."""
    step = page.get_attribute("body", "data-step")
    page.wait_for_selector("#legal [data-order], #legal [data-facet]")
    while page.locator("#legal [data-facet]").count():
        offered = [page.locator(f"#legal [data-facet=do][data-value='{v}']") for v in ('"move"', '"end_turn"')]
        next((o for o in offered if o.count()), page.locator("#legal [data-facet]")).first.click()
    buttons = page.locator("#legal [data-order]")
    orders = [json.loads(buttons.nth(i).get_attribute("data-order")) for i in range(buttons.count())]
    order = wanted(orders, plan)
    buttons.nth(orders.index(order)).click()
    assert "Your order:" in page.inner_text("#chosen-order")
    page.click("#submit-order")
    page.wait_for_function(f"document.body.dataset.step !== '{step}' || "
                           "document.getElementById('order-sent').textContent !== ''")
    return order


@pytest.mark.rule("TAL-IMP-2")
@pytest.mark.rule("TAL-18.2")
@pytest.mark.rule("TAL-G-8")
def test_a_person_answers_the_black_hole_pull_in_the_panel(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_context().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    create_in_lobby(page, live_server.url, "talon", "black-hole", join="terran", bots={"talon": "talon-heuristic"},
                    name="Terran player")
    plan = {unit: list(moves) for unit, moves in PLAN.items()}
    sent: list[dict[str, Any]] = []
    while True:
        assert len(sent) < 40, f"no choice within 40 orders: {sent}"
        page.wait_for_function(READY)
        assert page.get_attribute("body", "data-status") != "over", sent
        step, kind = page.evaluate("[document.body.dataset.step, document.body.dataset.decision]")
        if kind == "choice":
            break
        if kind:
            sent.append(send(page, plan))
        else:  # the bot acts: wait for the next step, or for a decision of ours
            page.wait_for_function(f"document.body.dataset.step !== '{step}' || document.body.dataset.decision || "
                                   "document.body.dataset.status === 'over'")
    assert plan == {"asgard": [], "guderian": []}, "Round 1's moves were all made before the pull"
    # the question, in words: what is happening, what is asked, the rule; the bot's order waits
    prompt = page.inner_text("#orders")
    assert "the Black Hole at [0, 0] pulls asgard: which hex does asgard enter? (TAL-18.2)" in prompt, prompt
    assert "talon's end of the Power Phase waits for a choice of the other side (TAL-IMP-2)" in page.inner_text("#status")
    buttons = page.locator("#legal [data-order]")
    assert [buttons.nth(i).inner_text() for i in range(buttons.count())] == [
        "asgard enters hex -2,-3 (TAL-18.2)", "asgard enters hex -3,-2 (TAL-18.2)"]
    offered = page.eval_on_selector_all("#map polygon.offer", "ps => ps.map((p) => p.dataset.offer)")
    assert sorted(offered) == ["[-2,-3]", "[-3,-2]"], offered  # the two hexes may be tapped on the map too
    buttons.nth(1).click()  # not the first (the default): the answer is the person's
    assert "Your order: asgard enters hex -3,-2" in page.inner_text("#chosen-order")
    shot(page, "talon-choice-pull")
    page.click("#submit-order")
    page.wait_for_function("document.getElementById('log').textContent.includes('asgard is pulled from -3,-3')")
    log = page.inner_text("#log")
    assert "asgard is pulled from -3,-3 to -3,-2." in log, log
    assert "guderian is pulled from -4,0 to -3,0." in log, log  # on the hole's row: one hex, not asked
    page.wait_for_function("document.body.dataset.decision !== 'choice'")
    shot(page, "talon-choice-answered")
    assert not errors, errors
