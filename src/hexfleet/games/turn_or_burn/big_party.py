"""Module 6, Big Party (TOB-M6-*): up to 8 players, the class table, stations, cargo, the game
modes and their points, player skills.

The rules here are plain functions of ships, stations and the game's settings (:class:`Party`,
fixed for a whole game and kept in ``Config.party``); :mod:`.party_turn` puts them into the
nine-phase turn (rams at the start of Fire Guns, station hits, the end of the turn).
Readings the rulebook leaves open are the digest's (TOB-AMB-42..52) and the format's
("Reading of the rules (Modules 4-6)").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ...engine.errors import RuleError
from ...engine.ruleset import Outcome
from ...hexgrid import Hex, RectMap, distance, to_offset
from .build import CARGO, MAX_TOTAL_CARDS, PROJECTILE_WEAPONS, size_class
from .cards import M1_GUNS, MANEUVERS
from .state import Fighter, Station

MAX_PLAYERS = 8
"""TOB-M6-OVR-02."""
MAX_SHIPS = 15
"""Ships per player, the German "je max. 15" (TOB-M6-OVR-02, [CONFIG])."""
MODES = ("last_man_standing", "dogfight", "capture", "freighter", "special_enemy")
REASONS = ("system", "ship", "eject", "station", "cargo", "special_enemy")
MODE_OF_REASON = {"system": "dogfight", "ship": "dogfight", "eject": "dogfight", "station": "capture",
                  "cargo": "freighter", "special_enemy": "special_enemy"}
"""The mode whose points a reason is (TOB-M6-MODE-03..06): a reason scores only in its mode."""
RETURN_DELAY = 2
"""Dogfight and capture: a ship destroyed in turn T returns in T + 2 (TOB-M6-MODE-03/04, TOB-AMB-48)."""
SKILLS = ("target_computer", "navigation_computer", "long_range_weapon", "explosion_ammo", "automatic_ammo",
          "automatic_missile", "close_up_jammer", "long_range_jammer", "precision_jam")
"""The nine player skills, numbered 1-9 in this order (TOB-M6-SKILL-01)."""
FREIGHTER_BARRED = frozenset({"SG", "SCAN", "JAM", "ARM", "BOT", "FB", "ZG", *PROJECTILE_WEAPONS})
"""A freighter flies light weapons only (the four Module 1 guns) and none of these (TOB-M6-FRT-01)."""
FREIGHTER_MIN = {"CM": 1, "STR": 2, CARGO: 6}
"""TOB-M6-FRT-01."""
ULTRA_MIN_CREW = 1
STATION_SPACING = 5
"""Stations at least 5 hexes apart (TOB-M6-STN-02)."""
STATION_HIT_CARDS = 15
STATION_SIZE_MISSES = -3
"""A station is hit like a ship of 15 notional cards with -3 miss cards (TOB-AMB-45)."""
DELIVERY_SPEED = 2
"""A freighter delivers next to its own station at speed 2 or less (TOB-M6-FRT-02, TOB-AMB-47)."""
TURN_DEGREES = {card: 60 * abs(m.turn) for card, m in MANEUVERS.items() if m.turn is not None}
"""Degrees turned by each turn card (TNC 0, T60 60, T120 120, TR 180)."""
RAM_NO_ORDER, RAM_SHIELDS = 2, 3
"""Ramming miss cards: the damaged ship did not order Ramming; its shields are up (TOB-M6-RAM-02)."""
RAM_TURN = {0: 0, 60: 1, 120: 2, 180: 3}


@dataclass(frozen=True, slots=True)
class Player:
    """A Big Party player: a side, numbered 1-8, with skills and a start region (inclusive
    ``q`` range and offset-row range) where its returning ships enter."""

    id: str
    number: int
    skills: tuple[str, ...] = ()
    start_region: tuple[tuple[int, int], tuple[int, int]] | None = None


@dataclass(frozen=True, slots=True)
class Party:
    """The agreed game (TOB-M6-MODE-01): modes, point values, round limit, point goal; the
    players; and the agreed building-point budget per player, if any (TOB-AMB-49)."""

    players: tuple[Player, ...]
    modes: tuple[str, ...] = ("last_man_standing",)
    points: tuple[tuple[str, int], ...] = ()
    round_limit: int | None = None
    point_goal: int | None = None
    budget: int | None = None

    def player(self, pid: str) -> Player:
        return next(p for p in self.players if p.id == pid)

    def value(self, reason: str) -> int:
        """Points for ``reason``: its agreed value when its mode is played, else 0."""
        if MODE_OF_REASON[reason] not in self.modes:
            return 0
        return dict(self.points).get(reason, 0)

    @property
    def last_man_standing(self) -> bool:
        return "last_man_standing" in self.modes

    @property
    def returns(self) -> bool:
        """Destroyed ships come back in dogfight and capture modes (TOB-M6-MODE-03/04)."""
        return "dogfight" in self.modes or "capture" in self.modes

    def special_enemy(self, pid: str) -> str:
        """The player with the next higher number, the highest's being the lowest (TOB-M6-MODE-06,
        TOB-AMB-51)."""
        ordered = sorted(self.players, key=lambda p: p.number)
        i = next(k for k, p in enumerate(ordered) if p.id == pid)
        return ordered[(i + 1) % len(ordered)].id

    def skills(self, pid: str | None) -> tuple[str, ...]:
        for p in self.players:
            if p.id == pid:
                return p.skills
        return ()


def check_party(party: Party) -> None:
    """Players 1-8 with distinct numbers; modes and skills as the rules allow."""
    if not 1 <= len(party.players) <= MAX_PLAYERS:
        raise RuleError("TOB-M6-OVR-02", f"Big Party has up to {MAX_PLAYERS} players; got {len(party.players)}",
                        field="players")
    numbers = [p.number for p in party.players]
    if len(set(numbers)) != len(numbers) or not all(1 <= n <= MAX_PLAYERS for n in numbers):
        raise RuleError("TOB-M6-MODE-06", f"player numbers are distinct, 1-{MAX_PLAYERS}; got {numbers}",
                        field="players")
    for p in party.players:
        if len(set(p.skills)) != len(p.skills):
            raise RuleError("TOB-M6-SKILL-01", "a player takes a skill at most once", unit=p.id, field="skills")
    if party.last_man_standing and len(party.modes) > 1:
        raise RuleError("TOB-M6-MODE-07", "last man standing cannot be combined with another mode", field="game.modes")


# --- ships (TOB-M6-CLASS-01) ---------------------------------------------------------------


def building_points(f: Fighter) -> int:
    """Cards plus the class surcharge: heavy +1, super +2, ultra +3, freighter 0 (TOB-M6-SHIP-02,
    TOB-AMB-49)."""
    return len(f.cards) + size_class(f).building_points


def check_ship(f: Fighter) -> None:
    """A legal Big Party ship (the format's "Rejected positions"): no externals, at most 15
    cards, its class's least composition, a freighter's limits."""
    if f.external:
        raise RuleError("TOB-M6-SHIP-01", "Big Party has no external systems", unit=f.id, field="external")
    if len(f.cards) > MAX_TOTAL_CARDS:
        raise RuleError("TOB-M6-OVR-02", f"a ship has at most {MAX_TOTAL_CARDS} system cards; got {len(f.cards)}",
                        unit=f.id, field="cards")
    built = Counter(f.cards)
    cls = size_class(f)
    if cls.name == "freighter":
        if len(f.cards) not in cls.sizes:
            raise RuleError("TOB-M6-FRT-01", f"a freighter has 10-15 system cards; got {len(f.cards)}",
                            unit=f.id, field="cards")
        short = [f"{n} {card}" for card, n in FREIGHTER_MIN.items() if built[card] < n]
        if short:
            raise RuleError("TOB-M6-FRT-01", f"a freighter has at least 1 crew, 2 structure and 6 cargo cards; "
                            f"short of: {', '.join(short)}", unit=f.id, field="cards")
        barred = sorted(set(f.cards) & FREIGHTER_BARRED)
        if barred or f.heavy_guns:
            what = barred[0] if barred else "a heavy gun"
            raise RuleError("TOB-M6-FRT-01", f"a freighter may carry only light weapons (BG, DB, NB, LT, not "
                            f"heavy) and no shields, scanner, jammer, armor or repair bot; got {what}",
                            unit=f.id, field="cards")
        return
    if cls.name == "ultra" and (built["STR"] < cls.min_structure or built["CM"] < ULTRA_MIN_CREW):
        raise RuleError("TOB-M6-ULTRA-01", f"an ultra-heavy ship has at least {ULTRA_MIN_CREW} crew and "
                        f"{cls.min_structure} structure cards; got {built['CM']} and {built['STR']}",
                        unit=f.id, field="cards")


def check_budget(pid: str, ships: Iterable[Fighter], budget: int | None) -> None:
    """A player's ships within the agreed building points (TOB-M6-SHIP-02)."""
    if budget is None:
        return
    total = sum(building_points(f) for f in ships)
    if total > budget:
        raise RuleError("TOB-M6-SHIP-02", f"the ships cost {total} building points (cards + class surcharge); "
                        f"the agreed budget is {budget}", unit=pid, field="fighters")


def check_fleets(fighters: Iterable[Fighter], party: Party) -> None:
    """At most 15 ships per player, every ship a player's (TOB-M6-OVR-02)."""
    count = Counter(f.side for f in fighters)
    known = {p.id for p in party.players}
    for side, n in count.items():
        if side not in known:
            raise RuleError("TOB-M6-OVR-02", f"side {side!r} is not a player; players: {', '.join(sorted(known))}",
                            unit=side, field="fighters")
        if n > MAX_SHIPS:
            raise RuleError("TOB-M6-OVR-02", f"a player has at most {MAX_SHIPS} ships; {side} has {n}",
                            unit=side, field="fighters")


# --- ramming (TOB-M6-RAM-01..04) -----------------------------------------------------------


def ram_misses(ordered_ram: bool, shields: bool, turn_card: str | None) -> int:
    """Miss cards of a ship damaged by a ram: +2 without its own Ramming order, +3 with shields
    up, +1/+2/+3 after a 60/120/180 degree turn this round; nothing else (TOB-M6-RAM-02)."""
    degrees = TURN_DEGREES.get(turn_card or "", 0)
    return (0 if ordered_ram else RAM_NO_ORDER) + (RAM_SHIELDS if shields else 0) + RAM_TURN[degrees]


def ram_damage(a_momentum: Hex, b_momentum: Hex) -> int:
    """Both ships take the distance between their momentum markers (TOB-M6-RAM-04)."""
    return distance(a_momentum, b_momentum)


# --- stations (TOB-M6-STN-01..03) ----------------------------------------------------------


def station_bounds(board: RectMap) -> tuple[tuple[int, int], tuple[int, int]]:
    """The hexes a fifth of the map from every edge, per axis (TOB-AMB-46): inclusive column
    and offset-row ranges, ``W/5 <= q <= W - 1 - W/5`` in exact fifths (30 x 22: columns 6-23,
    rows 5-16, the format's example)."""
    def span(n: int) -> tuple[int, int]:
        return -(-n // 5), (4 * n - 5) // 5
    return span(board.cols), span(board.rows)


def check_stations(stations: Iterable[Station], board: RectMap) -> None:
    """Each station a fifth of the map from the edges and 5 hexes from the others (TOB-M6-STN-02)."""
    (q0, q1), (r0, r1) = station_bounds(board)
    placed: list[Station] = []
    for s in stations:
        col, row = to_offset(s.hex)
        if not (q0 <= col <= q1 and r0 <= row <= r1):
            raise RuleError("TOB-M6-STN-02", f"station at column {col}, row {row} is less than a fifth of the map "
                            f"from an edge (allowed: columns {q0}-{q1}, rows {r0}-{r1})", unit=s.id, field="hex")
        near = next((t for t in placed if distance(t.hex, s.hex) < STATION_SPACING), None)
        if near is not None:
            raise RuleError("TOB-M6-STN-02", f"station is {distance(near.hex, s.hex)} hexes from {near.id}; "
                            f"stations stand at least {STATION_SPACING} apart", unit=s.id, field="hex")
        placed.append(s)


def station_misses(band: int, shooter_skills: tuple[str, ...] = ()) -> int:
    """Miss cards of a shot at a station: the range row, -3, the shooter's target computer
    (TOB-AMB-45; no burn or jammer)."""
    return max(0, band + STATION_SIZE_MISSES - ("target_computer" in shooter_skills))


@dataclass(frozen=True, slots=True)
class StationHit:
    """Damage one side did to a station this turn, with the distance and speed of the unit
    that did it (for the capture tie-breaks)."""

    station: str
    side: str
    damage: int
    distance: int
    speed: int


def capture(owner: str | None, hits: Iterable[StationHit]) -> str | None:
    """The station's owner after this turn's hits (TOB-M6-STN-03): the side that did the most
    damage; tied, the side whose nearest damaging unit is nearer; then the slower one; all
    equal, unowned. No damage: the owner stays."""
    total: Counter[str] = Counter()
    best: dict[str, tuple[int, int]] = {}
    for h in hits:
        if h.damage <= 0:
            continue
        total[h.side] += h.damage
        key = (h.distance, h.speed)
        best[h.side] = min(best.get(h.side, key), key)
    if not total:
        return owner
    top = max(total.values())
    sides = [s for s in total if total[s] == top]
    if len(sides) > 1:
        near = min(best[s][0] for s in sides)
        sides = [s for s in sides if best[s][0] == near]
    if len(sides) > 1:
        slow = min(best[s][1] for s in sides)
        sides = [s for s in sides if best[s][1] == slow]
    return sides[0] if len(sides) == 1 else None


# --- cargo (TOB-M6-FRT-02) -----------------------------------------------------------------


def cargo_left(f: Fighter) -> int:
    return f.cards.count(CARGO) - f.destroyed.count(CARGO)


def delivery_station(f: Fighter, stations: Iterable[Station]) -> Station | None:
    """The own station ``f`` delivers to now: a freighter adjacent to it at speed 2 or less
    (TOB-M6-FRT-02, TOB-AMB-47), the lowest id if several."""
    if CARGO not in f.cards or f.speed > DELIVERY_SPEED:
        return None
    own = sorted((s for s in stations if s.owner == f.side and distance(s.hex, f.hex) == 1), key=lambda s: s.id)
    return own[0] if own else None


# --- the end of the game (TOB-M6-MODE-01/02) -----------------------------------------------


def outcome(party: Party, scores: Mapping[str, int], turn: int, with_ships: Iterable[str]) -> Outcome | None:
    """Last man standing: the last player with a ship wins (none: a draw). Otherwise the point
    goal (most points among several reaching it; equal: a draw) or the round limit (most
    points), whichever comes first; a game whose ships are all gone for good ends on points."""
    left = set(with_ships)
    if party.last_man_standing:
        if len(left) > 1:
            return None
        return Outcome("last_man_standing", tuple(left)) if left else Outcome("draw", ())
    reached = [p for p, v in scores.items() if party.point_goal is not None and v >= party.point_goal]
    if reached:
        return _most(scores, reached, "point_goal")
    if party.round_limit is not None and turn >= party.round_limit:
        return _most(scores, list(scores), "round_limit")
    if not left:
        return _most(scores, list(scores), "no_ships")
    return None


def _most(scores: Mapping[str, int], among: list[str], reason: str) -> Outcome:
    top = max(scores.get(p, 0) for p in among)
    best = [p for p in among if scores.get(p, 0) == top]
    return Outcome(reason, (best[0],) if len(best) == 1 else ())


# --- skills (TOB-M6-SKILL-01) --------------------------------------------------------------


def skill_misses(shooter_skills: tuple[str, ...], target_skills: tuple[str, ...], jammed: bool) -> int:
    """Skill miss cards on a shot at a ship: target computer -1, navigation computer +1, a
    close-up jammer 5 instead of 2 (+3 over the Module 2 jammer)."""
    return (("navigation_computer" in target_skills) - ("target_computer" in shooter_skills)
            + (3 if jammed and "close_up_jammer" in target_skills else 0))


def skill_range(r_eff: int, weapon: str, skills: tuple[str, ...]) -> int:
    """Long range weapon: a Module 1 gun's effective range less 2, at least 1 (TOB-AMB-50)."""
    if "long_range_weapon" in skills and weapon in M1_GUNS:
        return max(1, r_eff - 2)
    return r_eff


def blast_damage(skills: tuple[str, ...]) -> tuple[int, int]:
    """Explosion ammo: 10 in the hex and 4 adjacent instead of 9 and 3."""
    return (10, 4) if "explosion_ammo" in skills else (9, 3)


def jammer_reach(skills: tuple[str, ...]) -> int:
    """Long range jammer: 16 hexes instead of 12."""
    return 16 if "long_range_jammer" in skills else 12


def jam_misses(d: int, skills: tuple[str, ...]) -> int | None:
    """Miss cards of a jamming attempt at distance ``d`` with these skills: ⌊d/2⌋ with a long
    range jammer, ⌊d/3⌋ with precision jam (the smaller if both); ``None``: the Module 4 deck."""
    found = [d // 2] if "long_range_jammer" in skills else []
    found += [d // 3] if "precision_jam" in skills else []
    return min(found) if found else None


def automatic(kind: str, skills: tuple[str, ...], enemy_at: int | None, friendly_near: bool) -> bool:
    """Whether a projectile explodes by itself in the Detonate phase: automatic ammo with an
    enemy ship in its hex, automatic missile (missiles) with one within 1 hex; never with a
    friendly ship within 1 hex (TOB-AMB-50)."""
    if enemy_at is None or friendly_near:
        return False
    if "automatic_ammo" in skills and enemy_at == 0:
        return True
    return kind == "missile" and "automatic_missile" in skills and enemy_at <= 1
