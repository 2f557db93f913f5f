"""Turn or Burn for bots: its bots by scenario, the search hooks (determinize, evaluator,
prior), a one-turn-lookahead heuristic bot, and the gun study.

Found by the game's package name (:func:`hexfleet.plugins.game_bots`); the generic search
(:mod:`hexfleet.ai.mcts`) and the batch runner never name the game.

The heuristic rests on three estimates a pilot makes at the table:

* **Kill chance** of a shot: the exact probability that pulling ``damage`` cards from the
  target's hand (its working systems plus the miss cards for range, thrust and size,
  TOB-M1-MISS-01..04) takes a card whose loss eliminates it (crew, structure or gun,
  TOB-M1-SCEN-02). Range bands and the target's speed (dust buster) enter here.
* **Safety**: whether some sequence of cards keeps the fighter and its momentum marker on the
  map for the next turns (TOB-GEO-13); a fighter without a thruster can only turn.
* **Aim**: the kill chance the fighter will have next turn if both fighters coast, after the
  turn card it plays now (turns bring targets into the gun's arc, TOB-M1-MOVE-06).

In Modules 2-3 the same estimates are a rougher guide (armor, shields and a second structure
card are not counted), but they keep a team on the map, firing, and out of its ejection seats.
The bot sees only its view (an enemy's gun may be ``?``: it then assumes each Module 1 gun
equally likely); the evaluator scores determinized states for search.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..engine.legal import Legal
from ..engine.rng import MASK64, draw
from ..engine.ruleset import Order, Ruleset, Seat
from ..games.turn_or_burn.build import CLASSES, FREIGHTER, PARTY_CLASSES, external_working, internal_working
from ..games.turn_or_burn.cards import (
    GUNS,
    M1_GUNS,
    MANEUVERS,
    SYSTEM_MODULE,
    SYSTEMS,
    Gun,
    gun_damage,
    range_miss_cards,
    size_miss_cards,
)
from ..games.turn_or_burn.experimental import ALLOWED, BEAM_ARC, BEAM_RANGE
from ..games.turn_or_burn.fire import miss_cards, void_reason
from ..games.turn_or_burn.movement import move_fighter
from ..games.turn_or_burn.orders import Orders, Plot, _value_json
from ..games.turn_or_burn.position import FORMAT
from ..games.turn_or_burn.position_v2 import OPPOSITE_EDGE, scenario_of
from ..games.turn_or_burn.rules import RULESET
from ..games.turn_or_burn.spacewar import BLAST, PROJECTILE_MISSES, edge_beyond
from ..games.turn_or_burn.state import FIRE, PLOT, SETUP, Fighter, Projectile, TobState
from ..games.turn_or_burn.turn import resume_step
from ..hexgrid import (
    DIRECTIONS,
    Hex,
    RectMap,
    directions_toward,
    distance,
    in_arc,
    in_arc_exclusive,
    segment_crosses_hex,
    sub,
    to_offset,
)
from ..plugins import BotOffer, LegalFilter, Study
from .base import MCTS, RANDOM, LastRead, LegalArg, as_legal, order_as_json

_ELIMINATING = frozenset({"CM", "STR", *GUNS})
"""Losing any of these eliminates a Module 1 fighter (TOB-M1-SCEN-02)."""

_PLOT_CARDS = tuple(m.id for m in MANEUVERS.values() if m.module == 1)
_TURN_CARDS = tuple(m.id for m in MANEUVERS.values() if m.module == 1 and not m.is_burn)


def kill_chance(target: Fighter, damage: int, misses: int) -> float:
    """P(at least one eliminating card among ``damage`` pulled without replacement)."""
    working = target.working()
    hand = len(working) + misses
    safe = hand - sum(1 for c in working if c in _ELIMINATING)
    pulls = min(damage, hand)
    if pulls <= 0:
        return 0.0
    return 1.0 - math.comb(safe, pulls) / math.comb(hand, pulls)


def shot_chance(shooter: Fighter, gun: str, target: Fighter, target_thrust: int = 0, exclusive: bool = False) -> float:
    """Kill chance of ``shooter`` firing ``gun`` at ``target`` where both stand now (0 if it cannot)."""
    spec = GUNS[gun]
    if void_reason(shooter, spec, target, exclusive) is not None:
        return 0.0
    r = max(abs(target.hex[0] - shooter.hex[0]), abs(target.hex[1] - shooter.hex[1]),
            abs(target.hex[0] - shooter.hex[0] + target.hex[1] - shooter.hex[1]))
    return kill_chance(target, gun_damage(spec, r, target.speed), miss_cards(r, target_thrust, target))


def coast(f: Fighter, wide: bool = False) -> Fighter:
    return move_fighter(f, None, wide)[0]


def on_map(board: RectMap, f: Fighter) -> bool:
    return board.contains(f.hex) and board.contains(f.momentum)


_SAFE_CACHE: dict[tuple[Any, ...], bool] = {}


def is_safe(board: RectMap, f: Fighter, turns: int, wide: bool = False) -> bool:
    """Can ``f`` (on the map now) stay on the map for ``turns`` more turns? Memoised on geometry."""
    if turns <= 0:
        return True
    can_burn = f.has("THR")
    key = (board.cols, board.rows, f.hex, f.momentum, f.facing, can_burn, turns, wide)
    hit = _SAFE_CACHE.get(key)
    if hit is not None:
        return hit
    result = False
    for card in (_PLOT_CARDS if can_burn else _TURN_CARDS):
        g = move_fighter(f, card, wide)[0]
        if on_map(board, g) and is_safe(board, g, turns - 1, wide):
            result = True
            break
    if len(_SAFE_CACHE) > 500_000:
        _SAFE_CACHE.clear()
    _SAFE_CACHE[key] = result
    return result


def _guns_of(f: Fighter, known: bool) -> tuple[str, ...]:
    """The gun(s) ``f`` may carry: its own if known, else every Module 1 gun."""
    if known:
        return tuple(c for c in f.working() if c in GUNS)
    return M1_GUNS


def _threat(enemy: Fighter, guns: tuple[str, ...], me: Fighter, thrust: int, exclusive: bool) -> float:
    """Mean kill chance of ``enemy`` on ``me`` over the guns it may carry (none left: no threat,
    which Modules 2-3 allow, TOB-M2-SCEN-03)."""
    if not guns:
        return 0.0
    return sum(shot_chance(enemy, g, me, thrust, exclusive) for g in guns) / len(guns)


def score_move(board: RectMap, f: Fighter, card: str | None, enemies: list[tuple[Fighter, tuple[str, ...]]],
               wide: bool = False, exclusive: bool = False) -> float:
    """How good playing ``card`` (``None``: nothing) is for ``f`` this turn, enemies coasting."""
    gun = next((c for c in f.working() if c in GUNS), None)
    firing = card is not None and card in GUNS
    g, thrust = move_fighter(f, None if firing else card, wide)
    if not on_map(board, g):
        return -1000.0
    score = 0.0
    if not is_safe(board, g, 1, wide):
        score -= 60.0
    elif not is_safe(board, g, 2, wide):
        score -= 25.0
    g2 = coast(g, wide)
    for enemy, guns in enemies:
        e1 = coast(enemy, wide)
        if firing:
            score += 12.0 * shot_chance(g, card, e1, 0, exclusive)  # type: ignore[arg-type]
        score -= 6.0 * _threat(e1, guns, g, thrust, exclusive)  # burning dodges: miss cards and a new hex
        e2 = coast(e1, wide)
        if gun is not None and on_map(board, g2):
            score += 4.0 * shot_chance(g2, gun, e2, 0, exclusive)
            score -= 2.0 * _threat(e2, guns, g2, 0, exclusive)
        score -= 0.05 * max(0, abs(g2.hex[0] - e2.hex[0]) + abs(g2.hex[1] - e2.hex[1]) - 8)  # close in
    score -= 0.4 * max(0, g.speed - 4)  # fast fighters are hard to steer
    return score


def _chance_at(shooter_hex: Hex, facings: tuple[int, ...], gun: Gun, target: Fighter, target_hex: Hex,
               target_speed: int, exclusive: bool) -> float:
    """Kill chance of a shot from ``shooter_hex`` facing any of ``facings`` (no thrust): plain
    ints, no fighter copies, for the evaluator's inner loop."""
    vq, vr = target_hex[0] - shooter_hex[0], target_hex[1] - shooter_hex[1]
    r = max(abs(vq), abs(vr), abs(vq + vr))
    if r == 0 or r > gun.range:
        return 0.0
    arc_test = in_arc_exclusive if exclusive else in_arc
    if not any(arc_test(facing, (vq, vr), gun.arc) for facing in facings):
        return 0.0
    misses = max(0, (range_miss_cards(r) or 0) + size_miss_cards(target.size))
    key = (target.cards, target.destroyed, gun_damage(gun, r, target_speed), misses)
    hit = _KILL_CACHE.get(key)
    if hit is None:
        hit = _KILL_CACHE[key] = kill_chance(target, key[2], misses)
    return hit


_KILL_CACHE: dict[tuple[Any, ...], float] = {}
_ALL_FACINGS = tuple(range(6))

REFERENCE_RANGES = (2, 5, 8)
"""Ranges (one per near band) at which :func:`_exposure` averages a gun's kill chance."""

REFERENCE_SPEED = 2
"""The speed of the typical target :func:`_exposure` compares with (Quick Shot starts at 2)."""

EXPOSURE_WEIGHT = 0.5
"""Weight of :func:`_exposure` in :func:`evaluate` (0.5 beat 1.0 clearly against the heuristic
bot at 4,000 iterations, 80 games each; docs/bots.md)."""


def _exposure(gun: Gun, target: Fighter) -> float:
    """How much easier ``target`` is for ``gun`` to kill than an intact fighter of its build at
    :data:`REFERENCE_SPEED` (negative: harder), as the mean kill chance over
    :data:`REFERENCE_RANGES` with arcs ignored. It sees, before the fighters meet, what the
    geometry terms cannot: a dust buster takes nothing from a fighter at speed 0 and more from a
    fast one, and a wounded fighter has fewer cards to hide its vital ones among. Comparing with
    a typical target keeps the gun's own strength out (that is aiming's business)."""
    key = (gun.id, target.cards, target.destroyed, target.speed, target.size)
    hit = _EXPOSURE_CACHE.get(key)
    if hit is None:
        fresh = Fighter(target.id, target.side, (0, 0), 0, (REFERENCE_SPEED, 0), target.cards)
        total = 0.0
        for r in REFERENCE_RANGES:
            misses = max(0, (range_miss_cards(r) or 0) + size_miss_cards(target.size))
            total += (kill_chance(target, gun_damage(gun, r, target.speed), misses)
                      - kill_chance(fresh, gun_damage(gun, r, REFERENCE_SPEED), misses))
        hit = _EXPOSURE_CACHE[key] = total / len(REFERENCE_RANGES)
    return hit


_EXPOSURE_CACHE: dict[tuple[Any, ...], float] = {}


def _danger(board: RectMap, f: Fighter, wide: bool) -> float:
    """How near ``f`` is to being forced off the map: 0 if it can stay on for 3 more turns."""
    if is_safe(board, f, 3, wide):
        return 0.0
    if is_safe(board, f, 2, wide):
        return 0.5
    return 1.0 if is_safe(board, f, 1, wide) else 2.0


def evaluate(state: TobState) -> dict[Seat, float]:
    """Each side's prospects in ``[0, 1]`` (0.5 even), for search leaves.

    A side gains its best kill chance next turn if both fighters coast (or, at 0.6 weight, the
    turn after, having turned to any facing) and loses up to 2 for a fighter that will soon be
    forced off the map (:func:`_danger`), ½ for one without a thruster (it can never change its
    velocity again). It also gains :data:`EXPOSURE_WEIGHT` times how much easier than a typical
    fighter the enemy is for its gun (:func:`_exposure`): the only term that tells fighters
    apart before they meet, so it decides the setup's speed (a dust buster cannot hurt a fighter
    at speed 0). The difference between sides goes through ``tanh``. Cheap by design (about
    30 µs): coasting in plain ints, cached kill chances and a memoised safety test; terminal
    states are scored by their outcome. Module 4 adds the black hole and projectile blasts
    (:func:`_module_4_terms`), and SpaceWar with one side left its safe exit
    (:func:`_exit_prospects`); Space Hockey has its own (:func:`evaluate_hockey`).
    """
    if state.config.hockey is not None:
        return evaluate_hockey(state)
    leaving = _exit_prospects(state)
    if leaving is not None:
        return leaving
    board = state.config.map
    wide = state.config.options.slip_model == "wide"
    exclusive = state.config.options.arc_boundary == "exclusive"
    tracks = _tracks(state)
    if state.config.systems and (not state.config.nine_phase or state.config.party is not None):
        return _evaluate_teams(state, tracks, wide, exclusive)
    score = {side: 0.0 for side in state.config.sides}
    for f, p1, p2, stays in tracks:
        if not f.has("THR"):
            score[f.side] -= 0.5  # it can never change its velocity again: it will drift off the map
        danger = _danger(board, f, wide)
        if danger:
            score[f.side] -= danger
            if danger > 1.0:
                continue
        gun = next((GUNS[c] for c in f.working() if c in GUNS), None)
        if gun is None:
            continue
        best = 0.0
        for e, e1, e2, _ in tracks:
            if e.side == f.side:
                continue
            score[f.side] += EXPOSURE_WEIGHT * _exposure(gun, e)
            best = max(best, _chance_at(p1, (f.facing,), gun, e, e1, e.speed, exclusive),
                       0.6 * _chance_at(p2, _ALL_FACINGS, gun, e, e2, e.speed, exclusive) if stays else 0.0)
        score[f.side] += best
    if state.projectiles or state.config.black_holes:
        _module_4_terms(state, tracks, score)
    return _prospects(score)


Track = tuple[Fighter, Hex, Hex, bool]
"""A fighter, where it will stand after one and two turns of coasting, and whether it stays on
the map for a third (then its second-turn shot counts)."""


def _tracks(state: TobState) -> list[Track]:
    """Every fighter's coasting track: P1 = M, M1 = 2M - P; P2 = M1 (TOB-M1-MOVE-05/07), in
    plain ints."""
    board = state.config.map
    tracks = []
    for f in at_table(state):
        (pq, pr), (mq, mr) = f.hex, f.momentum
        p1, p2 = (mq, mr), (2 * mq - pq, 2 * mr - pr)
        p3 = (2 * p2[0] - mq, 2 * p2[1] - mr)
        tracks.append((f, p1, p2, board.contains(p2) and board.contains(p3)))
    return tracks


def _prospects(score: dict[Seat, float]) -> dict[Seat, float]:
    """Each side's score against the mean of the others, through ``tanh`` into ``[0, 1]``."""
    total = sum(score.values())
    n = len(score)
    return {side: 0.5 + 0.5 * math.tanh(s - (total - s) / max(1, n - 1)) for side, s in score.items()}


POINT_WEIGHT = 0.5
""":func:`_evaluate_teams`: a team point (TOB-M2-SCEN-05), half a certain kill next turn, so that
a lead of a few points does not saturate ``tanh`` and leave search nothing to tell plots apart by."""

STRENGTH_WEIGHT = 1.5
""":func:`_evaluate_teams`: a side's working internal cards in play as a share of what it
builds (a lost fighter takes all of its cards; in an elimination game that is the score)."""

ARMORED = 0.3
""":func:`_team_shot` on an armored target: the shot cannot kill this turn but strips a card
of armor (TOB-M2-ARMOR-01), so aiming at it is still worth something."""


def _evaluate_teams(state: TobState, tracks: list[Track], wide: bool, exclusive: bool) -> dict[Seat, float]:
    """Modules 2-3 prospects (Popcorn, Bigger, and a Big Party's fleets, which play on points
    too): what :func:`evaluate` counts for a duel, with
    what decides a team game. A side gains :func:`point_weight` per point and
    :data:`STRENGTH_WEIGHT` times its share of the cards it builds still working in play
    (:func:`_cards`), so a kill, a card shot away or a fighter lost off the map shows at once.
    Each working gun of a fighter (:func:`_firing`) aims at the enemy it would hurt most next
    turn if all coast (or, at 0.6, the turn after at any facing): the fighter gains its chance
    that some gun eliminates its target, and the cards the shots are expected to take, valued as
    the strength term values them (:func:`_team_shot`: crew or structure all gone, heavy guns,
    lock-on range, shields, armor). Without the cards a big fighter, which no single shot is
    likely to eliminate, was searched as if three guns a turn could not hurt it. A fighter
    loses :func:`_danger` and ½ without a thruster, as in a duel; Module 4's projectiles and
    black holes count as there (:func:`_module_4_terms`).

    At the fire decision the fighters have moved: the guns plotted this turn (:func:`_plotted`)
    fire from where they stand, and count beside next turn's. Before, a leaf there, where most
    of a search's leaves are, valued only next turn's shots, blind to the one each plot had
    just chosen. A Big Party's points of the turn so far (``stage.tally``, scored at its end)
    count as scored."""
    board = state.config.map
    points = dict(state.scores)
    if state.stage is not None:  # a Big Party's points of the turn so far, scored at its end
        for entry in state.stage.tally:
            if entry[0] == "points":
                points[entry[1]] = points.get(entry[1], 0) + entry[3]
    per_point = point_weight(state)
    cards = {side: _cards(state, side) for side in state.config.sides}
    score = {side: per_point * points.get(side, 0) + STRENGTH_WEIGHT * kept / max(1, built)
             for side, (kept, built) in cards.items()}
    for f, p1, p2, stays in tracks:
        if not f.has("THR"):
            score[f.side] -= 0.5
        danger = _danger(board, f, wide)
        if danger:
            score[f.side] -= danger
            if danger > 1.0:
                continue
        # this turn's plotted guns at the fire decision, from where the fighters stand now; then
        # every gun next turn if all coast (not through its own shields), and at 0.6 the turn after
        now: list[Shot] = [(1.0, f.hex, (f.facing,), 0)]
        later: list[Shot] = []
        if not f.shields:
            later.append((1.0, p1, (f.facing,), 1))
        if stays:
            later.append((0.6, p2, _ALL_FACINGS, 2))
        shots: list[tuple[Gun, int, str | None, list[Shot]]] = [
            (gun, n, target, now) for gun, n, target in (_plotted(state, f) if state.phase == FIRE else ())]
        shots += [(gun, n, None, later) for gun, n in _firing(f)]
        miss_all = 1.0
        for gun, n, target, options in shots:
            best, kill = _best_shot(f, gun, n, target, options, tracks, cards, exclusive)
            miss_all *= 1.0 - kill
            score[f.side] += best - kill
        score[f.side] += 1.0 - miss_all
    if state.projectiles or state.config.black_holes:
        _module_4_terms(state, tracks, score)
    return _prospects(score)


Shot = tuple[float, Hex, tuple[int, ...], int]
"""A shot :func:`_best_shot` weighs: its weight, the shooter's hex and facings, and which hex of
each enemy's :data:`Track` it aims at (0 where it stands, 1 next turn, 2 the turn after)."""


def _best_shot(f: Fighter, gun: Gun, n: int, target: str | None, options: Sequence[Shot], tracks: list[Track],
               cards: Mapping[Seat, tuple[int, int]], exclusive: bool) -> tuple[float, float]:
    """The best of ``gun``'s ``options`` at any enemy (``target`` only, where the plot names
    one): its weighted value (kill chance plus the cards it takes, each at the strength term's
    worth) and its weighted kill chance."""
    best, kill = 0.0, 0.0
    for e, e1, e2, _ in tracks:
        if e.side == f.side or target not in (None, e.id):
            continue
        locked = f.lock_on == e.id
        per_card = STRENGTH_WEIGHT / max(1, cards[e.side][1])
        where = (e.hex, e1, e2)
        for weight, at, facings, when in options:
            k, wear = _team_shot(at, facings, gun, n, e, where[when], locked, exclusive)
            value = weight * (k + per_card * wear)
            if value > best:
                best, kill = value, weight * k
    return best, kill


def _plotted(state: TobState, f: Fighter) -> list[tuple[Gun, int, str | None]]:
    """The guns ``f`` plotted this turn, to fire at the open fire decision: each with its
    damage multiplier (a heavy set's size, as :func:`_firing` counts it) and the target its
    plot names, if any."""
    assert state.stage is not None
    sets = {gun.id: n for gun, n in _firing(f)}
    return [(GUNS[a.card], 1 if a.external else sets.get(a.card, 1), a.target)
            for a in state.stage.plot(f.id) if a.card in GUNS]


def point_weight(state: TobState) -> float:
    """What one point counts for in :func:`_evaluate_teams`: :data:`POINT_WEIGHT` at Popcorn's
    goal of 8 (a point a kill, TOB-M2-SCEN-05), scaled to the game's own goal, so that the goal
    is worth as much in every game. A Big Party of two fleets of four plays to 32 (+1 a card,
    +3 a ship, TOB-M6-MODE-03/07): at Popcorn's weight a ship shot down, about 13 points, would
    saturate ``tanh`` at once; without points, as before, search played for the chance of a
    kill and never for the points a Big Party is won by."""
    party = state.config.party
    goal = party.point_goal if party is not None else state.config.options.goal
    return POINT_WEIGHT * POPCORN_GOAL / goal if goal else POINT_WEIGHT


POPCORN_GOAL = 8
"""Popcorn's point goal (TOB-M2-SCEN-05), at which :data:`POINT_WEIGHT` was set."""


def _cards(state: TobState, side: Seat) -> tuple[int, int]:
    """``side``'s working cards in play (internal and external), and the cards it builds: its
    budget (Bigger) or the cards of all its fighters, those waiting to re-enter included
    (Popcorn), externals of those in play added."""
    kept = built = 0
    for f in state.fighters:
        if f.side == side:
            kept += len(internal_working(f)) + len(external_working(f)) if f.destroyed else f.size + len(f.external)
            built += f.size + len(f.external)
    budget = dict(state.config.budgets).get(side)
    if budget is not None:
        return kept, budget + sum(len(f.external) for f in state.fighters if f.side == side)
    return kept, built + sum(len(r.cards) for r in state.replacements if r.side == side)


def _firing(f: Fighter) -> list[tuple[Gun, int]]:
    """Each gun ``f`` can fire, with its damage multiplier: a heavy gun once at its set's size
    (none if a card of the set is lost, TOB-M3-BIGGUN-04/06), every other working copy at 1."""
    heavy = {s[0]: len(s) for s in f.heavy_guns}
    internal = Counter(c for c in (internal_working(f) if f.external or f.destroyed else f.cards) if c in GUNS)
    out = [(GUNS[card], 1) for card in external_working(f) if card in GUNS] if f.external else []
    for card, copies in internal.items():
        if card not in heavy:
            out.extend([(GUNS[card], 1)] * copies)
        elif copies >= heavy[card]:
            out.append((GUNS[card], heavy[card]))
    return out


def _team_shot(shooter_hex: Hex, facings: tuple[int, ...], gun: Gun, n: int, target: Fighter, target_hex: Hex,
               locked: bool, exclusive: bool) -> tuple[float, float]:
    """A Modules 2-3 shot from ``shooter_hex`` facing any of ``facings``: ``(kill chance, cards
    expected to be taken)``. Range halved on a locked target (TOB-M2-LOCK-03), ``n`` times the
    damage (a heavy gun), size miss cards of big fighters; nothing through shields, and
    :data:`ARMORED` of it through armor, but for a bubble gun (TOB-M2-SHIELD-01,
    TOB-M2-ARMOR-03)."""
    if target.shields:
        return 0.0, 0.0
    vq, vr = target_hex[0] - shooter_hex[0], target_hex[1] - shooter_hex[1]
    r = max(abs(vq), abs(vr), abs(vq + vr))
    r_eff = (r + 1) // 2 if locked else r
    if r == 0 or r_eff > gun.range:
        return 0.0, 0.0
    arc_test = in_arc_exclusive if exclusive else in_arc
    if not any(arc_test(facing, (vq, vr), gun.arc) for facing in facings):
        return 0.0, 0.0
    misses = max(0, (range_miss_cards(r_eff) or 0) + size_miss_cards(target.size))
    kill, wear = team_kill_chance(target, n * gun_damage(gun, r_eff, target.speed), misses)
    if gun.id != "BG" and "ARM" in target.cards and "ARM" in internal_working(target):
        return ARMORED * kill, ARMORED * wear
    return kill, wear


def team_kill_chance(target: Fighter, damage: int, misses: int) -> tuple[float, float]:
    """``damage`` cards pulled without replacement from ``target``'s hand (its working internal
    and external cards and ``misses`` miss cards): the chance that they take every crew card or
    every structure card, what eliminates a fighter from Module 2 on (TOB-M2-SCEN-03,
    TOB-M3-SCEN-02; exact, by inclusion and exclusion), and how many system cards they take on
    average. Cached."""
    key = (target.cards, target.external, target.destroyed, damage, misses)
    hit = _TEAM_KILL_CACHE.get(key)
    if hit is not None:
        return hit
    internal = internal_working(target)
    hand = len(internal) + len(external_working(target)) + misses
    pulls = min(damage, hand)
    crew, structure = internal.count("CM"), internal.count("STR")
    ways = math.comb(hand, pulls)

    def all_of(k: int) -> float:
        return math.comb(hand - k, pulls - k) / ways if k <= pulls else 0.0

    if pulls <= 0:
        hit = 0.0, 0.0
    else:
        hit = all_of(crew) + all_of(structure) - all_of(crew + structure), pulls * (hand - misses) / hand
    if len(_TEAM_KILL_CACHE) > 100_000:
        _TEAM_KILL_CACHE.clear()
    _TEAM_KILL_CACHE[key] = hit
    return hit


_TEAM_KILL_CACHE: dict[tuple[Any, ...], tuple[float, float]] = {}


def _module_4_terms(state: TobState, tracks: list[tuple[Fighter, Hex, Hex, bool]], score: dict[Seat, float]) -> None:
    """Module 4 in :func:`evaluate`: a fighter whose coasting path crosses a black hole loses 2
    next turn, 1 the turn after (TOB-M4-BH-01); a side gains the kill chance of a projectile
    blast (9 in the hex, 3 beside it, no miss cards, TOB-M4-DET-03) on an enemy that will stand
    within reach of one of its projectiles after both move (a missile may steer up to 3 hexes
    closer, TOB-M4-MISSILE-01), unless a fighter of its own stands beside it (the fail safe,
    TOB-M4-DET-02). The best such chance per side counts."""
    holes = state.config.black_holes
    for f, p1, p2, _ in tracks:
        if any(segment_crosses_hex(f.hex, p1, bh) for bh in holes):
            score[f.side] -= 2.0
        elif any(segment_crosses_hex(p1, p2, bh) for bh in holes):
            score[f.side] -= 1.0
    for p in state.projectiles:
        if p.side is None or p.side not in score:
            continue
        at = p.momentum
        if any(f.side == p.side and distance(p1, at) <= 1 for f, p1, _, _ in tracks):
            continue
        steer = min(3, p.fuel or 0) if p.kind == "missile" else 0
        best = 0.0
        for e, e1, _, _ in tracks:
            if e.side == p.side:
                continue
            gap = max(0, distance(at, e1) - steer)
            if gap <= 1:
                best = max(best, kill_chance(e, BLAST[gap], 0))
        score[p.side] += PROJECTILE_WEIGHT * best


PROJECTILE_WEIGHT = 0.8
"""A blast's kill chance in :func:`evaluate`, against a gun's 1 (a blast needs its owner to
detonate it and the enemy to fly on as it did)."""

EXIT_WIN = 0.8
""":func:`_exit_prospects`: a lone side's value when it cannot leave soon (above nearly every
state with both sides in play, so search takes the kill); leaving by coasting ``k`` turns from
now is worth ``EXIT_WIN + 0.19 · 0.7^k`` (0.99 this turn)."""

EXIT_HORIZON = 6
"""Turns :func:`_exit_prospects` follows a lone fighter's coasting path."""


def _exit_prospects(state: TobState) -> dict[Seat, float] | None:
    """SpaceWar with one side's fighters left in play: that side wins by leaving the map
    (TOB-M4-SCEN-01/02), so the sooner its fighters' coasting paths take them off, the better
    (beyond :data:`EXIT_HORIZON`, the nearer the edge); ``None`` in every other state. Without
    this the danger terms of :func:`evaluate` kept a lone winner on the map until the turn
    limit drew the game."""
    in_play = {f.side for f in state.fighters}
    if len(in_play) != 1 or scenario_of(state.config) != "spacewar":
        return None
    board = state.config.map
    side = next(iter(in_play))
    slowest = max(_turns_to_exit(board, f) for f in state.fighters)
    value = EXIT_WIN + 0.19 * 0.7 ** slowest
    return {s: value if s == side else 1.0 - value for s in state.config.sides}


def _turns_to_exit(board: RectMap, f: Fighter) -> int:
    """Turns until ``f``, coasting, has its hex or marker off the map (past
    :data:`EXIT_HORIZON`: that many plus the marker's distance to the edge then)."""
    (pq, pr), (mq, mr) = f.hex, f.momentum
    for k in range(EXIT_HORIZON):
        if not board.contains((mq, mr)):
            return k
        pq, pr, mq, mr = mq, mr, 2 * mq - pq, 2 * mr - pr
    return EXIT_HORIZON + _to_edge(board, (mq, mr))


def _to_edge(board: RectMap, h: Hex) -> int:
    """Hexes from ``h`` to the nearest hex off the map (0: ``h`` is off it)."""
    if not board.contains(h):
        return 0
    col, row = to_offset(h)
    return min(col + 1, board.cols - col, row + 1, board.rows - row)


PREFERRED_GUN = "DB"
"""The dust buster: the strongest Module 1 gun in the heuristic bot's own gun study
(``hexfleet simulate guns``; figures in docs/bots.md)."""


def score_setup(board: RectMap, f: Fighter, placement: dict[str, Any], enemies: list[tuple[Fighter, tuple[str, ...]]],
                wide: bool = False, exclusive: bool = False, gun: str = PREFERRED_GUN) -> float:
    """How good a setup placement is: the preferred gun, a moderate speed, a good first turn."""
    chosen = placement.get("gun", gun)
    facing = "ABCDEF".index(placement["facing"]) if "facing" in placement else f.facing
    momentum = tuple(placement["momentum"]) if "momentum" in placement else f.momentum
    cards = tuple(chosen if c in GUNS else c for c in f.cards)
    g = Fighter(f.id, f.side, f.hex, facing, momentum, cards)
    preferred = 5.0 if chosen == gun else 0.0
    return preferred + score_move(board, g, None, enemies, wide, exclusive) - 0.3 * abs(g.speed - 3)


def at_table(state: TobState) -> tuple[Fighter, ...]:
    """The fighters as they stand now (after movement while a Module 2-3 turn waits for a
    mid-turn decision, as the view shows them)."""
    return state.fighters


def _plotted_card(actions: list[dict[str, Any]]) -> str | None:
    """The card a plot is scored by: its maneuver, else its first card (``None``: nothing)."""
    return next((a["card"] for a in actions if a["card"] in MANEUVERS), actions[0]["card"] if actions else None)


EJECT = "CM"
"""Plotting the crew card ejects (TOB-M2-OPS-01): the fighter leaves and the enemy scores."""


def score_plot(board: RectMap, f: Fighter, actions: list[dict[str, Any]],
               enemies: list[tuple[Fighter, tuple[str, ...]]], wide: bool, exclusive: bool) -> float:
    """How good ``actions`` (one fighter's plot) are: :func:`score_move` on its maneuver or
    gun; an ejection is never worth it."""
    if any(a["card"] == EJECT for a in actions):
        return -1000.0
    return score_move(board, f, _plotted_card(actions), enemies, wide, exclusive)


def score_fire(fighters: dict[str, Fighter], options: Mapping[str, Any], order: Order, exclusive: bool) -> float:
    """A fire decision (Modules 2-3, TOB-AMB-19): the kill chances of the targets picked now,
    after movement, plus a little for every gun that fires (firing costs nothing)."""
    total = 0.0
    for fid, picks in order.items():
        shooter = fighters.get(fid)
        for gun, target in zip(options.get(fid, []), picks):
            if shooter is None or target is None or target not in fighters:
                continue
            total += 0.01 + shot_chance(shooter, gun["card"], fighters[target], 0, exclusive)
    return total


# --- Space Hockey: the puck ---------------------------------------------------------------------

PUCK_HORIZON = 10
"""Turns a coasting puck's path is followed to see which edge it leaves by."""

PUCK_DECAY = 0.93
"""A goal (or a puck standing near a goal) ``k`` turns away counts ``PUCK_DECAY ** k``."""

HOCKEY_SCALE = 40.0
"""The puck's part of a Space Hockey plot's score, beside :func:`score_move`'s safety terms (a
fighter forced off the map costs 60): a beam that makes a goal likely outweighs nearly all else."""

NEXT_SHOT = 0.6
"""A beam the fighter sets up for next turn, against one it makes now."""


@dataclass(frozen=True, slots=True)
class Rink:
    """What one Space Hockey side plays for (TOB-M5-HOCKEY-03): the map, the puck, and the edge
    the side scores over (the one opposite its own)."""

    board: RectMap
    puck: Projectile
    goal: str


def rink(state: TobState, side: Seat) -> Rink | None:
    """``side``'s rink in a Space Hockey state (``None`` in any other scenario)."""
    hockey = state.config.hockey
    puck = next((p for p in state.projectiles if p.kind == "puck"), None)
    if hockey is None or puck is None:
        return None
    return Rink(state.config.map, puck, OPPOSITE_EDGE[hockey.edge(side)])


def _progress(board: RectMap, h: Hex, goal: str) -> float:
    """How far toward the ``goal`` edge ``h`` stands: 0 on the opposite edge, 1 on the goal's."""
    col, row = to_offset(h)
    along, size = (col, board.cols) if goal in ("left", "right") else (row, board.rows)
    x = along / max(1, size - 1)
    return x if goal in ("right", "bottom") else 1.0 - x


def puck_value(board: RectMap, at: Hex, momentum: Hex, goal: str) -> float:
    """The puck for the side scoring over ``goal``, in ``[-1, 1]``: its coasting path (it moves
    to its marker each turn, TOB-M4-PMOVE-01) followed :data:`PUCK_HORIZON` turns; a goal ``k``
    turns away is worth ``PUCK_DECAY ** k`` (against: the negative), a reset across another edge
    0 (the puck returns to the centre), else where it then stands, discounted the same."""
    (pq, pr), (mq, mr) = at, momentum
    for k in range(PUCK_HORIZON):
        if not board.contains((mq, mr)):
            edge = edge_beyond(board, (mq, mr))
            if edge == goal:
                return PUCK_DECAY ** k
            return -PUCK_DECAY ** k if edge == OPPOSITE_EDGE[goal] else 0.0
        pq, pr, mq, mr = mq, mr, 2 * mq - pq, 2 * mr - pr
    return (2.0 * _progress(board, (pq, pr), goal) - 1.0) * PUCK_DECAY ** PUCK_HORIZON


def beam_gain(rink: Rink, shooter: Hex, facing: int, at: Hex, momentum: Hex, mode: str) -> float:
    """Expected change in :func:`puck_value` when a force beam from ``shooter`` (facing
    ``facing``) pushes or pulls the puck standing at ``at`` with marker ``momentum`` (0 if the
    beam cannot fire: range 6, the forward 180°, TOB-M5-FB-02/03). The puck card lies among
    5 + range miss cards; the misses pulled before it allow 3, 2, 1 or 0 hexes (TOB-M5-FB-05),
    along the line from the shooter (push) or back toward it (pull, TOB-M5-FB-07/08)."""
    v = sub(at, shooter)
    r = distance(shooter, at)
    band = range_miss_cards(r)
    if r == 0 or r > BEAM_RANGE or band is None or not in_arc(facing, v, BEAM_ARC["FB"]):
        return 0.0
    d = directions_toward(v)[0]
    step = DIRECTIONS[d if mode == "push" else (d + 3) % 6]
    cards = 1 + PROJECTILE_MISSES + band
    before = puck_value(rink.board, at, momentum, rink.goal)
    gain = 0.0
    for hexes in ALLOWED.values():  # each of the first three places of the puck card: 1/cards
        moved = (momentum[0] + hexes * step[0], momentum[1] + hexes * step[1])
        gain += (puck_value(rink.board, at, moved, rink.goal) - before) / cards
    return gain


def best_beam(rink: Rink, shooter: Hex, facing: int, at: Hex, momentum: Hex) -> float:
    """The better of pushing and pulling (:func:`beam_gain`)."""
    return max(beam_gain(rink, shooter, facing, at, momentum, mode) for mode in ("push", "pull"))


def _puck_next(puck: Projectile) -> tuple[Hex, Hex]:
    """The puck after this turn's Move Projectiles, where the turn's beams find it: at its
    marker, the marker one velocity on."""
    (pq, pr), (mq, mr) = puck.hex, puck.momentum
    return (mq, mr), (2 * mq - pq, 2 * mr - pr)


def score_hockey(rink: Rink, f: Fighter, actions: list[dict[str, Any]], wide: bool) -> float:
    """The puck's part of a fighter's plot: a beam at the puck scores its expected gain (the
    fighter coasts to where it fires, the puck moved first, TOB-M4-SEQ-01); any other plot
    scores :data:`NEXT_SHOT` times the best beam the fighter will have next turn, and closing
    in on a puck out of reach."""
    at, momentum = _puck_next(rink.puck)
    beam = next((a for a in actions if a["card"] == "FB" and a.get("target") == rink.puck.id), None)
    if beam is not None:
        g = coast(f, wide)
        return beam_gain(rink, g.hex, g.facing, at, momentum, beam.get("mode", "push"))
    g = move_fighter(f, _plotted_card(actions), wide)[0]
    g2 = coast(g, wide)
    at2 = momentum
    momentum2 = (2 * momentum[0] - at[0], 2 * momentum[1] - at[1])
    reach = NEXT_SHOT * best_beam(rink, g2.hex, g2.facing, at2, momentum2)
    return reach - 0.002 * max(0, distance(g2.hex, at2) - BEAM_RANGE)


def evaluate_hockey(state: TobState) -> dict[Seat, float]:
    """Space Hockey prospects in ``[0, 1]``: the puck's value to each side (:func:`puck_value`),
    plus half the best beam each of its fighters will have at the next Fire Guns, less for a
    fighter soon forced off the map (it leaves the game for two turns, TOB-M5-HOCKEY-06)."""
    board = state.config.map
    wide = state.config.options.slip_model == "wide"
    score: dict[Seat, float] = {}
    for side in state.config.sides:
        ground = rink(state, side)
        assert ground is not None
        at, momentum = _puck_next(ground.puck)
        value = puck_value(board, ground.puck.hex, ground.puck.momentum, ground.goal)
        for f in state.fighters:
            if f.side == side:
                g = coast(f, wide)
                value += 0.5 * max(0.0, best_beam(ground, g.hex, g.facing, at, momentum)) - 0.1 * _danger(board, f, wide)
        score[side] = value
    total = sum(score.values())
    n = len(score)
    return {side: 0.5 + 0.5 * math.tanh(3.0 * (s - (total - s) / max(1, n - 1))) for side, s in score.items()}


NEAREST = 8
"""Enemies a fighter's part is scored against: its nearest. Every duel and team game has fewer;
a Module 6 ship among 105 enemies would otherwise score each move against all of them (the far
ones are out of reach this turn and the next anyway)."""


def nearest(f: Fighter, enemies: list[tuple[Fighter, tuple[str, ...]]]) -> list[tuple[Fighter, tuple[str, ...]]]:
    """The :data:`NEAREST` enemies nearest to ``f`` (all of them when there are no more)."""
    if len(enemies) <= NEAREST:
        return enemies
    return sorted(enemies, key=lambda eg: (distance(f.hex, eg[0].hex), eg[0].id))[:NEAREST]


def order_scorer(board: RectMap, own: list[Fighter], enemies: list[tuple[Fighter, tuple[str, ...]]], wide: bool,
                 exclusive: bool, setup: bool, gun: str = PREFERRED_GUN, ground: Rink | None = None
                 ) -> Callable[[Order], float]:
    """Scores orders of ``own`` fighters as the sum of each fighter's part (:func:`score_setup`
    or :func:`score_plot`, in Space Hockey (``ground``) plus :data:`HOCKEY_SCALE` times
    :func:`score_hockey`), each part scored once: a side's orders are the product of its
    fighters' choices, so scoring per fighter keeps a team of three as cheap as three duels.
    An order is JSON or the rules' order object (a part is keyed by itself, read as JSON once)."""
    parts: dict[tuple[str, Any], float] = {}
    near: dict[str, list[tuple[Fighter, tuple[str, ...]]]] = {}

    def part_score(f: Fighter, part: Any) -> float:
        mine = near.get(f.id)
        if mine is None:
            mine = near[f.id] = nearest(f, enemies)
        if setup:
            return score_setup(board, f, part or {}, mine, wide, exclusive, gun)
        plot = score_plot(board, f, part or [], mine, wide, exclusive)
        return plot if ground is None else plot + HOCKEY_SCALE * score_hockey(ground, f, part or [], wide)

    def score(order: Order) -> float:
        total = 0.0
        if isinstance(order, Orders):  # the legal set's objects: parts are hashable
            for f in own:
                part = order.get(f.id)
                key = (f.id, part)
                value = parts.get(key)
                if value is None:
                    value = parts[key] = part_score(f, None if part is None else _value_json(part))
                total += value
            return total
        for f in own:
            part = order.get(f.id)
            key = (f.id, repr(part))
            value = parts.get(key)
            if value is None:
                value = parts[key] = part_score(f, part)
            total += value
        return total

    return score


def prior(state: TobState, seat: Seat, orders: list[Order]) -> list[float]:
    """``orders`` scored as the heuristic bot scores them, for search to try the sensible ones
    first. Another side's gun counts as known only once revealed, as a player would see it.
    Decisions other than setup and plot are left unranked (all equal)."""
    if state.phase not in (SETUP, PLOT):
        return [0.0] * len(orders)
    score = _state_scorer(state, seat)
    return [score(o) for o in orders]


def _scorer_of(state: TobState, seat: Seat) -> Callable[[Order], float]:
    """:func:`order_scorer` for ``seat``'s orders in ``state``."""
    own = [f for f in state.fighters if f.side == seat]
    enemies = [(e, _guns_of(e, any(c in GUNS for c in e.revealed))) for e in state.fighters if e.side != seat]
    return order_scorer(state.config.map, own, enemies, state.config.options.slip_model == "wide",
                        state.config.options.arc_boundary == "exclusive", state.phase == SETUP,
                        ground=rink(state, seat))


_state_scorer: LastRead[Callable[[Order], float]] = LastRead(_scorer_of)
"""The scorer of the state :func:`prior` was last asked about, with the parts it has scored:
search asks again of the same state object, a fleet's plot unit by unit (:func:`hexfleet.ai.mcts.composed`),
and the node's orders after; each ship's part is scored once, not once per call."""


class HeuristicBot:
    """Turn or Burn by rules of thumb: stay on the map, aim, fire when it pays, burn to dodge.

    Each fighter scores every plot it may make with :func:`score_plot` and plays the best one;
    at setup it takes its preferred gun (``gun``, :data:`PREFERRED_GUN`) if the legal orders
    allow it and the placement that scores best a turn ahead (:func:`score_setup`); at a
    fire decision it picks the targets it is likeliest to kill (:func:`score_fire`). Other
    decisions with a choice (rare: their legal orders are the defaults) take the first.
    """

    name = "heuristic"

    def __init__(self, seed: int | str = 0, gun: str = PREFERRED_GUN):
        self._rng = random.Random(str(seed))
        self.gun = gun

    def choose(self, ruleset: Ruleset[Any], seat: Seat, view: dict[str, Any], legal: LegalArg) -> Order:
        """The best-scoring order of ``legal`` (enumerated: each fighter's parts scored once);
        a plot of many ships is chosen ship by ship instead (:meth:`_per_unit`)."""
        lazy = as_legal(legal)
        if (view.get("decision") or {}).get("kind") in (PLOT, "fire") and lazy.count() > PER_UNIT_ABOVE:
            return self._per_unit(seat, view, lazy)
        orders = list(lazy)
        if len(orders) == 1:
            return orders[0]
        state = determinize(view, seat, 0)
        known = {d["id"]: "?" not in d["cards"] for d in view["fighters"]}
        board = state.config.map
        wide = state.config.options.slip_model == "wide"
        exclusive = state.config.options.arc_boundary == "exclusive"
        kind = (view.get("decision") or {}).get("kind")
        if kind == "fire":
            fighters = {f.id: f for f in at_table(state)}
            options = view["decision"]["options"]
            return max(orders, key=lambda o: score_fire(fighters, options, order_as_json(ruleset, view, o), exclusive)
                       + self._rng.random() * 1e-6)
        if kind not in (SETUP, PLOT):
            return orders[0]
        own = [f for f in state.fighters if f.side == seat]
        enemies = [(e, _guns_of(e, known[e.id])) for e in state.fighters if e.side != seat]
        score = order_scorer(board, own, enemies, wide, exclusive, kind == SETUP, self.gun, rink(state, seat))
        return max(orders, key=lambda order: score(order) + self._rng.random() * 1e-6)


    def _per_unit(self, seat: Seat, view: dict[str, Any], legal: Legal[Any]) -> Order:
        """Each ship's best choice alone: the score is a sum of the ships' parts, so this is the
        best order without building the product of fifteen ships' choices (Module 6)."""
        state = determinize(view, seat, 0)
        known = {d["id"]: "?" not in d["cards"] for d in view["fighters"]}
        options = state.config.options
        exclusive = options.arc_boundary == "exclusive"
        own = [f for f in state.fighters if f.side == seat]
        ids = {f.id for f in own}
        if view["decision"]["kind"] == "fire":
            fighters = {f.id: f for f in at_table(state)}
            guns = view["decision"]["options"]

            def part(unit: str, choice: Any) -> float:
                return score_fire(fighters, guns, {unit: list(choice)}, exclusive)
        else:
            enemies = [(e, _guns_of(e, known[e.id])) for e in state.fighters if e.side != seat]
            score = order_scorer(state.config.map, own, enemies, options.slip_model == "wide", exclusive, False,
                                 self.gun, rink(state, seat))

            def part(unit: str, choice: Any) -> float:
                return score(Plot(((unit, choice),)))
        picks: dict[str, Any] = {}
        for unit, choices in legal.per_unit().items():
            if unit not in ids:  # a projectile's fuse: kept (the legal set's first choice)
                picks[unit] = choices[0]
                continue
            scored = [(part(unit, c) + self._rng.random() * 1e-6, k) for k, c in enumerate(choices)]
            picks[unit] = choices[max(scored)[1]]
        return legal.combine(picks)


PER_UNIT_ABOVE = 20_000
"""Plots with more legal orders than this are chosen ship by ship (Module 6 fleets)."""


# --- determinize: a full state from one seat's view -----------------------------------------

HIDDEN = "?"
"""How a view shows a card its seat has not seen (TOB-M1-BUILD-02, TOB-M2-BUILD-04)."""

SMALLEST = min(size for c in CLASSES for size in c.sizes)
"""The fewest internal cards a build has (TOB-M2-BUILD-02)."""

def determinize(view: Mapping[str, Any], seat: Seat, rng: int) -> TobState:
    """A full state consistent with ``seat``'s view, in every scenario (STYLE §4).

    Built from the view's public fields, ``seat``'s own cards and the scenario's public setup,
    as a saved state (``RULESET.from_json``): the rules read it like any other and check every
    build. What the view hides is drawn from ``rng``, which then becomes the state's generator,
    so the true seed never enters:

    * each unseen internal card (``?``) of another side's fighter: first what a legal build of
      its size still in play needs and the view does not show (a thruster, a gun, crew and
      structure beyond those lost, structure for its size class and its externals, a shield
      generator if its shields are up, two copies of each heavy gun the view counts), then any
      system card of the modules in play, uniformly, never before a known copy of the same
      card (the view marks a card's first copies as the known ones)
      (TOB-M2-BUILD-02, TOB-M3-SIZE-01, TOB-M3-EXT-02, TOB-M3-BIGGUN-01). In Module 1 the one
      unseen card is the gun, drawn uniformly from the four;
    * which of another side's guns are heavy (the view counts them): types with two or more
      copies shown first;
    * another side's replacement builds (TOB-M2-SCEN-04): the same, at the size the scenario
      gave that fighter.

    At a mid-turn decision (fire, end of turn) the view shows the fighters after movement and
    the turn's plots: the rebuilt state stands at that decision with them (:func:`_stage`) and
    asks ``seat`` what the view asks it.
    """
    table = [_fighter_data(d) for d in view["fighters"]]
    for data, d in zip(table, view["fighters"]):
        cards, heavy, rng = _sample_build(d["cards"], d.get("heavy_guns", 0), d.get("external", []), d["destroyed"],
                                          bool(d.get("shields")), tuple(view["modules"]), rng)
        data["cards"] = cards
        if "heavy_guns" in data:
            data["heavy_guns"] = heavy
    facts = _scenario_facts(view["scenario"])
    position: dict[str, Any] = {"format": FORMAT, "modules": view["modules"], "map": view["map"],
                                "turn": view["turn"], "fighters": table, "projectiles": [], "options": view["options"]}
    if "rules" in view:  # Modules 4-5: projectiles, black holes and the puck are public
        position.update(scenario=view["rules"], sides=view["sides"], projectiles=view["projectiles"],
                        black_holes=view["black_holes"])
        if "hockey" in view:
            position["hockey"] = view["hockey"]
        if "players" in view:  # Module 6: the players, the agreed game and the stations are public
            position.update(players=view["players"], game=view["party_game"], stations=view["stations"])
    if "scores" in view:  # Modules 2-3
        position["scores"] = view["scores"]
        position["replacements"] = []
        for r in view["replacements"]:
            if "cards" not in r:
                size = facts.sizes.get(r["id"], SMALLEST)
                cards, _, rng = _sample_build([HIDDEN] * size, 0, [], [], False, tuple(view["modules"]), rng)
                r = {**r, "cards": cards, "external": [], "heavy_guns": []}
            position["replacements"].append(r)
    data = {
        "position": position, "scenario": view["scenario"], "sides": view["sides"], "zones": view["zones"],
        "phase": view["phase"], "rng": format(rng & MASK64, "016x"),
        "revealed": {d["id"]: _revealed(d) for d in view["fighters"]}, "outcome": view["outcome"],
        "budgets": facts.budgets, "phase_decisions": True, "stage": None,
    }
    if view.get("stations_to_place"):  # Module 6: stations still to place (TOB-M6-STN-02)
        data["stations_to_place"] = view["stations_to_place"]
    if "declared" in view:
        data["stage"] = _stage(view, seat, table)
    return RULESET.from_json(data)


def _stage(view: Mapping[str, Any], seat: Seat, table: list[dict[str, Any]]) -> dict[str, Any]:
    """The turn in progress as a saved state holds it (``Stage``): at a mid-turn decision the
    fighters already stand where the view shows them, the turn's plots are public, and the
    next step is Fire Guns (``fire``) or the end-of-turn losses (``end``). Jammers are those
    that plotted the jammer; burns' thrust and hits already taken are not known (a plausible
    world is enough for search)."""
    decision = view.get("decision")
    phase = view["phase"]
    mid_turn = "plots" in view
    plots = view["plots"] if mid_turn else {}
    options = decision["options"] if mid_turn and decision else None
    return {
        "step": resume_step(any(m > 3 for m in view["modules"]), phase) if mid_turn and phase in ("fire", "end")
        else 0,
        "plots": plots, "declared": view["declared"],
        "sides": list(dict.fromkeys(f["side"] for f in table)),
        "start_locks": {f["id"]: f["lock_on"] for f in table if f.get("lock_on")},
        "thrust": {}, "jammed": sorted(fid for fid, acts in plots.items() if any(a["card"] == "JAM" for a in acts)),
        "out": [], "decisions": {seat: options} if options is not None else {}, "fire": None,
        "hits": {"armor": [], "shield": [], "internal_lost": [], "lock_checks": {}},
        "needs": {fid: [o["external"], o["discard"]] for fid, o in options.items()}
        if options is not None and phase == "end" else {},
        "losses": None,
    }


def _fighter_data(d: Mapping[str, Any]) -> dict[str, Any]:
    """A view's fighter in the position format's fields (Modules 2-3 fields where the view has them)."""
    out = {k: d[k] for k in ("id", "side", "hex", "facing", "momentum", "destroyed")}
    out["external"] = list(d.get("external", []))
    for key in ("shields", "lock_on"):
        if key in d:
            out[key] = d[key]
    if "heavy_guns" in d:
        out["heavy_guns"] = d["heavy_guns"]
    for key in ("ammo", "reloaded", "fuel", "lost_maneuvers", "locked_action"):  # Modules 4-5, public
        if key in d:
            out[key] = d[key]
    return out


def _revealed(d: Mapping[str, Any]) -> list[str]:
    """The cards every player has seen (``known``), less the internal cards known because they
    were lost: the view's ``known`` is those two together (TOB-M2-BUILD-04)."""
    lost = Counter(d["destroyed"]) - Counter(d.get("external", []))
    out = []
    for card in d["known"]:
        if card == HIDDEN:
            continue
        if lost[card]:
            lost[card] -= 1
        else:
            out.append(card)
    return out


def _sample_build(shown: list[str], heavy: Any, external: list[str], destroyed: list[str], shields: bool,
                  modules: tuple[int, ...], rng: int) -> tuple[list[str], list[list[str]], int]:
    """``(cards, heavy gun sets, rng)``: ``shown`` with every ``?`` filled so that the build is
    legal (see :func:`determinize`). ``heavy`` is the view's: the sets themselves (a fighter of
    the viewing seat, all of whose cards it sees), or how many there are (another side's)."""
    cards = list(shown)
    if not isinstance(heavy, int):
        return cards, heavy, rng
    known = Counter(c for c in cards if c != HIDDEN)
    slots = [i for i, c in enumerate(cards) if c == HIDDEN]
    guns = list(M1_GUNS)
    for i in range(len(guns) - 1, 0, -1):  # ties between heavy candidates broken at random
        j, rng = draw(rng, i + 1)
        guns[i], guns[j] = guns[j], guns[i]
    heavy_types = sorted(guns, key=lambda g: -known[g])[:heavy]
    freighter = known["CARGO"] > 0 or "CARGO" in destroyed  # Module 6: cargo makes a freighter (TOB-M6-FRT-01)
    size_class = FREIGHTER if freighter else next(c for c in CLASSES + PARTY_CLASSES if len(cards) in c.sizes)
    needs = ["THR"] * (1 - known["THR"])
    if freighter:
        needs += ["CARGO"] * (6 - known["CARGO"])
    needs += ["CM"] * (destroyed.count("CM") + 1 - known["CM"])  # a fighter in play has crew and structure
    needs += ["STR"] * (max(size_class.min_structure, len(external), destroyed.count("STR") + 1) - known["STR"])
    if shields and not known["SG"] and "SG" not in external:
        needs.append("SG")
    for g in heavy_types:
        needs += [g] * max(0, 2 - known[g])
    if not heavy_types and not any(known[g] for g in GUNS):
        i, rng = draw(rng, len(M1_GUNS))
        needs.append(M1_GUNS[i])
    # A view marks a card type's first copies in sheet order as the known ones (TOB-M2-BUILD-04),
    # so a hidden slot before the last known copy of a type cannot hold that type.
    last_known = {c: i for i, c in enumerate(cards) if c != HIDDEN}
    pool = FREIGHTER_POOL if freighter else _card_pool(modules)
    for k in range(len(slots)):  # a random order of the hidden slots
        j, rng = draw(rng, len(slots) - k)
        slots[k], slots[k + j] = slots[k + j], slots[k]
    free = list(slots)
    for card in sorted(needs, key=lambda c: -last_known.get(c, -1)):  # the most constrained first
        slot = next((i for i in free if i > last_known.get(card, -1)), None)
        if slot is None:
            raise ValueError(f"no legal build shows as {' '.join(shown)}: it would need {' '.join(needs)}")
        cards[slot] = card
        free.remove(slot)
    for i in free:
        allowed = [c for c in pool if i > last_known.get(c, -1)]
        n, rng = draw(rng, len(allowed))
        cards[i] = allowed[n]
    return cards, [[g] * cards.count(g) for g in heavy_types], rng


FREIGHTER_POOL = ("CM", "STR", "THR", "CARGO", *M1_GUNS)
"""What a freighter may carry (TOB-M6-FRT-01)."""


@lru_cache(maxsize=8)
def _card_pool(modules: tuple[int, ...]) -> tuple[str, ...]:
    """The system cards a build in these modules may hold (TOB-COMP-02); never a lone cargo
    card, which would make the ship a freighter short of cargo (TOB-M6-FRT-01)."""
    return tuple(c for c in SYSTEMS if SYSTEM_MODULE[c] in modules and c != "CARGO")


class _ScenarioFacts:
    """What a scenario publishes that a view does not repeat: side budgets, fighter sizes."""

    __slots__ = ("budgets", "sizes")

    def __init__(self, budgets: dict[str, int], sizes: dict[str, int]):
        self.budgets = budgets
        self.sizes = sizes


@lru_cache(maxsize=16)
def _scenario_facts(scenario: str) -> _ScenarioFacts:
    if scenario not in RULESET.scenarios():  # a position read from a file: no scenario behind it
        return _ScenarioFacts({}, {})
    start = RULESET.new_game(scenario, seed=0)
    return _ScenarioFacts(dict(start.config.budgets), {f.id: f.size for f in start.fighters})


# --- what this game declares ------------------------------------------------------------------


def _gun_filter(gun: str) -> LegalFilter:
    def keep(seat: Seat, view: dict[str, Any], legal: list[Order]) -> list[Order]:
        if view.get("phase") != SETUP:
            return legal
        return [o for o in legal if all(p.get("gun", gun) == gun for p in _as_json(o).values())]
    return keep


def _as_json(order: Order) -> Any:
    """An order object of the legal set as JSON (JSON as it is)."""
    return order.to_json() if isinstance(order, Orders) else order


BOTS: dict[str, BotOffer] = {
    "random": RANDOM,
    "mcts": MCTS,
    "heuristic": BotOffer(f"{__name__}:HeuristicBot"),
}
"""Every bot plays every scenario: :func:`determinize` rebuilds Modules 1-3 alike, and the
heuristic scores Modules 2-3 plots and fire decisions too."""

FILTERS: dict[str, LegalFilter] = {f"gun={g}": _gun_filter(g) for g in M1_GUNS}
"""``gun=BG`` …: a seat's setup orders narrowed to one gun (the gun study's cells)."""

STUDIES: dict[str, Study] = {
    "guns": Study(title="the Module 1 gun-against-gun matrix (TOB-M1-GUN-02..05)", seats=("red", "blue"),
                  choices=M1_GUNS, tag="gun", filter="gun={}", bot="heuristic", out="gun-study"),
}
"""``hexfleet simulate guns``: red's gun against blue's, 16 pairings, placement left to the bots."""
