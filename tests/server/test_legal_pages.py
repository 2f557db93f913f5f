"""``GET /api/games/{id}/legal`` pages the lazy legal set: ``total`` counted, only the page made."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from hexfleet.engine.ruleset import step
from hexfleet.games import get_ruleset
from hexfleet.games.turn_or_burn import rules

RS = get_ruleset("turn-or-burn")


def _at_plot(seed: int | str) -> Any:
    """``bigger`` at its first plot, both sides' setups and declarations left at the defaults
    (nothing there is random: the plots are the same whatever the seed)."""
    st = RS.new_game("bigger", seed=seed)
    while RS.asked(st).kind != "plot":
        st, _ = step(RS, st, {seat: {} for seat in RS.pending(st)})
    return st


def test_the_three_fighter_side_of_bigger_pages_its_7586_plots(client: TestClient, monkeypatch) -> None:
    r = client.post("/api/games", json={"ruleset": "turn-or-burn", "scenario": "bigger", "join": "empire"})
    assert r.status_code == 201, r.text
    game_id = r.json()["game"]["id"]
    tokens = {"empire": r.json()["token"]}
    r = client.post(f"/api/games/{game_id}/seats/agrarians/join", json={"name": "Agrarians"})
    assert r.status_code == 200, r.text
    tokens["agrarians"] = r.json()["token"]
    auth = {seat: {"Authorization": f"Bearer {t}"} for seat, t in tokens.items()}
    for _ in range(10):
        states = {seat: client.get(f"/api/games/{game_id}/state", headers=auth[seat]).json() for seat in tokens}
        if states["agrarians"]["decision"] and states["agrarians"]["decision"]["kind"] == "plot":
            break
        for seat, st in states.items():
            if st["decision"] is not None:
                assert client.post(f"/api/games/{game_id}/orders", json={"order": {}, "step": st["step"]},
                                   headers=auth[seat]).status_code == 200
    else:
        raise AssertionError("bigger never reached its first plot")

    built: list[int] = []

    class Spy(rules.Plot):  # counts the orders made: only the page's, never the whole list
        __slots__ = ()

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            built.append(1)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(rules, "Plot", Spy)
    r = client.get(f"/api/games/{game_id}/legal", params={"offset": 500, "limit": 500}, headers=auth["agrarians"])
    monkeypatch.undo()
    assert r.status_code == 200, r.text
    page = r.json()
    assert page["total"] == 7586 and page["offset"] == 500 and page["kind"] == "plot"
    assert page["seat"] == "agrarians" and page["step"] == states["agrarians"]["step"]
    assert len(page["orders"]) == 500 and 0 < len(built) <= 1000  # the first two pages at most, not 7,586
    every = RS.legal_orders(_at_plot(1), "agrarians")
    assert len(every) == 7586
    assert page["orders"] == every[500:1000]  # the same enumeration order as legal_orders
    last = client.get(f"/api/games/{game_id}/legal", params={"offset": 7500, "limit": 500},
                      headers=auth["agrarians"]).json()
    assert last["total"] == 7586 and last["orders"] == every[7500:]
