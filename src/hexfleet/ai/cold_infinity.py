"""Cold Infinity for bots: its bots, the search hooks (``determinize``, ``evaluate``, ``prior``),
and a heuristic bot.

Search (:mod:`hexfleet.ai.mcts`) sees about one turn ahead, and a railgun hit is rare and worth
half a point through armor, so damage alone leaves every leaf even and the search drifting.
:func:`evaluate` adds the threat of the guns that will bear at the next fire and at the few
after it (:func:`threats`), zero-sum; :func:`prior` fires first, ranks moves by that threat and by
the gap to the enemy (:func:`gaps`), which is what makes a far-off ship close, and EW assignments
by the threat they give; :func:`prune` fires every volley that expects damage.

Hidden information: other sides' EW assignments, boosts and stores are blank in a view until
the Weapons Fire Step reveals them; :func:`determinize` fills them with nothing assigned (the
cautious guess), so search never holds the true state. The heuristic bot allocates nothing
extra and switches nothing off but to restart a plant, puts its EW into its shroud, moves
toward the nearest enemy while keeping its nose on it, and fires every armed weapon that bears
at the nearest target. Moves are scored by the distance to the nearest enemy after next turn's
drift (best 3), a modest speed, and the enemy ahead of the nose.
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Mapping
from functools import cache
from itertools import product
from typing import Any

from ..engine.rng import Rng
from ..engine.ruleset import Order, Ruleset, Seat
from ..games.cold_infinity import ew, fire, movement
from ..games.cold_infinity.ew import range_between
from ..games.cold_infinity.model import (
    Pos,
    Unit,
    alive,
    design,
    heat_gained,
    plant_rating,
    plants,
    small,
    standard_power,
    systems,
    weapon_rof,
)
from ..games.cold_infinity.notation import read_vector
from ..games.cold_infinity.play import copy_pos, damage_taken, move_one
from ..games.cold_infinity.position import read_position
from ..games.cold_infinity.rules import CiState
from ..hexgrid import angle_off, distance, sub
from ..plugins import BotOffer, LegalFilter, Study
from .base import MCTS, RANDOM, LastRead, LegalArg, as_legal, best_order, order_as_json


def determinize(view: Mapping[str, Any], seat: Seat, rng: int) -> CiState:
    """A state consistent with ``seat``'s view: hidden EW, boosts, power and stores of other
    sides taken as none (stores as empty), the generator from ``rng``.

    Search asks once per iteration with the same view, and only the generator differs: the
    position is read once per view and seat (:data:`_read`) and copied after."""
    return CiState(copy_pos(_read(view["position"], seat)), Rng(rng))


_read: LastRead[Pos] = LastRead(lambda position, seat: read_position(filled(position, seat)))
"""The view position last read for a seat, its hidden parts filled in."""


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
    outcome; otherwise its lead (:func:`leads`) through ``tanh`` over :data:`LEAD_SCALE` points."""
    pos = state.pos
    if pos["outcome"] is not None:
        winners = pos["outcome"]["winners"]
        return {s: (1.0 if s in winners else 0.0) if winners else 0.5 for s in pos["seats"]}
    done = moved(pos)
    threat = threats(pos, done)
    limit = pos["turn_limit"]
    for later in range(1, HORIZON + 1 if limit is None else min(HORIZON, limit - pos["turn"]) + 1):
        for s, v in threats(pos, done, later=later).items():
            threat[s] += SUSTAIN * v
    return {s: 0.5 + 0.5 * math.tanh(lead / LEAD_SCALE) for s, lead in leads(pos, threat).items()}


SUSTAIN = 1.0
"""What the threat of each fire after the next (every ship one more drift on, no thrust) counts
for against the next fire's: a pass at speed brings the guns to bear once, matched velocities
every turn. Each counts as much as the next (it was half): with a weapon's re-arming counted
(:func:`bears_at`), a fire later is a shot of its own, not the next one's echo."""
HORIZON = 3
"""Fires after the next that :func:`evaluate` counts (at :data:`SUSTAIN` each). A pass at speed
leaves a duel out of range for the rest of the game, and the house victory at the turn limit
goes to damage inflicted: what wins is staying in range turn after turn. No fire after the turn
limit counts."""
LEAD_SCALE = 10.0
"""Points of lead that make a side's value 0.5 + 0.5·tanh(1) ≈ 0.88."""
THREAT_WEIGHT = 0.5
"""What one point of damage a side's guns expect to deal at the next fire counts for against a
point already dealt. Damage alone is blind at a leaf a few steps deep, where nobody has fired
yet (a railgun hit is worth half a point through armor): the threat is what makes search
close to range, bring its arcs to bear and keep out of the enemy's. Less than a point dealt:
the threat takes every ship drifting on, none maneuvering, which the enemy rarely grants, and
at 2 (as it was) a shot in hand was worth less than the same shot expected next turn."""


def leads(pos: Pos, threat: Mapping[Seat, float]) -> dict[Seat, float]:
    """Each side's lead over the others: the damage it inflicted less the damage it took (hull
    and structure, a destroyed unit its whole hull: the measure of the house victory at the turn
    limit), plus :data:`THREAT_WEIGHT` times its threat less theirs (:func:`threats`)."""
    seats = list(pos["seats"])
    taken = dict.fromkeys(seats, 0.0)
    for u in pos["units"]:
        taken[u["side"]] += damage_taken(pos, u)
    n = len(seats)
    total, menace = sum(taken.values()), sum(threat.get(s, 0.0) for s in seats)
    return {s: (total - n * taken[s]) + THREAT_WEIGHT * (n * threat.get(s, 0.0) - menace) for s in seats}


AHEAD = 2
"""Drifts ahead at which :func:`gaps` measures the second distance (so a closing speed that will
carry a ship past counts against it)."""


def gaps(pos: Pos, only: set[str] | None = None) -> dict[Seat, int]:
    """Per side, the hexes from its nearest armed unit (of ``only``, if given) to its nearest
    enemy, now plus :data:`AHEAD` drifts on (0 with none)."""
    live = [u for u in pos["units"] if alive(u)]
    later = [drifted(u, AHEAD) for u in live]
    out: dict[Seat, int] = {}
    for u, w in zip(live, later):
        if (only is not None and u["id"] not in only) or not any(True for _ in systems(pos, u, "weapon")):
            continue
        near = min((range_between(pos, u, t) + range_between(pos, w, x)
                    for t, x in zip(live, later) if t["side"] != u["side"]), default=0)
        out[u["side"]] = min(out.get(u["side"], near), near)
    return out


def moved(pos: Pos) -> set[str]:
    """The units that have made this turn's move: they fire from where they stand; the others
    from where their vector takes them (:func:`threats`)."""
    phase = pos["phase"]
    if phase in ("power", "ew", "evasive", "plot"):
        return set()
    everyone = {u["id"] for u in pos["units"]}
    return everyone - set(pos["move_order"]) if phase == "move" else everyone


def threats(pos: Pos, done: set[str], later: int = 0) -> dict[Seat, float]:
    """Per side, the damage its weapons expect to deal at the next fire (``later`` fires after
    it), those armed for it (:func:`bears_at`: a weapon ``arming`` turns from its next shot
    sits out as many fires, and each shot re-arms it): each weapon at the enemy it hurts most,
    with the units in ``done`` where they stand and the others one drift ahead (all ``later``
    more, no thrust assumed). A sketch of
    the house fire rules, not the rules: the to-hit modifiers are the game's (EW, lock-on and
    evasion included), line of sight and defensive fire ignored.

    A starship's weapon switched off counts as switched on at the next Power Allocation (armed
    from then, CI-7.1.3), and a ship whose plants overheat counts only at the fires its power
    lasts for (:func:`powered_for`): so switching off to cool a plant trades the shots of this
    turn for those of a turn the plant would not have lasted to."""
    at = [drifted(u, later + (u["id"] not in done)) for u in pos["units"] if alive(u)]
    out = dict.fromkeys(pos["seats"], 0.0)
    after_fire = pos["phase"] not in BEFORE_FIRE
    ends = later + after_fire  # Final Actions Steps before that fire
    for shooter in at:
        foes = [t for t in at if t["side"] != shooter["side"]]
        if not foes or "derelict" in shooter["status"] or ends >= powered_for(pos, shooter):
            continue
        for s, st in systems(pos, shooter, "weapon"):
            w = s["weapon"]
            shots, rearm = weapon_rof(s)
            if st["active"]:
                arming = st["arming"]
            elif st["forced_off"] or st["cooldown"] or small(pos, shooter):
                continue
            else:  # switched on at the next allocation (this turn's, if still to come), armed Y turns on
                arming = (pos["phase"] != "power") + rearm - after_fire
            if not st["destroyed"] and w["dmg"] and bears_at(arming, rearm, later):
                out[shooter["side"]] += shots * max(expected_damage(pos, shooter, s, t) for t in foes)
    return out


BEFORE_FIRE = frozenset(("power", "ew", "evasive", "move", "plot", "snap", "fire"))
"""Phases from which this turn's Weapons Fire Step is still to come."""


def powered_for(pos: Pos, unit: Unit) -> float:
    """The Final Actions Steps after which the unit's plants will all have shut down by
    overheating (CI-3.6.b: ⌊drawn/2⌋ heat a turn, shut down at heat ≥ Rating; 1 = at the end
    of this turn), drawing this turn what is allocated and from the next every working system
    (as :func:`threats` counts its weapons); infinite while a plant does not overheat. A
    shut-down plant's weapons are off: a threat that counted them would keep a ship at full
    power into the shutdown that silences it for the rest of the game."""
    found = plants(pos, unit)
    running = [(b, st) for _, st, b in found if not st["shut_down"]]
    if not found or any(not b.get("overheating") for b, _ in running):
        return math.inf
    if not running:
        return 0
    full = sum(standard_power(s) for s, st in systems(pos, unit) if not st["destroyed"] and not st["forced_off"])
    now = full if pos["phase"] == "power" else unit["power_drawn"]
    heat_now, heat_then = (heat_gained(drawn, len(running)) for drawn in (now, full))
    return max(_turns_to_overheat(plant_rating(b) - st["heat"], heat_now, heat_then) for b, st in running)


def _turns_to_overheat(left: int, heat_now: int, heat_then: int) -> float:
    """The Final Actions Step at which a plant ``left`` heat short of its Rating shuts down,
    gaining ``heat_now`` this turn and ``heat_then`` each turn after."""
    if heat_now >= left:
        return 1
    if not heat_then:
        return math.inf
    return 1 + -(-(left - heat_now) // heat_then)


def bears_at(arming: int, rearm: int, later: int) -> bool:
    """Is a weapon ``arming`` turns from its next shot armed for the fire ``later`` fires after
    the next, firing at every fire it is armed for? Each shot of an X+Y weapon re-arms it for Y
    turns (CI-7.1.3.a-b), so it bears at ``arming``, then every ``Y + 1`` fires: a weapon counted at
    every fire after the next would make holding fire look like keeping a shot in hand, when a
    shot held is a shot lost."""
    return later >= arming and (later - arming) % (rearm + 1) == 0


def drifted(u: Unit, turns: int = 1) -> Unit:
    """The unit moved on by its vector ``turns`` times (a copy; the unit itself at 0)."""
    if not turns:
        return u
    v, vz = read_vector(u["vector"], "vector")
    return {**u, "hex": [u["hex"][0] + turns * v[0], u["hex"][1] + turns * v[1]], "z": u["z"] + turns * vz}


def expected_damage(pos: Pos, shooter: Unit, s: dict[str, Any], target: Unit) -> float:
    """One shot's expected damage through armor (H-01…H-05) from weapon system ``s``: 0 out of
    arc. The to-hit modifiers are the game's own (:func:`fire.drm`), so the EW each side has
    assigned counts: amplification, ECM, and the doubled range penalty without lock-on.

    A very good shot strikes the core (H-05) behind its thicker armor, where a railgun's 1d6
    never gets through a frigate's 6: past a point, a better modifier buys less damage, not more."""
    w = s["weapon"]
    if not fire.arc_eligible(pos, shooter, w["arc"], target):
        return 0.0
    sil = fire.silhouette(pos, shooter, target, None)
    parts, _, _ = fire.drm(pos, shooter, target, s, sil)
    sections = design(pos, target)["sections"]
    open_ = [n for n in fire.section_candidates(pos, shooter, target, sil) if not target["sections"][n]["destroyed"]]
    core = sections["core"]["armor"] if "core" in sections else None
    outer = min((sections[n]["armor"] for n in open_), default=core)  # a destroyed section: the core behind
    if outer is None:
        return 0.0
    traits = tuple(w["traits"])
    core_total = pos["options"]["core_hit_total"] if core is not None else math.inf
    total = 0.0
    for t, p in totals(sum(parts.values())).items():
        if t >= HIT:
            total += p * through(w["dmg"], traits, core if t >= core_total else outer, t < FULL)
    return total


HIT, FULL = 11, 13
"""The to-hit totals of 3d6 + DRM: a hit, and a hit that is not marginal (CI-7.3)."""


@cache
def totals(drm: int) -> dict[int, float]:
    """The distribution of 3d6 + ``drm``."""
    out: dict[int, float] = {}
    for a, b, c in product(range(1, 7), repeat=3):
        out[a + b + c + drm] = out.get(a + b + c + drm, 0.0) + 1 / 216
    return out


@cache
def through(dice: str, traits: tuple[str, ...], armor: int, marginal: bool) -> float:
    """The mean damage past ``armor`` of a hit rolling ``dice`` (``"2d6"``), by the game's own
    damage rule (:func:`fire.damage_amount`)."""
    n, sides = (int(x) for x in dice.split("d"))
    rolls = [sum(r) for r in product(range(1, sides + 1), repeat=n)]
    return sum(max(0, fire.damage_amount(r, marginal, list(traits)) - armor) for r in rolls) / len(rolls)


def prior(state: CiState, seat: Seat, orders: list[Order]) -> list[float]:
    """Which orders search tries first: at fire the volley that expects the most damage; at a move the order after
    which the seat's lead in threat (:func:`threats`) is largest and its gap to the enemy
    (:func:`gaps`) smallest; at EW the assignment after which its threat lead is largest (its
    amplification and lock-on against its foes; their ECM is hidden, taken as none); elsewhere
    no preference.

    The gap is the urge to close: far off nobody threatens anybody, every leaf scores even, and
    the prior's bias alone ranks the moves, while the house victory at the turn limit goes to
    damage inflicted and no gun reaches far (a railgun loses 1 to hit per 2 hexes). Close in,
    the evaluated threats outweigh it."""
    pos = state.pos
    phase = pos["phase"]
    if phase == "fire":
        return [PRIOR_ATTACK * volley_damage(pos, order) for order in orders]
    if phase in ("move", "plot", "ew"):
        done = moved(pos)
        scores = [_score_after(pos, seat, order, done, press=phase != "ew") for order in orders]
        mean = sum(scores) / len(scores)
        return [s - mean for s in scores]  # relative: the bias saturates for scores far from 0
    return [0.0] * len(orders)


PRIOR_ATTACK = 2.0
"""Prior score per point of damage a volley expects."""
PRIOR_THREAT = 4.0
"""Prior score per point of threat lead after a move or an EW assignment."""
PRIOR_PRESS = 1.0
"""Prior score lost per hex of gap after a move."""


def _score_after(pos: Pos, seat: Seat, order: Mapping[str, Any], done: set[str], press: bool) -> float:
    """The seat's threat less the enemies' once ``order`` (move or EW orders by unit) is carried
    out, and with ``press`` the moving unit's gap (:func:`gaps`) then, in prior score: the
    side's nearest unit would leave every other free to wander (a fighter flight flew off the
    map in a fleet action while a destroyer stood closest)."""
    units = [copy.deepcopy(u) if u["id"] in order else u for u in pos["units"]]
    after = {**pos, "units": units, "plots": copy.deepcopy(pos["plots"])}
    for u in units:
        if u["id"] in order:
            if press:
                move_one(after, u, order[u["id"]])
            else:
                ew.apply(after, u, order[u["id"]])
    threat = threats(after, done | set(order) if press else done)
    lead = sum(v if s == seat else -v for s, v in threat.items())
    return PRIOR_THREAT * lead - (PRIOR_PRESS * gaps(after, set(order)).get(seat, 0) if press else 0.0)


def prune(state: CiState, seat: Seat, orders: list[Order]) -> list[Order]:
    """Orders search need not consider: at a fire decision, holding every gun while the offered
    volley expects damage, or the volley when it expects none.

    The rules offer a side hold fire, every armed weapon at the nearest enemy it bears on, or
    at each enemy in reach (:func:`~hexfleet.games.cold_infinity.rules._legal_fire`). Leaves count the
    threat of the next fire from ships drifting on, none maneuvering, so to search the shot at
    the next fire nearly always looks closer than the shot in hand, and a weapon that re-arms
    (a 2+1 battery, a 1+2 spinal) looked better held: in a fleet action `mcts` held every
    volley but the last, and most games ended 0-0 at the turn limit."""
    if state.pos["phase"] != "fire" or len(orders) < 2:
        return orders
    held = [o for o in orders if not o]
    volleys = [o for o in orders if o]
    useful = [o for o in volleys if volley_damage(state.pos, o) > 0.0]
    return useful or held or orders


def volley_damage(pos: Pos, order: Mapping[str, Any]) -> float:
    """The damage a fire order (by unit: a fire order object, or its JSON) expects."""
    total = 0.0
    by_id = {u["id"]: u for u in pos["units"]}
    for uid, fo in order.items():
        shooter = by_id[uid]
        weapons = {s["id"]: s for s, _ in systems(pos, shooter, "weapon")}
        for a in (fo if isinstance(fo, fire.FireOrder) else fire.parse(fo, f"order.{uid}")).attacks:
            total += expected_damage(pos, shooter, weapons[a.weapon], by_id[a.target])
    return total


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
        if kind == "fire":  # the most attacks, each at the nearest enemy it bears on
            return sum(len(o.get("attacks", [])) for o in order.values()) - 0.001 * self._ranges(pos, seat, order)
        if kind == "ew":
            return sum(o.get("shroud", 0) for o in order.values())
        if kind == "power":  # keeps its systems on (it does not nurse an overheating plant), restarts a cold one
            return sum(1.0 if o.get("restart") else -1.0 if o.get("deactivate") else 0.0 for o in order.values())
        if kind == "move" and order:
            (uid, o), = order.items()
            return self._move_score(pos, seat, uid, o)
        return 0.0

    @staticmethod
    def _ranges(pos: Mapping[str, Any], seat: Seat, order: Mapping[str, Any]) -> int:
        """The hexes from each attacking unit to its attack's target, summed (the view's position
        read once a decision: :data:`_read`)."""
        p = _read(pos, seat)
        by_id = {u["id"]: u for u in p["units"]}
        return sum(range_between(p, by_id[uid], by_id[a["target"]]) for uid, o in order.items()
                   for a in o.get("attacks", []))

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
