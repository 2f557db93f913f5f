"""Build Turn or Burn positions and resolve turns so tests read like the rulebook.

Everything goes through the public interface: a position dict in the interchange format
(shared/formats/turn-or-burn-position.md) read by ``parse_position``, orders checked by the
ruleset's ``validate`` and applied by ``advance``, results read back as events and
``position_to_json``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hexfleet.engine.ruleset import Event
from hexfleet.games import get_ruleset
from hexfleet.games.turn_or_burn.position import parse_position, position_to_json
from hexfleet.games.turn_or_burn.state import TobState

RULES = get_ruleset("turn-or-burn")
Hex = Sequence[int]


def fighter(fid: str, side: str, hex: Hex, facing: str, momentum: Hex | None = None, *, gun: str = "NB",
            destroyed: Sequence[str] = (), cards: Sequence[str] | None = None) -> dict[str, Any]:
    """A fighter entry; momentum defaults to the fighter's own hex (speed 0)."""
    return {
        "id": fid, "side": side, "hex": list(hex), "facing": facing,
        "momentum": list(momentum if momentum is not None else hex),
        "cards": list(cards if cards is not None else ("CM", "STR", "THR", gun)),
        "destroyed": list(destroyed),
    }


def position(*fighters: dict[str, Any], cols: int = 30, rows: int = 22, turn: int = 1,
             options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    pos: dict[str, Any] = {"format": "turn-or-burn/1", "modules": [1], "map": {"cols": cols, "rows": rows},
                           "turn": turn, "fighters": list(fighters)}
    if options:
        pos["options"] = dict(options)
    return pos


def actions(plot: str | list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """``"B2S"`` → one maneuver; ``"NB>B1"`` → a gun naming its target; a list passes through."""
    if plot is None:
        return []
    if isinstance(plot, list):
        return plot
    card, _, target = plot.partition(">")
    return [{"card": card, "target": target}] if target else [{"card": card}]


@dataclass
class Turn:
    before: TobState
    state: TobState
    events: list[Event]

    @property
    def position(self) -> dict[str, Any]:
        return position_to_json(self.state)

    def fighter(self, fid: str) -> dict[str, Any] | None:
        return next((f for f in self.position["fighters"] if f["id"] == fid), None)

    def of_type(self, kind: str) -> list[Event]:
        return [e for e in self.events if e["type"] == kind]

    def shots(self) -> list[Event]:
        return self.of_type("shot")

    def voids(self) -> list[Event]:
        return self.of_type("shot_void")

    def pulls(self) -> list[Event]:
        return self.of_type("pulled")

    def eliminated(self) -> dict[str, str]:
        return {e["id"]: e["cause"] for e in self.of_type("eliminated")}

    def game_over(self) -> Event | None:
        over = self.of_type("game_over")
        return over[0] if over else None


def orders_by_side(state: TobState, plots: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """Every side in play gets an order (``{}`` if it plots nothing), as ``step`` demands."""
    out: dict[str, dict[str, Any]] = {side: {} for side in RULES.pending(state)}
    for fid, plot in plots.items():
        f = state.fighter(fid)
        assert f is not None, f"no fighter {fid} in the position"
        out[f.side][fid] = actions(plot)
    return out


def resolve(pos: Mapping[str, Any], plots: Mapping[str, Any] | None = None, *, seed: int | str = 0) -> Turn:
    """Read ``pos``, validate every side's plots, resolve one turn."""
    state = parse_position(dict(pos), seed=seed)
    orders = orders_by_side(state, plots or {})
    for side, order in orders.items():
        RULES.validate(state, side, order)
    after, events = RULES.advance(state, orders)
    return Turn(state, after, events)


def validate(pos: Mapping[str, Any], fid: str, plot: Any) -> None:
    """Validate one fighter's plot (raises ``RuleError``/``FormatError``)."""
    state = parse_position(dict(pos))
    f = state.fighter(fid)
    assert f is not None
    RULES.validate(state, f.side, {fid: actions(plot) if not isinstance(plot, dict) else plot})
