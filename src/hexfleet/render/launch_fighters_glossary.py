"""Launch Fighters!' glossary for people: the ship stats (C L B D M), add-ons, the fighter
squadron's fixed stats and the catalogue's designs, built from the designer's tables
(:mod:`hexfleet.games.launch_fighters.designer`) and ``data/catalogue.toml``.

Served by ``GET /api/rulesets/launch-fighters/glossary``.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

from ..games.launch_fighters.designer import ADDONS, HOLDS, MAX_LEVEL, STATS

_STAT_EFFECT = {
    "cannons": "attack dice a ship rolls at a target (each hit costs the target a stat level)",
    "launchers": "missiles fired per attack (each uses one missile from the ship's stock)",
    "bays": "fighter squadrons launched per turn; a bay hit may destroy a squadron aboard",
    "defense": "a barrage hits only if its dice sum beats Defense; over twice Defense is a direct hit",
    "move": "hexes the ship may move per turn, in any direction; at Move 0 it can only turn",
}
_ADDON_EFFECT = {
    "sensors": "+ the fleet's best Sensors level to every initiative roll",
    "repair": "one repair attempt per turn in Recovery (1d6, 4–6 raises a stat one level); each level is used up",
    "boosters": "+1 hex of movement when used",
    "warp": "declare warp while moving: at the end of the turn the ship leaves the board (scores as retreated)",
    "cargo": "a cargo hold (scenario freight)",
    "passenger": "a passenger hold (scenario passengers)",
}
_TERMS = {
    "squadron": ("Fighter squadron", "Guns 1 (one attack die), Defense special (1d6 when attacked), Move 5"),
    "guns": ("Squadron guns", "a squadron's one attack die"),
    "missiles": ("Missiles", "ammunition for launchers; interceptors can shoot them down"),
    "flipped": ("Flipped", "a squadron that has acted this turn (hollow on the map); a hit on it eliminates it"),
    "rtb": ("Return to base", "the squadron lands on a carrier with free bays"),
    "flagship": ("Flagship ★", "the fleet's command ship"),
}
_OUTCOMES = {
    "last_fleet": "only one fleet was left able to move or fight",
    "protected_ship_lost": "the ship the scenario protects was destroyed",
    "stalemate": "no attack dice were rolled for several turns (stalemate)",
    "turn_limit": "the turn limit was reached; victory points decide",
    "agreement": "the players voted to end the game; victory points decide",
}
_CAUSES = {"exit": "left through its fleet's exit area", "edge": "left the map at its edge",
           "warp": "jumped away by warp drive"}


def _designs() -> dict[str, str]:
    path = resources.files("hexfleet.games.launch_fighters").joinpath("data/catalogue.toml")
    out = {}
    for d in tomllib.loads(path.read_text(encoding="utf-8")).get("design", []):
        stats = " ".join(f"{s[0].upper()}{d.get(s, 0)}" for s in STATS)
        extra = [f"{d[k]} missiles" if k == "missiles" else f"{d[k]} squadrons" for k in ("missiles", "squadrons")
                 if d.get(k)]
        extra += [f"{a} {d[a]}" for a in (*ADDONS, *HOLDS) if d.get(a)]
        out[d["name"]] = f"{stats}" + (f"; {', '.join(extra)}" if extra else "") + (f"; cost {d['cost']}" if "cost" in d else "")
    return out


def glossary() -> dict[str, Any]:
    """``{"terms": {code: {"name", "kind", "effect"}}, "outcomes", "causes", "designs"}``."""
    terms: dict[str, dict[str, Any]] = {}
    for s in STATS:
        entry = {"name": s.capitalize(), "kind": "stat", "effect": f"{_STAT_EFFECT[s]} (levels 0–{MAX_LEVEL})"}
        terms[s] = entry
        terms[s[0].upper()] = entry
    for a in (*ADDONS, *HOLDS):
        terms[a] = {"name": a.capitalize(), "kind": "add-on", "effect": _ADDON_EFFECT[a]}
    for code, (name, effect) in _TERMS.items():
        terms[code] = {"name": name, "kind": "term", "effect": effect}
    return {"terms": terms, "outcomes": _OUTCOMES, "causes": _CAUSES, "designs": _designs()}
