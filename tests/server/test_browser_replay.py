"""Replaying a turn on the map, in a real Chromium: step by step through the events the seat
already has (its log), units moving, shots as lines, destroyed units crossed out, the current
step's sentence shown and highlighted in the log; for Turn or Burn and Launch Fighters!."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from .conftest import LiveServer, needs_chromium, shot

pytestmark = needs_chromium

SETUP = {"red": {"R1": {"gun": "DB", "facing": "B", "momentum": [7, 6]}},
         "blue": {"B1": {"gun": "DB", "facing": "E", "momentum": [22, 0]}}}
PLOTS = [{"red": {"R1": [{"card": "T60S"}]}, "blue": {"B1": [{"card": "T60S"}]}},
         {"red": {"R1": [{"card": "DB"}]}, "blue": {"B1": [{"card": "DB"}]}}]


@pytest.fixture(params=["sqlite"])
def settings(request: pytest.FixtureRequest, sqlite_settings):  # type: ignore[no-untyped-def]
    """Browser tests run on SQLite only: the database layer is covered on both elsewhere."""
    return sqlite_settings


def duel_with_shots(url: str, turn_limit: int = 2, plots: list[dict[str, Any]] = PLOTS) -> tuple[str, dict[str, str]]:
    """A Quick Shot of two people, through the API: set up facing each other, turn, then both
    fire their dust busters at range 11 (TOB-M1-FIRE) (or the ``plots`` given). Its id and tokens."""
    with httpx.Client(base_url=url, timeout=10) as http:
        made = http.post("/api/games", json={"ruleset": "turn-or-burn", "scenario": "quick-shot", "join": "red",
                                             "options": {"turn_limit": turn_limit}}).json()
        game_id = made["game"]["id"]
        tokens = {"red": made["token"], "blue": http.post(f"/api/games/{game_id}/seats/blue/join").json()["token"]}
        for orders in [SETUP, *plots]:
            play(http, game_id, tokens, orders)
        return game_id, tokens


def play(http: httpx.Client, game_id: str, tokens: dict[str, str], orders: dict[str, Any]) -> None:
    """Each seat's order for the open step (nothing once the game is over)."""
    for seat, order in orders.items():
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        state = http.get(f"/api/games/{game_id}/state", headers=auth).json()
        if state["game"]["status"] == "over":
            return
        r = http.post(f"/api/games/{game_id}/orders", headers=auth, json={"order": order, "step": state["step"]})
        assert r.status_code == 200, r.text


def caption(page) -> str:  # type: ignore[no-untyped-def]
    return page.inner_text("#replay-caption")  # type: ignore[no-any-return]


def step_to(page, text: str) -> None:  # type: ignore[no-untyped-def]
    """Press next until the caption holds ``text`` (fails at the turn's last step)."""
    while text not in caption(page):
        assert page.is_enabled("[data-replay=next]"), f"no step says {text!r}; last: {caption(page)}"
        page.click("[data-replay=next]")


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_a_turn_or_burn_turn_replays_step_by_step(live_server: LiveServer, browser, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    game_id, tokens = duel_with_shots(live_server.url)
    page = browser.new_page()
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{live_server.url}/game.html#game={game_id}&token={tokens['red']}")
    page.wait_for_selector("#replay-open:not([hidden])")
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    page.click("#replay-open")
    # the last turn, from its first step: the plots, in the words of the turn report
    assert page.eval_on_selector("[data-replay=turn]", "s => s.selectedOptions[0].textContent") == "Turn 2"
    assert page.eval_on_selector_all("[data-replay=turn] option", "os => os.map(o => o.textContent)") == [
        "Setup", "Turn 1", "Turn 2"]
    assert caption(page).startswith("Turn 2, step 1 of") and "R1 plays DB (Dust Buster)" in caption(page)
    assert page.is_disabled("[data-replay=prev]")
    assert page.eval_on_selector("#map", "m => m.classList.contains('replaying')")
    # a move: the fighter slides to where it went, its path drawn; the log line highlighted
    step_to(page, "R1 moves 7,6 → 9,4")
    page.wait_for_selector("[data-replay-unit=R1][data-hex='9,4']")
    assert page.locator(".replay-path.current").count() == 1
    assert page.inner_text("#log .replay-current") == "R1 moves 7,6 → 9,4, now facing C, momentum marker at 11,2."
    # a shot: a line from the shooter to the target, solid for a hit
    step_to(page, "B1 fires its DB (Dust Buster) at R1 at range 11")
    assert page.locator("line.replay-shot.hit[data-replay-shot='B1>R1']").count() == 1
    assert "replay-current" in (page.get_attribute("#log [data-event].replay-current", "class") or "")
    time.sleep(0.8)  # (the move's animation has ended)
    shot(page, f"replay-tob-shot-{size[0]}")
    # an earlier turn from the log: where the fighters came from
    page.select_option("[data-replay=turn]", "1")
    step_to(page, "R1 moves 5,8 → 7,6")
    page.wait_for_selector("[data-replay-unit=R1][data-hex='7,6']")
    assert page.locator("[data-replay-unit=B1][data-hex='24,-2']").count() == 1  # not moved yet in this step
    # the keyboard: → and ← step, Esc closes (reopened at once)
    at = page.get_attribute("#replay-bar", "data-at")
    page.keyboard.press("ArrowRight")
    assert page.get_attribute("#replay-bar", "data-at") == str(int(at or 0) + 1)
    page.keyboard.press("ArrowLeft")
    assert page.get_attribute("#replay-bar", "data-at") == at
    page.keyboard.press("Escape")
    assert page.is_hidden("#replay-bar")
    page.click("#replay-open")
    page.select_option("[data-replay=turn]", "1")
    # play runs to the end of the turn, then stops
    page.click("[data-replay=play]")
    page.wait_for_function("document.querySelector('[data-replay=next]').disabled", timeout=20_000)
    page.wait_for_function("document.querySelector('[data-replay=play]').textContent.includes('play')")
    page.click("[data-replay=close]")
    assert not [u for u in asked if "/api/" in u], asked  # built from the log the page already had
    assert page.is_hidden("#replay-bar") and page.locator("[data-replay-unit]").count() == 0
    assert not page.eval_on_selector("#map", "m => m.classList.contains('replaying')")
    assert page.locator("#log .replay-current").count() == 0


def test_a_destroyed_fighter_is_crossed_out(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    """Shots are dice: play duels until one ends in a kill, then find it in the replay."""
    for _ in range(12):
        game_id, tokens = duel_with_shots(live_server.url)
        log = httpx.get(f"{live_server.url}/api/games/{game_id}/log", timeout=5).json()
        killed = [e["id"] for s in log["steps"] for e in s["events"] if e["type"] == "eliminated"]
        if killed:
            break
    else:
        pytest.skip("no duel of twelve ended in a kill")
    page = browser.new_page()
    page.goto(f"{live_server.url}/game.html#game={game_id}")  # a spectator replays too
    page.click("#replay-open")
    step_to(page, f"{killed[0]} is destroyed")
    assert page.locator(f"[data-replay-unit={killed[0]}].destroyed .replay-cross").count() == 1
    assert page.locator(".replay-focus.gone").count() == 1
    shot(page, "replay-tob-destroyed")


def lf_game(url: str) -> tuple[str, dict[str, Any]]:
    """A Launch Fighters! duel of two bots over two turns, played to its end; its id and log."""
    with httpx.Client(base_url=url, timeout=10) as http:
        made = http.post("/api/games", json={"ruleset": "launch-fighters", "scenario": "duel", "options": {"turn_limit": 2},
                                             "seats": {"blue": {"bot": "lf-heuristic"}, "red": {"bot": "lf-heuristic"}}})
        assert made.status_code == 201, made.text
        game_id = made.json()["game"]["id"]
        for _ in range(300):
            if http.get(f"/api/games/{game_id}").json()["status"] == "over":
                return game_id, http.get(f"/api/games/{game_id}/log").json()
            time.sleep(0.2)
    raise AssertionError("the bots did not finish")


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_a_launch_fighters_turn_replays_step_by_step(live_server: LiveServer, browser, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    game_id, log = lf_game(live_server.url)
    events = [e for s in log["steps"] for e in s["events"]]
    turn2 = events[next(i for i, e in enumerate(events) if e["type"] == "initiative" and e["turn"] == 2):]
    page = browser.new_page()
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{live_server.url}/game.html#game={game_id}")
    page.wait_for_selector("#replay-open:not([hidden])")
    page.click("#replay-open")
    assert page.eval_on_selector_all("[data-replay=turn] option", "os => os.map(o => o.textContent)") == [
        "Setup", "Turn 1", "Turn 2"]
    assert caption(page).startswith(f"Turn 2, step 1 of {len(turn2)}: turn 2 initiative")
    moves = [e for e in turn2 if e["type"] == "moved"]
    assert moves, "the bots moved in turn 2"
    first = moves[0]
    step_to(page, f"{first['unit']} moves {first['from'][0]},{first['from'][1]} → {first['to'][0]},{first['to'][1]}")
    page.wait_for_selector(f"[data-replay-unit={first['unit']}][data-hex='{first['to'][0]},{first['to'][1]}']")
    assert page.inner_text("#log .replay-current") == caption(page).split(": ", 1)[1]
    barrages = [e for e in turn2 if e["type"] == "barrage"]
    if barrages:
        b = barrages[0]
        step_to(page, f"at {b['target']}: rolled")
        kind = "hit" if b["result"] in ("hit", "direct") else "miss"
        shooter = (b.get("units") or [b["unit"]])[0]
        assert page.locator(f"line.replay-shot.{kind}[data-replay-shot='{shooter}>{b['target']}']").count() == 1
    time.sleep(0.8)
    shot(page, f"replay-lf-{size[0]}")


def test_turns_of_the_advanced_modules_begin_with_their_declarations(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    """Modules 2-3 open a turn with declarations (TOB-M3-EXT), then plots: one turn, not two;
    a fire step's shots and a replacement's entry stay in their turn."""
    page = browser.new_page()
    page.goto(live_server.url + "/game.html")
    events = [{"type": "placed", "id": "E1", "hex": [1, 1], "facing": "B", "momentum": [2, 1]},
              {"type": "declared", "id": "E1", "cards": ["JAM"]}, {"type": "plotted", "id": "E1", "cards": ["TNC"]},
              {"type": "moved", "id": "E1", "from": [1, 1], "to": [2, 1], "facing": "B"},
              {"type": "shot_void", "shooter": "E1", "weapon": "BG", "target": "A1", "reason": "out_of_arc"},
              {"type": "entered", "id": "A2", "side": "agrarians", "hex": [9, 9], "facing": "E", "momentum": [8, 9]},
              {"type": "declared", "id": "E1", "cards": []}, {"type": "plotted", "id": "E1", "cards": ["TNC"]}]
    steps = [{"step": i + 1, "orders": {}, "events": [e]} for i, e in enumerate(events)]
    groups = page.evaluate("""async (steps) => {
      const { flatten, turns } = await import("/js/replay.js");
      const { replay } = await import("/js/tob.js");
      return turns(flatten({ steps }), replay).map((g) => [g.label, g.events.map((x) => x.event.type)]);
    }""", steps)
    assert groups == [["Setup", ["placed"]],
                      ["Turn 1", ["declared", "plotted", "moved", "shot_void", "entered"]],
                      ["Turn 2", ["declared", "plotted"]]]


def test_a_replay_keeps_its_place_while_the_game_goes_on(live_server: LiveServer, browser) -> None:  # type: ignore[no-untyped-def]
    """Mid-game, a step resolving under an open replay adds its turn to the list; the replay stays
    where it was, and closing it gives the map back to the game (the order form included)."""
    coast = {"red": {"R1": [{"card": "TNC"}]}, "blue": {"B1": [{"card": "TNC"}]}}
    game_id, tokens = duel_with_shots(live_server.url, turn_limit=9, plots=[PLOTS[0], coast])  # no gun fired
    page = browser.new_page()
    page.goto(f"{live_server.url}/game.html#game={game_id}&token={tokens['red']}")
    page.wait_for_selector("#replay-open:not([hidden])")
    page.wait_for_selector("#submit-order")
    page.click("#replay-open")
    page.click("[data-replay=next]")
    page.click("[data-replay=next]")
    before = caption(page)
    shot(page, "replay-tob-mid-game")
    with httpx.Client(base_url=live_server.url, timeout=10) as http:
        play(http, game_id, tokens, coast)
    page.wait_for_function("[...document.querySelectorAll('[data-replay=turn] option')].length === 4")
    assert caption(page) == before and page.get_attribute("#replay-bar", "data-at") == "2"
    assert page.locator("#log .replay-current").count() == 1
    page.click("[data-replay=close]")
    assert page.locator("#map .pieces [data-fighter=R1]").first.is_visible()
