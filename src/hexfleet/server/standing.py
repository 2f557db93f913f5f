"""Standing orders per unit: what a seat that misses a deadline does.

The ruleset's default order (:meth:`~hexfleet.engine.ruleset.Ruleset.default_order`) stands for
the whole seat; a player or the game master may say more for single units, kept on the seat as
``{decision kind: {unit: its part of the order}}`` (TOB-IMPL-14's "standing orders" mode). At a
deadline each unit's standing part replaces its part of the default wherever the rules accept
it; a part they refuse now (the unit is gone, the card destroyed) is left out and the unit keeps
the default. Games whose orders are not per unit take the default alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.errors import FormatError, RuleError
from ..engine.ruleset import Order, Ruleset, Seat


def standing_order(ruleset: Ruleset[Any], state: Any, seat: Seat, standing: Mapping[str, Any] | None) -> Order:
    """The order stored for ``seat`` at a deadline it missed (JSON, as records keep it)."""
    default = ruleset.order_json(state, seat, ruleset.default_order(state, seat))
    parts = (standing or {}).get(ruleset.pending(state)[seat].kind) if ruleset.orders_by_unit else None
    if not parts or not isinstance(default, dict):
        return default
    order = dict(default)
    for unit, part in parts.items():
        trial = {**order, unit: part}
        try:
            ruleset.validate(state, seat, trial)
        except (RuleError, FormatError):
            continue  # refused now: this unit keeps the default
        order = trial
    return order
