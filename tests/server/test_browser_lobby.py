"""The lobby in a real Chromium: creating a game while other games are open, and a scenario's
own option values shown and kept (only what the person changes is sent)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from .conftest import LiveServer, needs_chromium, shot

pytestmark = needs_chromium


@pytest.fixture(params=["sqlite"])
def settings(request: pytest.FixtureRequest, sqlite_settings):  # type: ignore[no-untyped-def]
    """Browser tests run on SQLite only: the database layer is covered on both elsewhere."""
    return sqlite_settings


def choose(page, ruleset: str, scenario: str, seats: dict[str, str], join: str) -> None:  # type: ignore[no-untyped-def]
    page.wait_for_selector("#options [data-option]", state="attached")
    page.select_option("#ruleset", ruleset)
    page.select_option("#scenario", scenario)
    for seat, kind in seats.items():
        page.select_option(f"#seats select[data-seat={seat}]", kind)
    page.check(f"#seats input[name=join][value={join}]")


def create(page) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    """Press Create; the new game's public facts (fails with the lobby's error, if any)."""
    page.click("#create-button")
    page.wait_for_function("location.hash.includes('game=') || document.getElementById('create-error')"
                           ".textContent !== ''")
    assert "game=" in page.url, page.inner_text("#create-error")
    game_id = page.url.split("game=")[1].split("&")[0]
    return httpx.get(page.url.split("/game.html")[0] + f"/api/games/{game_id}", timeout=5).json()  # type: ignore[no-any-return]


def test_a_game_is_created_while_an_open_game_is_listed(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    with httpx.Client(base_url=live_server.url, timeout=5) as http:
        r = http.post("/api/games", json={"ruleset": "turn-or-burn", "scenario": "quick-shot", "join": "red"})
        assert r.status_code == 201, r.text
    page = browser.new_page()
    page.goto(live_server.url + "/")
    page.wait_for_selector("#open-games button[data-seat=blue]")  # "Join as blue" is listed
    choose(page, "turn-or-burn", "quick-shot", {"blue": "bot: random"}, join="red")
    shot(page, "lobby-create-with-open-game")
    game = create(page)
    assert game["scenario"] == "quick-shot" and game["options"] == {}
    assert [(s["seat"], s["bot"], s["joined"]) for s in game["seats"]] == [("red", None, True),
                                                                         ("blue", "random", True)]


def test_the_lobby_shows_a_scenarios_options_and_sends_only_changes(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_page()
    page.goto(live_server.url + "/")
    choose(page, "turn-or-burn", "bigger", {"agrarians": "bot: random"}, join="empire")
    assert page.input_value("[data-option=victory]") == '"elimination"'  # Bigger's own, not "points"
    game = create(page)
    assert game["scenario"] == "bigger" and game["options"] == {}

    page.goto(live_server.url + "/")
    choose(page, "launch-fighters", "attrition", {"red": "bot: lf-heuristic"}, join="blue")
    assert page.input_value("[data-option=victory]") == '"ships_destroyed"'
    assert page.input_value("[data-option=turn_limit]") == "8"
    page.fill("[data-option=stalemate_turns]", "5")
    page.select_option("[data-option=holds_hittable]", "true")
    shot(page, "lobby-scenario-options")
    game = create(page)
    assert game["scenario"] == "attrition" and game["options"] == {"stalemate_turns": 5, "holds_hittable": True}


@pytest.mark.parametrize("width", [1280, 390])
def test_the_scenario_list_fits_its_panel(live_server: LiveServer, browser, width: int) -> None:  # type: ignore[no-untyped-def]
    """The longest scenario titles stay inside the create panel, on a desktop and a phone."""
    page = browser.new_page()
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(live_server.url + "/")
    page.wait_for_selector("#options [data-option]", state="attached")
    for ruleset in page.eval_on_selector_all("#ruleset option", "os => os.map(o => o.value)"):
        page.select_option("#ruleset", ruleset)
        select = page.locator("#scenario").bounding_box()
        panel = page.locator("#scenario").locator("xpath=ancestor::section[1]").bounding_box()
        assert select is not None and panel is not None
        assert select["x"] + select["width"] <= panel["x"] + panel["width"] + 0.5, (ruleset, select, panel)
    shot(page, f"lobby-{width}")


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_the_lobby_opens_on_the_default_game_with_labelled_options_that_apply(  # type: ignore[no-untyped-def]
        live_server: LiveServer, browser, size: tuple[int, int]) -> None:
    """The registry's first game and its default scenario come up first; options show their
    labels and help, and only those the scenario plays (Quick Shot is Module 1: no Module 3)."""
    page = browser.new_page()
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(live_server.url + "/")
    page.wait_for_selector("#options [data-option]", state="attached")
    assert page.input_value("#ruleset") == "turn-or-burn" and page.input_value("#scenario") == "quick-shot"
    assert page.eval_on_selector("#options-box", "d => d.open") == (size[0] > 760)  # folded on a phone
    assert page.inner_text("#options-summary").startswith("Options: 4 rules")
    if size[0] <= 760:
        page.click("#options-summary")
    offered = page.eval_on_selector_all("#options [data-option]", "xs => xs.map(x => x.dataset.option)")
    assert set(offered) == {"slip_model", "arc_boundary", "turn_limit", "shot_order"}
    text = page.inner_text("#options")
    assert "Slip burns" in text and "B3S = 2 ahead + 1 starboard" in text and "slip_model" not in text
    assert page.inner_text("[data-option=slip_model] >> xpath=.. >> .option-label") == "Slip burns"
    shot(page, f"lobby-options-quick-shot-{size[0]}")
    page.select_option("#scenario", "bigger")
    assert page.inner_text("#options-summary").startswith("Options: 11 rules, 1 set by this scenario")
    text = page.inner_text("#options")
    assert "Heavy guns" in text and "Victory" in text and "heavy_db_exact_speed" not in text
    assert "set by this scenario" in page.inner_text("[data-option=victory] >> xpath=..")
    assert page.eval_on_selector("[data-option=big_fighters]", "s => s.selectedOptions[0].textContent") == "yes"
    shot(page, f"lobby-options-bigger-{size[0]}")
    page.select_option("#scenario", "quick-shot")
    page.select_option("[data-option=slip_model]", '"wide"')
    page.select_option("#seats select[data-seat=blue]", "bot: random")
    game = create(page)
    assert game["ruleset"] == "turn-or-burn" and game["options"] == {"slip_model": "wide"}
