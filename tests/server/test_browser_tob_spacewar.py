"""Turn or Burn SpaceWar in a real Chromium: a person against the bot launches a mine, sees it
on the map beside the black hole and its gravity arrows, and orders it to detonate; the order
panel says what each launch and projectile decision does in the presenter's words (the
glossary's ``decisions``), and offers every field of a plot entry and every crew action of a
Module 3 fighter. Screenshots go to ``artifacts/``."""

from __future__ import annotations

import json

import httpx
import pytest

from hexfleet.render.turn_or_burn import DECISION_WORDS

from .conftest import LiveServer, create_in_lobby, needs_chromium, shot

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
    create_in_lobby(page, live_server.url, "turn-or-burn", "spacewar", join="red", bots={"blue": "heuristic"},
                    name="Red player")
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
    create_in_lobby(page, live_server.url, "turn-or-burn", "hockey", join="red", bots={"blue": "heuristic"},
                    name="Red player")
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
    create_in_lobby(page, live_server.url, "turn-or-burn", "hockey", join="red", bots={"blue": "heuristic"},
                    name="Red player")
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


def start_hockey(live_server: LiveServer, browser):  # type: ignore[no-untyped-def]
    """A Space Hockey game, red in the browser against the heuristic bot, past the setup."""
    page = browser.new_page()
    create_in_lobby(page, live_server.url, "turn-or-burn", "hockey", join="red", bots={"blue": "heuristic"},
                    name="Red player")
    page.wait_for_selector("#submit-order")
    submit(page)  # the scenario's builds and places
    page.wait_for_selector("[data-hand=R1] button[data-card=ST]")
    return page


def wait_log(page, text: str) -> None:  # type: ignore[no-untyped-def]
    """The log loads after the map: wait for its text before reading it."""
    page.wait_for_function(f"document.getElementById('log').textContent.includes({json.dumps(text)})")


@pytest.mark.rule("TOB-M5-SEC-01")
@pytest.mark.rule("TOB-M5-LOCK-02")
@pytest.mark.rule("TOB-M5-LOCK-04")
def test_a_person_thrusts_sideways_and_locks_a_gun_in_space_hockey(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    """R1's secondary thruster shifts its marker 1 hex A (the preview counts the thrust); R2
    locks its laser down; next turn the panel shows the lock, and TNC unlocks it."""
    page = start_hockey(live_server, browser)
    page.click("[data-hand=R1] button[data-card=ST]")
    assert page.inner_text("[data-secondary-help=R1]") == DECISION_WORDS["secondary"]
    assert page.locator("[data-lock=R1]").count() == 0  # a secondary thruster may not be locked (TOB-M5-LOCK-06)
    page.select_option("[data-secondary=R1]", "A")
    page.wait_for_function("document.querySelector('[data-preview=R1]').textContent.includes('thrust 1')")
    page.locator("[data-secondary=R1]").scroll_into_view_if_needed()
    shot(page, "hockey-secondary")
    page.click("[data-hand=R2] button[data-card=LT]")
    assert page.inner_text("[data-lock-help=R2]") == DECISION_WORDS["lock"]
    page.check("[data-lock=R2]")
    shot(page, "hockey-secondary-lock")
    submit(page)
    wait_log(page, "R2 locks down")
    log = page.inner_text("#log")
    assert "R1 plays ST (Secondary Thruster), shifting its marker 1 hex A; R2 plays LT (Laser Turret), locked down" in log
    assert "R1's secondary thruster shifts its momentum marker 1 hex A" in log
    assert "R2 locks down its LT (Laser Turret)." in log
    # turn 2: the lock is shown; only TNC may free it, and another lock is refused until then
    page.wait_for_selector("[data-locked=R2]")
    assert DECISION_WORDS["locked"] in page.inner_text("[data-locked=R2]")
    assert page.text_content("[data-locked-action=R2]").startswith("LT (")  # public, in the fighters table
    page.click("[data-hand=R2] button[data-card=FB]")
    assert page.locator("[data-lock=R2]").count() == 0  # one lock at a time (TOB-M5-LOCK-03)
    page.click("[data-hand=R2] button[data-card=TNC]")
    assert page.inner_text("[data-unlock-help=R2]") == DECISION_WORDS["unlock"]
    page.check("[data-unlock=R2]")
    shot(page, "hockey-unlock")
    submit(page)
    wait_log(page, "R2 unlocks its LT (Laser Turret).")
    shot(page, "hockey-unlocked")


@pytest.mark.rule("TOB-M5-RAM-01")
def test_the_ram_the_beams_fields_and_the_picked_guns_arc_in_space_hockey(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    """The thruster card offers a ram with the fighter to ram, the force beam its hexes and tie
    letter; the map draws the arc of the gun picked (the force beam's, the laser's, the zap
    gun's all round), not the first gun's."""
    page = start_hockey(live_server, browser)
    page.click("[data-hand=R1] button[data-card=THR]")
    assert page.inner_text("[data-ram-help=R1]") == DECISION_WORDS["ram"]
    page.select_option("[data-ram=R1]", "B1")
    shot(page, "hockey-ram")
    page.click("[data-hand=R1] button[data-card=LT]")
    page.wait_for_function("document.querySelector('#map .arc title').textContent.includes('Laser Turret')")
    page.click("[data-hand=R1] button[data-card=FB]")
    page.wait_for_function("document.querySelector('#map .arc title').textContent.includes('Force Beam')")
    assert "range 6" in page.text_content("#map .arc title")
    page.select_option("[data-target=R1]", "PUCK")  # the force beam's own fields (TOB-M5-FB-05/07)
    page.select_option("[data-beam-hexes=R1]", "1")
    page.select_option("[data-beam-tie=R1]", "B")
    assert DECISION_WORDS["beam_hexes"] in page.inner_text("[data-beam-help=R1]")
    page.click("[data-hand=R2] button[data-card=ZG]")
    page.wait_for_function("document.querySelector('#map .arc').dataset.arc === '360'")
    shot(page, "hockey-zap-arc")
    submit(page)
    wait_log(page, "R1 plays FB (Force Beam) at PUCK, at most 1 hex(es), along B on a tie; R2 plays ZG (Zap Gun)")


@pytest.mark.rule("TOB-M5-HOCKEY-06")
def test_two_hockey_fighters_return_each_where_its_owner_taps(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    """R1 and R2 both burn off the map; when they return together, a tap on the map sets the
    hex of the fighter whose fields were touched last, not always the last one's."""
    page = start_hockey(live_server, browser)
    for r1, r2 in (("TR", "T120S"), ("B3A", "B3S")):  # the two share one maneuver set (TOB-M2-SETUP-01)
        page.wait_for_selector("[data-hand=R1]")
        page.click(f"[data-hand=R1] button[data-card={r1}]")
        page.click(f"[data-hand=R2] button[data-card={r2}]")
        submit(page)
    wait_log(page, "R2 is destroyed")
    assert "R1 is destroyed" in page.inner_text("#log")
    page.wait_for_selector("[data-entry-hex=R2]")  # turn 3 they skip: red has nothing to plot
    r1_before = page.input_value("[data-entry-hex=R1]")
    edge = page.locator("#map [data-offer]")
    page.focus("[data-entry-facing=R2]")  # editing R2's entry
    assert "R2's hex" in page.inner_text("[data-entry-tap]")
    edge.nth(5).click(force=True)
    tapped = page.input_value("[data-entry-hex=R2]")
    assert tapped == edge.nth(5).get_attribute("data-offer").replace(" ", "")
    assert page.input_value("[data-entry-hex=R1]") == r1_before  # R1's entry is untouched
    page.focus("[data-entry-facing=R1]")  # now R1's: a tap sets R1's hex
    edge.nth(9).click(force=True)
    assert page.input_value("[data-entry-hex=R1]") == edge.nth(9).get_attribute("data-offer").replace(" ", "")
    assert page.input_value("[data-entry-hex=R2]") == tapped
    shot(page, "hockey-two-return")
    submit(page)
    q, r = json.loads(tapped)
    wait_log(page, f"R2 (red) enters at {q},{r}")


def scripted_game(url: str, scenario: str, seed: str, monkeypatch, **options: object):  # type: ignore[no-untyped-def]
    """A game of ``scenario`` on a fixed seed with both seats taken by people: blue's in the
    browser, the other's (and any of blue's) sent through the API as a script would. Returns the
    game id, the seats' tokens and ``send(seat, order)``."""
    from hexfleet.server import service

    monkeypatch.setattr(service, "new_seed", lambda: seed)
    created = httpx.post(f"{url}/api/games", json={"ruleset": "turn-or-burn", "scenario": scenario, "join": "blue",
                                                   "options": options}).json()
    game = created["game"]["id"]
    tokens = {"blue": created["token"], "red": httpx.post(f"{url}/api/games/{game}/seats/red/join").json()["token"]}

    def send(seat: str, order: dict) -> None:  # type: ignore[type-arg]
        sent = httpx.post(f"{url}/api/games/{game}/orders", headers={"Authorization": f"Bearer {tokens[seat]}"},
                          json={"order": order})
        assert sent.status_code == 200, sent.text

    return game, tokens, send


def start_spacewar(live_server: LiveServer, browser, monkeypatch, cards: list[str]):  # type: ignore[no-untyped-def]
    """SpaceWar on a fixed seed, blue in the browser with its own build (sent through the API),
    red scripted; at the first plot. Returns the page and ``send``."""
    game, tokens, send = scripted_game(live_server.url, "spacewar", "sw1", monkeypatch, max_systems=len(cards))
    send("red", {})
    send("blue", {"B1": {"cards": cards}})
    page = browser.new_page()
    page.goto(f"{live_server.url}/game.html#game={game}&token={tokens['blue']}")
    page.wait_for_selector("[data-hand=B1] button[data-card=MR]")
    return page, send


def plot_and_submit(page, log_line: str) -> None:  # type: ignore[no-untyped-def]
    """Submit the panel's plot; the server takes it (no error) and the log shows it in words."""
    submit(page)
    assert page.inner_text("#order-error") == ""
    wait_log(page, log_line)


@pytest.mark.rule("TOB-M4-PROJ-01")
@pytest.mark.rule("TOB-M4-JAM-01")
@pytest.mark.rule("TOB-M4-REPAIR-01")
def test_the_launch_copy_and_id_the_jammer_the_reload_and_the_gravity_tie_from_the_panel(  # type: ignore[no-untyped-def]
        live_server: LiveServer, browser, monkeypatch) -> None:
    """B1 carries two mine racks, a jammer and a repair bot (red, scripted, coasts). Turn 1 it
    drops a mine from its second rack, named M7, and takes B on a gravity tie; turn 2 its jammer
    tries to set M7 off; turn 3 the repair bot reloads the second rack. Each field is offered
    only with its card, with the presenter's words, and the server takes every order."""
    page, send = start_spacewar(live_server, browser, monkeypatch, ["CM", "STR", "STR", "THR", "MR", "MR", "JAM", "BOT"])
    assert page.inner_text("[data-gravity-help=B1]") == DECISION_WORDS["gravity_tie"]
    page.select_option("[data-gravity=B1]", "B")
    page.click("[data-hand=B1] button[data-card=TNC]")
    assert page.locator("[data-copy=B1]").count() == 0 and page.locator("[data-launch-id=B1]").count() == 0
    page.click("[data-hand=B1] button[data-card=MR]")
    assert page.inner_text("[data-copy-help=B1]") == DECISION_WORDS["copy"]
    assert page.inner_text("[data-launch-id-help=B1]") == DECISION_WORDS["launch_id"]
    page.select_option("[data-copy=B1]", "2")
    page.fill("[data-launch-id=B1]", "M7")
    page.dispatch_event("[data-launch-id=B1]", "change")
    page.locator("[data-launch=B1]").scroll_into_view_if_needed()
    shot(page, "spacewar-copy-id-gravity")
    send("red", {})
    plot_and_submit(page, "B1 plays MR (Mine Rack), from launcher copy 2, naming it M7, takes B on a gravity tie")
    wait_log(page, "launches mine M7")
    assert page.text_content("[data-ammo=B1]") == "MR#1 8, MR#2 7"
    # turn 2: the jammer names the mine; the mine takes its own gravity tie
    page.wait_for_selector("[data-gravity=M7]")
    page.click("[data-hand=B1] button[data-card=JAM]")
    assert page.inner_text("[data-jam-help=B1]") == DECISION_WORDS["jam"]
    page.select_option("[data-jam=B1]", "M7")
    page.select_option("[data-gravity=M7]", "D")
    shot(page, "spacewar-jam")
    send("red", {})
    plot_and_submit(page, "B1 plays JAM (Jammer), trying to set off M7; M7 takes D on a gravity tie")
    wait_log(page, "B1 tries to set off M7")
    # turn 3: the repair bot reloads the second rack (nothing is lost, so it may not repair)
    page.wait_for_selector("[data-hand=B1] button[data-card=BOT]")
    page.click("[data-hand=B1] button[data-card=BOT]")
    assert "repair:" not in page.inner_html("[data-bot=B1]")
    page.select_option("[data-bot=B1]", "reload:MR#2")
    assert page.inner_text("[data-bot-help=B1]") == DECISION_WORDS["reload"]
    shot(page, "spacewar-reload")
    send("red", {})
    plot_and_submit(page, "B1 plays BOT (Repair Bot), reloading MR#2")
    page.wait_for_function("document.querySelector('[data-ammo=B1]').textContent === 'MR#1 8, MR#2 8'")


@pytest.mark.rule("TOB-M3-MULTI-01")
def test_a_super_fighter_plots_both_crew_actions_from_the_panel(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    """Bigger (Module 3): the empire's super fighter has two crew members, so the panel gives it
    two rows of cards; a burn in the first and, in the second, the external laser it declared in
    step A (TOB-SEQ-06) aimed at A2 go out as one plot of two actions, and the server takes it."""
    url = live_server.url
    created = httpx.post(f"{url}/api/games", json={
        "ruleset": "turn-or-burn", "scenario": "bigger", "join": "empire", "seats": {"agrarians": {"bot": "heuristic"}}}).json()
    game, token = created["game"]["id"], created["token"]
    page = browser.new_page()
    page.goto(f"{url}/game.html#game={game}&token={token}")
    # the scenario's build, then its external laser declared in step A: sent as a script would
    for kind, order in (("setup", {}), ("declare", {"E1": [{"card": "LT"}]})):
        page.wait_for_function(f"document.body.dataset.decision === '{kind}'")
        sent = httpx.post(f"{url}/api/games/{game}/orders", headers={"Authorization": f"Bearer {token}"},
                          json={"order": order, "step": int(page.get_attribute("body", "data-step"))})
        assert sent.status_code == 200, sent.text
    page.wait_for_selector("[data-hand='E1-2']")
    assert page.locator("[data-action-row^=E1]").count() == 2  # one row per crew member, no more
    assert DECISION_WORDS["actions"] in page.inner_text("[data-actions-help=E1]")
    assert page.locator("[data-hand='E1-2'] button[data-card='']").get_attribute("title") == "No card: no further action this turn."
    assert DECISION_WORDS["external"] in page.inner_text("[data-declared=E1]")
    page.click("[data-hand=E1] button[data-card=B1A]")
    page.click("[data-hand='E1-2'] button[data-card=NB]")
    page.select_option("[data-target='E1-2']", "A1")
    page.wait_for_function("document.querySelector('[data-preview=E1]').textContent.includes('ends at')")
    page.click("[data-hand='E1-2'] button[data-card='^LT']")  # the declared external laser instead
    page.select_option("[data-target='E1-2']", "A2")
    page.locator("[data-action-row='E1-2']").scroll_into_view_if_needed()
    shot(page, "bigger-two-actions")
    plot_and_submit(page, "E1 plays B1A (Burn 1 ahead) + LT (Laser Turret) at A2, the external one")
    wait_log(page, "E1 moves")


@pytest.mark.rule("TOB-M2-OPS-02")
def test_the_repair_bot_restores_the_card_picked_in_the_panel(live_server: LiveServer, browser, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Popcorn with a fixed seed ("s2"), both seats scripted through the API for three turns:
    red's guns knock out B2's armor and its bubble gun. Then blue's panel offers B2's repair
    bot the lost gun (not the armor, TOB-M2-SYS-01), and the repair picked goes out and is made."""
    game, tokens, send = scripted_game(live_server.url, "popcorn", "s2", monkeypatch)
    send("red", {})
    send("blue", {})  # the scenario's builds and places
    for _ in range(3):
        send("red", {"R1": [{"card": "NB", "target": "B2"}], "R2": [{"card": "DB", "target": "B2"}]})
        send("blue", {"B1": [{"card": "TNC"}], "B2": [{"card": "DITTO", "of": "B1"}]})
    page = browser.new_page()
    page.goto(f"{live_server.url}/game.html#game={game}&token={tokens['blue']}")
    page.wait_for_selector("[data-hand=B2] button[data-card=BOT]")
    assert page.text_content("[data-fighter-row=B2] td:nth-child(7)").split() == ["ARM", "BG"]  # lost so far
    page.click("[data-hand=B2] button[data-card=BOT]")
    options = page.locator("[data-bot=B2] option").all_inner_texts()
    assert options == ["the first card lost (BG (Bubble Gun))", "repair BG (Bubble Gun)"]  # not the armor
    page.select_option("[data-bot=B2]", "repair:BG")
    assert page.inner_text("[data-bot-help=B2]") == DECISION_WORDS["repair"]
    page.click("[data-hand=B1] button[data-card=TNC]")
    page.locator("[data-bot=B2]").scroll_into_view_if_needed()
    shot(page, "popcorn-repair")
    send("red", {})
    plot_and_submit(page, "B2's repair bot restores BG (Bubble Gun).")
    assert "B2 plays BOT (Repair Bot), repairing BG (Bubble Gun)" in page.inner_text("#log")
