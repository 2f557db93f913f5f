"""``POST /api/rulesets/{name}/seats``: the seats a game would have with the options chosen, so
the lobby offers a Big Party's eight players (issue 13) before the game exists."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient


@pytest.mark.rule("TOB-M6-OVR-02")
def test_the_seats_follow_a_big_partys_players(client: TestClient) -> None:
    r = client.post("/api/rulesets/turn-or-burn/seats", json={"scenario": "big-party", "options": {"players": 8}})
    assert r.status_code == 200, r.text
    assert r.json() == {"seats": [f"P{k}" for k in range(1, 9)]}
    r = client.post("/api/rulesets/turn-or-burn/seats", json={"scenario": "quick-shot"})
    assert r.json() == {"seats": ["red", "blue"]}


def test_options_no_game_can_have_are_refused_by_name(client: TestClient) -> None:
    r = client.post("/api/rulesets/turn-or-burn/seats", json={"scenario": "big-party", "options": {"players": 9}})
    assert r.status_code == 422
    assert "players" in r.text
    r = client.post("/api/rulesets/turn-or-burn/seats", json={"scenario": "nowhere"})
    assert r.status_code == 422 and "nowhere" in r.text
