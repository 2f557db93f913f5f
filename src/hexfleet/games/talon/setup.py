"""A scenario's starting position, checked (TAL-SCN-1): what the rules forbid at setup.

Same-race ships never start stacked (TAL-7.4.c), no ship deploys within 2 hexes of a Black Hole
(TAL-18.1.d), fighters need a Carrier or friendly Base present at the start (TAL-12.1.1), and a
Carrier or Base deploys at most 4 squadrons (TAL-12.2.1).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.errors import RuleError
from ...hexgrid import distance
from .data import pack


def check_setup(pos: Mapping[str, Any]) -> None:
    classes = pack(pos["data_pack"])
    units = pos["ships"] + pos["squadrons"]
    seen: dict[tuple[str, tuple[int, int]], Mapping[str, Any]] = {}
    for u in units:
        key = (u["side"], tuple(u["hex"]))
        other = seen.get(key)
        if other is not None and not classes[u["class"]].is_base and not classes[other["class"]].is_base:
            raise RuleError("TAL-7.4.c", f"{u['id']} starts stacked with {other['id']} (same race)", unit=u["id"])
        seen[key] = u
    holes = [tuple(t["hex"]) for t in pos["terrain"] if t["kind"] == "black_hole"]
    for u in units:
        if any(distance(tuple(u["hex"]), h) <= 2 for h in holes):
            raise RuleError("TAL-18.1.d", f"{u['id']} deploys within 2 hexes of a Black Hole", unit=u["id"])
    for side in ("terran", "talon"):
        squadrons = [q for q in pos["squadrons"] if q["side"] == side]
        hosts = [s for s in pos["ships"] if s["side"] == side
                 and (classes[s["class"]].is_carrier or classes[s["class"]].is_base)]
        if squadrons and not hosts:
            raise RuleError("TAL-12.1.1", f"{side} fighters need a Carrier or Base present at the start",
                            unit=squadrons[0]["id"])
        if len(squadrons) > 4 * len(hosts):
            raise RuleError("TAL-12.2.1", f"{side} deploys more than 4 squadrons per Carrier or Base",
                            unit=squadrons[0]["id"])

