"""Helpers for the Launch Fighters! rule tests: small hand-built positions.

Worked-example coordinates are the digest's (centred on (0, 0)); :func:`at` shifts them to the
centre of a 30x30 board.
"""

from __future__ import annotations

from typing import Any

from hexfleet.engine.rng import rng_from_seed
from hexfleet.engine.ruleset import step
from hexfleet.games.launch_fighters.position import parse_position, settle
from hexfleet.games.launch_fighters.rules import RULESET
from hexfleet.games.launch_fighters.state import LfState
from hexfleet.hexgrid import RectMap

BOARD = RectMap(30, 30)
C = BOARD.center()


def at(q: int, r: int) -> list[int]:
    return [C[0] + q, C[1] + r]


def design(name: str = "T", **stats: int) -> dict[str, Any]:
    d = {"name": name, "cannons": 0, "launchers": 0, "bays": 0, "defense": 3, "move": 3}
    d.update(stats)
    if d["launchers"] and "missiles" not in stats:
        d["missiles"] = 10
    return d


def ship(sid: str, owner: str, hexq: tuple[int, int], facing: int = 0, **stats: Any) -> dict[str, Any]:
    extra = {k: stats.pop(k) for k in list(stats) if k in ("moved", "activated", "missiles_left", "current")}
    out: dict[str, Any] = {"id": sid, "owner": owner, "design": design(sid, **stats), "hex": at(*hexq), "facing": facing}
    if "current" in extra:
        out["stats"] = extra["current"]
    if "missiles_left" in extra:
        out["missiles"] = extra["missiles_left"]
    for k in ("moved", "activated"):
        if k in extra:
            out[k] = extra[k]
    return out


def sq(qid: str, owner: str, hexq: tuple[int, int] | None = None, host: str | None = None, **kw: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"id": qid, "owner": owner, "origin": host or kw.pop("origin", "none"), **kw}
    if hexq is not None:
        out["hex"] = at(*hexq)
        out["status"] = "map"
    else:
        out["status"] = "hosted"
        out["host"] = host
    return out


def position(ships: list[dict[str, Any]], squadrons: list[dict[str, Any]] = (), *, phase: str = "attack",
             step: int = 5, order: tuple[str, ...] = ("Y", "X"), terrain: list[tuple[tuple[int, int], str]] = (),
             seats: tuple[str, ...] | None = None, **kw: Any) -> dict[str, Any]:
    seats = seats or tuple(sorted({s["owner"] for s in ships} | set(order)))
    return {"format": "launch-fighters/1", "map": {"cols": 30, "rows": 30}, "seats": list(seats),
            "terrain": [{"hex": at(*h), "type": t} for h, t in terrain], "phase": phase, "turn": 1, "step": step,
            "order": list(order), "ships": ships, "squadrons": list(squadrons), **kw}


def state_of(pos: dict[str, Any]) -> LfState:
    s, _ = settle(parse_position(pos, rng=rng_from_seed(1)))
    return s


def play(s: LfState, order: Any, seat: str | None = None) -> tuple[LfState, list[dict[str, Any]]]:
    seat = seat or s.decision["seat"]
    return step(RULESET, s, {seat: order})


def kinds(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]
