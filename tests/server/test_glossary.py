"""GET /api/rulesets/{game}/glossary: every code a player sees, with its name and effect,
from the games' own tables (no game named in the server)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from hexfleet.games.turn_or_burn.cards import MANEUVERS, SYSTEMS


def test_turn_or_burn_glossary_names_every_card(client: TestClient) -> None:
    body = client.get("/api/rulesets/turn-or-burn/glossary").json()
    terms = body["terms"]
    assert set(MANEUVERS) | set(SYSTEMS) <= set(terms)
    assert all(t["name"] and t["effect"] for t in terms.values())
    assert terms["TNC"]["name"] == "No turn" and terms["BG"]["name"] == "Bubble Gun"
    assert "arc" in terms["BG"]["effect"] and "thrust 3" in terms["B3S"]["effect"]
    assert "arc" in body["reasons"]["out_of_arc"]


def test_launch_fighters_glossary_and_unknown_game(client: TestClient) -> None:
    body = client.get("/api/rulesets/launch-fighters/glossary").json()
    assert body["terms"]["cannons"]["name"] == "Cannons" and body["terms"]["D"]["name"] == "Defense"
    assert "one fleet" in body["outcomes"]["last_fleet"]
    assert body["designs"]["Excelsior"].startswith("C3 L5 B0 D6 M3")
    answer = client.get("/api/rulesets/no-such-game/glossary")
    assert answer.status_code == 404 and answer.json()["error"] == "not_found"
