"""Playing through the HTTP API, on SQLite and PostgreSQL: whole games, order replacement,
idempotent retries, stale orders, bots, deadlines, records that replay."""

from __future__ import annotations

import threading
import time
from typing import Any

from fastapi.testclient import TestClient

from hexfleet.engine.rng import seed_commitment
from hexfleet.games import replay_record as replay  # the game from the record's header
from hexfleet.server import Settings, create_app
from hexfleet.server.service import GameService

from .conftest import Duel, new_duel

SETUP_RED = {"R1": {"gun": "NB"}}
SETUP_BLUE = {"B1": {"gun": "LT", "hex": [26, -4], "facing": "E"}}


def play_out(duel: Duel, plots: dict[str, list[Any]]) -> dict[str, Any]:
    """Send each seat's plots turn by turn (cycling) until the game is over."""
    turn = 0
    while True:
        state = duel.state("red")
        if state["game"]["status"] == "over":
            return state
        assert turn < 50, "the game should have ended by its turn limit"
        for seat, cycle in plots.items():
            if state["decision"] is not None or duel.state(seat)["decision"] is not None:
                r = duel.order(seat, cycle[turn % len(cycle)], step=state["step"])
                assert r.status_code == 200, r.text
        turn += 1


def test_duel_to_the_end_and_the_record_replays(client: TestClient) -> None:
    duel = new_duel(client, options={"turn_limit": 3})
    info = client.get(f"/api/games/{duel.id}").json()
    assert info["status"] == "active" and info["seed"] is None and len(info["seed_sha256"]) == 64
    assert duel.order("red", SETUP_RED, step=1).json() == {"accepted": True, "step": 1, "seat": "red",
                                                           "replaced": False, "retry": False}
    assert duel.order("blue", SETUP_BLUE, step=1).status_code == 200
    final = play_out(duel, {"red": [{"R1": [{"card": "T60S"}]}, {"R1": []}],
                            "blue": [{"B1": [{"card": "B2S"}]}, {"B1": []}]})
    game = final["game"]  # nobody fires, so the house turn limit ends it
    assert game["status"] == "over" and game["steps"] == 4  # setup + 3 turns
    assert game["outcome"] == {"reason": "turn_limit", "winners": []}
    assert seed_commitment(game["seed"]) == info["seed_sha256"]
    record = client.get(f"/api/games/{duel.id}/record").text.splitlines()
    report = replay(record, verify=True)
    assert report.ok, report.problems
    assert report.steps == 4 and report.outcome == game["outcome"]
    # the finished record shows everything, including blue's secret gun
    log = client.get(f"/api/games/{duel.id}/log", headers=duel.auth("red")).json()
    assert log["complete"] and log["steps"][0]["orders"]["blue"] == SETUP_BLUE


def test_a_second_order_before_resolution_replaces_the_first(duel: Duel) -> None:
    assert duel.order("red", {"R1": {"gun": "BG"}}).json()["replaced"] is False
    assert duel.order("red", SETUP_RED).json()["replaced"] is True
    assert duel.state("red")["my_order"] == SETUP_RED
    assert duel.order("blue", SETUP_BLUE).status_code == 200
    log = duel.client.get(f"/api/games/{duel.id}/log", headers=duel.auth("red")).json()
    assert log["steps"][0]["orders"]["red"] == SETUP_RED


def test_a_request_key_makes_retries_idempotent(duel: Duel) -> None:
    first = duel.order("red", SETUP_RED, request_key="k-1").json()
    again = duel.order("red", SETUP_RED, request_key="k-1").json()
    assert first["retry"] is False and again == {**first, "retry": True}
    other = duel.order("red", {"R1": {"gun": "BG"}}, request_key="k-1")
    assert other.status_code == 409 and other.json()["error"] == "request_key_reused"
    assert duel.state("red")["my_order"] == SETUP_RED
    # the key also works as an Idempotency-Key header
    r = duel.client.post(f"/api/games/{duel.id}/orders", json={"order": SETUP_BLUE},
                         headers={**duel.auth("blue"), "Idempotency-Key": "h-1"})
    assert r.json()["retry"] is False
    r = duel.client.post(f"/api/games/{duel.id}/orders", json={"order": SETUP_BLUE},
                         headers={**duel.auth("blue"), "Idempotency-Key": "h-1"})
    assert r.json()["retry"] is True
    assert duel.state("red")["step"] == 2  # resolved once, not twice


def test_stale_and_illegal_orders_are_refused_and_change_nothing(duel: Duel) -> None:
    r = duel.order("red", SETUP_RED, step=2)
    assert r.status_code == 409 and r.json() == {
        "error": "stale_step", "message": "the order is for step 2 but step 1 is open now", "step": 1}
    r = duel.order("red", {"R1": {"gun": "XX"}})
    assert r.status_code == 422
    assert r.json()["rule"] == "TOB-M1-BUILD-01" and r.json()["field"] == "order.R1.gun"
    duel.order("red", SETUP_RED)
    duel.order("blue", SETUP_BLUE)
    r = duel.order("red", {"R1": [{"card": "B2S", "target": "B1"}]})
    assert r.status_code == 422 and r.json()["rule"] == "TOB-M1-PLOT-02"
    assert duel.state("red")["my_order"] is None


def test_a_person_plays_a_bot_to_the_end(client: TestClient) -> None:
    r = client.post("/api/games", json={"ruleset": "turn-or-burn", "scenario": "quick-shot", "join": "red",
                                        "options": {"turn_limit": 4}, "seats": {"blue": {"bot": "random"}}})
    assert r.status_code == 201 and r.json()["game"]["status"] == "active"
    duel = Duel(client, r.json()["game"]["id"], {"red": r.json()["token"]})
    assert duel.state("red")["submitted"] == ["blue"]  # the bot has already decided
    assert duel.order("red", SETUP_RED).status_code == 200
    final = play_out(duel, {"red": [{"R1": []}, {"R1": [{"card": "NB"}]}]})
    assert final["game"]["status"] == "over"
    assert replay(client.get(f"/api/games/{duel.id}/record").text.splitlines()).ok


def test_bots_only_game_plays_itself_at_creation(client: TestClient) -> None:
    r = client.post("/api/games", json={"ruleset": "turn-or-burn", "scenario": "quick-shot",
                                        "options": {"turn_limit": 5},
                                        "seats": {"red": {"bot": "random"}, "blue": {"bot": "random"}}})
    assert r.status_code == 201  # answered at once; the bots then play in the background
    game = client.get(f"/api/games/{r.json()['game']['id']}").json()
    assert game["status"] == "over" and 2 <= game["steps"] <= 6
    assert replay(client.get(f"/api/games/{game['id']}/record").text.splitlines()).ok


def wait_for_step(duel: Duel, step: int) -> dict[str, Any]:
    for _ in range(200):  # bounded: 10 s at most
        state = duel.state("red")
        if state["step"] >= step:
            return state
        time.sleep(0.05)
    raise AssertionError(f"step {step} never opened")


def test_a_missed_deadline_gives_the_stand_in_bot_or_the_standing_order(client: TestClient) -> None:
    duel = new_duel(client, deadline_seconds=0.3, seats={"blue": {"stand_in": "random"}})
    assert duel.state("red")["game"]["turn_deadline"] is not None
    wait_for_step(duel, 2)  # nobody ordered: red gets the standing order, blue its stand-in bot's
    orders = client.get(f"/api/games/{duel.id}/log").json()["steps"][0]["orders"]
    assert orders["red"] == {}  # the standing order: keep the scenario's placement
    assert set(orders["blue"]) == {"B1"}  # the random bot's placement

    duel = new_duel(client, deadline_seconds=0.5)
    ack = duel.order("red", SETUP_RED).json()  # step 1, unless the machine stalled past the deadline
    wait_for_step(duel, ack["step"] + 1)
    log = client.get(f"/api/games/{duel.id}/log", headers=duel.auth("red")).json()
    orders = log["steps"][ack["step"] - 1]["orders"]
    assert orders["red"] == SETUP_RED and orders["blue"] == {}  # blue missed it: the standing order


def test_lobby_lists_open_games_and_seats(client: TestClient) -> None:
    r = client.post("/api/games", json={"ruleset": "turn-or-burn", "scenario": "quick-shot"})
    game_id = r.json()["game"]["id"]
    assert r.json()["token"] is None
    listed = client.get("/api/games", params={"status": "open"}).json()["games"]
    assert [g["id"] for g in listed] == [game_id]
    assert [s["joined"] for s in listed[0]["seats"]] == [False, False]
    client.post(f"/api/games/{game_id}/seats/red/join")
    client.post(f"/api/games/{game_id}/seats/blue/join")
    assert client.get("/api/games", params={"status": "open"}).json()["games"] == []
    assert client.get("/api/games", params={"status": "active"}).json()["games"][0]["id"] == game_id
    rulesets = client.get("/api/rulesets").json()
    tob = next(r for r in rulesets["rulesets"] if r["name"] == "turn-or-burn")
    assert tob["bots"] == ["heuristic", "mcts", "random"]


def test_rulesets_show_the_option_values_each_scenario_sets(client: TestClient) -> None:
    """The lobby shows these as the defaults and sends only what a person changes, so a
    scenario's own settings hold (Bigger is won by elimination, Attrition by ships destroyed)."""
    rulesets = {r["name"]: r for r in client.get("/api/rulesets").json()["rulesets"]}
    tob, lf = rulesets["turn-or-burn"]["scenarios"], rulesets["launch-fighters"]["scenarios"]
    assert tob["bigger"]["options"]["victory"] == "elimination"
    assert tob["popcorn"]["options"]["victory"] == "points" and tob["quick-shot"]["options"]["slip_model"] == "minimal"
    assert lf["attrition"]["options"]["victory"] == "ships_destroyed" and lf["attrition"]["options"]["turn_limit"] == 8
    assert lf["duel"]["options"]["victory"] == "vp" and lf["duel"]["options"]["turn_limit"] is None
    for ruleset in rulesets.values():
        for scenario in ruleset["scenarios"].values():
            assert set(scenario["options"]) <= {o["name"] for o in ruleset["options"]}


def test_rulesets_offer_each_scenario_only_the_options_that_apply(client: TestClient) -> None:
    """Quick Shot plays Module 1 only: no Module 2 victory or Module 3 switch is offered for it;
    Popcorn (Modules 1-2) gets the Module 2 ones, Bigger (1-3) all. Every option has a label."""
    catalogue = client.get("/api/rulesets").json()
    assert catalogue["default_game"] == "turn-or-burn"
    rulesets = {r["name"]: r for r in catalogue["rulesets"]}
    tob = rulesets["turn-or-burn"]
    assert tob["default_scenario"] == "quick-shot"
    m1 = {"slip_model", "arc_boundary", "turn_limit", "shot_order"}
    m2, m3 = {"goal", "victory"}, {"big_fighters", "heavy_guns", "multiple_actions", "external_systems",
                                   "heavy_db_exact_speed"}
    assert set(tob["scenarios"]["quick-shot"]["options"]) == m1
    assert set(tob["scenarios"]["popcorn"]["options"]) == m1 | m2
    assert set(tob["scenarios"]["bigger"]["options"]) == m1 | m2 | m3
    labels = {o["name"]: o["label"] for o in tob["options"]}
    assert labels["slip_model"] == "Slip burns" and labels["heavy_db_exact_speed"] != "heavy_db_exact_speed"
    lf = rulesets["launch-fighters"]["scenarios"]
    two_seats = [k for k, s in lf.items() if len(s["seats"]) == 2]
    assert two_seats and all("teams" not in lf[k]["options"] for k in two_seats)  # a team of two has no enemy
    assert all("teams" in s["options"] for s in lf.values() if len(s["seats"]) >= 3)
    for ruleset in rulesets.values():
        for option in ruleset["options"]:
            assert option["label"] and option["label"] != option["name"] and option["help"]


def test_preview_shows_where_the_fighter_ends_up(duel: Duel) -> None:
    duel.order("red", SETUP_RED)
    duel.order("blue", SETUP_BLUE)
    r = duel.client.post(f"/api/games/{duel.id}/preview", json={"order": {"R1": [{"card": "B3S"}]}},
                         headers=duel.auth("red"))
    assert r.status_code == 200, r.text
    assert r.json()["preview"] == {"fighters": {"R1": {
        "card": "B3S", "hex": [9, 9], "facing": "C", "momentum": [13, 10], "speed": 5, "thrust": 3,
        "off_map": False}}}
    assert duel.state("red")["my_order"] is None  # a preview stores nothing


def test_a_thinking_bot_holds_no_lock_other_games_wait_for(settings: Settings) -> None:
    """A search bot may think for a second; meanwhile every other game keeps taking orders
    (on SQLite there is one writer for all games, so the bot must not think inside a write)."""
    thinking, done = threading.Event(), threading.Event()
    plain = GameService._bot_choice

    def slow_choice(*args: Any) -> Any:
        thinking.set()
        assert done.wait(10), "the other game's order never got through while the bot thought"
        return plain(*args)

    with TestClient(create_app(settings)) as client:
        other = new_duel(client)
        service = client.app.state.service  # type: ignore[attr-defined]
        service._bot_choice = slow_choice
        result: dict[str, Any] = {}

        def create_bot_game() -> None:
            result["r"] = client.post("/api/games", json={"ruleset": "turn-or-burn", "scenario": "quick-shot",
                                                          "join": "red", "seats": {"blue": {"bot": "random"}}})

        creator = threading.Thread(target=create_bot_game)
        creator.start()
        assert thinking.wait(10)
        assert other.order("red", SETUP_RED).status_code == 200  # while the bot thinks
        done.set()
        creator.join(10)
        created = result["r"].json()
        assert Duel(client, created["game"]["id"], {"red": created["token"]}).state("red")["submitted"] == ["blue"]


def test_a_bot_decision_lost_in_a_crash_is_made_after_a_restart(settings: Settings) -> None:
    with TestClient(create_app(settings)) as client:
        service = client.app.state.service  # type: ignore[attr-defined]
        service.play_bot_round = lambda game_id: None  # the process "dies" before the bot decides
        r = client.post("/api/games", json={"ruleset": "turn-or-burn", "scenario": "quick-shot", "join": "red",
                                            "seats": {"blue": {"bot": "random"}}})
        duel = Duel(client, r.json()["game"]["id"], {"red": r.json()["token"]})
        assert duel.state("red")["submitted"] == []
    with TestClient(create_app(settings)) as client:  # the restart: the bot decides in the background
        restarted = Duel(client, duel.id, duel.tokens)
        for _ in range(200):  # bounded: 10 s
            if restarted.state("red")["submitted"]:
                break
            time.sleep(0.05)
        assert restarted.state("red")["submitted"] == ["blue"]
