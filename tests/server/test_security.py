"""Every endpoint: a bad request gets a 4xx JSON body saying what is wrong; a seat's token can
never act for another seat nor read another seat's hidden cards or plots.

The secrets under test: blue's gun, chosen at setup, stays hidden from red for the whole game
(TOB-M1-BUILD-02), and each side's plot is secret until the step resolves (TOB-M1-PLOT-04).
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from hexfleet.server import create_app

from .conftest import Duel, LiveServer, new_duel
from .test_play import SETUP_BLUE, SETUP_RED

BLUE_PLOT = {"B1": [{"card": "B2P"}]}


def red_sees(duel: Duel) -> dict[str, Any]:
    """Everything red (or anyone with red's token) can read, endpoint by endpoint."""
    c, auth = duel.client, duel.auth("red")
    state = duel.state("red")
    return {
        "state": {k: v for k, v in state.items() if k not in ("version", "submitted", "waiting_for", "game")},
        "log": c.get(f"/api/games/{duel.id}/log", headers=auth).json(),
        "record": c.get(f"/api/games/{duel.id}/record", headers=auth).text,
        "game": {k: v for k, v in c.get(f"/api/games/{duel.id}").json().items()},
        "games": [{k: v for k, v in g.items()} for g in c.get("/api/games").json()["games"]],
        "report": c.get(f"/api/games/{duel.id}/report", headers=auth).json(),
        "report.txt": c.get(f"/api/games/{duel.id}/report.txt", headers=auth).text,
        "report.svg": c.get(f"/api/games/{duel.id}/report.svg", headers=auth).text,
    }


def test_blues_secret_orders_change_nothing_red_can_read(duel: Duel) -> None:
    before = red_sees(duel)
    assert duel.order("blue", SETUP_BLUE).status_code == 200
    assert red_sees(duel) == before  # blue's pending placement and gun: invisible
    assert duel.order("red", SETUP_RED).status_code == 200  # resolves setup
    during = red_sees(duel)
    blue = next(f for f in during["state"]["view"]["fighters"] if f["id"] == "B1")
    assert blue["cards"] == ["CM", "STR", "THR", "?"]  # the gun stays hidden after placement
    assert during["log"]["steps"][0]["orders"]["blue"] == {"B1": {"hex": [26, -4], "facing": "E"}}
    assert '"gun":"LT"' not in during["record"] and '"seed":' not in during["record"]
    assert during["game"]["seed"] is None and all(g["seed"] is None for g in during["games"])
    assert "LT" not in json.dumps(during["log"])
    assert "LT" not in during["report"]["text"] + during["report"]["svg"] + during["report.txt"] + during["report.svg"]
    assert "CM STR THR ?" in during["report"]["text"]  # the report is red's view: blue's gun hidden
    duel.order("blue", BLUE_PLOT)
    after = red_sees(duel)
    after["game"].pop("created_at")
    during["game"].pop("created_at")
    assert after["state"] == during["state"] and after["log"] == during["log"]
    assert after["record"] == during["record"] and after["report"] == during["report"]
    # blue's own token sees blue's own secrets
    mine = duel.state("blue")
    assert mine["my_order"] == BLUE_PLOT
    assert next(f for f in mine["view"]["fighters"] if f["id"] == "B1")["cards"] == ["CM", "STR", "THR", "LT"]
    assert duel.state(None)["view"]["fighters"][1]["cards"] == ["CM", "STR", "THR", "?"]  # spectator


def test_a_token_cannot_order_or_preview_for_another_seat(duel: Duel) -> None:
    r = duel.order("red", {"B1": {"gun": "BG"}})
    assert r.status_code == 422 and r.json()["rule"] == "ENGINE-SEAT" and r.json()["unit"] == "B1"
    r = duel.client.post(f"/api/games/{duel.id}/orders", json={"order": {}, "seat": "blue"},
                         headers=duel.auth("red"))
    assert r.status_code == 422 and r.json()["error"] == "request" and r.json()["details"][0]["field"] == "body.seat"
    duel.order("red", SETUP_RED)
    duel.order("blue", SETUP_BLUE)
    r = duel.client.post(f"/api/games/{duel.id}/preview", json={"order": BLUE_PLOT}, headers=duel.auth("red"))
    assert r.status_code == 422 and r.json()["rule"] == "ENGINE-SEAT"
    assert duel.state("blue")["my_order"] is None


def test_a_token_is_good_for_its_own_game_only(client: TestClient) -> None:
    one, two = new_duel(client), new_duel(client)
    for method, path, body in [("GET", "state", None), ("POST", "orders", {"order": SETUP_RED}),
                               ("POST", "preview", {"order": {}}), ("GET", "log", None), ("GET", "record", None),
                               ("GET", "stream", None), ("GET", "legal", None)]:
        r = client.request(method, f"/api/games/{two.id}/{path}", json=body, headers=one.auth("red"))
        assert r.status_code == 403, (path, r.text)
        assert r.json() == {"error": "wrong_game", "message": f"this token is for another game, not {two.id}"}
        r = client.request(method, f"/api/games/{two.id}/{path}", json=body,
                           headers={"Authorization": "Bearer forged"})
        assert r.status_code == 401 and r.json()["error"] == "bad_token"
    for method, path, body in [("POST", "orders", {"order": SETUP_RED}), ("POST", "preview", {"order": {}}),
                               ("GET", "legal", None)]:
        r = client.request(method, f"/api/games/{two.id}/{path}", json=body)
        assert r.status_code == 401 and r.json()["error"] == "no_token"


def test_legal_orders_go_only_to_the_seat_that_decides(client: TestClient) -> None:
    """Launch Fighters! is sequential: after the (simultaneous) fleets exactly one seat places
    a ship, and only that seat's token gets the legal orders."""
    lf = new_duel(client, ruleset="launch-fighters", scenario="duel")

    def legal(seat: str | None, **page: int) -> Any:
        return client.get(f"/api/games/{lf.id}/legal", params=page, headers=lf.auth(seat) if seat else {})

    for seat in ("blue", "red"):  # fleets: both decide at once
        r = legal(seat)
        assert r.status_code == 200 and r.json()["kind"] == "fleet" and r.json()["orders"][0] == {}
        assert lf.order(seat, {}).status_code == 200
    [decider] = lf.state("blue")["waiting_for"]
    other = "red" if decider == "blue" else "blue"
    mine = legal(decider).json()
    assert mine["kind"] == "place" and mine["seat"] == decider and mine["step"] == 2
    assert mine["total"] == len(mine["orders"]) > 2 and all(o["ship"].startswith(decider) for o in mine["orders"])
    assert legal(decider, offset=1, limit=2).json()["orders"] == mine["orders"][1:3]
    r = legal(other)
    assert r.status_code == 409 and r.json()["error"] == "no_decision" and "orders" not in r.json()
    r = legal(None)
    assert r.status_code == 401 and r.json()["error"] == "no_token"
    assert legal(decider, limit=0).status_code == 422


def test_seats_cannot_be_taken_twice_or_from_a_bot(client: TestClient) -> None:
    duel = new_duel(client)
    r = client.post(f"/api/games/{duel.id}/seats/blue/join")
    assert r.status_code == 409 and r.json()["error"] == "seat_taken"
    r = client.post("/api/games", json={"ruleset": "turn-or-burn", "scenario": "quick-shot",
                                        "seats": {"blue": {"bot": "random"}}})
    game_id = r.json()["game"]["id"]
    r = client.post(f"/api/games/{game_id}/seats/blue/join")
    assert r.status_code == 409 and r.json()["error"] == "seat_is_bot"
    r = client.post(f"/api/games/{game_id}/seats/green/join")
    assert r.status_code == 404 and r.json()["seats"] == ["red", "blue"]


@pytest.mark.parametrize("method, path, body, status, error", [
    ("GET", "/api/games/nope", None, 404, "no_such_game"),
    ("GET", "/api/games/nope/state", None, 404, "no_such_game"),
    ("GET", "/api/games/nope/log", None, 404, "no_such_game"),
    ("GET", "/api/games/nope/record", None, 404, "no_such_game"),
    ("GET", "/api/games/nope/stream", None, 404, "no_such_game"),
    ("POST", "/api/games/nope/seats/red/join", None, 404, "no_such_game"),
    ("GET", "/api/nothing-here", None, 404, "not_found"),
    ("DELETE", "/api/games", None, 405, "method_not_allowed"),
    ("GET", "/api/games?status=later", None, 422, "request"),
    ("POST", "/api/games", {"ruleset": "chess", "scenario": "x"}, 422, "format"),
    ("POST", "/api/games", {"ruleset": "turn-or-burn", "scenario": "nope"}, 422, "format"),
    ("POST", "/api/games", {"ruleset": "turn-or-burn", "scenario": "quick-shot", "options": {"slip_model": "x"}},
     422, "format"),
    ("POST", "/api/games", {"ruleset": "turn-or-burn", "scenario": "quick-shot", "seats": {"green": {}}},
     422, "format"),
    ("POST", "/api/games", {"ruleset": "turn-or-burn", "scenario": "quick-shot",
                            "seats": {"red": {"bot": "skynet"}}}, 422, "format"),
    ("POST", "/api/games", {"ruleset": "turn-or-burn", "scenario": "quick-shot", "deadline_seconds": -1},
     422, "request"),
    ("POST", "/api/games", {"scenario": "quick-shot"}, 422, "request"),
    ("GET", "/api/rulesets/chess/glossary", None, 404, "not_found"),
    ("POST", "/api/rulesets/chess/seats", {"scenario": "x"}, 422, "format"),
    ("POST", "/api/rulesets/turn-or-burn/seats", {"scenario": "big-party", "options": {"players": "x"}}, 422, "format"),
])
def test_bad_requests_get_a_json_4xx(client: TestClient, method: str, path: str, body: Any, status: int,
                                     error: str) -> None:
    r = client.request(method, path, json=body)
    assert r.status_code == status, r.text
    assert r.json()["error"] == error and r.json()["message"]


def test_malformed_json_and_orders_after_the_end(client: TestClient) -> None:
    duel = new_duel(client, options={"turn_limit": 1})
    r = client.post(f"/api/games/{duel.id}/orders", content=b"{not json", headers={
        **duel.auth("red"), "Content-Type": "application/json"})
    assert r.status_code == 422 and r.json()["error"] == "request"
    duel.order("red", SETUP_RED)
    duel.order("blue", SETUP_BLUE)
    duel.order("red", {})
    duel.order("blue", {})
    assert duel.state("red")["game"]["status"] == "over"
    r = duel.order("red", {})
    assert r.status_code == 409 and r.json()["error"] == "game_over"
    r = client.post(f"/api/games/{duel.id}/preview", json={"order": {}}, headers=duel.auth("red"))
    assert r.status_code == 409 and r.json()["error"] == "game_over"


def test_every_api_route_is_covered_here(sqlite_settings: Any) -> None:
    """A new endpoint must be added to the hidden-information tests above."""
    paths = create_app(sqlite_settings).openapi()["paths"]
    routes = {(m.upper(), path) for path, ops in paths.items() for m in ops}
    assert routes == {
        ("GET", "/api/rulesets"), ("POST", "/api/games"), ("GET", "/api/games"), ("GET", "/api/games/{game_id}"),
        ("POST", "/api/games/{game_id}/seats/{seat}/join"), ("GET", "/api/games/{game_id}/state"),
        ("POST", "/api/games/{game_id}/orders"), ("POST", "/api/games/{game_id}/preview"),
        ("GET", "/api/games/{game_id}/stream"), ("GET", "/api/games/{game_id}/log"),
        ("GET", "/api/games/{game_id}/record"), ("GET", "/api/games/{game_id}/legal"),
        ("GET", "/api/rulesets/{game}/glossary"),  # a game's words only, no game's data (test_glossary.py)
        ("POST", "/api/rulesets/{ruleset}/seats"),  # seat names of a game not yet made (test_lobby_seats.py)
        # play by mail (test_pbm.py): reports are the seat's view (red_sees above); the rest write
        ("POST", "/api/games/{game_id}/sheet"), ("GET", "/api/games/{game_id}/report"),
        ("GET", "/api/games/{game_id}/report.txt"), ("GET", "/api/games/{game_id}/report.svg"),
        ("PUT", "/api/games/{game_id}/standing"), ("GET", "/api/games/{game_id}/summary"),
        ("POST", "/api/games/{game_id}/master/pause"), ("POST", "/api/games/{game_id}/master/resume"),
        ("POST", "/api/games/{game_id}/master/extend"), ("POST", "/api/games/{game_id}/master/seats/{seat}/replace"),
        ("PUT", "/api/games/{game_id}/master/seats/{seat}"),
    }


def read_update(lines: Any) -> dict[str, Any]:
    for line in lines:
        if line.startswith("data: "):
            return json.loads(line[6:])
    raise AssertionError("the stream ended")


def test_the_stream_pushes_each_seat_only_its_view(live_server: LiveServer) -> None:
    with httpx.Client(base_url=live_server.url, timeout=10) as http:
        duel = new_duel(http)  # type: ignore[arg-type]
        with http.stream("GET", f"/api/games/{duel.id}/stream", params={"token": duel.tokens["red"]}) as red:
            lines = red.iter_lines()
            first = read_update(lines)
            assert first["seat"] == "red" and first["step"] == 1 and first["waiting_for"] == ["red", "blue"]
            duel.order("blue", SETUP_BLUE)
            pushed = read_update(lines)  # pushed at once: blue has ordered, but what is not shown
            assert pushed["waiting_for"] == ["red"] and pushed["view"] == first["view"]
            assert pushed["my_order"] is None
            duel.order("red", SETUP_RED)
            resolved = read_update(lines)
            assert resolved["step"] == 2
            blue = next(f for f in resolved["view"]["fighters"] if f["id"] == "B1")
            assert blue["hex"] == [26, -4] and blue["cards"][-1] == "?"
        with http.stream("GET", f"/api/games/{duel.id}/stream") as spectator:
            assert read_update(spectator.iter_lines())["seat"] is None
