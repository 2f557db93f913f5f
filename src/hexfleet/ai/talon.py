"""Talon for bots: its bots, ``determinize`` for search, and a heuristic bot (TAL-IMP-6).

Talon hides nothing (TAL-AMB-40): a view's position is the whole state but for the generator,
so :func:`determinize` reads it back with a generator of the caller's.

The heuristic bot scores every legal order of the open decision and plays the best (ties broken
by its own seeded generator), reading the position in the view: fire a charged group whenever
it can, by the expected damage of its shots (TAL-D-5..D-9); repair criticals; first of all spend
its AP: charge an uncharged bar, else charge the battery, else reinforce the shield arc facing the
nearest enemy; move to close
on the nearest enemy and keep it in the forward arc, near friends but not in their hex; give
the Initiative away (moving second
lets it react, TAL-IMP-6); keep its Speed; then end the Turn. Asked a choice while the other
side's order resolves (TAL-IMP-2), it lets the sturdiest fighter take a hit, its sturdiest ship
take area damage first, an already damaged missile take an explosion, and a pull or collision
go where no friend is hit.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Mapping
from typing import Any

from ..engine.errors import FormatError, RuleError
from ..engine.procedure import Ask
from ..engine.rng import Rng
from ..engine.ruleset import Order, Ruleset, Seat
from ..games.talon.data import IMPULSES, ShipClass, pack, weapons
from ..games.talon.fire import charged, eligible
from ..games.talon.geometry import arc
from ..games.talon.movement import target_of
from ..games.talon.orders import TalonOrder
from ..games.talon.position import parse_position
from ..games.talon.rules import CHOICE, RULESET
from ..games.talon.world import OTHER, TalState, World
from ..hexgrid import distance
from ..plugins import BotOffer, LegalFilter, Study
from .base import RANDOM, LastRead, LegalArg, as_legal, best_order, order_as_json
from .mcts import MctsBot

_parsed = LastRead(parse_position)
"""The view position last read, in its full form (read once per view)."""


def determinize(view: Mapping[str, Any], seat: Seat, rng: int) -> TalState:
    """Perfect information: the view's position, with ``rng`` as its generator; but where an
    order is held for a choice of the side not acting (TAL-IMP-2), a world whose generator
    leads its resolution to that same choice (:func:`_at_the_view`)."""
    full = _parsed(view["position"])
    world = TalState(full, Rng(rng))
    if "held" not in full:
        return world
    for k in range(HELD_TRIES):
        tried = TalState(full, Rng(rng + k)) if k else world
        if _at_the_view(tried, seat, view.get("decision")):
            return tried
    return world


HELD_TRIES = 256
"""Generators tried for a world that stands at the view's choice (:func:`determinize`)."""


def _at_the_view(world: TalState, seat: Seat, decision: Any) -> bool:
    """Does ``world`` stand at ``decision`` (the view's, as JSON)? A held order is resolved
    again with the world's generator: the dice it rolled are not shown until it completes, so
    another generator may not destroy what it destroyed, and ask no choice or another one. In a
    base-assault study one world in eight of the held shot at the base Hope asked no choice at
    all, and search stopped on a state standing at no decision."""
    try:
        if not isinstance(RULESET.step(world), Ask):
            return False
        found = RULESET.pending(world).get(seat)
    except (RuleError, FormatError):  # the answers given so far fit another resolution's choices
        return False
    return found is not None and found.to_json() == decision


KILL_SHARE = 0.4
"""What a ship worn all the way down, but standing, is worth against destroying it: only the SP
of units destroyed scores (TAL-SCN-4), so damage counts below a kill."""

LINEAR = 0.5
"""The linear part of a unit's worth of wear (:func:`worn`); the rest grows with its square."""

SHIELD_WEIGHT = 0.35
"""A shield box lost against a hull box marked, in a ship's wear: shields are three times as
many, but only the hull kills (TAL-8.4.1)."""

THREAT_WEIGHT = 0.5
"""A point of damage a charged group could fire now, against a point dealt: less than one, so
that firing beats holding a charge. Valuing a charge instead at what its weapon does at its best
range (0.4 of that, and 0.2 of what it could fire now), so that a group would fire only where a
shot does more than half its best, was tried and left: `mcts`'s shots at a weapon's worst range
barely fell (disruptors at 4 hexes from 48 % to 44 % of theirs, phasers at 3 from 54 % to 46 %),
and the study of it (`bench/studies/talon-*-{r,h}.games.jsonl` at `68ae04a`) won 80 % against
random and 80 % against the heuristic, against 83 % and 87 % before. A full bar takes no more AP
and its Red boxes refill only in the Power Phase (TAL-8.1.2), so a charge held past the Round's
end is lost: search has reasons of its own to fire early."""

APPROACH = 0.5
"""What an enemy one hex beyond a charged group's range, in its arc, counts against one at the
longest range (two hexes beyond: the square): a pull toward the enemy that search, a few
decisions deep, does not otherwise see. Without it, `mcts` let random's cruisers wander until
the floating map retreated them (TAL-7.5.2), and drew 0-0."""

CHARGE_WEIGHT = 0.25
"""A point of damage a group's bar lacks (its unmarked share of the group's shots) counts for the
enemy, against a point dealt: what spending AP on a charge earns (TAL-6.1.c) before it fires."""

EXPLORATION = 0.05
"""UCB1's ``c`` for Talon (:class:`TalonMctsBot`): 0.1 when the whole value was one ``tanh``,
halved with the rest's share of the value (:data:`KILL_WEIGHT`), so that search weighs wear
against exploration as it did before the first kill."""

PRIOR_BIAS = 1.0
"""The progressive bias of the heuristic's prior for Talon (:class:`TalonMctsBot`): the generic
2.0, halved as :data:`EXPLORATION` is."""

AP_FIRST = 40.0
"""The heuristic's score of spending AP usefully: above any shot (20 plus its expected damage)
and any move, since AP not spent before the ship moves or fires is lost."""

HOLE_RISK = {1: 0.7, 2: 0.05}
"""The share of a unit's SP counted as lost at its distance from the nearest Black Hole: the pull
after every Power Phase (TAL-18.2) takes a ship one hex nearer, and into the hole destroys it
(TAL-18.1.a), but the pull comes at the Round's end, beyond what search looks at; a ship next to
the hole must move away before then. One two hexes off has a whole Round after the pull to move
away: counted a little, as more weighs it down and ships flee the hole to the map's edges, where
the ship far from all others is retreated when the map cannot shift (TAL-7.5.2)."""

HOLE_AHEAD = 0.3
"""The share counted lost, instead, for a unit two hexes from a Black Hole whose next straight
move takes it next to the hole: a ship moves on the Impulses its Speed sets, and turns only after
its Turn Radius (TAL-7.2), so one heading for the hole may have no way out before the pull. In
the black-hole scenario, `mcts` turned a light cruiser toward the hole two hexes off, moved next
to it on its last forced move of the Round, and lost it to the pull, in three games of three."""

LOCKED_RISK = 0.7
"""The share of a unit's SP counted as lost, as next to a Black Hole, when the straight moves it
must make before its Turn Radius lets it turn (TAL-7.2.2) take it into a Planet or a Black Hole,
which destroy what enters them (TAL-17.2.1, TAL-18.1.a): only an AP spent to pull the marker in
(TAL-6.1.b) or a side slip saves it. The turn that locks the path comes moves before the crash,
beyond what search sees: in the fleet battle `mcts` turned a battlecruiser, then a frigate, onto
a path into the planet and lost both in Round 2."""

LEFT_WEIGHT = 0.5
"""A unit that has retreated (by FTL, or as the ship far from all others when the map cannot
shift, TAL-7.5.2) scores nothing for the enemy (TAL-SCN-4): its side fights a unit short, and the
enemy's kill left with it. Its share of both fleets' SP, times this, is taken off both sides'
values, outside the ``tanh``s (so that it never saturates), while the game goes on and in a draw
that ends it before the Round limit; and the fight-not-joined term (:data:`ENGAGE`) counts it as
far off as it counts any ship. Before, a quarter of its SP counted inside the ``tanh`` of the
lead, against its own side only: an enemy's retreat cost `mcts` nothing, and against random,
whose cruisers the floating map retreated one by one in the duel's first five Rounds, it drew 0-0
in four probe games of eight at 0.3 s a decision; counted against both but inside the ``tanh``,
its values two retreats down were so flat that jumping a ship far from the enemy to FTL (TAL-11)
rose by what it took off the fight-not-joined term, and `mcts` ended a game it was winning on
wear in a 0-0 draw."""

ALONE = {4: 0.25, 5: 0.5, 6: 1.0}
ALONE_SHARE = 0.1
"""A unit 6 or more hexes from every other unit on a board map is the one retreated when the map
cannot shift (TAL-7.5.2): this share of its SP counts against both sides, its own (a unit about
to leave the fight) and the enemy's (a kill about to leave its reach); a unit 4 or 5 hexes from
the nearest counts the :data:`ALONE` part of it, so that search, which sees a few decisions
ahead, keeps its ships near others before one step too far, or the enemy's move away, retreats
them. `mcts` had lost whole cruisers that way, mid-battle, and let random's drift off."""

ENGAGE = 0.0015
ENGAGE_HEXES = 20
"""Per hex (up to :data:`ENGAGE_HEXES`) a ship, not a base, stands beyond its longest gun's reach
from the nearest enemy unit, this share of its SP is taken off both sides' values: a battle not
fought scores nothing (TAL-SCN-4). The terms that see the enemy's guns cannot pull the sides
together, as closing in brings each into the other's reach alike; against random, `mcts` kept
its distance while random's ships wandered off the board (TAL-7.5.2) or jumped to FTL (TAL-11),
and drew 0-0. Taken off outside the ``tanh``, so it always pulls, and bounded, so that a fight
not yet joined does not look worse than the draw of every ship jumping away. Bounded at ten hexes,
it still let two of three cruisers stay 20 hexes off a random cruiser fleeing in a straight line
that the third chased for eight Rounds without a kill. Counting the hexes over the ship's Speed
(the Rounds it needs to close, so that search, which does not see a Speed set in the Power Phase
tell a Round later, would speed up to catch random's cruisers) was tried and left: with nothing
to weigh the AP a faster row loses, `mcts` came at Speed 4 or 5 with one or two AP a Round and
did worse against the heuristic (the duel 1-4-1, the first base assault lost), and no better
against random (duel 5-1-0, fleet 5-0-1, carrier 2-1-0: study `bench/studies/talon-*-758aa56`)."""

LATE_ROUNDS = 3.0
"""Rounds before the Round limit from which wear, threats, charge and units out of the fight count
less and less (:func:`time_left`): at the limit only kills score (TAL-SCN-4), and damage that
cannot become a kill in time is worth nothing."""

LOSS_FLOOR = 0.001
"""The least a game still going on is worth, above a lost one (0): the fight-not-joined term,
taken off outside the ``tanh``, took a side far behind and far off below 0, and `mcts`, 44 SP
down in a carrier battle against random, jumped its last cruiser to FTL (TAL-11), which ended
the game as a loss (TAL-SCN-4) when staying could still have won it."""

SCALE = 0.1
"""The lead short of kills (in shares of the smaller fleet's SP) whose ``tanh`` is ``±0.76``:
small, so that a point of damage moves the score enough for search to tell orders apart."""

KILL_WEIGHT = 0.5
KILL_SCALE = 0.3
"""Kills (and units as good as lost, :data:`HOLE_RISK`) are valued apart from the rest, each
lead squashed by its own ``tanh`` (the kills' over :data:`KILL_SCALE` of the smaller fleet's SP)
and the two weighed ``KILL_WEIGHT`` to ``1 - KILL_WEIGHT``. Under one ``tanh`` of the sum, the
first kill of a cruiser in a fleet of three led by 3.3 times :data:`SCALE`: after it, 0, 2 or 4
hull boxes marked on an enemy cruiser scored 0.99872, 0.99898 and 0.99924 (a kill behind,
0.00134 to 0.00225), 250 times flatter than with no kill, far below UCB1's exploration term, so
that search, a kill ahead or behind, hardly told its orders apart. The rest counts a destroyed
unit as worn out (:data:`KILL_SHARE` of its SP, at any time), so a kill never lowers it: a kill
is always worth more than the wear it ends."""


def evaluate(state: TalState) -> dict[Seat, float]:
    """Each side's prospects (0.5 even), for search leaves; a won game scores 1 and 0, a drawn
    one ½ less :func:`unjoined_bound` and, as in a game going on, the units that retreated
    (:data:`LEFT_WEIGHT`), for both.

    A side's kills are the SP it has destroyed (the score, TAL-SCN-4) and each enemy unit's
    :data:`HOLE_RISK` (or :data:`HOLE_AHEAD`, or :data:`LOCKED_RISK`) share of its SP. Its lead
    short of kills is :data:`KILL_SHARE` of each destroyed enemy unit's SP and, scaled by
    :func:`time_left`, :func:`worn` shares of what is left of each enemy unit's SP, the damage
    its charged groups could fire now (:func:`threats`), its missiles in flight
    (:func:`missiles_inbound`) and a little for the charge each enemy bar lacks. A side's value
    is ``0.5`` plus half of: :data:`KILL_WEIGHT` times the ``tanh`` of the difference of kills
    over :data:`KILL_SCALE` of the smaller fleet's SP, and the rest of the weight times the
    ``tanh`` of the difference of leads, less what the side forfeits (:data:`ALONE_SHARE`), over
    :data:`SCALE` of it, less, on the same scale, the fight not joined (:data:`ENGAGE`); less
    the units that retreated (:data:`LEFT_WEIGHT`); but never below :data:`LOSS_FLOOR`. Forfeits
    are not zero-sum: a unit leaving the fight, or a fight not joined, is a loss to both sides,
    so the two values need not add up to 1."""
    pos = state.pos
    classes = pack(pos["data_pack"])
    late = time_left(pos)
    fleets = _fleets(pos, classes)
    fleet = min(fleets.values()) or 1.0
    scale = SCALE * fleet
    gone = [classes[r["class"]] for r in pos["removed"] if r["status"] == "retreated"]
    left = late * LEFT_WEIGHT * sum(c.sp for c in gone) / (sum(fleets.values()) or 1.0)
    if pos.get("outcome"):
        winners = pos["outcome"]["winners"]
        if winners:
            return {s: 1.0 if s in winners else 0.0 for s in OTHER}
        return dict.fromkeys(OTHER, max(LOSS_FLOOR, 0.5 - late * unjoined_bound(pos, classes) - left))
    kills = {side: 0.0 for side in OTHER}
    lead = {side: 0.0 for side in OTHER}
    forfeit = {side: 0.0 for side in OTHER}
    aloof = sum(late * ENGAGE * c.sp * ENGAGE_HEXES for c in gone if not c.is_base and not c.is_squadron)
    for r in pos["removed"]:
        if r["status"] == "destroyed":
            kills[OTHER[r["side"]]] += classes[r["class"]].sp
            lead[OTHER[r["side"]]] += KILL_SHARE * classes[r["class"]].sp
    holes = [tuple(t["hex"]) for t in pos["terrain"] if t["kind"] == "black_hole"]
    hole_hexes = set(holes)  # all a Transport that may land on a Planet (TAL-16.1) dies in
    deadly = hole_hexes | {tuple(t["hex"]) for t in pos["terrain"] if t["kind"] == "planet"}
    landing = pos.get("scenario", {}).get("landing", ())
    units = pos["ships"] + pos["squadrons"]
    board = pos["map"]["mode"] != "infinite"
    for u in units:
        c = classes[u["class"]]
        here = tuple(u["hex"])
        risk = _hole_risk(here, u["facing"], holes) if holes else 0.0
        if deadly and _locked_into(here, u["facing"], u.get("tr_count"), hole_hexes if u["id"] in landing else deadly):
            risk = max(risk, LOCKED_RISK)
        if board and not c.is_base:
            nearest = min((distance(here, tuple(o["hex"])) for o in units if o is not u), default=0)
            for side in OTHER:
                forfeit[side] += late * ALONE_SHARE * c.sp * ALONE.get(min(nearest, 6), 0.0)
        kills[OTHER[u["side"]]] += c.sp * risk
        lead[OTHER[u["side"]]] += c.sp * (1 - risk) * late * KILL_SHARE * worn(wear(u, c))
        if not c.is_base and not c.is_squadron:
            apart = min((distance(here, tuple(e["hex"])) for e in units if e["side"] != u["side"]), default=0)
            aloof += late * ENGAGE * c.sp * min(ENGAGE_HEXES, max(0, apart - _reach(c)))
    w = World(state, copy=False)
    slopes = _slopes(w)
    for side, damage in _fire_threats(w, slopes).items():
        lead[side] += late * THREAT_WEIGHT * damage
    for side, damage in _missile_threats(w, slopes).items():
        lead[side] += late * damage
    for s in pos["ships"]:
        c = classes[s["class"]]
        for printed, bar in zip(c.groups, s["groups"], strict=True):
            full = printed.red + printed.yellow
            if not bar["destroyed"] and full:
                missing = full - bar["red"] - bar["yellow"]
                lead[OTHER[s["side"]]] += late * CHARGE_WEIGHT * printed.count * missing / full * _point(c)

    def value(side: Seat) -> float:
        killed = math.tanh((kills[side] - kills[OTHER[side]]) / (KILL_SCALE * fleet))
        rest = math.tanh((lead[side] - lead[OTHER[side]] - forfeit[side]) / scale) - aloof / scale
        return max(LOSS_FLOOR, 0.5 + (KILL_WEIGHT * killed + (1 - KILL_WEIGHT) * rest) / 2 - left)
    return {side: value(side) for side in OTHER}


def unjoined_bound(pos: Mapping[str, Any], classes: Mapping[str, ShipClass]) -> float:
    """The most :data:`ENGAGE` takes off a value in position ``pos``: every ship, not a base, of
    both fleets (those removed too) :data:`ENGAGE_HEXES` hexes beyond its reach. A drawn game is
    worth 0.5 less this (scaled by :func:`time_left` as the term is), so that an even fight not
    yet joined never looks worse than every ship leaving it. At a plain 0.5, a draw looked better than a
    fight not joined and a little ahead: `mcts` moved a cruiser off the board when the map could
    not shift, and the mandatory retreat (TAL-7.5.2) of the last enemy cruiser, and its own, ended
    the game 0-0 (TAL-SCN-4)."""
    ships = (classes[u["class"]] for u in pos["ships"] + pos["squadrons"] + pos["removed"])
    return (1 - KILL_WEIGHT) * ENGAGE * ENGAGE_HEXES * sum(c.sp for c in ships if not c.is_base and not c.is_squadron) \
        / (SCALE * _smaller_fleet(pos, classes)) / 2


def _fleets(pos: Mapping[str, Any], classes: Mapping[str, ShipClass]) -> dict[Seat, float]:
    """Each side's fleet SP, every unit counted (those removed too)."""
    fleet = {side: 0.0 for side in OTHER}
    for u in pos["ships"] + pos["squadrons"] + pos["removed"]:
        fleet[u["side"]] += classes[u["class"]].sp
    return fleet


def _smaller_fleet(pos: Mapping[str, Any], classes: Mapping[str, ShipClass]) -> float:
    """The smaller fleet's SP (:func:`_fleets`)."""
    return min(_fleets(pos, classes).values()) or 1.0


def _hole_risk(here: tuple[int, int], facing: int, holes: list[tuple[int, int]]) -> float:
    """The share of a unit at ``here`` counted lost to the nearest Black Hole (:data:`HOLE_RISK`,
    :data:`HOLE_AHEAD`)."""
    hole = min(holes, key=lambda h: distance(here, h))
    near = distance(here, hole)
    if near == 2 and distance(target_of("straight", here, facing)[0], hole) == 1:
        return HOLE_AHEAD
    return HOLE_RISK.get(near, 0.0)


def _locked_into(here: tuple[int, int], facing: int, straight: int | None, deadly: set[tuple[int, int]]) -> bool:
    """Whether the ``straight`` moves a unit must make before it may turn (its Turn Radius
    marker, TAL-7.2.2) take it into one of the ``deadly`` hexes (:data:`LOCKED_RISK`)."""
    for _ in range(straight or 0):
        here = target_of("straight", here, facing)[0]
        if here in deadly:
            return True
    return False


def time_left(pos: Mapping[str, Any]) -> float:
    """How much of what is not a kill yet still counts, in ``[0, 1]``: 1 until :data:`LATE_ROUNDS`
    before the end of the last Round, then falling with the Impulses left to 0 at the end (no
    Round limit: always 1)."""
    limit = pos.get("round_limit")
    if limit is None:
        return 1.0
    impulse = pos.get("impulse")
    done = IMPULSES.index(impulse) / len(IMPULSES) if impulse in IMPULSES else 1.0  # between Rounds: all six
    return max(0.0, min(1.0, (limit - pos["round"] + 1 - done) / LATE_ROUNDS))


def worn(x: float) -> float:
    """The worth of wear ``x`` in ``[0, 1]``: convex, so that damage on one target counts more
    than the same spread over several, and a worn ship is worth finishing."""
    return LINEAR * x + (1 - LINEAR) * x * x


def wear(unit: Mapping[str, Any], c: ShipClass) -> float:
    """How far a unit in play is worn towards destruction, in ``[0, 1)``: a ship's marked hull
    boxes and (weighted by :data:`SHIELD_WEIGHT`) lost shield boxes, a squadron's fighters' hull."""
    return _worn_boxes(unit, c) / _boxes(c)


def _boxes(c: ShipClass) -> float:
    return 3.0 * c.fighter_hull if c.is_squadron else len(c.hull) + SHIELD_WEIGHT * sum(c.shields)


def _worn_boxes(unit: Mapping[str, Any], c: ShipClass) -> float:
    if c.is_squadron:
        return float(sum(f["hull_marked"] for f in unit["fighters"]))
    standing = sum(unit["shields"].values()) + len(unit["reinforcements"])  # one box each (TAL-6.2.1)
    return unit["hull_marked"] + SHIELD_WEIGHT * (sum(c.shields) - standing)


@functools.cache
def _reach(c: ShipClass) -> int:
    """The longest range of a ship's guns (missiles fly on their own: not counted)."""
    return max((weapons()[g.weapon].max_range() for g in c.groups if g.weapon != "missile"), default=0)


def _point(c: ShipClass) -> float:
    """What a point of damage on a fresh ship of class ``c`` adds to the lead (a shield box)."""
    return KILL_SHARE * c.sp * LINEAR * SHIELD_WEIGHT / _boxes(c)


def threats(state: TalState) -> dict[Seat, float]:
    """Per side, what the damage its ships' charged groups could fire now is worth to
    :func:`evaluate`: each group's expected damage (TAL-D-5..D-9) at its best eligible target
    (TAL-8.2), a point worth what marking the box it would hit adds to the lead (a shield box of
    the arc facing the firer, or a hull box once that arc is down). A target in the group's arc but
    out of its range counts as at the longest range, times :data:`APPROACH` per hex beyond.
    Missile launchers and fighters' guns count nothing here (missiles in flight:
    :func:`missiles_inbound`)."""
    w = World(state, copy=False)
    return _fire_threats(w, _slopes(w))


def _fire_threats(w: World, slopes: Mapping[str, float]) -> dict[Seat, float]:
    """:func:`threats` in world ``w``, a point on each unit worth its ``slopes`` entry."""
    out = {side: 0.0 for side in OTHER}
    units = w.pos["ships"] + w.pos["squadrons"]
    for s in w.pos["ships"]:
        here = tuple(s["hex"])
        for printed, bar in zip(w.cls(s).groups, s["groups"], strict=True):
            if printed.weapon == "missile" or not charged(printed, bar):
                continue
            reach = weapons()[printed.weapon].max_range()
            best = 0.0
            for t in units:
                if t["side"] == s["side"]:
                    continue
                why = eligible(w, s, printed, t)
                there = tuple(t["hex"])
                apart = distance(here, there)
                beyond = apart - reach
                if why is not None and not (why == "TAL-8.3" and beyond > 0):
                    continue
                best = max(best, expected_damage(printed.weapon, min(apart, reach)) * _box(w, t, here) * slopes[t["id"]]
                           * APPROACH ** max(0, beyond))
            out[s["side"]] += printed.count * best
    return out


MISSILE_SHARE = 0.7
"""What a missile in flight is worth, against the 2 damage it does on contact (TAL-13.5): it
moves every Impulse and turns at every move (TAL-13.4), so it catches any ship it tracks, unless
shot down first (3 damage, or any once damaged, TAL-13.6). Counted nothing, a salvo of seven
launched in Round 2 of a carrier battle was nothing to `mcts` until it struck, and destroyed a
heavy cruiser that had fired at none of them."""


def missiles_inbound(state: TalState) -> dict[Seat, float]:
    """Per side, what its missiles in flight are worth to :func:`evaluate`: each with a target
    (TAL-13.3) :data:`MISSILE_SHARE` of its 2 damage on the arc facing it, a point worth what
    :func:`threats` counts it."""
    w = World(state, copy=False)
    return _missile_threats(w, _slopes(w))


def _missile_threats(w: World, slopes: Mapping[str, float]) -> dict[Seat, float]:
    """:func:`missiles_inbound` in world ``w``, a point on each unit worth its ``slopes`` entry."""
    out = {side: 0.0 for side in OTHER}
    if not w.pos["missiles"]:
        return out
    units = {u["id"]: u for u in w.pos["ships"] + w.pos["squadrons"]}
    for m in w.pos["missiles"]:
        t = units.get(m["target"]) if m["target"] is not None else None
        if t is not None:
            out[m["side"]] += MISSILE_SHARE * 2 * _box(w, t, tuple(m["hex"])) * slopes[t["id"]]
    return out


def _slopes(w: World) -> dict[str, float]:
    """Per unit, what a point of damage on it adds to the enemy's lead, by its wear (the
    derivative of :func:`worn`'s share of its SP)."""
    out = {}
    for t in w.pos["ships"] + w.pos["squadrons"]:
        c = w.cls(t)
        out[t["id"]] = KILL_SHARE * c.sp * (LINEAR + 2 * (1 - LINEAR) * wear(t, c)) / _boxes(c)
    return out


def _box(w: World, target: dict[str, Any], source: tuple[int, int]) -> float:
    """What a point from ``source`` marks on ``target``, against a hull box: a squadron's fighter
    hull, or a ship's arc facing the source (TAL-8.3.6): a shield box (:data:`SHIELD_WEIGHT`)
    while the arc stands, else hull."""
    if w.kind(target) == "squadron":
        return 1.0
    facing = arc(tuple(target["hex"]), target["facing"], source, w.opts["arc_model"])
    shielded = facing is not None and (target["shields"].get(facing, 0) > 0 or facing in target["reinforcements"])
    return SHIELD_WEIGHT if shielded else 1.0


def prior(state: TalState, seat: Seat, orders: list[Order]) -> list[float]:
    """The heuristic bot's scores of ``orders``: what search tries first."""
    scorer = TalonHeuristicBot()
    decision = RULESET.pending(state).get(seat)
    about = decision.options if decision is not None and decision.kind == CHOICE else None
    return [scorer.score(state.pos, seat, o.data if isinstance(o, TalonOrder) else o, about) for o in orders]


FIRE_FLOOR = 0.5
"""Search considers no shot whose expected damage is below this share of what its weapon does at
its best range (TAL-D-5..D-9): a phaser at range 3 (0.33 against 1.83 at range 1), a disruptor at
range 1 or 4 (0.67 against 1.67 at 2), a torpedo at range 4 (1.33 against 3.33 at 2), until the
last Rounds before a Round limit (:func:`time_left` below 1), when a charge held may not fire
again. A group fires only with its bar full and its Red boxes refill only in the Power Phase
(TAL-8.1.1, TAL-8.1.2), so a shot at a weapon's worst range spends a Round's shot for a fifth of
its worth. In the duel against random at ``a0cfb00`` (1 s a decision), `mcts` fired 20 of its 34
disruptor shots at range 4, 20 of 30 phaser shots at range 3 and 8 of 12 torpedoes at range 4,
and killed one cruiser in five games; the evaluator's charge at its best range, tried at
``68ae04a``, barely moved those shares. A Base's shots are never poor: it cannot move (TAL-14.a),
so it cannot bring a charge held nearer, and in the base assault against random at ``6e2854c``
random's cruisers hung at range 4 or more, where a Base's disruptor (hitting on 5, TAL-D-6) had
its only shots."""


def prune(state: TalState, seat: Seat, orders: list[Order]) -> list[Order]:
    """Orders search need not consider. A ship's Speed is set at most once a Power Phase: the row
    may change one step from where the Round left it (TAL-9.3.a), which ``pos["speeds"]`` keeps
    for every ship already set; the engine lets a player change their mind, but a second setting
    only reaches a row a first one reaches, and search would spend whole decisions setting Speeds
    back and forth. And no shot below :data:`FIRE_FLOOR` of its weapon's best, while holding its
    charge is an order too."""
    pos = state.pos
    done = pos.get("speeds")
    kept = [o for o in orders if _speed_of(o) not in done] if done else orders
    if time_left(pos) >= 1:
        held = [o for o in kept if not _poor_shot(pos, o)]
        kept = held if held else kept
    return orders if len(kept) == len(orders) else kept


def _poor_shot(pos: Mapping[str, Any], order: Order) -> bool:
    """Whether ``order`` (an order object or JSON) fires shots whose mean expected damage is below
    :data:`FIRE_FLOOR` of its weapon's best, from a ship that is not a Base."""
    if isinstance(order, TalonOrder):
        if order.do != "fire":
            return False
        data: Mapping[str, Any] = order.data
    elif isinstance(order, Mapping) and order.get("do") == "fire":
        data = order
    else:
        return False
    firer, weapon, damage = _shot_damage(pos, data)
    if firer is None or firer.is_base or not damage:
        return False
    return sum(damage) / len(damage) < FIRE_FLOOR * _best_damage(weapon)


def _shot_damage(pos: Mapping[str, Any], fire: Mapping[str, Any]) -> tuple[ShipClass | None, str, list[float]]:
    """The firer's class and weapon of fire order ``fire`` (JSON), and each shot's expected
    damage at its target's range (:func:`expected_damage`; shots at no unit in play count none;
    no class for a firer not in play)."""
    ship = _unit(pos, fire["ship"])
    if ship is None:
        return None, "", []
    c = pack(pos["data_pack"])[ship["class"]]
    weapon = c.groups[0 if c.is_squadron else fire["group"] - 1].weapon
    here = tuple(ship["hex"])
    targets = (_unit(pos, shot["target"]) for shot in fire.get("shots", ()) if shot.get("target"))
    return c, weapon, [expected_damage(weapon, distance(here, tuple(t["hex"]))) for t in targets if t is not None]


@functools.cache
def _best_damage(weapon: str) -> float:
    """What one shot of ``weapon`` does at its best range, on average (0 for a missile launcher,
    whose table has no ranges: a missile flies to its target, TAL-13, and no launch is poor)."""
    return max((expected_damage(weapon, r) for r in range(1, weapons()[weapon].max_range() + 1)), default=0.0)


def _unit(pos: Mapping[str, Any], uid: str) -> Mapping[str, Any] | None:
    """The ship, squadron or missile ``uid`` in play, if it is."""
    return next((u for g in ("ships", "squadrons", "missiles") for u in pos[g] if u["id"] == uid), None)


def _speed_of(order: Order) -> str | None:
    """The ship a Speed order sets (``None`` for any other order), as an order object or JSON."""
    data = order.data if isinstance(order, TalonOrder) and order.do == "speed" else order
    return data["ship"] if isinstance(data, Mapping) and data.get("do") == "speed" else None


@functools.cache
def expected_damage(weapon: str, rng: int) -> float:
    """The mean damage of one shot at range ``rng`` with no modifier (TAL-D-5..D-9); kept, as
    search's evaluator asks it for every charged group at every leaf."""
    w = weapons()[weapon]
    if weapon == "missile":
        return 2.0
    return sum(w.result(face, rng) for face in range(1, 7)) / 6


class TalonHeuristicBot:
    """Scores every legal order by the tactics above and plays the best."""

    name = "talon-heuristic"

    def __init__(self, seed: int | str = 0):
        self._rng = random.Random(str(seed))

    def choose(self, ruleset: Ruleset[Any], seat: Seat, view: dict[str, Any], legal: LegalArg) -> Order:
        orders = list(as_legal(legal))
        if len(orders) == 1:
            return orders[0]
        pos = view["position"]
        decision = view.get("decision") or {}
        about = decision.get("options") if decision.get("kind") == CHOICE else None
        return best_order(orders, lambda o: self.score(pos, seat, order_as_json(ruleset, view, o), about), self._rng)

    def score(self, pos: Mapping[str, Any], seat: Seat, o: Mapping[str, Any],
              about: Mapping[str, Any] | None = None) -> float:
        """How much this bot likes order ``o`` (JSON) for ``seat`` in position ``pos``;
        ``about`` describes an open choice (the decision's options) when ``o`` answers one."""
        do = o["do"]
        if do == "choose":
            return self._choice_value(pos, seat, o["pick"], about) if about is not None else 0.0
        if do == "end_turn":
            return 0.0
        if do == "initiative":
            return 1.0 if o["holder"] == OTHER[seat] else 0.0
        if do == "fire":
            return 20.0 + sum(_shot_damage(pos, o)[2])
        if do == "repair":
            return 15.0
        if do == "ap":
            return self._ap_value(pos, o)
        if do == "move":
            return self._move_value(pos, o)
        return -1.0  # speed changes, retreats, dropping a reinforcement: not by this bot

    def _choice_value(self, pos: Mapping[str, Any], seat: Seat, pick: Any, about: Mapping[str, Any]) -> float:
        """A choice asked mid-resolution (TAL-IMP-2): its own losses small, the enemy's large."""
        key = about["choice"]
        if key == "fighter":  # the squadron's owner, or the owner of the missile that hits it
            squadron = _unit(pos, about["subject"])
            if squadron is None:
                return 0.0
            marked = float(squadron["fighters"][pick - 1]["hull_marked"])
            return -marked if squadron["side"] == seat else marked
        unit = _unit(pos, pick) if isinstance(pick, str) else None
        if key == "order" and unit is not None:
            return float(sum(unit["shields"].values()) - unit["hull_marked"])
        if key == "missile_hit" and unit is not None:
            return 2.0 if unit["side"] != seat else 1.0 if unit["damaged"] else 0.0
        if key == "pull":
            crowd = [u for u in pos["ships"] + pos["squadrons"] if list(u["hex"]) == list(pick)]
            return -float(len(crowd))
        return 0.0  # the collision's first ship: both take 3 either way

    def _nearest_enemy(self, pos: Mapping[str, Any], unit: Mapping[str, Any], at: Any = None) -> Mapping[str, Any] | None:
        here = tuple(at if at is not None else unit["hex"])
        enemies = [u for u in pos["ships"] + pos["squadrons"] if u["side"] != unit["side"]]
        return min(enemies, key=lambda e: distance(here, tuple(e["hex"])), default=None)

    def _ap_value(self, pos: Mapping[str, Any], o: Mapping[str, Any]) -> float:
        """AP is spent before movement, in the Impulse it comes, or lost (TAL-6.1): charging a bar,
        the battery, or the arc that faces the nearest enemy score above any move or shot, so the
        bot spends its AP first."""
        ship = _unit(pos, o["ship"])
        assert ship is not None
        use = o["use"]
        if use == "charge":
            return AP_FIRST + 2.0
        if use == "reinforce":
            enemy = self._nearest_enemy(pos, ship)
            facing = arc(tuple(ship["hex"]), ship["facing"], tuple(enemy["hex"])) if enemy else None
            return AP_FIRST + 1.0 if o["arc"] == facing else 1.0
        if use == "charge_battery":
            return AP_FIRST
        if use == "power_turn":
            return 2.0
        return -1.0

    def _move_value(self, pos: Mapping[str, Any], o: Mapping[str, Any]) -> float:
        unit = _unit(pos, o["unit"])
        assert unit is not None
        new, facing = target_of(o["how"], tuple(unit["hex"]), unit["facing"])
        enemy = self._nearest_enemy(pos, unit, new)
        afterburner = -3.0 if o.get("afterburner") else 0.0
        if enemy is None:
            return 1.0 + afterburner
        there = tuple(enemy["hex"])
        d = distance(new, there)
        ahead = 3.0 if new != there and arc(new, facing, there) == "F" else 0.0
        friends = [distance(new, tuple(u["hex"])) for u in pos["ships"] + pos["squadrons"]
                   if u["side"] == unit["side"] and u["id"] != unit["id"]]
        apart = max(0, min(friends, default=0) - 3) * 0.5  # far from friends: mandatory retreat looms
        together = -2.0 if 0 in friends else 0.0  # a friend in the hex: a collision
        return 10.0 - min(abs(d - 2), 6) + ahead + afterburner - apart + together


class TalonMctsBot(MctsBot):
    """The generic search (:class:`~hexfleet.ai.mcts.MctsBot`) with a smaller exploration
    constant and prior bias: :func:`evaluate` moves a point of damage by about 0.005, the first
    kill of a fleet's three cruisers by about 0.35, so UCB1's default ``c`` (0.3) would spread the
    visits evenly over orders a few points apart."""

    def __init__(self, seed: int | str = 0, think: float | None = 1.0, iterations: int | None = None,
                 c: float = EXPLORATION, bias: float = PRIOR_BIAS, **more: Any):
        super().__init__(seed=seed, think=think, iterations=iterations, c=c, bias=bias, **more)


CHECK_ROOT_ORDERS = True
"""Search checks each root order in the world it draws before applying it: an order resolves the
rest of its step first, with the world's dice (a fire order given in the move step moves the
missiles, TAL-13, which may destroy its target), so an order legal in the true state may be
refused in a world whose generator differs. Without it `mcts` fired at a carrier its missiles
had just destroyed, and the rules refused the order mid-search (TAL-8.2.1)."""

EVALUATE_OUTCOMES = True
"""Search scores finished games by :func:`evaluate`: a drawn game is worth less than an even
fight not yet joined (:func:`unjoined_bound`). At a plain ½, a draw looked better than the fight
to `mcts`, whose values a fight not joined lowers."""

BOTS: dict[str, BotOffer] = {
    "random": RANDOM,
    "mcts": BotOffer(f"{__name__}:TalonMctsBot"),
    "talon-heuristic": BotOffer(f"{__name__}:TalonHeuristicBot"),
}
"""Every bot plays every scenario."""

FILTERS: dict[str, LegalFilter] = {}
STUDIES: dict[str, Study] = {}
