"""End of a Module 2-3 turn: armor and external losses, big-fighter collapse, eliminations,
team scores, replacements and re-entry, and who has won.

The end-of-turn steps follow TOB-SEQ-02: remove 1 armor (+1 external) where armor absorbed a
hit, 1 external where an internal card was lost (TOB-M3-EXT-05), drop shields after a bubble-gun
hit, discard down to the structure limit of a heavy or super fighter (owner's choice), then
eliminate, score and schedule replacements (re-entry at T+2, TOB-M2-SCEN-04).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from ...engine.errors import FormatError, RuleError
from ...engine.ruleset import Event, Outcome
from ...hexgrid import LETTERS, Hex, RectMap, directions_toward, distance
from .build import external_working, internal_working, size_class
from .damage import Hits
from .state import Fighter, Kit, Options, TobState, refit

REENTRY_DELAY = 2
"""Eliminated in turn T, the replacement re-enters in turn T+2 (TOB-M2-SCEN-04)."""
MAX_ENTRY_SPEED = 6
DEFAULT_REPLACEMENT = ("CM", "STR", "THR", "NB")


@dataclass(frozen=True, slots=True)
class Replacement:
    """A fighter still to re-enter; its build is secret, like any unrevealed card."""

    side: str
    id: str
    enters_on_turn: int
    cards: tuple[str, ...] = DEFAULT_REPLACEMENT
    external: tuple[str, ...] = ()
    heavy_guns: tuple[tuple[str, ...], ...] = ()
    hex: Hex | None = None
    """The map-edge hex the opposing team chose for it (TOB-M2-SCEN-04.3)."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"side": self.side, "enters_on_turn": self.enters_on_turn, "id": self.id,
                               "cards": list(self.cards), "external": list(self.external),
                               "heavy_guns": [list(g) for g in self.heavy_guns]}
        if self.hex is not None:
            out["hex"] = list(self.hex)
        return out


def victory_mode(modules: tuple[int, ...], options: Options) -> str:
    """``points`` (Popcorn: scores, replacements) or ``elimination`` (Module 3 scenario)."""
    if options.victory:
        return options.victory
    return "points" if 2 in modules else "elimination"


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
    return replace(f, destroyed=f.destroyed + ("ARM",)), [{"type": "armor_removed", "id": f.id}]


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


def check_end_choice(f: Fighter, needs: dict[str, int], choice: Any, where: str) -> dict[str, list[str]]:
    if not isinstance(choice, dict) or set(choice) - {"external", "discard"}:
        raise RuleError("TOB-SEQ-02", "expected {\"external\": [cards], \"discard\": [cards]}", unit=f.id, field=where)
    ext = list(choice.get("external", []))
    disc = list(choice.get("discard", []))
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
    f = replace(f, destroyed=f.destroyed + lost)
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


def elimination_outcome(before: tuple[str, ...], fighters: list[Fighter]) -> Outcome | None:
    """TOB-M3-SCEN-02: a side with no fighter left has lost; all at once is a draw."""
    if len(before) < 2:
        return None
    left = [s for s in before if any(f.side == s for f in fighters)]
    if len(left) == 1:
        return Outcome("elimination", (left[0],))
    if not left:
        return Outcome("mutual_elimination", ())
    return None


# --- re-entry -----------------------------------------------------------------------------


def default_entry_hex(board: RectMap, side_index: int) -> Hex:
    """The middle of the owner's home edge (west for the first side, east for the others)."""
    col = 0 if side_index == 0 else board.cols - 1
    return board.from_offset(col, board.rows // 2)


def check_entry_hex(board: RectMap, value: Any, where: str) -> Hex:
    if (not isinstance(value, list) or len(value) != 2 or not all(isinstance(v, int) and not isinstance(v, bool)
                                                                  for v in value)):
        raise RuleError("TOB-M2-SCEN-04", f"expected a map-edge hex [q, r], got {value!r}", field=where)
    h = (value[0], value[1])
    if not board.is_edge(h):
        raise RuleError("TOB-M2-SCEN-04", f"{list(h)} is not a map-edge hex", field=where)
    return h


def default_entry(board: RectMap, h: Hex) -> dict[str, Any]:
    """Facing the map centre, speed 0, shields down."""
    centre = board.center()
    v = (centre[0] - h[0], centre[1] - h[1])
    facing = directions_toward(v)[0] if v != (0, 0) else 0
    return {"facing": LETTERS[facing], "momentum": list(h), "shields": False}


def entry_momentum_ok(board: RectMap, h: Hex, mom: Hex) -> str | None:
    if distance(h, mom) > MAX_ENTRY_SPEED:
        return f"the momentum marker must be 0-{MAX_ENTRY_SPEED} hexes from the fighter"
    if not board.contains(mom):
        return f"momentum marker {list(mom)} is off the map"
    return None


def entering_fighter(rep: Replacement, placement: dict[str, Any]) -> Fighter:
    h = rep.hex
    assert h is not None
    return Fighter(
        id=rep.id, side=rep.side, hex=h, facing=LETTERS.index(placement["facing"]),
        momentum=tuple(placement["momentum"]),  # type: ignore[arg-type]
        cards=tuple(placement.get("cards", rep.cards)),
        kit=Kit(external=tuple(placement.get("external", rep.external)),
                heavy_guns=tuple(tuple(g) for g in placement.get("heavy_guns", rep.heavy_guns)),
                shields=bool(placement.get("shields", False))),
    )


def due(state: TobState) -> list[Replacement]:
    return [r for r in state.replacements if r.enters_on_turn <= state.turn]



# --- interchange format -------------------------------------------------------------------


def parse_replacements(value: Any, fighters: list[Fighter]) -> tuple[Replacement, ...]:
    """``replacements``: ``{"side", "enters_on_turn"}`` plus this project's optional ``id``,
    ``cards``, ``external``, ``heavy_guns`` and ``hex`` (an id is made up when absent)."""
    from .position import _card, _hex, _int, _known_fields, _list, _obj, _str

    out = []
    taken = {f.id for f in fighters}
    for i, raw in enumerate(_list(value, "replacements")):
        where = f"replacements[{i}]"
        raw = _obj(raw, where)
        _known_fields(raw, {"side", "enters_on_turn", "id", "cards", "external", "heavy_guns", "hex"}, where)
        for key in ("side", "enters_on_turn"):
            if key not in raw:
                raise FormatError(f"{where}.{key}", "missing")
        side = _str(raw["side"], f"{where}.side")
        n = 1
        while f"{side[0].upper()}{n}" in taken:
            n += 1
        fid = _str(raw.get("id", f"{side[0].upper()}{n}"), f"{where}.id")
        if fid in taken:
            raise FormatError(f"{where}.id", f"fighter id {fid!r} is already in play")
        taken.add(fid)
        out.append(Replacement(
            side=side, id=fid, enters_on_turn=_int(raw["enters_on_turn"], f"{where}.enters_on_turn", low=1),
            cards=tuple(_card(c, f"{where}.cards[{j}]") for j, c in enumerate(_list(raw.get("cards", list(
                DEFAULT_REPLACEMENT)), f"{where}.cards"))),
            external=tuple(_card(c, f"{where}.external[{j}]") for j, c in enumerate(_list(raw.get("external", []),
                                                                                       f"{where}.external"))),
            heavy_guns=tuple(tuple(_card(c, f"{where}.heavy_guns[{j}]") for c in _list(g, f"{where}.heavy_guns[{j}]"))
                             for j, g in enumerate(_list(raw.get("heavy_guns", []), f"{where}.heavy_guns"))),
            hex=_hex(raw["hex"], f"{where}.hex") if raw.get("hex") is not None else None,
        ))
    return tuple(out)


def parse_scores(value: Any, sides: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    from .position import _int, _obj

    value = _obj(value, "scores")
    scores = {s: 0 for s in sides}
    for side, points in value.items():
        scores[side] = _int(points, f"scores.{side}", low=0)
    return tuple(sorted(scores.items()))
