"""Positions and turns for the Module 4-5 tests, through the interchange format (what
``hexfleet resolve`` runs): build a ``turn-or-burn/2`` position, resolve one turn, read events."""

from __future__ import annotations

from typing import Any

from hexfleet.games.turn_or_burn.interchange import resolve as _resolve

BIG = {"cols": 40, "rows": 40}
KIT = ["CM", "STR", "THR", "LT", "MR", "JAM"]


def fighter(fid: str, side: str, hex: list[int], cards: list[str] | None = None, *, facing: str = "C",
            momentum: list[int] | None = None, **kw: Any) -> dict[str, Any]:
    out = {"id": fid, "side": side, "hex": hex, "facing": facing, "momentum": momentum or hex,
           "cards": cards or list(KIT)}
    out.update(kw)
    return out


def projectile(pid: str, side: str | None, kind: str, hex: list[int], momentum: list[int] | None = None,
               **kw: Any) -> dict[str, Any]:
    out = {"id": pid, "side": side, "kind": kind, "hex": hex, "momentum": momentum or hex}
    out.update(kw)
    return out


def position(*fighters: dict[str, Any], projectiles: tuple[dict[str, Any], ...] = (), modules=(1, 2, 4),
             black_holes: tuple[list[int], ...] = (), sides: list[str] | None = None, options=None,
             turn: int = 1, map=BIG, **top: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"format": "turn-or-burn/2", "modules": list(modules), "map": map, "turn": turn,
                           "fighters": list(fighters), "projectiles": list(projectiles),
                           "black_holes": [list(h) for h in black_holes]}
    if sides is not None:
        out["sides"] = sides
    if options:
        out["options"] = options
    out.update(top)
    return out


def resolve(pos: dict[str, Any], orders: dict[str, Any] | None = None, *, seed: int = 0,
            dice: tuple[int, ...] = ()) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    return _resolve(pos, orders or {}, seed, dice)


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def unit(out: dict[str, Any], uid: str) -> dict[str, Any] | None:
    for u in out["fighters"] + out["projectiles"]:
        if u["id"] == uid:
            return u
    return None
