"""Launch Fighters! rule options: each default is the digest's reading (LF-IMPL-07)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.errors import FormatError, RuleError
from ...engine.ruleset import OptionInfo
from .state import Options

_MULTIPLAYER = "three-or-more-seats"
"""A scenario feature (:attr:`ScenarioInfo.features`): teams need at least three players."""

OPTIONS = (
    OptionInfo("grid", "hex", ("hex",),
               "The map grid. Only hex: the book's Square Map Rules Addendum is missing from its text.", "LF-SQ-01",
               "Map grid"),
    OptionInfo("launched_fighters_attack_immediately", True, (True, False),
               "Launched squadrons may attack in the step they are launched in (reading B).", "LF-AMB-14",
               "Launched squadrons attack at once"),
    OptionInfo("vp_accounting", "no_double_count", ("no_double_count", "raw"),
               "How a destroyed ship's squadrons are scored.", "LF-AMB-34", "Scoring a destroyed ship's squadrons"),
    OptionInfo("retreated_fighters_score_half", False, (True, False),
               "Squadrons that retreat on their own score half (the book: nothing).", "LF-AMB-27",
               "Retreated squadrons score half"),
    OptionInfo("stalemate_turns", 3, (), "End the game after this many turns without attack dice.", "LF-AMB-33",
               "Turns without attacks before the game ends"),
    OptionInfo("turn_limit", None, (), "End the game after this many turns (a scenario hook).", "LF-SCEN-05", "Turn limit"),
    OptionInfo("teams", [], (), "Teams as lists of seats: teammates are never targets, land on and intercept "
               "for each other, and win together on summed VP (default: free-for-all).", "LF-AMB-36", "Teams",
               _MULTIPLAYER),
    OptionInfo("end_by_agreement", False, (True, False),
               "At the start of each turn after the first, every player votes; all voting to end ends the game.",
               "LF-VIC-01", "End the game by agreement"),
    OptionInfo("range_routes_around_planetoids", False, (True, False),
               "Count range as a move would go, around planetoids (default: straight hex distance).", "LF-AMB-07",
               "Range goes around planetoids"),
    OptionInfo("victory", "vp", ("vp", "ships_destroyed"),
               "Who wins: most victory points, or most enemy ships destroyed regardless of loss.", "LF-SCEN-05",
               "Victory"),
    OptionInfo("holds_hittable", False, (True, False),
               "Cargo and passenger holds may be chosen to absorb combat hits, like stats (never destroying the "
               "ship).", "LF-ADD-06", "Holds can absorb hits"),
    OptionInfo("fighter_warp", False, (True, False),
               "Squadrons may have warp drive for 1 extra point each and warp out like ships.", "LF-ADD-03c",
               "Squadrons with warp drive"),
    OptionInfo("warp_flat_cost", None, (), "Price warp drive at this flat cost per ship instead of by level "
               "(the book suggests 5).", "LF-ADD-03b", "Flat warp drive cost"),
    OptionInfo("warp_no_move_fire", False, (True, False),
               "A ship may not move or fire in the turn it engages warp (the book's optional rule).", "LF-ADD-03a",
               "No move or fire when warping"),
)


def scenario_features(seats: int) -> frozenset[str]:
    """The features of a scenario with ``seats`` players, for the options that need them."""
    return frozenset({_MULTIPLAYER} if seats >= 3 else ())


def parse_options(raw: Mapping[str, Any]) -> Options:
    known = {o.name: o for o in OPTIONS}
    for key, value in raw.items():
        if key not in known:
            raise FormatError(f"options.{key}", f"unknown option; known: {', '.join(known)}")
        o = known[key]
        if key == "grid" and value != "hex":
            raise RuleError("LF-SQ-01", f"grid {value!r} is not available: the Square Map Rules Addendum the book "
                            "announces is not in its text, so only the hex map has rules (the digest's square "
                            "translation, LF-SQ-02, is an unofficial proposal and is not implemented)",
                            field=f"options.{key}")
        if o.choices and value not in o.choices:
            raise RuleError(o.rule, f"option {key} must be one of {list(o.choices)}, got {value!r}",
                            field=f"options.{key}")
        if key == "warp_flat_cost" and value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                                               or value < 0):
            raise RuleError(o.rule, "option warp_flat_cost must be a whole number >= 0", field=f"options.{key}")
        if key in ("stalemate_turns", "turn_limit") and value is not None and (not isinstance(value, int) or value < 1):
            raise RuleError(o.rule, f"option {key} must be a whole number >= 1", field=f"options.{key}")
    values = dict(raw)
    if "teams" in values:
        teams = values["teams"]
        if not isinstance(teams, list) or not all(isinstance(t, list) and t and all(isinstance(p, str) for p in t)
                                                  for t in teams):
            raise FormatError("options.teams", "expected a list of teams, each a list of seats")
        members = [p for t in teams for p in t]
        if len(set(members)) != len(members):
            raise RuleError("LF-AMB-36", "a player may be on one team only", field="options.teams")
        values["teams"] = tuple(tuple(t) for t in teams)
    return Options(**values)
