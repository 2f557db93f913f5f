"""Turn or Burn's order sheet: what a player of the play-by-mail game types in a mail body.

One line per ship and action, in the book's card names (docs/pbm.md)::

    turn 3                        # optional: refuses a sheet written for another turn
    R1: B2S                       # a maneuver card (the plot, TOB-M1-PLOT-01)
    R1: Neutrino Beam > B1        # a system card by code or book name, with its target
    R2: DITTO=R1, BOT+THR, ^JAM   # several actions on one line, as orders.py writes them
    R3: -                         # plots nothing
    R1 fire: B1, hold             # mid-turn aiming (TOB-AMB-19): a target (or hold) per gun plotted
                                  # without one, in plot order
    R1 lose: THR                  # end of turn (TOB-SEQ-02): the externals to lose...
    R1 discard: CM                # ...and the cards to discard
    R1 setup: gun=NB hex=5/8 facing=C momentum=7/8
    R1 reenter: facing=C momentum=1/11
    B2 enter: 0/11                # the hex where enemy replacement B2 enters (TOB-M2-SCEN-04)
    S3 station: 19/9              # Module 6: where this player places station S3 (TOB-M6-STN-02)
    M1 steer: 9/4                 # Module 4 standing decisions (steer, detonate, gravity)

Each line is read into the JSON the rules already read (``orders.py``), one order per decision
kind; the kernel (:mod:`hexfleet.engine.sheet`) checks the one open now against the rules, and
the answers to the turn's later decisions ride along as answers in advance (TOB-SEQ-04).
Module 6 adds its own line words to :data:`KEYWORDS` and its action fields to
``orders.ACTION_FIELDS_V2``; nothing else here needs to change.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from ...engine.errors import FormatError
from ...engine.ruleset import Order, Seat
from ...engine.sheet import Sheet, SheetError, SheetErrors
from .cards import MANEUVERS, SYSTEMS
from .orders import ACTION_FIELDS_V2, DECISION_FIELDS, PLACEMENT_FIELDS
from .state import DECLARE, END, FIRE, PLOT, REENTRY, REENTRY_HEX, SETUP, STATIONS, TobState

_BY_NAME = {name.casefold(): code for code, name in SYSTEMS.items()} | {
    code.casefold(): code for code in (*MANEUVERS, *SYSTEMS)}
"""A card as a sheet may name it: its code (``NB``) or the book's name (``Neutrino Beam``)."""

_LINE = re.compile(r"^\s*([A-Za-z0-9_-]+)(?:\s+([A-Za-z]+))?\s*:\s*(.*?)\s*$")
_TURN = re.compile(r"^\s*turn\s+(\d+)\s*$", re.IGNORECASE)
_ACTION = re.compile(r"^(\^)?\s*([^=+>^]+?)\s*(?:=\s*([\w-]+))?\s*(?:\+\s*([^>]+?))?\s*(?:>\s*([\w-]+))?$")


SHEET_RULE = "TOB-M6-ORDER-01"
"""The order sheet (a row per ship): the rule a line that cannot be read breaks."""


class LineError(ValueError):
    """A line that cannot be read; the reader adds the line number and unit."""

    def __init__(self, message: str, card: str | None = None, rule: str = SHEET_RULE):
        super().__init__(message)
        self.message = message
        self.card = card
        self.rule = rule


def card_code(name: str) -> str:
    """The card code a sheet's word stands for (``Neutrino Beam``, ``nb`` → ``NB``)."""
    code = _BY_NAME.get(" ".join(name.split()).casefold())
    if code is None:
        raise LineError(f"unknown card {name!r}; maneuvers: {' '.join(MANEUVERS)}; systems: "
                        f"{', '.join(f'{c} ({n})' for c, n in SYSTEMS.items())}", name, "TOB-COMP-01")
    return code


def value(word: str) -> Any:
    """A field value as the JSON the orders hold: ``q/r`` a hex, a number, yes/no, a card list
    (``CM,STR``), else the word itself (a facing letter, a unit id)."""
    low = word.casefold()
    if low in ("yes", "true"):
        return True
    if low in ("no", "false"):
        return False
    if re.fullmatch(r"-?\d+/-?\d+", word):
        return [int(x) for x in word.split("/")]
    if re.fullmatch(r"-?\d+", word):
        return int(word)
    if "," in word:
        return [card_code(w) for w in word.split(",") if w]
    return word


def pairs(text: str, allowed: tuple[str, ...] | Mapping[str, Any]) -> dict[str, Any]:
    """``key=value`` words (one field each) of the keys ``allowed``."""
    out: dict[str, Any] = {}
    for word in text.split():
        key, eq, raw = word.partition("=")
        if not eq or not raw:
            raise LineError(f"expected key=value, got {word!r}")
        if key not in allowed:
            raise LineError(f"unknown field {key!r}; fields: {', '.join(allowed)}")
        out[key] = [card_code(w) for w in raw.split(",")] if key in ("cards", "external") else value(raw)
    return out


def action(item: str) -> dict[str, Any]:
    """``[^]CARD[=PARTNER][+CARD][>TARGET] [field=value ...]`` as an action's JSON (orders.py)."""
    head, *extras = item.split(" with ", 1) if " with " in item else (item,)
    match = _ACTION.match(head.strip())
    if match is None:
        raise LineError(f"cannot read the action {item!r}; write CARD, CARD>TARGET, DITTO=PARTNER, BOT+CARD "
                        "or ^CARD (external)")
    external, name, of, repair, target = match.groups()
    out: dict[str, Any] = {"card": card_code(name)}
    if target:
        out["target"] = target
    if of:
        out["of"] = of
    if repair:
        out["repair"] = card_code(repair)
    if external:
        out["external"] = True
    if extras:
        try:
            out.update(pairs(extras[0], ACTION_FIELDS_V2))
        except LineError as exc:
            raise LineError(exc.message, out["card"], exc.rule) from None
    return out


def _plot(text: str) -> list[dict[str, Any]]:
    if text in ("-", ""):
        return []
    return [action(item.strip()) for item in text.split(",")]


def _words(text: str) -> list[str]:
    return [w for w in re.split(r"[\s,]+", text) if w]


def _decision(key: str) -> Callable[[str], list[dict[str, Any]]]:
    def read(text: str) -> list[dict[str, Any]]:
        raw: Any = True if key == "detonate" and text.casefold() in ("yes", "true", "") else value(text)
        return [{key: raw}]
    return read


KEYWORDS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "": (PLOT, _plot),
    "fire": (FIRE, lambda text: [None if w.casefold() == "hold" else w for w in _words(text)]),
    "lose": (END, lambda text: {"external": [card_code(w) for w in _words(text)]}),
    "discard": (END, lambda text: {"discard": [card_code(w) for w in _words(text)]}),
    "setup": (SETUP, lambda text: pairs(text, PLACEMENT_FIELDS)),
    "reenter": (REENTRY, lambda text: pairs(text, tuple(k for k in PLACEMENT_FIELDS if k != "hex"))),
    "enter": (REENTRY_HEX, lambda text: value(text)),
    "station": (STATIONS, lambda text: value(text)),
    **{key: (PLOT, _decision(key)) for key in DECISION_FIELDS},
}
"""A line's word after the unit → (the decision kind it answers, its reader). A unit's lines
of one kind add up: lists run on (one line per action), fields are merged."""


def read(state: TobState, seat: Seat, text: str) -> Sheet:
    """Every line read; every line that cannot be read reported (:class:`SheetErrors`)."""
    units = {f.id for f in state.fighters} | {p.id for p in state.projectiles} | {r.id for r in state.replacements}
    if state.stations_to_place:  # Module 6: the station placed now (TOB-M6-STN-02)
        units.add(f"S{len(state.stations) + 1}")
    answers: dict[str, dict[str, Any]] = {}
    lines: dict[str, int] = {}
    errors: list[SheetError] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0]
        if raw.strip() == "--":
            break  # a mail signature follows
        if not line.strip() or raw.lstrip().startswith(">"):
            continue  # blank, or quoted from an earlier mail
        if (turn := _TURN.match(line)) is not None:
            if int(turn[1]) != state.turn:
                errors.append(SheetError(f"this sheet is for turn {turn[1]}, but turn {state.turn} is open",
                                         number, rule=SHEET_RULE))
            continue
        match = _LINE.match(line)
        if match is None:
            errors.append(SheetError("expected UNIT: actions (or UNIT fire/lose/setup/...: ...)", number,
                                     rule=SHEET_RULE))
            continue
        unit, word, rest = match[1], (match[2] or "").casefold(), match[3]
        if word not in KEYWORDS:
            errors.append(SheetError(f"unknown line word {word!r}; words: "
                                     f"{', '.join(k for k in KEYWORDS if k)}", number, unit, rule=SHEET_RULE))
            continue
        if unit not in units:
            errors.append(SheetError(f"no unit {unit!r} in play; units: {', '.join(sorted(units))}", number, unit,
                                     rule=SHEET_RULE))
            continue
        kind, reader = KEYWORDS[word]
        try:
            got = reader(rest)
        except LineError as exc:
            errors.append(SheetError(exc.message, number, unit, exc.card, exc.rule))
            continue
        except FormatError as exc:
            errors.append(SheetError(exc.message, number, unit, rule=SHEET_RULE))
            continue
        lines.setdefault(unit, number)
        per_kind = answers.setdefault(kind, {})
        per_kind[unit] = _merge(per_kind.get(unit), got, kind)
    if errors:
        raise SheetErrors(errors)
    return Sheet(answers, lines)


def _merge(old: Any, new: Any, kind: str) -> Any:
    """A unit's next line of one kind added to what its earlier lines said."""
    if isinstance(old, list) and isinstance(new, list) and kind not in (REENTRY_HEX, STATIONS):
        return old + new
    if isinstance(old, dict) and isinstance(new, dict):
        return {**old, **{k: old[k] + v if isinstance(v, list) and isinstance(old.get(k), list) else v
                          for k, v in new.items()}}
    return new


TURN_ORDER = (STATIONS, SETUP, REENTRY_HEX, REENTRY, DECLARE, PLOT, FIRE, END)
"""The decision kinds in the order a turn asks them: a sheet answers the open one now and the
later ones in advance."""


def answer(state: TobState, seat: Seat, kind: str, answers: Mapping[str, Any]) -> Order | None:
    """The order for ``seat``'s open ``kind`` decision, carrying the sheet's answers to the
    turn's later decisions as answers in advance (``"then"``, TOB-SEQ-04): the kernel keeps
    them and uses each when its decision opens, or drops it and asks the seat when the rules
    refuse it by then. ``None`` when the sheet says nothing for the open decision."""
    given = dict(answers)
    plot = given.get(PLOT)
    if plot is not None and (declared := {uid: ext for uid, acts in plot.items()
                                          if (ext := [a for a in acts if a.get("card") and a.get("external")])}):
        given[DECLARE] = declared  # step A: the plot's external actions, declared (TOB-SEQ-06)
    body = given.get(kind)
    if body is None or kind not in TURN_ORDER:
        return None
    later = {k: given[k] for k in TURN_ORDER[TURN_ORDER.index(kind) + 1:] if k in given}
    return {**body, "then": later} if later else dict(body)
