"""Cold Infinity for bots: its bots, ``determinize`` for search, and a heuristic bot.

Hidden information: other sides' EW assignments, boosts and stores are blank in a view until
the Weapons Fire Step reveals them; :func:`determinize` fills them with nothing assigned (the
cautious guess), so search never holds the true state. The heuristic bot allocates nothing
extra, puts its EW into its shroud, moves toward the nearest enemy while keeping its nose on it,
and fires every armed weapon that bears at the nearest target.
Moves are scored by the distance to the nearest enemy after next turn's drift (best 3), a
modest speed, and the enemy ahead of the nose.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any

from ..engine.rng import Rng
from ..engine.ruleset import Order, Ruleset, Seat
from ..games.cold_infinity import movement
from ..games.cold_infinity.play import damage_taken
from ..games.cold_infinity.position import read_position
from ..games.cold_infinity.rules import CiState
from ..hexgrid import angle_off, distance, sub
from ..plugins import BotOffer, LegalFilter, Study
from .base import MCTS, RANDOM, LegalArg, as_legal, best_order, order_as_json


def determinize(view: Mapping[str, Any], seat: Seat, rng: int) -> CiState:
    """A state consistent with ``seat``'s view: hidden EW, boosts, power and stores of other
    sides taken as none (stores as empty), the generator from ``rng``."""
    return CiState(read_position(filled(view["position"], seat)), Rng(rng))


def filled(position: Mapping[str, Any], seat: Seat) -> dict[str, Any]:
    """A view's position with what ``seat`` cannot see filled in as nothing assigned."""
    pos = dict(position)
    units = []
    for u in pos["units"]:
        u = dict(u)
        u.pop("identified", None)  # an unidentified unit plays as its generic design (CI-4.9)
        if u["side"] != seat:
            u["ew"] = {k: v or 0 for k, v in u["ew"].items()}
            u["extra"] = {"ew": 0, "thrust": 0}
            u["power_drawn"] = u["power_drawn"] or 0
            u["bridge_transfer"] = bool(u["bridge_transfer"])
            u["zero_power_turns"] = u.get("zero_power_turns") or 0
            u["systems"] = {k: {**st, "stored": st["stored"] or 0, "heat": st["heat"] or 0}
                            for k, st in u["systems"].items()}
        units.append(u)
    pos["units"] = units
    return pos


def evaluate(state: CiState) -> dict[Seat, float]:
    """Each side's prospects in ``[0, 1]`` for search leaves (0.5 even): a finished game by its
    outcome; otherwise the damage a side has inflicted less the damage it has taken (hull and
    structure, a destroyed unit its whole hull), through ``tanh`` over 20 points, the same
    measure the house victory at the turn limit uses."""
    pos = state.pos
    seats = list(pos["seats"])
    if pos["outcome"] is not None:
        winners = pos["outcome"]["winners"]
        return {s: (1.0 if s in winners else 0.0) if winners else 0.5 for s in seats}
    taken = {s: sum(damage_taken(pos, u) for u in pos["units"] if u["side"] == s) for s in seats}
    total = sum(taken.values())
    return {s: 0.5 + 0.5 * math.tanh(((total - taken[s]) - taken[s] * (len(seats) - 1)) / 20.0) for s in seats}


prior = None


class ColdInfinityHeuristicBot:
    """Scores each legal order of the open decision (see the module docstring) and plays the best."""

    name = "ci-heuristic"

    def __init__(self, seed: int | str = 0):
        self._rng = random.Random(str(seed))

    def choose(self, ruleset: Ruleset[Any], seat: Seat, view: dict[str, Any], legal: LegalArg) -> Order:
        orders = list(as_legal(legal))
        if len(orders) == 1:
            return orders[0]
        kind = (view.get("decision") or {}).get("kind")
        pos = view["position"]
        return best_order(orders, lambda o: self._score(kind, pos, seat, order_as_json(ruleset, view, o)), self._rng)

    def _score(self, kind: str | None, pos: Mapping[str, Any], seat: Seat, order: Any) -> float:
        if kind == "fire":
            return sum(len(o.get("attacks", [])) for o in order.values())
        if kind == "ew":
            return sum(o.get("shroud", 0) for o in order.values())
        if kind == "move" and order:
            (uid, o), = order.items()
            return self._move_score(pos, seat, uid, o)
        return 0.0

    @staticmethod
    def _move_score(pos: Mapping[str, Any], seat: Seat, uid: str, o: Mapping[str, Any]) -> float:
        """Closer to the nearest enemy after next turn's drift, nose toward it, speed kept modest."""
        p = read_position(filled(pos, seat))
        unit = next(u for u in p["units"] if u["id"] == uid)
        try:
            order = movement.parse(o, "order")
            thrust = movement.check(p, unit, order)
            _, over = movement.route(p, unit, order)
            movement.apply(p, unit, order, thrust, over)
        except ValueError:
            return -1e9
        here = (unit["hex"][0], unit["hex"][1])
        foes = [(u["hex"][0], u["hex"][1]) for u in p["units"] if u["side"] != seat and "destroyed" not in u["status"]]
        if not foes:
            return 0.0
        target = min(foes, key=lambda h: distance(here, h))
        v, _ = movement.read_vector(unit["vector"], "v")
        ahead = (here[0] + v[0], here[1] + v[1])  # where the ship drifts to next turn
        d = distance(ahead, target)
        facing_bonus = 2.0 if angle_off(sub(target, here), 60.0 * (unit["facing"] - 1)) <= 60 else 0.0
        speed = distance((0, 0), v)
        return -abs(d - 3) - 0.5 * max(0, speed - 3) + facing_bonus


BOTS: dict[str, BotOffer] = {
    "random": RANDOM,
    "mcts": MCTS,
    "heuristic": BotOffer(f"{__name__}:ColdInfinityHeuristicBot"),
}
FILTERS: dict[str, LegalFilter] = {}
STUDIES: dict[str, Study] = {}
