"""End of a turn: armor and external losses, big-fighter collapse, eliminations, team scores
and who has won.

The end-of-turn steps follow TOB-SEQ-02: remove 1 armor (+1 external) where armor absorbed a
hit, 1 external where an internal card was lost (TOB-M3-EXT-05), drop shields after a bubble-gun
hit, discard down to the structure limit of a heavy or super fighter (owner's choice), then
eliminate, score and schedule replacements (re-entry at T+2, TOB-M2-SCEN-04). With Module 1
alone only the eliminations and the outcome apply (TOB-M1-SCEN-01..03).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from ...engine.errors import RuleError
from ...engine.ruleset import Event, Outcome
from .build import external_working, internal_working, size_class
from .cards import GUNS
from .orders import Losses
from .state import SIDE, Fighter, Hits, Options, refit

# --- end-of-turn choices ------------------------------------------------------------------


def collapse_limit(f: Fighter) -> int | None:
    """Most internal cards a big fighter keeps with its structure left (TOB-M3-HEAVY-02,
    TOB-M3-SUPER-02); ``None`` when no limit applies."""
    structure = internal_working(f).count("STR")
    limits = [keep for left, keep in size_class(f).collapse if structure <= left]
    return min(limits) if limits else None


def remove_armor(f: Fighter, hits: Hits) -> tuple[Fighter, list[Event]]:
    """TOB-M2-ARMOR-01: one armor card goes where armor absorbed a hit, however many hits."""
    if f.id not in hits.armor:
        return f, []
    return f.losing(("ARM",)), [{"type": "armor_removed", "id": f.id}]


def end_needs(f: Fighter, hits: Hits) -> dict[str, int]:
    """How many externals ``f`` (armor already removed) must lose and internal cards it must
    discard now: 1 external per armor removed (TOB-M3-EXT-06) and 1 after an internal loss
    (TOB-M3-EXT-05); cards over the collapse limit (internal cards only, TOB-AMB-11)."""
    ext = (f.id in hits.armor) + (f.id in hits.internal_lost)
    limit = collapse_limit(f)
    internal = len(internal_working(f))
    return {"external": min(ext, len(external_working(f))),
            "discard": max(0, internal - limit) if limit is not None else 0}


def default_end_choice(f: Fighter, needs: dict[str, int]) -> dict[str, list[str]]:
    """Without an owner's choice: the first working externals in list order, and the last
    non-structure internal cards in sheet order."""
    discardable = [c for c in internal_working(f) if c != "STR"]
    return {"external": external_working(f)[:needs["external"]],
            "discard": discardable[::-1][:needs["discard"]]}


def parse_losses(fid: str, choice: Any, where: str) -> Losses:
    """``{"external": [cards], "discard": [cards]}`` (either may be left out)."""
    if (not isinstance(choice, dict) or set(choice) - {"external", "discard"}
            or not all(isinstance(v, list) for v in choice.values())):
        raise RuleError("TOB-SEQ-02", "expected {\"external\": [cards], \"discard\": [cards]}", unit=fid, field=where)
    return Losses(tuple(choice.get("external", [])), tuple(choice.get("discard", [])), tuple(choice))


def check_end_choice(f: Fighter, needs: dict[str, int], choice: Losses | Any, where: str) -> dict[str, list[str]]:
    if not isinstance(choice, Losses):
        choice = parse_losses(f.id, choice, where)
    ext = list(choice.external)
    disc = list(choice.discard)
    if len(ext) != needs["external"] or Counter(ext) - Counter(external_working(f)):
        raise RuleError("TOB-M3-EXT-05", f"remove exactly {needs['external']} of your working externals "
                        f"({' '.join(external_working(f)) or 'none'})", unit=f.id, field=f"{where}.external")
    pool = Counter(c for c in internal_working(f) if c != "STR")
    if len(disc) != needs["discard"] or Counter(disc) - pool:
        rule = "TOB-M3-HEAVY-02" if size_class(f).name == "heavy" else "TOB-M3-SUPER-02"
        raise RuleError(rule, f"discard exactly {needs['discard']} internal cards, never structure "
                        f"(from {' '.join(sorted(pool.elements()))})", unit=f.id, field=f"{where}.discard")
    return {"external": ext, "discard": disc}


def apply_end(f: Fighter, hits: Hits, choice: dict[str, list[str]]) -> tuple[Fighter, list[Event]]:
    events: list[Event] = []
    lost: tuple[str, ...] = ()
    for card in choice["external"]:
        events.append({"type": "external_lost", "id": f.id, "card": card})
    lost += tuple(choice["external"])
    if choice["discard"]:
        events.append({"type": "discarded", "id": f.id, "cards": list(choice["discard"])})
        lost += tuple(choice["discard"])
    if f.id in hits.shield:  # TOB-M2-SHIELD-04: shields come down at the end of the turn
        events.append({"type": "shields", "id": f.id, "up": False})
    f = f.losing(lost)
    return (refit(f, shields=False) if f.id in hits.shield else f), events


# --- scores, replacements, outcome --------------------------------------------------------


def score(scores: dict[str, int], sides: tuple[str, ...], loser_side: str) -> None:
    """Every opposing team scores 1 per fighter eliminated (TOB-M2-SCEN-05)."""
    for s in sides:
        if s != loser_side:
            scores[s] = scores.get(s, 0) + 1


def points_outcome(scores: dict[str, int], options: Options, turn: int) -> Outcome | None:
    """First to the goal wins; both at once: more points wins, equal draws (TOB-AMB-61); at
    the turn limit most points wins."""
    reached = options.goal is not None and any(v >= options.goal for v in scores.values())
    at_limit = options.turn_limit is not None and turn >= options.turn_limit
    if not (reached or at_limit):
        return None
    best = max(scores.values(), default=0)
    leaders = tuple(s for s, v in scores.items() if v == best)
    reason = "goal" if reached else "turn_limit"
    return Outcome(reason, leaders if len(leaders) == 1 else ())


def elimination_cause(f: Fighter, modules: tuple[int, ...]) -> str | None:
    """The first of structure, crew, gun that eliminates ``f`` (TOB-M1-SCEN-02; losing the
    gun is no loss from Module 2 on, TOB-M2-SCEN-03), or ``None``."""
    if not f.has("STR"):
        return "structure"
    if not f.has("CM"):
        return "crew"
    if 2 not in modules and 3 not in modules and not f.has_any(GUNS.keys()):
        return "gun"
    return None


def elimination_outcome(before: tuple[str, ...], fighters: Iterable[Fighter]) -> Outcome | None:
    """TOB-M3-SCEN-02: a side with no fighter left has lost; all at once is a draw."""
    if len(before) < 2:
        return None
    present = set(map(SIDE, fighters))
    if len(present) == len(before):  # every side still in play: the common case
        return None
    left = [s for s in before if s in present]
    if len(left) == 1:
        return Outcome("elimination", (left[0],))
    if not left:
        return Outcome("mutual_elimination", ())
    return None
