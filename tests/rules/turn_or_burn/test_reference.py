"""The engine against a small independent reading of Module 1, on random positions (Hypothesis).

The reference below shares no code with the engine or hexgrid: its own direction table, burn
offsets built from "ahead" and "one row to the slip side" (TOB-GEO-07), arcs by walking the
ring clockwise (a hex's index on its ring is monotone in its bearing, and the arc edges fall at
exact ring positions: 30° spines at half a side, hex rows at whole sides, TOB-GEO-09), its own
odd-q map test, target choice, damage and miss cards. Every deterministic part of a turn is
compared: each fighter's move, who is out, and every shot and void shot.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .helpers import fighter, position, resolve

DIRS = {"A": (0, -1), "B": (1, -1), "C": (1, 0), "D": (0, 1), "E": (-1, 1), "F": (-1, 0)}
ORDER = "ABCDEF"
TURN = {"TNC": 0, "T60S": 1, "T120S": 2, "TR": 3, "T120P": -2, "T60P": -1}
BURN = {"B1A": (1, 0), "B2A": (2, 0), "B3A": (3, 0), "B2S": (1, 1), "B2P": (1, -1), "B3S": (2, 1), "B3P": (2, -1)}
"""Card → (hexes ahead, one row to starboard (+1) or port (−1))."""
HALF_ARC = {"BG": Fraction(0), "DB": Fraction(1, 2), "NB": Fraction(1), "LT": Fraction(3, 2)}
"""Half the arc, in ring sides (one side = 60°)."""


def rel(facing: str, k: int) -> tuple[int, int]:
    return DIRS[ORDER[(ORDER.index(facing) + k) % 6]]


def hexdist(a, b) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def on_map(h, cols: int, rows: int) -> bool:
    q, r = h
    return 0 <= q < cols and 0 <= r + (q - q % 2) // 2 < rows


def bearing(facing: str, v) -> Fraction:
    """Signed ring position of offset ``v`` from straight ahead, in sides (clockwise positive)."""
    k = hexdist(v, (0, 0))
    h = (rel(facing, 0)[0] * k, rel(facing, 0)[1] * k)  # straight ahead on ring k
    for i in range(6 * k):
        if h == tuple(v):
            pos = Fraction(i, k)
            return pos if pos <= 3 else pos - 6
        side = rel(facing, 2 + i // k)  # walk clockwise along the ring
        h = (h[0] + side[0], h[1] + side[1])
    raise AssertionError("not on its ring")


def in_arc(gun: str, facing: str, v) -> bool:
    return abs(bearing(facing, v)) <= HALF_ARC[gun]


def void_reason(alive: dict[str, Any], s: dict[str, Any], gun: str, tid: str) -> str | None:
    if tid not in alive:
        return "target_gone"
    v = (alive[tid]["hex"][0] - s["hex"][0], alive[tid]["hex"][1] - s["hex"][1])
    if v == (0, 0):
        return "range_0"
    if hexdist(v, (0, 0)) > 12:
        return "out_of_range"
    return None if in_arc(gun, s["facing"], v) else "out_of_arc"


def reference_turn(pos: dict[str, Any], plots: dict[str, str]) -> dict[str, Any]:
    cols, rows = pos["map"]["cols"], pos["map"]["rows"]
    moved, thrust, out = {}, {}, []
    for f in pos["fighters"]:
        card = plots.get(f["id"], "")
        p, m, facing = tuple(f["hex"]), tuple(f["momentum"]), f["facing"]
        thrust[f["id"]] = 0
        if card in BURN:
            ahead, slip = BURN[card]
            a, s = rel(facing, 0), rel(facing, slip)
            m = (m[0] + ahead * a[0] + abs(slip) * s[0], m[1] + ahead * a[1] + abs(slip) * s[1])
            thrust[f["id"]] = ahead + abs(slip)
        if card in TURN:
            facing = ORDER[(ORDER.index(facing) + TURN[card]) % 6]
        new_m = (2 * m[0] - p[0], 2 * m[1] - p[1])
        moved[f["id"]] = {"hex": list(m), "facing": facing, "momentum": list(new_m), "side": f["side"],
                          "gun": f["cards"][3], "destroyed": f["destroyed"]}
        if not (on_map(m, cols, rows) and on_map(new_m, cols, rows)):
            out.append(f["id"])
    alive = {fid: g for fid, g in moved.items() if fid not in out}
    sides_before = {f["side"] for f in pos["fighters"]}
    sides_after = {g["side"] for g in alive.values()}
    shots, voids = [], []
    if len(sides_before) < 2 or len(sides_after) >= 2:
        for sid in sorted(plots):
            card, _, named = plots[sid].partition(">")
            if sid not in alive or card not in HALF_ARC:
                continue
            s = alive[sid]
            if named:
                why = void_reason(alive, s, card, named)
                if why:
                    voids.append({"shooter": sid, "target": named, "reason": why})
                    continue
                target = named
            else:
                options = sorted((hexdist(alive[t]["hex"], s["hex"]), t) for t, g in alive.items()
                                 if g["side"] != s["side"] and void_reason(alive, s, card, t) is None)
                if not options:
                    continue
                target = options[0][1]
            t = alive[target]
            r = hexdist(t["hex"], s["hex"])
            speed = hexdist(t["hex"], t["momentum"])
            damage = {"BG": 6, "DB": (speed + 1) // 2, "NB": 6 - r if r <= 4 else 1, "LT": 1}[card]
            band = 0 if r <= 3 else 1 if r <= 6 else 2 if r <= 9 else 4
            shots.append({"shooter": sid, "weapon": card, "target": target, "range": r, "damage": damage,
                          "miss_cards": band + thrust[target] + 2})
    return {"moved": moved, "off_map": out, "shots": shots, "voids": voids}


COLS, ROWS = 12, 10
GUNS = ["BG", "DB", "NB", "LT"]
CARDS = ["", "TNC", "T60S", "T120S", "TR", "T120P", "T60P", *BURN]


@st.composite
def turns(draw):
    n = draw(st.integers(2, 4))
    col, row = draw(st.integers(0, COLS - 1)), draw(st.integers(0, ROWS - 1))
    first = (col, row - (col - col % 2) // 2)
    fighters, plots = [], {}
    for i in range(n):
        fid = f"{'RB'[i % 2]}{i // 2 + 1}"
        # Fighters near each other, so that arc edges, ties and range 0 come up often.
        h = (first[0] + draw(st.integers(-3, 3)), first[1] + draw(st.integers(-3, 3))) if i else first
        if not on_map(h, COLS, ROWS):
            h = first
        m = (h[0] + draw(st.integers(-2, 2)), h[1] + draw(st.integers(-2, 2)))
        if not on_map(m, COLS, ROWS) or draw(st.booleans()):
            m = h
        lost = draw(st.sampled_from([[], [], ["THR"]]))
        fighters.append(fighter(fid, "red" if i % 2 == 0 else "blue", h, draw(st.sampled_from(ORDER)), m,
                                gun=draw(st.sampled_from(GUNS)), destroyed=lost))
    for f in fighters:
        choice = draw(st.sampled_from(CARDS + ["GUN"] * 6 + ["GUN>"] * 6))
        if choice in BURN and f["destroyed"]:
            choice = "TNC"
        if choice.startswith("GUN"):
            gun = f["cards"][3]
            enemies = [g["id"] for g in fighters if g["side"] != f["side"]]
            choice = gun + (">" + draw(st.sampled_from(enemies)) if choice == "GUN>" else "")
        if choice:
            plots[f["id"]] = choice
    return position(*fighters, cols=COLS, rows=ROWS), plots


@pytest.mark.rule("TOB-M1-MOVE-03")
@pytest.mark.rule("TOB-GEO-07")
@pytest.mark.rule("TOB-GEO-09")
@pytest.mark.rule("TOB-GEO-13")
@pytest.mark.rule("TOB-M1-FIRE-01")
@pytest.mark.rule("TOB-SEQ-11")
@pytest.mark.rule("TOB-SEQ-14")
@settings(max_examples=250, deadline=None)
@given(turns())
def test_engine_agrees_with_the_reference(case) -> None:
    pos, plots = case
    want = reference_turn(pos, plots)
    turn = resolve(pos, plots)
    for e in turn.of_type("moved"):
        w = want["moved"][e["id"]]
        assert (e["to"], e["facing"], e["momentum"]) == (w["hex"], w["facing"], w["momentum"]), e["id"]
    assert sorted(fid for fid, cause in turn.eliminated().items() if cause == "off_map") == sorted(want["off_map"])
    got_shots = [{k: s[k] for k in ("shooter", "weapon", "target", "range", "damage", "miss_cards")}
                 for s in turn.shots()]
    assert got_shots == want["shots"]
    assert [{k: v[k] for k in ("shooter", "target", "reason")} for v in turn.voids()] == want["voids"]


def test_reference_arcs_match_the_digest_counts() -> None:
    """The reference's own arcs reproduce the TOB-GEO-09 table (a check on the checker)."""
    def ring(k):
        return [(q, r) for q in range(-k, k + 1) for r in range(-k, k + 1) if hexdist((q, r), (0, 0)) == k]

    counts = {g: [sum(in_arc(g, "A", v) for v in ring(k)) for k in range(1, 7)] for g in GUNS}
    assert counts == {"BG": [1] * 6, "DB": [1, 3, 3, 5, 5, 7], "NB": [3, 5, 7, 9, 11, 13],
                      "LT": [3, 7, 9, 13, 15, 19]}
