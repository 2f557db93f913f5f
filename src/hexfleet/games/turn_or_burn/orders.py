"""Turn or Burn orders as frozen objects, parsed from JSON before any rule is checked.

Every decision's order is per fighter: ``{fighter id: what it does}``. :func:`parse_orders`
reads the JSON shape (naming the field that is wrong); the decision kinds in ``rules.py`` then
check the parsed object against the rules; :meth:`Orders.to_json` writes back exactly the JSON
that was read (records and the server keep JSON).

Notation (the objects' ``repr``)::

    Action   B2S            a maneuver
             NB>B1          a gun (or scanner) naming its target
             DITTO=R2       ditto of the partner's maneuver card (TOB-M2-DITTO-01)
             BOT+THR        the repair bot restoring a thruster
             ^JAM           an externally mounted card (TOB-M3-EXT-01)
    Plot({'R1': (B2S, NB>B1), 'R2': ()})            plot and declare decisions
    Setup({'R1': Placement(gun=NB, hex=(5, 8), facing=C, momentum=(5, 6))})
    Fire({'R1': ('B1', None)})                       one target (or hold) per untargeted gun
    End({'R1': Losses(external=('THR',), discard=())})
    EntryHexes({'R1': (0, 11)})
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, ClassVar, Generic, TypeVar

from ...engine import reading
from ...engine.errors import FormatError
from ...engine.frozen import record
from ...hexgrid import Hex
from . import notation
from .cards import MANEUVERS, SYSTEMS
from .notation import LETTERS

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Action:
    """One plotted action: a maneuver card, or a system card with its own fields."""

    card: str
    target: str | None = None
    of: str | None = None
    """Ditto only: the partner whose maneuver card it repeats."""
    repair: str | None = None
    """Repair bot only: the card to restore."""
    external: bool = False
    """The externally mounted copy (``"external": true``)."""
    given: tuple[str, ...] = ()
    """The optional fields the JSON named, in its order, so :meth:`to_json` writes it back as read."""
    more: tuple[tuple[str, Any], ...] = ()
    """Module 4-5 fields (``thrust``, ``momentum``, ``id``, ``copy``, ``detonate``, ``reload``, ...:
    the format's "Order fields added in version 2"), as read."""

    def field(self, key: str, default: Any = None) -> Any:
        """A Module 4-5 field's value, or ``default`` when the entry does not give it."""
        for k, v in self.more:
            if k == key:
                return v
        return default

    def __repr__(self) -> str:
        text = ("^" if self.external else "") + self.card
        if self.of is not None:
            text += f"={self.of}"
        if self.repair is not None:
            text += f"+{self.repair}"
        if self.target is not None:
            text += f">{self.target}"
        if self.more:  # Modules 4-5: a puck pushed and one pulled are different orders (search keys them by repr)
            text += "[" + ",".join(f"{k}={v}" for k, v in self.more) + "]"
        return text

    def to_json(self) -> dict[str, Any]:
        if not self.given and self.target is None and self.of is None and self.repair is None and not self.external:
            return {"card": self.card}
        out: dict[str, Any] = {"card": self.card}
        more = dict(self.more)
        for key in self.given:
            out[key] = more[key] if key in more else getattr(self, key)
        for key in ACTION_FIELDS:
            if key not in self.given and getattr(self, key) not in (None, False):
                out[key] = getattr(self, key)
        return out

    def public(self) -> dict[str, Any]:
        """The action as the ``plotted`` event shows it (fields that are set)."""
        return {k: v for k, v in self.to_json().items() if v is not None}


ACTION_FIELDS = ("target", "of", "repair", "external")
ACTION_FIELDS_V2: dict[str, Callable[[Any, str], Any]] = {
    "id": reading.text,
    "copy": lambda v, w: reading.integer(v, w, low=1),
    "thrust": reading.integer,
    "momentum": notation.hex_at,
    "detonate": reading.text,
    "reload": reading.text,
    "restore": reading.flag,
    "direction": notation.facing,
    "mode": lambda v, w: reading.choice(v, ("push", "pull"), w),
    "hexes": lambda v, w: reading.integer(v, w, low=0, high=3),
    "lock": reading.flag,
    "unlock": reading.flag,
    "ram": reading.text,
    "locked": reading.flag,
}
"""Order fields of Modules 4-5 on an action, each with its reader (checked by the rules later)."""
DECISION_FIELDS: dict[str, Callable[[Any, str], Any]] = {
    "steer": notation.hex_at,
    "detonate": lambda v, w: _true(v, w),
    "gravity": notation.facing,
}
"""Decisions in a unit's order list (entries without ``card``): the format's standing orders."""


def _true(value: Any, where: str) -> bool:
    if value is not True:
        raise FormatError(where, f"expected true (leave the entry out not to detonate), got {reading.describe(value)}")
    return True


@dataclass(frozen=True, slots=True)
class Decision:
    """A standing decision for a phase (missile steering, detonation, a gravity tie)."""

    steer: Hex | None = None
    detonate: bool = False
    gravity: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.steer is not None:
            out["steer"] = list(self.steer)
        if self.detonate:
            out["detonate"] = True
        if self.gravity is not None:
            out["gravity"] = LETTERS[self.gravity]
        return out


def parse_decision(raw: Any, where: str) -> Decision:
    data = reading.obj(raw, where)
    reading.fields(data, where, allowed=tuple(DECISION_FIELDS))
    if not data:
        raise FormatError(where, "an entry needs a card (an action) or one of steer, detonate, gravity")
    values = {k: DECISION_FIELDS[k](v, f"{where}.{k}") for k, v in data.items()}
    return Decision(**values)

CARD = attrgetter("card")
"""An action's card (for ``map`` on the hot path)."""


def parse_action(raw: Any, where: str) -> Action:
    if type(raw) is dict and len(raw) == 1:  # the common {"card": ...}: one lookup
        card = raw.get("card")
        if type(card) is str and card in _PLAIN:
            return _PLAIN[card]
    data = reading.obj(raw, where)
    reading.fields(data, where, allowed=("card",) + ACTION_FIELDS + tuple(ACTION_FIELDS_V2), required=("card",))
    card = notation.any_card(data["card"], f"{where}.card")
    target = data.get("target")
    if target is not None:
        reading.text(target, f"{where}.target")
    external = data.get("external", False)
    more = tuple((k, ACTION_FIELDS_V2[k](v, f"{where}.{k}")) for k, v in data.items() if k in ACTION_FIELDS_V2)
    return Action(card, target, data.get("of"), data.get("repair"), external is True,
                  tuple(k for k in data if k != "card"), more)


_PLAIN: dict[str, Action] = {card: Action(card) for card in (*MANEUVERS, *SYSTEMS)}
"""One shared action per card plotted with no other field (actions are frozen)."""


def parse_actions(value: Any, where: str) -> tuple[Action, ...]:
    """One fighter's plotted actions: a list of ``{"card": ..., ...}`` objects."""
    if type(value) is list and len(value) == 1:  # the common case, one bare card: no field names built
        raw = value[0]
        if type(raw) is dict and len(raw) == 1:
            try:
                return (_PLAIN[raw["card"]],)
            except (KeyError, TypeError):  # not a bare card: read it field by field below
                pass
    return tuple(parse_action(raw, f"{where}[{i}]") for i, raw in enumerate(reading.lst(value, where)))


def parse_entries(value: Any, where: str) -> tuple[tuple[Action, ...], tuple[Decision, ...]]:
    """A unit's order list in Modules 4-5: its actions (entries with ``card``) and its
    decisions (entries without), each read where it stands."""
    actions: list[Action] = []
    decisions: list[Decision] = []
    for i, raw in enumerate(reading.lst(value, where)):
        if isinstance(raw, dict) and "card" not in raw:
            decisions.append(parse_decision(raw, f"{where}[{i}]"))
        else:
            actions.append(parse_action(raw, f"{where}[{i}]"))
    return tuple(actions), tuple(decisions)


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a fighter starts (setup, re-entry) and, from Module 2, how it is built; a field
    left ``None`` was not given and keeps the scenario's value."""

    gun: Any = None
    cards: tuple[str, ...] | None = None
    external: tuple[str, ...] | None = None
    heavy_guns: tuple[tuple[str, ...], ...] | None = None
    hex: Hex | None = None
    facing: int | None = None
    momentum: Hex | None = None
    shields: bool | None = None
    given: tuple[str, ...] = ()

    def __repr__(self) -> str:
        parts = []
        for key in self.given:
            value = getattr(self, key)
            parts.append(f"{key}={LETTERS[value] if key == 'facing' else value}")
        return f"Placement({', '.join(parts)})"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key in self.given:
            value = getattr(self, key)
            if value is None:
                out[key] = None
            elif key == "facing":
                out[key] = LETTERS[value]
            elif key in ("hex", "momentum", "cards", "external"):
                out[key] = list(value)
            elif key == "heavy_guns":
                out[key] = [list(g) for g in value]
            else:
                out[key] = value
        return out


PLACEMENT_FIELDS = ("gun", "cards", "external", "heavy_guns", "hex", "facing", "momentum", "shields")


def parse_placement(raw: Any, where: str, allowed: tuple[str, ...]) -> Placement:
    """A placement object with only ``allowed`` fields (Module 1 setup: gun, hex, facing, momentum)."""
    data = reading.obj(raw, where)
    reading.fields(data, where, allowed=allowed)
    values: dict[str, Any] = {}
    if "gun" in data:
        values["gun"] = data["gun"]  # checked by the rules (TOB-M1-BUILD-01, TOB-M2-BUILD-02)
    if "cards" in data:
        values["cards"] = notation.cards(data["cards"], f"{where}.cards")
    if "external" in data:
        values["external"] = notation.cards(data["external"], f"{where}.external")
    if "heavy_guns" in data:
        values["heavy_guns"] = tuple(notation.cards(g, f"{where}.heavy_guns[{i}]")
                                     for i, g in enumerate(reading.lst(data["heavy_guns"], f"{where}.heavy_guns")))
    if "hex" in data:
        values["hex"] = notation.hex_at(data["hex"], f"{where}.hex")
    if "facing" in data:
        values["facing"] = notation.facing(data["facing"], f"{where}.facing")
    if "momentum" in data:
        values["momentum"] = notation.hex_at(data["momentum"], f"{where}.momentum")
    if "shields" in data:
        values["shields"] = reading.flag(data["shields"], f"{where}.shields")
    return Placement(**values, given=tuple(data))


@dataclass(frozen=True, slots=True)
class Losses:
    """What a fighter gives up at the end of the turn (TOB-M3-EXT-05, TOB-M3-HEAVY-02)."""

    external: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    given: tuple[str, ...] = ("external", "discard")

    def to_json(self) -> dict[str, Any]:
        return {k: list(getattr(self, k)) for k in self.given}


@record
class Orders(Generic[T]):
    """A seat's order for one decision: per fighter, in the order given."""

    items: tuple[tuple[str, T], ...] = ()
    name: ClassVar[str] = "Orders"

    def __repr__(self) -> str:
        return f"{self.name}({ {fid: v for fid, v in self.items} !r})"

    def __iter__(self) -> Iterator[str]:
        return (fid for fid, _ in self.items)

    def get(self, fid: str) -> T | None:
        for key, value in self.items:
            if key == fid:
                return value
        return None

    def to_json(self) -> dict[str, Any]:
        return {fid: _value_json(v) for fid, v in self.items}


def _value_json(value: Any) -> Any:
    if isinstance(value, tuple) and value and isinstance(value[0], Action):
        return [a.to_json() for a in value]
    if isinstance(value, (Placement, Losses)):
        return value.to_json()
    if isinstance(value, tuple):
        return list(value)
    return value


Standing = tuple[tuple[str, tuple[Decision, ...]], ...]
"""Per unit (fighter or projectile), its decisions for this turn's phases (Modules 4-5)."""


@record(repr=False)
class Plot(Orders[tuple[Action, ...]]):
    """Plotted actions per fighter (the plot, and step A's declared externals), and from
    Module 4 the units' standing decisions, written after the actions in each list."""

    standing: Standing = ()
    name: ClassVar[str] = "Plot"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {fid: [a.to_json() for a in actions] for fid, actions in self.items}
        for uid, decisions in self.standing:
            out.setdefault(uid, []).extend(d.to_json() for d in decisions)
        return out


def plain_plot(raw: Any) -> Plot | None:
    """``raw`` read as a plot when each fighter in it plots nothing or one bare card (the
    common order: read without building any field name), else ``None`` (read it field by
    field, :func:`parse_orders`, which says what is wrong)."""
    if type(raw) is not dict:
        return None
    items: list[tuple[str, tuple[Action, ...]]] = []
    try:
        for fid, value in raw.items():
            if type(fid) is not str or not fid or type(value) is not list or len(value) > 1:
                return None
            if not value:
                items.append((fid, ()))
                continue
            action = value[0]
            if type(action) is not dict or len(action) != 1:
                return None
            items.append((fid, (_PLAIN[action["card"]],)))
    except (KeyError, TypeError):  # no card, an unknown one, or not a string
        return None
    return Plot(tuple(items))


class Setup(Orders[Placement]):
    __slots__ = ()
    name = "Setup"


class Fire(Orders[tuple[str | None, ...]]):
    __slots__ = ()
    name = "Fire"


class End(Orders[Losses]):
    __slots__ = ()
    name = "End"


class EntryHexes(Orders[Hex]):
    __slots__ = ()
    name = "EntryHexes"


OrdersT = TypeVar("OrdersT", bound="Orders[Any]")


def parse_orders(cls: type[OrdersT], raw: Any, read: Callable[[str, Any, str], Any]) -> OrdersT:
    """``{fighter id: value}`` read value by value (``read(fid, value, where)``)."""
    data = raw if type(raw) is dict else reading.obj(raw, "order")
    items = []
    for fid, value in data.items():
        if type(fid) is not str or not fid:
            raise FormatError("order", "fighter ids are non-empty strings")
        items.append((fid, read(fid, value, "order." + fid)))
    return cls(tuple(items))
