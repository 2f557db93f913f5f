"""Talon's orders as the format spells them (talon-position.md, "Orders"), read into one frozen
order object whose repr is its canonical JSON.

Reading checks the shape only (fields, types, spellings) and names the field at fault; whether
the order is legal now is the rules' business (:mod:`.turn`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ...engine.errors import FormatError
from ...engine.reading import choice, describe, fields, flag, hex_pair, integer, lst, obj, text
from .data import ARCS
from .movement import HOWS
from .position import SIDES

AP_USES = ("side_slip", "power_turn", "charge", "charge_battery", "reinforce", "change_initiative",
           "defend_initiative", "transmit", "retarget")
EFFECTS = ("charge", "power_turn", "side_slip")
STEP_OF = {"ap": "ap", "drop_reinforcement": "ap", "move": "move", "fire": "fire", "repair": "repair"}
"""Which Turn step each impulse order belongs to (the steps run ap → move → fire → repair)."""

_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {  # do → (required, optional)
    "ap": (("ship", "use"), ("battery", "group", "arc", "squadron", "effect", "fighter", "missile", "target",
                             "choices")),
    "drop_reinforcement": (("ship", "arc"), ()),
    "move": (("unit", "how"), ("afterburner", "dock", "land", "choices")),
    "fire": (("ship", "group", "shots"), ("choices",)),
    "repair": (("ship", "critical"), ()),
    "end_turn": ((), ("choices",)),
    "initiative": (("holder",), ()),
    "speed": (("ship", "speed"), ()),
    "retreat": (("ship",), ()),
    "choose": (("pick",), ()),
}


@dataclass(frozen=True, slots=True)
class TalonOrder:
    """One order: its ``do`` and its canonical JSON (what records and the server keep)."""

    do: str
    text: str

    @property
    def data(self) -> dict[str, Any]:
        parsed: dict[str, Any] = json.loads(self.text)
        return parsed

    def __repr__(self) -> str:
        return self.text


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":")).encode
"""``json.dumps`` with these settings, without building an encoder per order."""


def make(data: dict[str, Any]) -> TalonOrder:
    return TalonOrder(data["do"], _CANONICAL(data))


def dump(order: TalonOrder) -> dict[str, Any]:
    return order.data


def parse(raw: Any, where: str = "order") -> TalonOrder:
    """Read one order, refusing an unknown ``do``, a missing or unknown field or a bad value."""
    data = obj(raw, where)
    do = choice(data.get("do"), tuple(_FIELDS), f"{where}.do")
    required, optional = _FIELDS[do]
    fields(data, where, allowed=("do", *required, *optional), required=required)
    for key in ("ship", "unit", "squadron", "missile", "dock"):
        if key in data:
            text(data[key], f"{where}.{key}")
    if "target" in data and data["target"] is not None:
        text(data["target"], f"{where}.target")
    for key in ("group", "fighter", "speed"):
        if key in data:
            integer(data[key], f"{where}.{key}", low=0)
    for key in ("battery", "afterburner", "land"):
        if key in data:
            flag(data[key], f"{where}.{key}")
    if "arc" in data:
        choice(data["arc"], ARCS, f"{where}.arc")
    if do == "ap":
        choice(data["use"], AP_USES, f"{where}.use")
        if "effect" in data:
            choice(data["effect"], EFFECTS, f"{where}.effect")
    if do == "move":
        choice(data["how"], HOWS, f"{where}.how")
    if do == "initiative":
        choice(data["holder"], SIDES, f"{where}.holder")
    if do == "repair":
        choice(data["critical"], ("shields_down", "helm_down", "power_loss"), f"{where}.critical")
    if do == "fire":
        for i, shot in enumerate(lst(data["shots"], f"{where}.shots")):
            _shot(shot, f"{where}.shots[{i}]")
    if "choices" in data:
        _choices(data["choices"], f"{where}.choices")
    if do == "choose":
        _pick(data["pick"], f"{where}.pick")
    return make(dict(data))


def _pick(raw: Any, where: str) -> None:
    """An answer to a choice asked mid-resolution: a unit id, a fighter number or a hex."""
    if isinstance(raw, list):
        hex_pair(raw, where)
    elif not isinstance(raw, str):
        integer(raw, where, low=1, high=3)


def _shot(raw: Any, where: str) -> None:
    shot = obj(raw, where)
    fields(shot, where, allowed=("target", "fighter", "hex", "facing", "displace"), required=("target",))
    if shot["target"] is not None:
        text(shot["target"], f"{where}.target")
    if "fighter" in shot:
        integer(shot["fighter"], f"{where}.fighter", low=1, high=3)
    for key in ("hex", "displace"):
        if key in shot:
            hex_pair(shot[key], f"{where}.{key}")
    if "facing" in shot:
        integer(shot["facing"], f"{where}.facing", low=0, high=5)


def _choices(raw: Any, where: str) -> None:
    data = obj(raw, where)
    fields(data, where, allowed=("first", "fighter", "pull", "order", "missile_hit"))
    if "first" in data:
        text(data["first"], f"{where}.first")
    for key in ("fighter", "pull"):
        for k, v in obj(data.get(key, {}), f"{where}.{key}").items():
            if key == "fighter":
                integer(v, f"{where}.{key}.{k}", low=1, high=3)
            else:
                hex_pair(v, f"{where}.{key}.{k}")
    for key in ("order", "missile_hit"):
        for i, v in enumerate(lst(data.get(key, []), f"{where}.{key}")):
            if not isinstance(v, str):
                raise FormatError(f"{where}.{key}[{i}]", f"expected a unit id, got {describe(v)}")
