"""Talon's state and the working copy every order is applied to.

The state is the position's full form (:mod:`.position`) plus the generator: the engine keeps
no other record, so every state is a ``talon/1`` position. Applying an order copies the
position once into a :class:`World`, changes the copy and collects the events; the state
handed in is never touched (the kernel's ``advance`` is pure).
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ...engine.rng import Rng
from ...engine.ruleset import Event
from ...hexgrid import Hex
from .data import IMPULSES, ShipClass, pack, schedule, weapons
from .options import parse_options

OTHER = {"terran": "talon", "talon": "terran"}


@dataclass(frozen=True, slots=True)
class TalState:
    """A Talon game: a full ``talon/1`` position, its generator and answers given in advance."""

    pos: dict[str, Any]
    rng: Rng
    then: tuple[Any, ...] = ()


def serial(round_: int, impulse: str | None) -> int:
    """A moment as one number: Impulses A–F of a Round, then the time between Rounds."""
    return round_ * 7 + (IMPULSES.index(impulse) if impulse is not None else 6)


@dataclass(frozen=True, slots=True)
class Interrupt:
    """A choice a rule gives to the player who is not acting, while an order resolves
    (TAL-IMP-2's interrupt decisions): the format's ``choices`` key it stands for, the rule,
    the deciding side, the unit it concerns, the legal answers (hexes as tuples) and a few
    words saying what is happening (the prompt's context)."""

    key: str
    rule: str
    seat: str
    subject: str | None
    options: tuple[Any, ...]
    context: str


class ChoiceNeeded(Exception):
    """Raised where an order's resolution reaches an :class:`Interrupt` nobody has answered:
    the resolution is abandoned (the world is a copy) and run again once it is answered."""

    def __init__(self, ask: Interrupt):
        super().__init__(ask.key)
        self.ask = ask


_last_pickled: list[tuple[dict[str, Any], bytes]] = []
"""The position last pickled, and its pickle: every candidate order of a decision is checked on
a copy of the same position, and a state's position never changes once the state is built."""


def _pickled(pos: dict[str, Any]) -> bytes:
    last = _last_pickled[0] if _last_pickled else None  # one read of the shared slot: another thread may replace it
    if last is None or last[0] is not pos:
        last = (pos, pickle.dumps(pos, pickle.HIGHEST_PROTOCOL))
        _last_pickled[:] = [last]
    return last[1]


class World:
    """A mutable copy of a state's position, with its generator and the events so far."""

    def __init__(self, state: TalState, *, copy: bool = True):
        """A world to change (``copy``), or one that only reads ``state`` and shares its position:
        listing a decision's candidate orders, or scoring a leaf of search, changes nothing."""
        # a position is plain JSON data: pickling copies it as deepcopy would, six times faster
        # (every legal order is checked by resolving it on a copy: search copies thousands a second)
        self.pos: dict[str, Any] = pickle.loads(_pickled(state.pos)) if copy else state.pos
        self.rng = state.rng
        self.events: list[Event] = []
        self.choices: dict[str, Any] = {}
        """The ``choices`` of the order being resolved (format, "Choices"): read wherever a rule
        lets a player decide while it resolves."""
        self.answers: list[Any] | None = None
        """Interactive play: the non-acting side's answers so far, in the order its choices came
        up (:meth:`decide`); ``None`` in a resolution where the order's ``choices`` decide all."""
        self.asks_other = False
        """Has the resolution met a choice of the side not acting (one interactive play asks)?"""

    def freeze(self, then: tuple[Any, ...] = ()) -> TalState:
        return TalState(self.pos, self.rng, then)

    # --- reference data ----------------------------------------------------------------------

    @cached_property
    def opts(self) -> dict[str, Any]:
        return parse_options(self.pos["options"])

    @cached_property
    def classes(self) -> dict[str, ShipClass]:
        return pack(self.pos["data_pack"])

    def cls(self, unit: dict[str, Any]) -> ShipClass:
        return self.classes[unit["class"]]

    # --- finding units ------------------------------------------------------------------------

    def unit(self, uid: str) -> dict[str, Any] | None:
        """A ship, squadron or missile in play by id."""
        for group in ("ships", "squadrons", "missiles"):
            for u in self.pos[group]:
                if u["id"] == uid:
                    return u
        return None

    def kind(self, unit: dict[str, Any]) -> str:
        if "fighters" in unit:
            return "squadron"
        return "missile" if "class" not in unit else "ship"

    def units_at(self, h: Hex, *, groups: tuple[str, ...] = ("ships", "squadrons", "missiles")) -> list[dict[str, Any]]:
        return [u for g in groups for u in self.pos[g] if tuple(u["hex"]) == h]

    def terrain_at(self, h: Hex) -> set[str]:
        return {t["kind"] for t in self.pos["terrain"] if tuple(t["hex"]) == h}

    def terrain_hexes(self, *kinds: str) -> set[Hex]:
        return {tuple(t["hex"]) for t in self.pos["terrain"] if t["kind"] in kinds}

    # --- the schedule -------------------------------------------------------------------------

    def listed(self, value: int | None) -> bool:
        """Is ``value`` printed in the current Impulse's box (TAL-4.1.d)?"""
        imp = self.pos["impulse"]
        return imp is not None and value is not None and value in schedule()[imp]

    def gets_ap(self, ship: dict[str, Any]) -> bool:
        return self.listed(ship["curve"][0])

    def must_move(self, unit: dict[str, Any]) -> bool:
        return self.listed(unit["curve"][1])

    def now(self) -> dict[str, Any]:
        return {"round": self.pos["round"], "impulse": self.pos["impulse"]}

    # --- choices while an order resolves ---------------------------------------------------------

    def decide(self, ask: Interrupt, given: Any) -> Any:
        """The answer to a choice a rule gives a player mid-resolution.

        By the format, every choice rides on the order (``given``, if legal; else the first
        option, the format's default). In interactive play (:attr:`answers` set) a choice of
        the side *not* acting is that side's own: its next answer, or :class:`ChoiceNeeded` if
        it has not answered yet. A choice with one legal answer is never asked."""
        if len(ask.options) == 1:
            return ask.options[0]
        if ask.seat != self.pos["player"]:
            self.asks_other = True
        if self.answers is None or ask.seat == self.pos["player"]:
            return given if given in ask.options else ask.options[0]
        if not self.answers:
            raise ChoiceNeeded(ask)
        answer = self.answers.pop(0)
        return tuple(answer) if isinstance(answer, list) else answer

    def ordered(self, units: list[dict[str, Any]], rule: str, context: str) -> list[dict[str, Any]]:
        """``units`` (sorted: sides grouped, the side that resolves first leading) with each
        side's ships in the order it chose for them (the ``order`` choice), one pick at a time.
        Only ships are asked about: a squadron or missile explodes at nobody, so where it
        takes its damage changes nothing."""
        out: list[dict[str, Any]] = []
        for side in dict.fromkeys(u["side"] for u in units):
            group = [u for u in units if u["side"] == side]
            ships = [u for u in group if self.kind(u) == "ship"]
            picked = []
            while ships:
                ids = tuple(u["id"] for u in ships)
                pick = self.decide(Interrupt("order", rule, side, None, ids, context), ids[0])
                picked.append(ships.pop(ids.index(pick)))
            chosen = iter(picked)
            out += [next(chosen) if self.kind(u) == "ship" else u for u in group]
        return out

    # --- chance -------------------------------------------------------------------------------

    def roll(self, purpose: str, unit: str, n: int = 1) -> list[int]:
        """``n`` d6 in one throw, recorded as one ``roll`` event (TAL-IMP-4)."""
        faces, forced = [], False
        for _ in range(n):
            face, was_forced, self.rng = self.rng.roll(6, purpose=purpose, roller=None)
            faces.append(face)
            forced = forced or was_forced
        self.events.append({"type": "roll", "purpose": purpose, "unit": unit, "faces": faces, "forced": forced})
        return faces

    def emit(self, event: Event) -> None:
        self.events.append(event)

    def weapon_min(self, name: str) -> int:
        w = weapons()[name]
        return int(self.opts[w.min_range_option]) if w.min_range_option else w.min_range
