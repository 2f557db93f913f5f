"""Malformed request bodies: numbers JSON does not have, values of the wrong JSON type, bodies
over the size limit, huge values quoted back. Each gets a 4xx JSON error naming the field, and
nothing is stored."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from .conftest import Duel

JSON = {"Content-Type": "application/json"}


def create(client: TestClient, **body: Any) -> Any:
    return client.post("/api/games", json={"ruleset": "turn-or-burn", "scenario": "quick-shot", **body})


@pytest.mark.parametrize("body, field, number", [
    ('{"order": NaN}', "body.order", "NaN"),
    ('{"order": {"R1": {"gun": "NB", "hex": [5, Infinity]}}}', "body.order.R1.hex.1", "Infinity"),
    ('{"order": {"R1": {"gun": "NB"}}, "step": -Infinity}', "body.step", None),
])
def test_an_order_with_a_non_json_number_gets_a_422_naming_the_field(duel: Duel, body: str, field: str,
                                                                     number: str | None) -> None:
    r = duel.client.post(f"/api/games/{duel.id}/orders", content=body, headers={**duel.auth("red"), **JSON})
    assert r.status_code == 422, r.text
    assert r.json()["error"] == "request" and r.json()["details"][0]["field"] == field
    if number:
        assert r.json()["message"] == f"{field}: {number} is not a JSON number (JSON has no NaN or Infinity)"
    r = duel.client.post(f"/api/games/{duel.id}/preview", content=body, headers={**duel.auth("red"), **JSON})
    assert r.status_code == 422 and r.json()["details"][0]["field"] == field
    assert duel.state("red")["my_order"] is None


@pytest.mark.parametrize("body, field", [
    ('{"ruleset": "turn-or-burn", "scenario": "quick-shot", "options": {"turn_limit": NaN}}',
     "body.options.turn_limit"),
    ('{"ruleset": "turn-or-burn", "scenario": "quick-shot", "deadline_seconds": Infinity}', "body.deadline_seconds"),
])
def test_a_new_game_with_a_non_json_number_gets_a_422_naming_the_field(client: TestClient, body: str,
                                                                       field: str) -> None:
    r = client.post("/api/games", content=body, headers=JSON)
    assert r.status_code == 422 and r.json()["details"][0]["field"] == field, r.text
    assert client.get("/api/games").json()["games"] == []


@pytest.mark.parametrize("extra, field", [
    ({"step": "1"}, "body.step"),
    ({"step": True}, "body.step"),
    ({"request_key": 7}, "body.request_key"),
])
def test_order_fields_of_the_wrong_json_type_are_refused(duel: Duel, extra: dict[str, Any], field: str) -> None:
    r = duel.order("red", {"R1": {"gun": "NB"}}, **extra)
    assert r.status_code == 422 and r.json()["details"][0]["field"] == field, r.text
    assert duel.state("red")["my_order"] is None


@pytest.mark.parametrize("ruleset, scenario, body, field", [
    ("turn-or-burn", "quick-shot", {"options": {"turn_limit": True}}, "options.turn_limit"),
    ("turn-or-burn", "quick-shot", {"options": {"big_fighters": 1}}, "options.big_fighters"),
    ("turn-or-burn", "quick-shot", {"options": {"goal": 5.5}}, "options.goal"),
    ("launch-fighters", "duel", {"options": {"turn_limit": True}}, "options.turn_limit"),
    ("launch-fighters", "duel", {"options": {"stalemate_turns": False}}, "options.stalemate_turns"),
    ("launch-fighters", "duel", {"options": {"fighter_warp": 0}}, "options.fighter_warp"),
    ("launch-fighters", "duel", {"options": {"teams": "red,blue"}}, "options.teams"),
    ("turn-or-burn", "quick-shot", {"deadline_seconds": True}, "body.deadline_seconds"),
    ("turn-or-burn", "quick-shot", {"name": 5}, "body.name"),
    ("turn-or-burn", "quick-shot", {"seats": {"blue": {"bot": 1}}}, "body.seats.blue.bot"),
])
def test_a_new_game_with_a_value_of_the_wrong_json_type_is_refused(client: TestClient, ruleset: str, scenario: str,
                                                                   body: dict[str, Any], field: str) -> None:
    """``true`` is not a turn limit of 1, nor ``1`` true: Python's ``True == 1`` must not decide."""
    r = client.post("/api/games", json={"ruleset": ruleset, "scenario": scenario, **body})
    assert r.status_code == 422, r.text
    assert (r.json().get("field") or r.json()["details"][0]["field"]) == field
    assert client.get("/api/games").json()["games"] == []


def test_a_body_over_the_limit_gets_a_413_and_is_not_read(client: TestClient, duel: Duel) -> None:
    huge = "x" * 10_000_000
    r = create(client, options={"slip_model": huge})
    assert r.status_code == 413 and len(r.content) < 300
    assert r.json() == {"error": "too_large", "message": "the request body is over this server's limit of 65536 "
                                                         "bytes (HEXFLEET_MAX_BODY_BYTES)"}

    def chunks() -> Any:  # no Content-Length: counted as it arrives
        yield json.dumps({"order": {"R1": {"gun": huge}}}).encode()

    r = client.post(f"/api/games/{duel.id}/orders", content=chunks(), headers={**duel.auth("red"), **JSON})
    assert r.status_code == 413 and r.json()["error"] == "too_large"
    assert duel.state("red")["my_order"] is None
    assert [g["id"] for g in client.get("/api/games").json()["games"]] == [duel.id]


def test_huge_values_are_cut_when_quoted_back(client: TestClient) -> None:
    long = "x" * 50_000  # under the body limit
    r = create(client, options={"slip_model": long})
    assert r.status_code == 422 and r.json()["field"] == "options.slip_model"
    assert len(r.content) < 1000
    assert r.json()["message"] == "expected one of 'minimal', 'wide', got '" + "x" * 199 + "…"
    r = create(client, seats={long: {}})
    assert r.status_code == 422 and len(r.content) < 1500
    assert r.json()["field"] == "seats." + "x" * 194 + "…"
