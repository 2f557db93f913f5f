"""Hand-computed resolve cases (vectors/m1_resolve.json) checked against the engine.

Every number in the vector file was worked out by hand from the digest, not produced by the
engine. Card pulls are random, so a ``pulled`` event is compared by its card count; whatever the
pulled cards decide (losses, eliminations, the game's end) is checked to follow from them.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from .helpers import resolve

VECTORS = json.loads((Path(__file__).parent / "vectors" / "m1_resolve.json").read_text(encoding="utf-8"))["cases"]
CAUSE = {"STR": "structure", "CM": "crew", "BG": "gun", "DB": "gun", "NB": "gun", "LT": "gun"}


def without_pull_contents(event: dict[str, Any]) -> dict[str, Any]:
    if event["type"] == "pulled":
        return {"type": "pulled", "target": event["target"], "count": len(event["cards"])}
    return event


def losses(events: list[dict[str, Any]]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for e in events:
        if e["type"] == "pulled":
            out.setdefault(e["target"], []).extend(c for c in e["cards"] if c != "MISS")
    return out


def elimination_from_losses(fighter: dict[str, Any], lost: list[str]) -> str | None:
    """The first of structure, crew, gun the fighter no longer has (TOB-M1-SCEN-02)."""
    left = Counter(fighter["cards"]) - Counter(fighter["destroyed"]) - Counter(lost)
    for card, cause in (("STR", "structure"), ("CM", "crew")):
        if not left[card]:
            return cause
    if not any(left[g] for g in ("BG", "DB", "NB", "LT")):
        return "gun"
    return None


CASES = [pytest.param(c, id=c["id"], marks=[pytest.mark.rule(r) for r in c["rules"]]) for c in VECTORS]


@pytest.mark.parametrize("case", CASES)
def test_vector(case: dict[str, Any]) -> None:
    turn = resolve(case["position"], case["orders"], seed=case["seed"])
    got = [without_pull_contents(e) for e in turn.events]
    expected = case["expected_events"]
    start = {f["id"]: f for f in case["position"]["fighters"]}
    lost = losses(turn.events)

    if not case["pull_dependent"]:
        assert got == expected
    else:
        assert got[: len(expected)] == expected
        # What follows the pulls must follow from the cards pulled.
        killed = {fid: cause for fid in lost if (cause := elimination_from_losses(start[fid], lost[fid]))}
        tail = got[len(expected):]
        assert [e for e in tail if e["type"] == "eliminated"] == [
            {"type": "eliminated", "id": fid, "cause": killed[fid]} for fid in start if fid in killed]
        gone = {e["id"] for e in expected if e["type"] == "eliminated"} | set(killed)
        sides_left = {f["side"] for f in start.values() if f["id"] not in gone}
        over = [e for e in tail if e["type"] == "game_over"]
        if len(sides_left) >= 2:
            assert over == []
        else:
            assert over == ([{"type": "game_over", "winner": sides_left.pop()}] if sides_left
                            else [{"type": "game_over", "draw": True}])
        assert len(tail) == len(killed) + len(over)

    # Pulled cards are exactly the target's working systems and its miss cards, none twice.
    for e in turn.events:
        if e["type"] == "pulled":
            f = start[e["target"]]
            assert not Counter(c for c in e["cards"] if c != "MISS") - (Counter(f["cards"]) - Counter(f["destroyed"]))

    nxt = turn.position
    want = case["expected_next"]
    assert nxt["turn"] == want["turn"]
    assert nxt.get("options") == want.get("options")
    eliminated = {e["id"] for e in turn.events if e["type"] == "eliminated"}
    expected_ids = [f["id"] for f in want["fighters"] if f["id"] not in eliminated]
    assert [f["id"] for f in nxt["fighters"]] == expected_ids
    by_id = {f["id"]: f for f in want["fighters"]}
    for f in nxt["fighters"]:
        w = by_id[f["id"]]
        assert (f["hex"], f["facing"], f["momentum"]) == (w["hex"], w["facing"], w["momentum"]), f["id"]
        assert f["cards"] == start[f["id"]]["cards"]
        assert Counter(f["destroyed"]) == Counter(start[f["id"]]["destroyed"]) + Counter(lost.get(f["id"], []))
    outcome = turn.state.outcome.to_json() if turn.state.outcome else None
    if not case["pull_dependent"]:
        assert outcome == want["outcome"]


def test_vector_file_is_big_enough() -> None:
    assert len(VECTORS) >= 10 and len({c["id"] for c in VECTORS}) == len(VECTORS)
