"""Physical dice in the server (referee mode): with the game option ``physical`` the table rolls
every die, and the seat that rolls enters each face when the procedure asks for it."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from .conftest import Duel


def _decision(duel: Duel, seat: str) -> dict[str, Any] | None:
    return duel.state(seat)["view"]["decision"]


@pytest.mark.rule("LF-SETUP-01")
def test_the_rolling_seat_enters_each_face(client: TestClient) -> None:
    r = client.post("/api/games", json={"ruleset": "launch-fighters", "scenario": "duel", "join": "blue",
                                        "options": {"physical": True}})
    assert r.status_code == 201, r.text
    game_id = r.json()["game"]["id"]
    tokens = {"blue": r.json()["token"], "red": client.post(f"/api/games/{game_id}/seats/red/join").json()["token"]}
    duel = Duel(client, game_id, tokens)
    faces_entered = 0
    for _ in range(40):  # fleets (both at once), then the placement roll: 2d6 a player (LF-SETUP-01)
        deciding = {seat: d for seat in tokens if (d := _decision(duel, seat))}
        assert deciding, "nobody is asked anything"
        for seat, decision in deciding.items():
            if decision["kind"] != "dice":
                legal = client.get(f"/api/games/{game_id}/legal", headers=duel.auth(seat)).json()
                assert duel.order(seat, legal["orders"][0]).status_code == 200, legal
                continue
            assert decision["options"]["sides"] == 6 and decision["options"]["purpose"]
            bad = duel.order(seat, 7)
            assert bad.status_code == 422 and bad.json()["rule"] == "ENGINE-DICE"
            assert duel.order(seat, 6 - faces_entered).status_code == 200
            faces_entered += 1
        if faces_entered == 4:
            break
    assert faces_entered == 4  # two dice for each of the two players
    log = client.get(f"/api/games/{game_id}/log", headers=duel.auth("blue")).json()["steps"]
    rolls = [e for step in log for e in step["events"] if e["type"] == "setup_roll"]
    assert rolls and all(r.get("forced") for r in rolls)
    assert [d for r in rolls for p in r["rolls"].values() for d in p["dice"]][:4] == [6, 5, 4, 3]
