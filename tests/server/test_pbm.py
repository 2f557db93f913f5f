"""Play by mail on the server (docs/pbm.md), on SQLite and PostgreSQL: order sheets, turn
reports, the game master's operations (pause, extend, replace a seat, standing orders) and the
end-of-game summary."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hexfleet.games import game_names, get_ruleset
from hexfleet.plugins import presenter
from hexfleet.server import Settings, create_app

from .conftest import Duel
from .test_play import SETUP_BLUE, SETUP_RED, wait_for_step

DAYS = 3 * 24 * 3600


@dataclass
class Game(Duel):
    master: str = ""

    def gm(self, method: str, path: str, **kw: Any) -> Any:
        return self.client.request(method, f"/api/games/{self.id}/master/{path}",
                                   headers={"Authorization": f"Bearer {self.master}"}, **kw)


def new_game(client: TestClient, **create: Any) -> Game:
    body = {"ruleset": "turn-or-burn", "scenario": "quick-shot", "join": "red", "email": "red@example.test", **create}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    game = Game(client, r.json()["game"]["id"], {"red": r.json()["token"]}, r.json()["master_token"])
    r = client.post(f"/api/games/{game.id}/seats/blue/join", json={"name": "Blue", "email": "blue@example.test"})
    assert r.status_code == 200, r.text
    game.tokens["blue"] = r.json()["token"]
    return game


def sheet(game: Game, seat: str, text: str) -> Any:
    return game.client.post(f"/api/games/{game.id}/sheet", json={"sheet": text}, headers=game.auth(seat))


@pytest.mark.rule("TOB-M6-ORDER-01")
def test_a_sheet_is_taken_whole_or_refused_with_every_error(client: TestClient) -> None:
    game = new_game(client)
    bad = sheet(game, "red", "R1 setup: gun=XX\nR9: TNC\n")
    assert bad.status_code == 422
    assert bad.json()["error"] == "sheet"
    assert [(e["line"], e["unit"]) for e in bad.json()["errors"]] == [(2, "R9")]  # read errors first, then rules
    assert game.state("red")["my_order"] is None  # nothing of it was taken
    bad = sheet(game, "red", "R1 setup: gun=XX\n")
    assert bad.json()["errors"] == [{"line": 1, "unit": "R1", "card": None, "rule": "TOB-M1-BUILD-01",
                                     "message": "the gun must be one of BG, DB, NB, LT, got 'XX'"}]
    ok = sheet(game, "red", "R1 setup: gun=NB\nR1: TNC\n")
    assert ok.status_code == 200, ok.text
    assert ok.json()["accepted"] and ok.json()["kind"] == "setup"
    assert game.state("red")["my_order"] == {"R1": {"gun": "NB"}, "then": {"plot": {"R1": [{"card": "TNC"}]}}}


def test_the_turn_report_is_the_seats_view_and_visible_events_with_the_deadline(client: TestClient) -> None:
    game = new_game(client, deadline_seconds=DAYS)
    assert game.order("red", SETUP_RED).status_code == 200
    assert game.order("blue", SETUP_BLUE).status_code == 200
    report = client.get(f"/api/games/{game.id}/report", headers=game.auth("red")).json()
    assert report["first"] == report["last"] == 1
    assert "Next deadline: " in report["text"] and report["text"].rstrip().endswith("UTC")
    assert report["svg"].startswith("<svg")
    log = client.get(f"/api/games/{game.id}/log", headers=game.auth("red")).json()
    view = game.state("red")["view"]
    assert report["text"].startswith(presenter("turn-or-burn").turn_report(view, log["steps"][0]["events"]))
    download = client.get(f"/api/games/{game.id}/report.svg", headers=game.auth("red"))
    assert download.headers["content-type"] == "image/svg+xml"
    assert "attachment" in download.headers["content-disposition"]
    assert client.get(f"/api/games/{game.id}/report.txt", headers=game.auth("blue")).text.startswith("Turn or Burn")


def test_a_report_is_built_once_per_step_and_seat_with_the_deadline_as_it_is_now(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 13's report under 100 ms: a Big Party report takes ~100 ms to build, and it only
    changes when a step resolves, so it is kept; the deadline line is always the current one."""
    from hexfleet.server import master as master_module
    built: list[object] = []

    class Counting:
        def __init__(self, shown: Any):
            self.shown = shown

        def turn_report(self, view: Any, events: Any) -> str:
            built.append(view["seat"])
            return str(self.shown.turn_report(view, events))

        def svg(self, view: Any, *, events: Any) -> str:
            return str(self.shown.svg(view, events=events))
    monkeypatch.setattr(master_module, "presenter", lambda name: Counting(presenter(name)))
    game = new_game(client, deadline_seconds=DAYS)
    game.order("red", SETUP_RED)
    game.order("blue", SETUP_BLUE)
    get = lambda seat: client.get(f"/api/games/{game.id}/report", headers=game.auth(seat)).json()  # noqa: E731
    red = get("red")
    assert get("red")["text"] == red["text"] and built == ["red"]  # the second is the kept one
    blue = get("blue")
    assert built == ["red", "blue"] and blue["text"] != red["text"]  # each seat's own view
    game.gm("POST", "extend", json={"seconds": 86400})
    later = get("red")
    assert built == ["red", "blue"] and later["turn_deadline"] > red["turn_deadline"]
    assert later["text"] != red["text"] and later["text"].split("Next deadline")[0] == red["text"].split("Next deadline")[0]
    game.order("red", {"R1": [{"card": "TNC"}]})
    game.order("blue", {"B1": [{"card": "TNC"}]})
    assert get("red")["last"] == 2 and built == ["red", "blue", "red"]  # a new step, a new report


def test_the_game_master_pauses_resumes_and_extends_a_days_long_deadline(client: TestClient) -> None:
    game = new_game(client, deadline_seconds=DAYS)
    deadline = game.state("red")["game"]["turn_deadline"]
    assert deadline > time.time() + DAYS - 60
    assert client.post(f"/api/games/{game.id}/master/pause").status_code == 401
    wrong = client.post(f"/api/games/{game.id}/master/pause", headers=game.auth("red"))
    assert wrong.status_code == 403 and wrong.json()["error"] == "not_master"
    paused = game.gm("POST", "pause").json()
    assert paused["paused"] and paused["turn_deadline"] is None
    assert game.gm("POST", "pause").json()["error"] == "paused"
    game.order("red", SETUP_RED)
    game.order("blue", SETUP_BLUE)
    assert game.state("red")["step"] == 1  # every order is in, but nothing resolves while paused
    assert game.gm("POST", "extend", json={"seconds": 3600}).status_code == 200
    resumed = game.gm("POST", "resume").json()
    assert not resumed["paused"] and resumed["steps"] == 1  # resolved at once on resuming
    assert resumed["turn_deadline"] > time.time() + DAYS - 60
    before = resumed["turn_deadline"]
    assert game.gm("POST", "extend", json={"seconds": 2 * 86400}).json()["turn_deadline"] == pytest.approx(
        before + 2 * 86400)


def test_the_game_master_replaces_a_missing_player_by_a_bot_or_a_new_person(client: TestClient) -> None:
    game = new_game(client)
    old = game.tokens["blue"]
    r = game.gm("POST", "seats/blue/replace", json={"name": "Newcomer", "email": "new@example.test"})
    assert r.status_code == 200, r.text
    assert client.get(f"/api/games/{game.id}/state", headers=game.auth("blue")).status_code == 401
    game.tokens["blue"] = r.json()["token"]
    assert game.state("blue")["seat"] == "blue" and old != game.tokens["blue"]
    assert game.gm("POST", "seats/blue/replace", json={"bot": "nobot"}).status_code == 422
    r = game.gm("POST", "seats/blue/replace", json={"bot": "random"})
    assert r.status_code == 200 and r.json()["token"] is None
    assert game.order("red", SETUP_RED).status_code == 200
    state = wait_for_step(game, 2)  # the bot answered for blue
    assert [s["bot"] for s in state["game"]["seats"]] == [None, "random"]


@pytest.mark.rule("TOB-IMPL-14")
def test_standing_orders_per_unit_are_used_at_a_missed_deadline(client: TestClient) -> None:
    game = new_game(client, deadline_seconds=2)
    assert game.gm("POST", "pause").status_code == 200  # the clock stopped with under 2 s to go
    r = game.gm("PUT", "seats/blue", json={"sheet": "B1 setup: gun=LT hex=26/-4 facing=E\n"})
    assert r.status_code == 200, r.text
    assert r.json()["standing"] == {"setup": {"B1": {"gun": "LT", "hex": [26, -4], "facing": "E"}}}
    mine = client.put(f"/api/games/{game.id}/standing", headers=game.auth("red"),
                      json={"standing": {"setup": {"R1": {"gun": "XX"}}}})  # refused by the rules at the deadline
    assert mine.status_code == 200
    assert game.gm("PUT", "seats/blue", json={"standing": {"frob": {}}}).status_code == 422
    game.gm("POST", "resume")
    wait_for_step(game, 2)  # nobody ordered
    log = client.get(f"/api/games/{game.id}/log", headers=game.auth("blue")).json()
    assert log["steps"][0]["stand_ins"] == {"red": "standing", "blue": "standing"}
    assert log["steps"][0]["orders"]["blue"] == {"B1": {"gun": "LT", "hex": [26, -4], "facing": "E"}}
    red = client.get(f"/api/games/{game.id}/log", headers=game.auth("red")).json()
    assert red["steps"][0]["orders"]["red"] == {}  # its standing part was refused: the default


def test_the_end_of_game_summary(client: TestClient) -> None:
    game = new_game(client, options={"turn_limit": 1})
    assert client.get(f"/api/games/{game.id}/summary").json()["error"] == "not_over"
    sheet(game, "red", "R1 setup: gun=NB\n")
    game.order("blue", SETUP_BLUE)
    sheet(game, "red", "R1: TNC\n")
    game.order("blue", {"B1": []})
    summary = client.get(f"/api/games/{game.id}/summary").json()
    assert summary["outcome"] == {"reason": "turn_limit", "winners": []}
    assert summary["seats"][0]["orders"] == {"sheet": 2} and summary["seats"][1]["orders"] == {"player": 2}
    assert "is over after 2 steps: turn_limit; a draw." in summary["text"]
    assert "red: a player; orders 2 by sheet" in summary["text"] and "blue: Blue; orders 2 by player" in summary["text"]


@pytest.mark.parametrize("name", game_names())
def test_every_game_gives_a_turn_report(sqlite_settings: Settings, name: str) -> None:
    """Reports are the kernel's and the presenters': no game-name branch anywhere."""
    ruleset = get_ruleset(name)
    with TestClient(create_app(sqlite_settings)) as client:
        made = client.post("/api/games", json={"ruleset": name, "scenario": ruleset.scenario(), "join": None})
        assert made.status_code == 201, made.text
        report = client.get(f"/api/games/{made.json()['game']['id']}/report").json()
        assert report["svg"].startswith("<svg") and report["text"].strip()
        assert report["text"].rstrip().endswith("No deadline: the turn resolves once every order is in.")


@pytest.mark.rule("TOB-M6-STN-02")
def test_players_place_big_party_stations_by_sheet_one_at_a_time(client: TestClient) -> None:
    r = client.post("/api/games", json={"ruleset": "turn-or-burn", "scenario": "big-party", "join": "P1",
                                        "options": {"players": 2, "mode": "capture", "placement": "players"}})
    assert r.status_code == 201, r.text
    game = Game(client, r.json()["game"]["id"], {"P1": r.json()["token"]}, r.json()["master_token"])
    r = client.post(f"/api/games/{game.id}/seats/P2/join", json={"name": "Two"})
    game.tokens["P2"] = r.json()["token"]
    assert game.state("P1")["decision"]["kind"] == "stations" and game.state("P2")["decision"] is None
    bad = sheet(game, "P1", "S1 station: 3/0\n")
    assert bad.status_code == 422 and bad.json()["errors"][0]["rule"] == "TOB-M6-STN-02"
    assert sheet(game, "P1", "S1 station: 20/5\n").status_code == 200
    assert game.state("P2")["decision"]["kind"] == "stations"
    assert sheet(game, "P2", "S2 station: 14/10\n").status_code == 200
    view = game.state("P1")["view"]
    assert view["stations"] == [{"id": "S1", "hex": [20, 5], "owner": None}, {"id": "S2", "hex": [14, 10], "owner": None}]
    assert game.state("P1")["decision"]["kind"] == "plot"
    report = client.get(f"/api/games/{game.id}/report?first=1&last=2", headers=game.auth("P2")).json()
    assert "P1 placed station S1 at [20,5]" in report["text"] and "P2 placed station S2 at [14,10]" in report["text"]
