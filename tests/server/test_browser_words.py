"""The browser client explains itself (Chromium, Playwright): card codes carry their names and
effects from the glossary endpoint, the log is a turn report in sentences with orders in
notation, deadline stand-in orders are marked, the countdown says what happens at 0:00, the
hand keeps the card sent after a refresh, the selected fighter's arc is drawn, and the end
screen says who won and why in words, with no preview ghost left. Screenshots: ``artifacts/``."""

from __future__ import annotations

import httpx
import pytest

from .conftest import LiveServer, needs_chromium, shot

pytestmark = needs_chromium


@pytest.fixture(params=["sqlite"])
def settings(request: pytest.FixtureRequest, sqlite_settings):  # type: ignore[no-untyped-def]
    return sqlite_settings


def test_words_stand_ins_refresh_and_the_end(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    url = live_server.url
    created = httpx.post(f"{url}/api/games", json={
        "ruleset": "turn-or-burn", "scenario": "quick-shot", "join": "red", "options": {"turn_limit": 2},
        "seats": {"blue": {"stand_in": "random"}}, "deadline_seconds": 6}).json()
    game, token = created["game"]["id"], created["token"]
    httpx.post(f"{url}/api/games/{game}/seats/blue/join", json={"name": "Absent"})  # never orders
    page = browser.new_page()  # 1280×800
    page.goto(f"{url}/game.html#game={game}&token={token}")
    page.wait_for_selector("#submit-order")
    # setup: the gun is named and explained; the countdown says what happens at zero
    assert "Bubble Gun" in page.inner_text("[data-gun-help]") and "arc" in page.inner_text("[data-gun-help]")
    assert "At 0:00 a stand-in plays for the seats that have not ordered" in page.inner_text("#countdown")
    assert "blue: bot random" in (page.get_attribute("#countdown", "title") or "")  # who plays, on hover
    page.click("#submit-order")
    page.wait_for_function("document.body.dataset.step === '2'", timeout=20000)
    # the log: red's own order in notation, blue's marked as the stand-in's
    page.wait_for_selector("#log [data-log-step='1'] [data-order-seat=blue].stand-in")
    log = page.inner_text("#log")
    assert "R1 builds with BG (Bubble Gun)" in log and "stand-in bot" in log and '{"' not in log, log
    assert "range 12" in (page.locator("#log abbr[data-term=BG]").first.get_attribute("title") or "")  # codes explained in the log too
    # the hand: each card with its name, the effect on hover; picking one previews and draws the arc
    page.click("[data-hand] button[data-card='BG']")  # a gun: its target may be tapped on the map
    page.locator("#map [data-offer-unit=B1]").click()
    assert page.input_value("[data-target=R1]") == "B1"
    button = page.locator("[data-hand] button[data-card='B3S']")
    assert "Burn 3, slip starboard" in button.inner_text()
    assert "thrust 3" in (button.get_attribute("title") or "")
    button.click()
    page.wait_for_function("document.querySelector('[data-preview]').textContent.includes('ends at')")
    assert "Burn 3" in page.inner_text("[data-card-help]")
    assert page.locator("#map [data-ghost='1']").count() == 1
    assert page.locator("#map [data-arc]").count() == 1  # the gun's arc, from where the card takes it
    assert "Bubble Gun (0° arc, range 12) from there" in page.inner_text("[data-arc-note]")
    page.hover("#map", position={"x": 300, "y": 300})
    assert page.inner_text("#hex-coord").startswith("hex ")
    shot(page, "words-plot-desktop")
    page.click("#submit-order")
    page.wait_for_function("document.getElementById('order-sent').textContent.includes('B3S')")
    page.reload()  # the card sent keeps its highlight
    page.wait_for_selector("[data-hand] button.chosen[data-card='B3S']")
    assert "R1 plays B3S (Burn 3, slip starboard)" in page.inner_text("#order-sent")
    page.wait_for_function("document.body.dataset.step !== '2'", timeout=20000)
    if page.get_attribute("body", "data-status") != "over":
        page.click("[data-hand] button[data-card='TNC']")
        page.wait_for_function("document.querySelector('[data-preview]').textContent.includes('ends at')")
        page.click("#submit-order")
    page.wait_for_selector("#game-over", timeout=20000)
    over = page.inner_text("#game-over")
    assert "—" in over and "_" not in over and "(" not in over, over
    assert page.locator("#map [data-ghost='1']").count() == 0  # no preview ghost after the end
    page.wait_for_function("document.getElementById('log').textContent.includes('Game over')")
    log = page.inner_text("#log")
    assert "moves" in log and "undefined" not in log and '{"' not in log, log
    shot(page, "words-over-desktop")
    phone_ctx = browser.new_context(has_touch=True)
    phone = phone_ctx.new_page()
    phone.set_viewport_size({"width": 390, "height": 844})
    phone.goto(f"{url}/game.html#game={game}&token={token}")
    phone.wait_for_selector("#game-over")
    width = phone.evaluate("document.getElementById('map').getBoundingClientRect().width")
    assert width > 300, width  # the map takes the phone's width
    # two fingers spread on the map zoom it in, down to the hexes' coordinates
    box = phone.evaluate("(() => { const r = document.getElementById('map').getBoundingClientRect(); "
                         "return [r.x + r.width / 2, r.y + r.height / 2]; })()")
    before = float(phone.get_attribute("#map", "viewBox").split()[2])
    cdp = phone_ctx.new_cdp_session(phone)
    def touch(kind: str, d: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": box[0] - d, "y": box[1], "id": 1}, {"x": box[0] + d, "y": box[1], "id": 2}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
    touch("touchStart", 30)
    for d in (50, 70, 90):
        touch("touchMove", d)
    touch("touchEnd", 0)
    after = float(phone.get_attribute("#map", "viewBox").split()[2])
    assert after < before / 2, (before, after)
    assert phone.locator("#map.detail").count() == 1
    shot(phone, "words-over-phone")


def test_advanced_turn_or_burn_decisions_read_in_words(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    """Bigger (Modules 2–3: externals, several fighters, other sides than red and blue): every
    decision is a form or a list of orders in words, never raw JSON, and so is the log."""
    url = live_server.url
    created = httpx.post(f"{url}/api/games", json={
        "ruleset": "turn-or-burn", "scenario": "bigger", "join": "empire", "options": {"turn_limit": 2},
        "seats": {"agrarians": {"bot": "random"}}}).json()
    page = browser.new_page()
    page.goto(f"{url}/game.html#game={created['game']['id']}&token={created['token']}")
    kinds: list[str] = []
    while page.get_attribute("body", "data-status") != "over" and len(kinds) < 8:
        page.wait_for_function("document.body.dataset.status === 'over' || document.querySelector('#submit-order') "
                               "&& !document.querySelector('#legal .hint')")
        if page.get_attribute("body", "data-status") == "over":
            break
        step, kind = page.evaluate("[document.body.dataset.step, document.body.dataset.decision]")
        kinds.append(kind)
        orders = page.inner_text("#orders")
        assert '{"' not in orders and "undefined" not in orders, orders
        if kind == "plot":
            page.locator("[data-hand] button[data-card='TNC']").first.click()
        elif page.locator("#legal [data-order]").count() > 1:
            page.locator("#legal [data-order]").first.click()
        if kind not in kinds[:-1]:
            shot(page, f"words-bigger-{kind}")
        page.click("#submit-order")
        page.wait_for_function(f"document.body.dataset.step !== '{step}'")
    assert "declare" in kinds, kinds
    log = page.inner_text("#log")
    assert "moves" in log and '{"' not in log and "undefined" not in log, log
