"""Bots are offered and accepted per game and scenario (issue 11 defect 3): the lobby lists
each scenario's bots, and creating a game with any other bot is refused with a 422 that names
the bots that can play there, before anything is stored."""

from __future__ import annotations

from fastapi.testclient import TestClient


def test_rulesets_list_each_scenarios_bots_and_default(client: TestClient) -> None:
    rulesets = {r["name"]: r for r in client.get("/api/rulesets").json()["rulesets"]}
    tob, lf = rulesets["turn-or-burn"], rulesets["launch-fighters"]
    assert tob["default_scenario"] == "quick-shot" and lf["default_scenario"] == "duel"
    for scenario in tob["scenarios"].values():  # determinize rebuilds Modules 1-3 alike
        assert scenario["bots"] == ["heuristic", "mcts", "random"]
    for scenario in lf["scenarios"].values():
        assert scenario["bots"] == ["lf-heuristic", "mcts", "random"]
    assert tob["bots"] == ["heuristic", "mcts", "random"] and lf["bots"] == ["lf-heuristic", "mcts", "random"]


def test_a_bot_of_another_game_is_refused_at_creation(client: TestClient) -> None:
    r = client.post("/api/games", json={"ruleset": "turn-or-burn", "scenario": "popcorn", "join": "red",
                                        "seats": {"blue": {"bot": "lf-heuristic"}}})
    assert r.status_code == 422, r.text
    body = r.json()
    assert body["error"] == "format" and body["field"] == "seats.blue.bot"
    assert body["message"] == ("unknown bot 'lf-heuristic' for turn-or-burn; bots that can play turn-or-burn, "
                               "scenario popcorn: heuristic, mcts, random")
    r = client.post("/api/games", json={"ruleset": "launch-fighters", "scenario": "duel",
                                        "seats": {"red": {"bot": "heuristic"}, "blue": {"bot": "random"}}})
    assert r.status_code == 422 and r.json()["field"] == "seats.red.bot"
    assert r.json()["message"].endswith("bots that can play launch-fighters, scenario duel: lf-heuristic, mcts, random")
    r = client.post("/api/games", json={"ruleset": "turn-or-burn", "scenario": "quick-shot", "join": "red",
                                        "seats": {"blue": {"stand_in": "alphazero"}}})
    assert r.status_code == 422 and r.json()["field"] == "seats.blue.stand_in"
    assert "unknown bot 'alphazero' for turn-or-burn" in r.json()["message"]
    assert client.get("/api/games").json()["games"] == []  # nothing was created


def test_a_bot_the_scenario_offers_is_accepted(client: TestClient) -> None:
    r = client.post("/api/games", json={"ruleset": "launch-fighters", "scenario": "duel", "join": "blue",
                                        "seats": {"red": {"bot": "lf-heuristic"}}})
    assert r.status_code == 201, r.text
