"""Talon in a real Chromium: a person plays the cruiser duel against the heuristic bot through
the generic legal-orders panel with Talon's words (spend an AP, move, fire, end the Turn); the
map is pointy-top (axial +q east, TAL-G-1), the Impulse Display marks the current Impulse and
each ship's AP and move Impulses from its written curve (TAL-D-1), the record sheets show
curves, shields per arc, charge bars and hull, and choosing a target draws the line of fire
with its range. Screenshots go to ``artifacts/``."""

from __future__ import annotations

import pytest

from hexfleet.games.talon.geometry import arc

from .conftest import LiveServer, create_in_lobby, needs_chromium, shot

pytestmark = needs_chromium

READY = ("document.body.dataset.status === 'over' || "
         "document.querySelector('#legal [data-order], #legal [data-facet], #orders-waiting:not(:empty)')")
PREFERRED = (("do", '"fire"'), ("do", '"ap"'), ("use", '"change_initiative"'), ("do", '"move"'), ("do", '"end_turn"'))
"""What the person does when offered: fire first, else spend an AP (on a Change Initiative
marker, so the end-of-Impulse choice may come to this seat), else move, else end the Turn."""


def check_line_of_fire(page) -> None:  # type: ignore[no-untyped-def]
    """The target being chosen (or the fire order picked): the group's field of fire (its arcs
    to its weapon's range) and a line from the firing ship to the target with its range."""
    assert page.locator("#map .lof-line").count() >= 1, "choosing a target draws the line of fire"
    assert page.locator("#map .fire-arc").count() >= 1, "and the group's field of fire"
    assert "range" in (page.text_content("#map .lof-range") or "")
    shot(page, "talon-line-of-fire")


@pytest.fixture(params=["sqlite"])
def settings(request: pytest.FixtureRequest, sqlite_settings):  # type: ignore[no-untyped-def]
    return sqlite_settings


def create_talon_game(page, url: str, scenario: str = "duel") -> None:  # type: ignore[no-untyped-def]
    create_in_lobby(page, url, "talon", scenario, join="terran", bots={"talon": "talon-heuristic"}, name="Terran player")
    page.wait_for_function(READY)


def decide(page) -> str:  # type: ignore[no-untyped-def]
    """Narrow the panel (the preferred ``do``, then the first value of every other field), pick
    the first order and send it; returns the order's words. A fire order's line of fire is
    checked on the map before it is sent."""
    step = page.get_attribute("body", "data-step")
    page.wait_for_selector("#legal [data-order], #legal [data-facet]")
    while page.locator("#legal [data-facet]").count():
        offered = [page.locator(f"#legal [data-facet={key}][data-value='{value}']") for key, value in PREFERRED]
        wanted = next((o for o in offered if o.count()), page.locator("#legal [data-facet]"))
        wanted.first.hover()
        if page.get_attribute("#legal [data-facet]", "data-facet") == "shots":  # choosing a target
            check_line_of_fire(page)
        wanted.first.click()
    change = page.locator("#legal [data-order]").filter(has_text="Change Initiative")
    option = (change if change.count() else page.locator("#legal [data-order]")).first
    words = option.inner_text()
    option.click()
    if " fires group " in words:
        check_line_of_fire(page)
    assert "Your order:" in page.inner_text("#chosen-order")
    page.click("#submit-order")
    page.wait_for_function(f"document.body.dataset.step !== '{step}' || "
                           "document.getElementById('order-sent').textContent !== ''")
    return words


def test_a_person_plays_the_talon_duel_against_the_bot(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_context().new_page()
    create_talon_game(page, live_server.url)
    # pointy-top hexes (TAL-G-1): each hex has a vertex straight below its centre
    tops = page.evaluate("""[...document.querySelectorAll('#map .grid polygon')].map((p) => {
        const xs = p.getAttribute('points').split(' ').map((v) => Number(v.split(',')[0]));
        return Math.abs(xs[1] - xs.reduce((a, b) => a + b) / 6) < 0.2; })""")
    assert len(tops) >= 16 * 12 and all(tops), "the 16 x 12 board is drawn pointy-top"
    page.evaluate("document.getElementById('units-details').open = true")  # folded on short windows
    shot(page, "talon-start")
    table = page.inner_text("#impulse-display")
    assert "Impulse Display" in table and "3-3-2" in table  # the Terran CA's written curve, P-S-TR
    assert page.locator("#impulse-display th.now").count() == 1
    sheets = page.inner_text("#fighters")
    assert "F6 L5 R5 Rear4" in sheets and "amt" in sheets and "0/6" in sheets, sheets
    assert page.locator("#map [data-kind=ship]").count() == 6
    done: list[str] = []
    kinds: set[str] = set()
    while not (any(" fires group " in w for w in done) and {"power", "initiative"} <= kinds) and \
            page.get_attribute("body", "data-status") != "over":
        assert len(done) < 200, f"no shot, Power Phase or Initiative choice within 200 decisions: {sorted(kinds)}"
        page.wait_for_function(READY)
        step, kind = page.evaluate("[document.body.dataset.step, document.body.dataset.decision]")
        if kind == "initiative" and kind not in kinds:  # asked of the side that placed the Change markers
            assert "choose who holds the Initiative" in page.inner_text("#orders")
            assert page.locator("#legal [data-order]").filter(has_text="holds the Initiative").count() == 2
            shot(page, "talon-initiative")
        if kind:
            kinds.add(kind)
            done.append(decide(page))
        else:  # the bot acts: wait for the next step, or for a decision of ours
            page.wait_for_function(f"document.body.dataset.step !== '{step}' || document.body.dataset.decision || "
                                   "document.body.dataset.status === 'over'")
    assert any(": move " in w or ": turn " in w or "side-slip" in w for w in done), done
    assert any(w.startswith("end the") for w in done), done
    page.wait_for_function("document.getElementById('log').textContent.includes('Impulse B')")
    log = page.inner_text("#log")
    assert "moves from" in log and "undefined" not in log and "[object" not in log, log
    shot(page, "talon-duel")
    # the replay: an Impulse at a time, moves and shots on the pointy-top map
    page.wait_for_selector("#replay-open:not([hidden])")
    page.click("#replay-open")
    assert page.eval_on_selector("#map", "m => m.classList.contains('replaying')")
    for _ in range(4):
        if page.is_enabled("[data-replay=next]"):
            page.click("[data-replay=next]")
    assert page.locator("[data-replay-unit]").count() >= 6
    assert page.eval_on_selector("[data-replay=turn]", "s => s.selectedOptions[0].textContent").startswith("Round ")
    assert "Round 1, Impulse A" in page.inner_text("[data-replay=turn]")
    shot(page, "talon-replay")
    assert "fires group" in log, log
    assert {"turn", "power", "initiative"} <= kinds, kinds


@pytest.mark.parametrize(("scenario", "drawn"), [
    ("carrier", "#map [data-kind=squadron]"),
    ("black-hole", "#map .terrain-hex.black_hole"),
    ("base-assault", "#map [data-kind=ship]"),
    ("fleet", "#map [data-kind=ship]"),
])
def test_every_scenario_draws_without_a_script_error(live_server: LiveServer, browser, scenario: str,  # type: ignore[no-untyped-def]
                                                     drawn: str) -> None:
    """Squadrons as discs, black holes, asteroids and nebulae as terrain, Bases and fleets;
    the Impulse Display lists every ship and squadron; no script error on the page."""
    page = browser.new_context().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    create_talon_game(page, live_server.url, scenario)
    assert page.locator(drawn).count() >= 1
    page.evaluate("document.getElementById('units-details').open = true")
    rows = page.locator("#impulse-display [data-impulse-row]").count()
    assert rows == page.locator("#map [data-kind=ship], #map [data-kind=squadron]").count() > 0
    shot(page, f"talon-{scenario}")
    page.set_viewport_size({"width": 1280, "height": 1400})  # room for the record sheets
    page.locator("#fighters").scroll_into_view_if_needed()
    shot(page, f"talon-{scenario}-sheets")
    page.set_viewport_size({"width": 390, "height": 844})  # a phone
    shot(page, f"talon-{scenario}-phone")
    assert not errors, errors


@pytest.mark.rule("TAL-G-4")
def test_the_browser_draws_arcs_as_the_rules_read_them(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    """talon.js's arcs (for the field of fire on the map) agree with geometry.arc on every hex
    within 5 of a ship, every facing, both arc models (TAL-AMB-2), vertex rays included."""
    cases = [[f, [q, r], model, arc((0, 0), f, (q, r), model)]
             for model in ("hexside_sectors", "wide_fore_aft") for f in range(6)
             for q in range(-5, 6) for r in range(-5, 6) if (q, r) != (0, 0) and abs(q + r) <= 5]
    page = browser.new_context().new_page()
    page.goto(live_server.url + "/")
    wrong = page.evaluate("""async (cases) => {
        const { arcOf } = await import('/js/talon.js');
        return cases.filter(([f, h, m, want]) => arcOf([0, 0], f, h, m) !== want); }""", cases)
    assert len(cases) == 1080 and wrong == []


@pytest.mark.rule("TAL-IMP-2")
@pytest.mark.rule("TAL-AMB-19")
def test_a_choice_of_the_side_not_acting_is_offered_in_words(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    """Terran's squadron flies into a Talon missile aimed at it: talon.js words the missile
    owner's choice (which fighter, with its hits and the rule) and says the order waits."""
    from hexfleet.engine.rng import Rng
    from hexfleet.games.talon.position import parse_position
    from hexfleet.games.talon.rules import RULESET
    from hexfleet.games.talon.world import TalState

    m = {"id": "M1", "side": "talon", "hex": [1, 0], "facing": 3, "target": "sq"}
    sq = {"id": "sq", "class": "terran-ftr", "side": "terran", "hex": [0, 0], "facing": 0,
          "fighters": [{"hull_marked": 1}, {}, {}]}
    ships = [{"id": "cv", "class": "terran-cv", "side": "terran", "hex": [5, 5], "facing": 0},
             {"id": "x", "class": "talon-ca", "side": "talon", "hex": [0, 9], "facing": 0}]
    pos = {"format": "talon/1", "map": {"mode": "infinite"}, "ships": ships, "squadrons": [sq], "missiles": [m],
           "impulse": "C", "step": "move", "player": "terran", "initiative": "terran", "interrupts": True}
    state = TalState(parse_position(pos), Rng.from_seed(0))
    state, _ = RULESET.advance(state, {"terran": {"do": "move", "unit": "sq", "how": "straight"}})
    view = RULESET.view(state, "talon")
    page = browser.new_context().new_page()
    page.goto(live_server.url + "/")
    words = page.evaluate("""async (view) => {
        const t = await import('/js/talon.js');
        return [t.summary(view), t.label({ do: 'choose', pick: 1 }, 'choice'), t.valueLabel('pick', 2),
                t.valueLabel('do', 'choose'), t.label({ do: 'choose', pick: 'b' }, 'choice')]; }""", view)
    assert "terran's move waits for a choice of the other side (TAL-IMP-2)" in words[0]
    assert words[1:] == ["fighter 1 of sq (1 hits) takes it (TAL-AMB-19)", "fighter 2 of sq (0 hits) takes it",
                         "answer the choice", "chooses b"]  # an earlier answer, in the log
