"""Turn or Burn's glossary for people: every card code (maneuvers, guns, systems) with its name
and what it does, built from the card tables in :mod:`hexfleet.games.turn_or_burn.cards`.

Served by ``GET /api/rulesets/turn-or-burn/glossary``; the browser shows these words next to
the codes (TNC, B3S, BG…) in the hand, the order panel and the log.
"""

from __future__ import annotations

from typing import Any

from ..games.turn_or_burn.cards import (
    GUNS,
    MANEUVERS,
    SYSTEM_MODULE,
    SYSTEMS,
    Gun,
    Maneuver,
)

_SIDE = {1: "starboard", 5: "port"}

_SYSTEM_EFFECT = {
    "CM": "cockpit and pilot; a fighter with no crew member is eliminated",
    "STR": "structure; a fighter with no structure card breaks up and is eliminated",
    "THR": "thruster; with no thruster a fighter may not burn (it may still turn and fire)",
    "BOT": "repair bot: plot it to add back one system card lost earlier (not armor)",
    "ARM": "armor: absorbs hits automatically, never plotted (bubble guns ignore it)",
    "SG": "shield generator: plot it to raise or lower the shields",
    "SCAN": "scanner: lock on to one enemy; firing at a locked target halves the range",
    "JAM": "jammer: removes lock-ons on your fighter; +2 miss cards against you that turn",
    "MR": "mine rack: lays mines",
    "CAN": "cannon: fires a projectile",
    "RL": "rocket launcher: fires a rocket",
    "ML": "missile launcher: fires a guided missile",
    "FB": "force beam: pushes or pulls another fighter",
    "ZG": "zap gun: a short-range gun that ignores armor",
    "ST": "secondary thruster: an extra thruster for burns",
    "CARGO": "cargo: freight carried for the scenario",
}

_SPECIAL = {
    "DITTO": ("Ditto", "plot the same maneuver as your other fighter (each relative to its own facing)"),
    "RAM": ("Ramming", "ram an enemy in the same hex after movement; both ships are damaged"),
}


def _turn_words(turn: int) -> tuple[str, str]:
    if turn == 0:
        return "No turn", "keep the facing and coast: move to the momentum marker, speed unchanged"
    if abs(turn) == 3:
        return "Turn around", "coast to the momentum marker, then turn 180°"
    side = "starboard" if turn > 0 else "port"
    return f"Turn {abs(turn) * 60}° {side}", f"coast to the momentum marker, then turn {abs(turn) * 60}° to {side}"


def _burn_words(m: Maneuver) -> tuple[str, str]:
    burn = m.burn or ()
    slips = [_SIDE[d] for d in burn if d in _SIDE]
    name = f"Burn {len(burn)}" + (f", slip {slips[0]}" if slips else " ahead")
    moves = f"{burn.count(0)} ahead" + (f" and {len(slips)} {slips[0]}" if slips else "")
    return name, (f"move the momentum marker {moves} (changes speed and course); "
                  f"thrust {m.thrust}: +{m.thrust} miss card{'s' if m.thrust != 1 else ''} against you")


def _gun_effect(gun: Gun) -> str:
    damage = {"fixed": f"{gun.value} damage", "half_target_speed": "damage half the target's speed, rounded up",
              "neutrino": "damage 6 minus the range (1 beyond range 4)"}[gun.damage]
    arc = "0° arc (straight ahead only)" if gun.arc == 0 else f"{gun.arc}° arc ahead"
    return f"gun: {arc}, range {gun.range}, {damage}"


def glossary() -> dict[str, Any]:
    """``{"terms": {code: {"name", "kind", "effect", "module"}}, "notes": {...}}``."""
    terms: dict[str, dict[str, Any]] = {}
    for code, m in MANEUVERS.items():
        if code in _SPECIAL:
            name, effect = _SPECIAL[code]
        elif m.burn is not None:
            name, effect = _burn_words(m)
        else:
            name, effect = _turn_words(m.turn or 0)
        terms[code] = {"name": name, "kind": "maneuver", "effect": effect, "module": m.module}
    for code, name in SYSTEMS.items():
        kind, effect = ("gun", _gun_effect(GUNS[code])) if code in GUNS else ("system", _SYSTEM_EFFECT.get(code, ""))
        terms[code] = {"name": name, "kind": kind, "effect": effect, "module": SYSTEM_MODULE[code]}
        if code in GUNS:
            terms[code] |= {"arc": GUNS[code].arc, "range": GUNS[code].range}
    terms["MISS"] = {"name": "Miss card", "kind": "miss", "effect": "shuffled into a target's cards when it is shot: "
                     "drawing it does no damage", "module": 1}
    reasons = {
        "out_of_arc": "the target was outside the gun's arc after movement",
        "out_of_range": "the target was beyond the gun's range after movement",
        "range_0": "the target was in the same hex (range 0 cannot hit)",
        "no_target": "no enemy was in arc and range after movement",
        "target_gone": "the target was already destroyed",
        "shooter_gone": "the shooter was destroyed first",
    }
    causes = {"off_map": "it left the map", "structure": "its last structure card was destroyed (it broke up)",
              "crew": "its crew member was killed", "gun": "its last gun was destroyed", "ejected": "its pilot ejected"}
    outcomes = {"elimination": "the other side's fighters were all destroyed",
                "mutual_elimination": "both sides lost their last fighters in the same turn",
                "turn_limit": "the turn limit was reached", "goal": "a side reached the scenario's goal"}
    return {"terms": terms, "reasons": reasons, "causes": causes, "outcomes": outcomes,
            "words": {"speed": "hexes between the fighter and its momentum marker",
                      "miss": "miss cards shuffled into the target's pull: each one drawn is a miss"}}
