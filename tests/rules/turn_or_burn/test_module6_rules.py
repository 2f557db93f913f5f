"""Module 6 (Big Party) rule tables and rule functions: the class table, building points,
ultra-heavies and freighters, hit cards (TOB-EX-25), station capture, the end of the game,
skills (TOB-M6-*)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hexfleet.engine.errors import RuleError
from hexfleet.engine.rng import Rng
from hexfleet.games.turn_or_burn import big_party
from hexfleet.games.turn_or_burn import ship_sheet as sheet
from hexfleet.games.turn_or_burn.big_party import Party, Player, StationHit
from hexfleet.games.turn_or_burn.build import barred_maneuvers, size_class, size_misses, thrusters_needed
from hexfleet.games.turn_or_burn.interchange import parse
from hexfleet.games.turn_or_burn.state import Fighter, Options

from .m6_helpers import FREIGHTER, STD4, fighter, of_type, party, resolve

OPTS = Options()


def ship(cards, destroyed=()):
    return Fighter("X", "P1", (0, 0), 0, (0, 0), tuple(cards), tuple(destroyed))


def sized(n, structure=1, crew=1):
    """A ship of ``n`` cards with that structure and crew, the rest thrusters and lasers."""
    cards = ["CM"] * crew + ["STR"] * structure + ["THR"] * 4
    return ship((cards + ["LT"] * n)[:n])


@pytest.mark.rule("TOB-M6-CLASS-01")
def test_the_ship_overview_table():
    rows = {  # cards: (class, min structure, B1/B2/B3, B5A, barred turns, miss cards, extra building points)
        4: ("standard", 1, (1, 1, 1), 1, set(), 2, 0),
        5: ("standard", 1, (1, 1, 1), 2, set(), 1, 0),
        6: ("standard", 1, (1, 1, 1), 2, set(), 0, 0),
        8: ("heavy", 2, (1, 1, 2), 4, {"TR"}, -1, 1),
        11: ("super", 3, (1, 2, 3), 6, {"TR", "T120P", "T120S"}, -2, 2),
        14: ("ultra", 4, (1, 2, 4), 8, {"TR", "T120P", "T120S"}, -3, 3),
    }
    for n, (name, least, burns, b5a, barred, misses, points) in rows.items():
        f = sized(n, structure=4)
        cls = size_class(f)
        assert (cls.name, cls.min_structure) == (name, least)
        assert tuple(thrusters_needed(f, t, OPTS) for t in (1, 2, 3)) == burns
        assert thrusters_needed(f, 5, OPTS) == b5a
        assert set(barred_maneuvers(f, OPTS)) == barred
        assert size_misses(f) == misses
        assert big_party.building_points(f) == n + points
    frt = ship(FREIGHTER)  # 12 cards, but cargo makes it a freighter
    cls = size_class(frt)
    assert (cls.name, cls.min_structure, cls.thrusters, thrusters_needed(frt, 5, OPTS)) == ("freighter", 2, (1, 2, 4), 8)
    assert size_misses(frt) == -3 and big_party.building_points(frt) == 12
    assert barred_maneuvers(frt, OPTS) == frozenset({"TR", "T120P", "T120S"})


@pytest.mark.rule("TOB-M6-SHIP-02")
@pytest.mark.rule("TOB-AMB-49")
def test_building_points_against_the_agreed_budget():
    heavy = sized(8, structure=2)
    assert big_party.building_points(heavy) == 9
    big_party.check_budget("P1", [heavy, sized(4)], 13)
    with pytest.raises(RuleError) as err:
        big_party.check_budget("P1", [heavy, sized(4)], 12)
    assert err.value.rule == "TOB-M6-SHIP-02"
    pos = party(fighter("A", "P1", [5, 5], STD4), fighter("B", "P2", [35, 5], STD4),
                game={"modes": ["last_man_standing"], "budget": 3})
    with pytest.raises(RuleError) as err:
        parse(pos)
    assert err.value.rule == "TOB-M6-SHIP-02"


@pytest.mark.rule("TOB-M6-ULTRA-01")
def test_ultra_heavy_ships():
    big_party.check_ship(sized(13, structure=4))
    with pytest.raises(RuleError) as err:
        big_party.check_ship(sized(15, structure=3))
    assert err.value.rule == "TOB-M6-ULTRA-01"
    ultra = ["CM", "STR", "STR", "STR", "STR", "THR", "THR", "THR", "LT", "LT", "LT", "LT", "LT"]
    pos = party(fighter("U", "P1", [10, 10], ultra, facing="C"), fighter("B", "P2", [35, 5], STD4))
    with pytest.raises(RuleError) as err:
        resolve(pos, {"U": [{"card": "T120S"}]})
    assert err.value.rule == "TOB-M6-ULTRA-01"
    with pytest.raises(RuleError) as err:
        resolve(pos, {"U": [{"card": "B3A"}]})  # 3 thrusters; a B3 needs 4
    assert err.value.rule == "TOB-M6-ULTRA-01"
    resolve(pos, {"U": [{"card": "B2A"}]})
    # Big things are easy to hit: -3 miss cards.
    shooter = fighter("S", "P2", [13, 10], STD4, facing="F")
    _, events = resolve(party(fighter("U", "P1", [10, 10], ultra), shooter), {"S": [{"card": "LT", "target": "U"}]})
    assert of_type(events, "shot")[0]["miss_cards"] == 0  # range 3: 0, size -3, floor 0


@pytest.mark.rule("TOB-M6-FRT-01")
def test_freighters_composition_and_equipment():
    big_party.check_ship(ship(FREIGHTER))
    for cards in (FREIGHTER[:-1],                                    # 5 cargo cards
                  ["CM", "STR", "THR", "LT", "CARGO", "CARGO", "CARGO", "CARGO", "CARGO", "CARGO"],  # 1 structure
                  FREIGHTER[:-1] + ["SG"] + ["CARGO"],               # shields
                  ["CM", "STR", "STR", "THR", "MR"] + ["CARGO"] * 6,  # a projectile weapon
                  ["CM", "STR", "STR"] + ["CARGO"] * 6):              # 9 cards
        with pytest.raises(RuleError) as err:
            big_party.check_ship(ship(cards))
        assert err.value.rule == "TOB-M6-FRT-01"
    two = ship(list(FREIGHTER) + ["LT"])
    big_party.check_ship(two)  # two light guns are fine, but not as a heavy gun
    with pytest.raises(RuleError) as err:
        big_party.check_ship(replace(two, kit=replace(two.kit, heavy_guns=(("LT", "LT"),))))
    assert err.value.rule == "TOB-M6-FRT-01"


@pytest.mark.rule("TOB-M6-HIT-01")
@pytest.mark.rule("TOB-EX-25")
def test_peter_and_frank_hit_cards_count_intact_systems_before_the_shot():
    """TOB-EX-25: sheet 1-12 with 3, 8 and 9 destroyed; hit cards 4 and 6 (and a miss) destroy
    sheet systems 5 and 7."""
    cards = ("CM", "STR", "THR", "LT", "NB", "BG", "DB", "SG", "JAM", "SCAN", "BOT", "ARM")
    peter = Fighter("P", "P1", (0, 0), 0, (0, 0), cards, ("THR", "SG", "JAM"),
                    kit=Fighter("P", "P1", (0, 0), 0, (0, 0), cards).kit)
    assert [i + 1 for i in sheet.intact_slots(peter)] == [1, 2, 4, 5, 6, 7, 10, 11, 12]
    for seed in range(2000):  # Frank draws 3 of 9 hit cards + 6 miss cards
        after, drawn, slots, pulled, _, _ = sheet.draw_hits(peter, 6, 3, Rng(seed))
        if sorted(drawn, key=str) == sorted([4, 6, "MISS"], key=str):
            break
    else:
        pytest.fail("no seed draws 4, 6 and a miss")
    assert sorted(slots) == [5, 7] and sorted(c for c in pulled if c != "MISS") == ["DB", "NB"]
    marks = sheet.marks_of(after)
    assert [i + 1 for i, m in enumerate(marks) if m == "destroyed"] == [3, 5, 7, 8, 9]


@pytest.mark.rule("TOB-M6-HIT-02")
def test_the_smallest_die_with_enough_sides():
    assert [sheet.hit_die(n) for n in (3, 4, 5, 7, 9, 11, 13, 20, 21)] == [4, 4, 6, 8, 10, 12, 20, 20, None]


@pytest.mark.rule("TOB-M6-STN-03")
def test_station_capture_tie_breaks():
    def hit(side, damage, dist=3, speed=2):
        return StationHit("S1", side, damage, dist, speed)
    assert big_party.capture(None, []) is None
    assert big_party.capture("P3", []) == "P3"  # no damage: the owner stays
    assert big_party.capture(None, [hit("P1", 2), hit("P2", 3)]) == "P2"  # most damage
    assert big_party.capture(None, [hit("P1", 2), hit("P1", 2), hit("P2", 3)]) == "P1"  # summed per side
    assert big_party.capture(None, [hit("P1", 3, dist=4), hit("P2", 3, dist=2)]) == "P2"  # closer
    assert big_party.capture(None, [hit("P1", 3, speed=1), hit("P2", 3, speed=4)]) == "P1"  # slower
    assert big_party.capture("P3", [hit("P1", 3), hit("P2", 3)]) is None  # all equal: unowned


@pytest.mark.rule("TOB-M6-STN-02")
@pytest.mark.rule("TOB-AMB-46")
def test_station_bounds_on_the_formats_30_by_22_map():
    from hexfleet.hexgrid import RectMap
    assert big_party.station_bounds(RectMap(30, 22)) == ((6, 23), (5, 16))  # the format's example


def party_of(*numbers: int, **kw) -> Party:
    return Party(tuple(Player(f"P{n}", n) for n in numbers), **kw)


@pytest.mark.rule("TOB-M6-MODE-01")
def test_the_end_of_the_game_by_goal_or_round_limit():
    p = party_of(1, 2, 3, modes=("dogfight",), round_limit=10, point_goal=20)
    assert big_party.outcome(p, {"P1": 19, "P2": 5, "P3": 0}, 3, {"P1", "P2"}) is None
    assert big_party.outcome(p, {"P1": 21, "P2": 25, "P3": 0}, 3, {"P1"}).winners == ("P2",)
    assert big_party.outcome(p, {"P1": 21, "P2": 21, "P3": 0}, 3, {"P1"}).winners == ()
    limit = big_party.outcome(p, {"P1": 4, "P2": 5, "P3": 0}, 10, {"P1"})
    assert (limit.reason, limit.winners) == ("round_limit", ("P2",))


@pytest.mark.rule("TOB-M6-MODE-02")
def test_last_man_standing_has_no_points_or_rounds():
    p = party_of(1, 2)
    assert big_party.outcome(p, {"P1": 0, "P2": 0}, 500, {"P1", "P2"}) is None
    assert big_party.outcome(p, {}, 3, {"P2"}).winners == ("P2",)
    assert big_party.outcome(p, {}, 3, set()).winners == ()
    assert p.value("ship") == 0 and not p.returns


@pytest.mark.rule("TOB-M6-MODE-06")
@pytest.mark.rule("TOB-AMB-51")
def test_special_enemy_wraps_round():
    p = party_of(1, 2, 3, modes=("special_enemy",))
    assert [p.special_enemy(f"P{n}") for n in (1, 2, 3)] == ["P2", "P3", "P1"]


@pytest.mark.rule("TOB-M6-MODE-07")
def test_points_count_only_in_their_mode():
    points = (("system", 1), ("ship", 3), ("eject", -3), ("station", 1), ("cargo", 2), ("special_enemy", 7))
    combo = party_of(1, 2, modes=("dogfight", "capture", "special_enemy"), points=points)
    assert [combo.value(r) for r in big_party.REASONS] == [1, 3, -3, 1, 0, 7]
    assert party_of(1, 2, modes=("capture",), points=points).value("ship") == 0
    with pytest.raises(RuleError):
        big_party.check_party(party_of(1, 2, modes=("last_man_standing", "capture")))


@pytest.mark.rule("TOB-M6-OVR-02")
def test_players_are_numbered_1_to_8():
    with pytest.raises(RuleError):
        big_party.check_party(party_of(*range(1, 10)))
    with pytest.raises(RuleError):
        big_party.check_party(party_of(1, 1))
    big_party.check_party(party_of(*range(1, 9)))


@pytest.mark.rule("TOB-M6-SKILL-01")
def test_skill_functions():
    assert big_party.skill_misses(("target_computer",), (), False) == -1
    assert big_party.skill_misses((), ("navigation_computer",), False) == 1
    assert big_party.skill_misses((), ("close_up_jammer",), True) == 3  # 5 instead of 2
    assert big_party.skill_misses((), ("close_up_jammer",), False) == 0
    assert big_party.skill_range(9, "NB", ("long_range_weapon",)) == 7
    assert big_party.skill_range(2, "NB", ("long_range_weapon",)) == 1
    assert big_party.skill_range(9, "FB", ("long_range_weapon",)) == 9  # M1 guns only
    assert big_party.blast_damage(("explosion_ammo",)) == (10, 4) and big_party.blast_damage(()) == (9, 3)
    assert big_party.jammer_reach(("long_range_jammer",)) == 16 and big_party.jammer_reach(()) == 12
    assert big_party.jam_misses(15, ("long_range_jammer",)) == 7
    assert big_party.jam_misses(15, ("precision_jam",)) == 5
    assert big_party.jam_misses(15, ()) is None
    assert big_party.automatic("mine", ("automatic_ammo",), 0, False)
    assert not big_party.automatic("mine", ("automatic_ammo",), 1, False)
    assert not big_party.automatic("mine", ("automatic_ammo",), 0, True)  # a friendly ship within 1
    assert big_party.automatic("missile", ("automatic_missile",), 1, False)
    assert not big_party.automatic("rocket", ("automatic_missile",), 1, False)


@pytest.mark.rule("TOB-M6-SKILL-01")
def test_skills_in_play_change_miss_cards_range_and_blasts():
    a = fighter("A", "P1", [10, 10], ["CM", "STR", "THR", "NB"], facing="C")
    b = fighter("B", "P2", [18, 10], ["CM", "STR", "THR", "LT", "JAM", "SG"])
    players = [{"id": "P1", "number": 1, "skills": ["target_computer", "long_range_weapon", "explosion_ammo"]},
               {"id": "P2", "number": 2, "skills": ["navigation_computer", "close_up_jammer"]}]
    _, plain = resolve(party(a, b), {"A": [{"card": "NB", "target": "B"}], "B": [{"card": "JAM"}]})
    _, skilled = resolve(party(a, b, players=players), {"A": [{"card": "NB", "target": "B"}], "B": [{"card": "JAM"}]})
    p, s = of_type(plain, "shot")[0], of_type(skilled, "shot")[0]
    assert (p["effective_range"], s["effective_range"]) == (8, 6)  # long range weapon: 8 - 2
    # plain: range 8 row 2, size 0, jammer 2 = 4; skilled: row 1 (6), -1, +1, jammer 5 = 6
    assert (p["miss_cards"], s["miss_cards"]) == (4, 6)
    mine = {"id": "M", "side": "P1", "kind": "mine", "hex": [20, 10], "momentum": [20, 10]}
    c = fighter("C", "P2", [21, 10], STD4)
    pos = party(a, c, players=players, projectiles=[mine])
    _, events = resolve(pos, {"M": [{"detonate": True}]})
    assert of_type(events, "detonated")[0]["damage"] == {"hex": 10, "adjacent": 4}


@pytest.mark.rule("TOB-M6-SKILL-01")
def test_automatic_ammo_and_long_range_jammer_in_play():
    players = [{"id": "P1", "number": 1, "skills": ["automatic_ammo"]},
               {"id": "P2", "number": 2, "skills": ["long_range_jammer"]}]
    a = fighter("A", "P1", [5, 10], STD4)
    mine = {"id": "M", "side": "P1", "kind": "mine", "hex": [20, 10], "momentum": [20, 10]}
    b = fighter("B", "P2", [20, 10], STD4)  # an enemy ship in the mine's hex: it goes off by itself
    _, events = resolve(party(a, b, players=players, projectiles=[mine]), {})
    assert of_type(events, "detonated")[0]["cause"] == "automatic"
    guard = fighter("G", "P1", [21, 10], STD4)  # a friendly ship within 1 hex: it does not
    _, events = resolve(party(a, b, guard, players=players, projectiles=[mine]), {})
    assert of_type(events, "detonated") == []
    far = fighter("J", "P2", [20, 24], ["CM", "STR", "THR", "LT", "JAM"])  # 14 hexes: beyond 12, within 16
    _, events = resolve(party(a, far, players=players, projectiles=[dict(mine, hex=[20, 10])]),
                        {"J": [{"card": "JAM", "detonate": "M"}]})
    attempt = of_type(events, "jam_attempt")[0]
    assert attempt["distance"] == 14 and attempt["deck"] == 14 // 2 + 1 and attempt["result"] != "out_of_range"


@pytest.mark.rule("TOB-M6-ULTRA-01")
def test_an_ultra_with_3_structures_keeps_at_most_12_cards():
    ultra = ["CM", "STR", "STR", "STR", "STR", "THR", "THR", "THR", "THR", "LT", "LT", "LT", "SG", "JAM"]
    pos = party(fighter("U", "P1", [10, 10], ultra, destroyed=["STR"]), fighter("B", "P2", [35, 5], STD4))
    out, events = resolve(pos, {})
    assert of_type(events, "discarded")[0]["id"] == "U"
    ship = next(f for f in out["fighters"] if f["id"] == "U")
    assert len(ship["cards"]) - len(ship["destroyed"]) == 12


@pytest.mark.rule("TOB-M6-RAM-01")
def test_no_ram_with_shields_up():
    s = fighter("S", "P1", [10, 10], ["CM", "STR", "THR", "LT", "SG"], shields=True)
    with pytest.raises(RuleError) as err:
        resolve(party(s, fighter("B", "P2", [35, 5], STD4)), {"S": [{"card": "RAM"}]})
    assert err.value.rule == "TOB-M2-PLOT-05"
