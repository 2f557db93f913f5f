"""Fighter builds for Modules 2-3: composition, size classes, externals, heavy-gun sets.

A fighter's size class comes from its *internal* cards as built and never changes
(TOB-M1-MISS-05, TOB-M3-SIZE-01, TOB-M3-EXT-09). ``Fighter.destroyed`` is a multiset that
takes external copies first (TOB-M3-EXT-04), so which copies are lost follows from counts.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ...engine.errors import RuleError
from .cards import GUNS, M1_GUNS, MANEUVERS, PARTY_CLASS_DATA, SIZE_CLASS_DATA, SYSTEM_MODULE, SYSTEMS, size_miss_cards
from .state import Fighter, Options

M2_MAX_CARDS = 6
"""At most 6 system cards without big fighters (TOB-M2-BUILD-02)."""
MAX_TOTAL_CARDS = 15
"""Internal plus external, "as big as it gets" (TOB-M3-EXT-02, TOB-IMPL-37)."""
PROJECTILE_WEAPONS = ("MR", "CAN", "RL", "ML")
"""Module 4 launchers, which count as a fighter's weapon (TOB-M4-BUILD-01)."""
BEAMS = ("FB", "ZG")
"""Module 5's force beam and zap gun: guns that do no damage (TOB-M5-FB-01, TOB-M5-ZAP-01)."""
NOT_EXTERNAL = frozenset({"CM", "STR", "ARM"})
"""Crew, structure and armor are always internal (TOB-M3-EXT-02)."""


@dataclass(frozen=True, slots=True)
class SizeClass:
    name: str
    sizes: tuple[int, ...]
    min_structure: int
    thrusters: tuple[int, int, int]
    """Working thrusters a burn of thrust 1, 2, 3 needs."""
    barred: frozenset[str]
    balance: int
    collapse: tuple[tuple[int, int], ...]
    b5a: tuple[int, ...]
    """Thrusters a B5A needs, per size in ``sizes`` order (TOB-M6-MAN-01)."""
    building_points: int
    """Building points over the card count (TOB-M6-SHIP-02)."""


def _classes(data: dict[str, dict]) -> tuple[SizeClass, ...]:
    return tuple(
        SizeClass(name, tuple(spec["sizes"]), spec["min_structure"],
                  (spec["thrusters"][0], spec["thrusters"][1], spec["thrusters"][2]),
                  frozenset(spec["barred"]), spec["balance"], tuple((p[0], p[1]) for p in spec["collapse"]),
                  tuple(spec["b5a"]), spec["building_points"])
        for name, spec in data.items())


CLASSES = _classes(SIZE_CLASS_DATA)
"""Modules 1-3: standard, heavy, super (TOB-M3-SIZE-02)."""
PARTY_CLASSES = _classes(PARTY_CLASS_DATA)
"""Module 6: ultra-heavy and freighter (TOB-M6-CLASS-01)."""
FREIGHTER = next(c for c in PARTY_CLASSES if c.name == "freighter")
_BY_SIZE = {size: c for c in CLASSES + PARTY_CLASSES if c is not FREIGHTER for size in c.sizes}
CARGO = "CARGO"


def size_class(f: Fighter) -> SizeClass:
    """The class fixed by the internal cards as built (TOB-M3-SIZE-01/02); any cargo card makes
    a Module 6 freighter, whatever the count (TOB-M6-CLASS-01)."""
    return FREIGHTER if CARGO in f.cards else _BY_SIZE[f.size]


def size_misses(f: Fighter) -> int:
    """The size row of a shot at ``f`` (TOB-M1-MISS-04, TOB-M6-CLASS-01)."""
    return size_miss_cards(f.size, CARGO in f.cards)


# --- working cards ------------------------------------------------------------------------


def lost_counts(f: Fighter, card: str) -> tuple[int, int]:
    """(internal, external) copies of ``card`` destroyed: externals go first (TOB-M3-EXT-04)."""
    lost = f.destroyed.count(card)
    ext = min(lost, f.external.count(card))
    return lost - ext, ext


def internal_working(f: Fighter) -> list[str]:
    """Working internal cards in sheet order (a lost duplicate takes the later copy)."""
    lost = Counter({c: lost_counts(f, c)[0] for c in set(f.destroyed)})
    out = []
    for card in reversed(f.cards):
        if lost[card]:
            lost[card] -= 1
        else:
            out.append(card)
    out.reverse()
    return out


def external_working(f: Fighter) -> list[str]:
    lost = Counter({c: lost_counts(f, c)[1] for c in set(f.destroyed)})
    out = []
    for card in reversed(f.external):
        if lost[card]:
            lost[card] -= 1
        else:
            out.append(card)
    out.reverse()
    return out


def count_working(f: Fighter, card: str) -> int:
    """Working copies, internal and external (TOB-AMB-65)."""
    return f.cards.count(card) + f.external.count(card) - f.destroyed.count(card)


def heavy_set(f: Fighter, gun: str) -> tuple[str, ...] | None:
    for s in f.heavy_guns:
        if s[0] == gun:
            return s
    return None


def heavy_disabled(f: Fighter, gun: str) -> bool:
    """A heavy gun stops working when any card of its set is pulled (TOB-M3-BIGGUN-06)."""
    return lost_counts(f, gun)[0] > 0


def thrusters_needed(f: Fighter, thrust: int, options: Options) -> int:
    """TOB-M3-HEAVY-04, TOB-M3-SUPER-04 (standard fighters: 1 for any burn)."""
    if thrust == 5:  # B5A: by class and size, big fighters or not (TOB-M6-MAN-01)
        cls = size_class(f)
        return cls.b5a[cls.sizes.index(f.size)]
    if not options.big_fighters or thrust == 0:
        return 1 if thrust else 0
    return size_class(f).thrusters[min(thrust, 3) - 1]


def barred_maneuvers(f: Fighter, options: Options) -> frozenset[str]:
    """Maneuver cards removed from a big fighter's set (TOB-M3-HEAVY-03, TOB-M3-SUPER-03)."""
    return size_class(f).barred if options.big_fighters else frozenset()


# --- build legality -----------------------------------------------------------------------


def check_build(f: Fighter, modules: tuple[int, ...], options: Options) -> None:
    """A legal Module 2 (and Module 3) build, or a RuleError naming the rule broken."""
    big = 3 in modules and options.big_fighters
    built = Counter(f.cards)
    for card in list(built) + list(f.external):
        if SYSTEM_MODULE[card] not in modules:
            raise RuleError("TOB-COMP-02", f"{SYSTEMS[card]} ({card}) is a Module {SYSTEM_MODULE[card]} card",
                            unit=f.id, field="cards")
    missing = [c for c in ("CM", "STR", "THR") if not built[c]]
    weapons = tuple(GUNS) + (PROJECTILE_WEAPONS if 4 in modules else ()) + (BEAMS if 5 in modules else ())
    if missing or not any(built[g] for g in weapons):
        what = ", ".join(missing + ([] if any(built[g] for g in weapons) else ["a gun"]))
        rule = "TOB-M4-BUILD-01" if 4 in modules else "TOB-M2-BUILD-02"
        raise RuleError(rule, f"a fighter needs at least 1 crew member, 1 structure, 1 thruster and "
                        f"1 gun{' or projectile weapon' if 4 in modules else ''} inside; missing: {what}",
                        unit=f.id, field="cards")
    big = big or (4 in modules and options.max_systems > M2_MAX_CARDS)  # TOB-M4-BUILD-01: M3 sizes apply
    top = MAX_TOTAL_CARDS if 6 in modules else 12 if big else M2_MAX_CARDS  # ultras and freighters (TOB-M6-OVR-02)
    if not 4 <= len(f.cards) <= top:
        rule = "TOB-M3-SIZE-01" if big else "TOB-M2-BUILD-02"
        raise RuleError(rule, f"a fighter has 4-{top} internal system cards; got {len(f.cards)}",
                        unit=f.id, field="cards")
    cls = size_class(f)
    if built["STR"] < cls.min_structure:
        rule = {"heavy": "TOB-M3-HEAVY-02", "super": "TOB-M3-SUPER-02"}.get(cls.name, "TOB-M6-CLASS-01")
        raise RuleError(rule, f"a {cls.name} fighter ({len(f.cards)} cards) starts with at least "
                        f"{cls.min_structure} structure cards; got {built['STR']}", unit=f.id, field="cards")
    if f.external:
        if 3 not in modules or not options.external_systems:
            raise RuleError("TOB-M3-OPT-01", "external systems need Module 3 with option external_systems",
                            unit=f.id, field="external")
        bad = [c for c in f.external if c in NOT_EXTERNAL]
        if bad:
            raise RuleError("TOB-M3-EXT-02", f"{SYSTEMS[bad[0]]} ({bad[0]}) may not be mounted externally",
                            unit=f.id, field="external")
        if len(f.external) > built["STR"]:
            raise RuleError("TOB-M3-EXT-02", f"at most one external system per structure card: "
                            f"{built['STR']} structure, {len(f.external)} externals", unit=f.id, field="external")
        if len(f.cards) + len(f.external) > MAX_TOTAL_CARDS:
            raise RuleError("TOB-M3-EXT-02", f"at most {MAX_TOTAL_CARDS} cards in all", unit=f.id, field="external")
    for i, group in enumerate(f.heavy_guns):
        where = f"heavy_guns[{i}]"
        if 3 not in modules or not options.heavy_guns:
            raise RuleError("TOB-M3-OPT-01", "heavy guns need Module 3 with option heavy_guns", unit=f.id, field=where)
        gun = group[0]
        if gun not in M1_GUNS or any(c != gun for c in group):
            raise RuleError("TOB-M3-BIGGUN-07", f"a heavy gun is a set of identical Module 1 guns (BG, DB, NB, LT); "
                            f"got {' '.join(group)}", unit=f.id, field=where)
        if len(group) < 2 or len(group) != built[gun]:
            raise RuleError("TOB-M3-BIGGUN-01", f"a heavy gun combines all the fighter's internal {gun} cards "
                            f"(at least 2; it has {built[gun]}); externals never join it (TOB-M3-EXT-07)",
                            unit=f.id, field=where)
        if sum(1 for g in f.heavy_guns if g[0] == gun) > 1:
            raise RuleError("TOB-M3-BIGGUN-01", f"{gun} is announced twice", unit=f.id, field=where)


def balance_cards(fighters: list[Fighter]) -> int:
    """Extra system cards the opponents of these fighters get (TOB-M3-HEAVY-06, TOB-M3-SUPER-06)."""
    return sum(size_class(f).balance for f in fighters)


def maneuver_thrust(card: str) -> int:
    m = MANEUVERS.get(card)
    return m.thrust if m is not None else 0
