"""Talon's data (digest §21–22): impulse chart, weapon tables, criticals, explosion ratings and
the two ship packs, checked against the book facts the digest lists."""

from __future__ import annotations

import pytest

from hexfleet.games.talon.data import IMPULSES, criticals, impulses_of, pack, schedule, weapons


@pytest.mark.rule("TAL-D-1")
@pytest.mark.rule("TAL-D-2")
@pytest.mark.rule("TAL-EX-S1")
@pytest.mark.rule("TAL-AMB-1")
def test_impulse_chart_lists_each_value_in_that_many_impulses():
    assert schedule()["A"] == {4, 5, 6} and schedule()["E"] == {6} and schedule()["F"] == set(range(1, 7))
    assert impulses_of(3) == ("B", "D", "F") and impulses_of(5) == ("A", "B", "C", "D", "F") and impulses_of(0) == ()
    for v in range(7):
        assert len(impulses_of(v)) == v
    assert IMPULSES == ("A", "B", "C", "D", "E", "F")


@pytest.mark.rule("TAL-EX-2")
@pytest.mark.rule("TAL-4.1.d")
def test_patton_at_power_2_speed_4():
    assert impulses_of(2) == ("C", "F") and impulses_of(4) == ("A", "C", "D", "F")


@pytest.mark.rule("TAL-EX-1")
@pytest.mark.rule("TAL-2.6.a")
@pytest.mark.rule("TAL-AMB-33")
def test_talon_battle_cruiser():
    bc = pack("talon-ext")["talon-bc"]
    kinds = sorted((g.weapon, g.count, g.red, g.yellow, tuple(sorted(g.arcs))) for g in bc.groups)
    assert kinds == [("disruptor", 1, 1, 2, ("F",)), ("disruptor", 2, 1, 4, ("F", "L", "R")),
                     ("missile", 3, 2, 0, ("F",))]
    assert bc.afterburners == 2 and len(bc.critical) == 2


@pytest.mark.rule("TAL-D-3")
@pytest.mark.rule("TAL-EX-6")
@pytest.mark.rule("TAL-5.4.1")
@pytest.mark.rule("TAL-5.1.a")
def test_terran_heavy_cruiser_curve_and_book_facts():
    ca = pack("talon-ext")["terran-ca"]
    assert [(r.power, r.speed, r.tr) for r in ca.rows] == [(1, 5, 3), (2, 4, 2), (3, 3, 2), (4, 2, 1), (5, 1, 1)]
    assert (ca.start_row.power, ca.start_row.speed, ca.start_row.tr) == (3, 3, 2)
    assert ca.explosion == 3 and ca.sp == 115 and len(ca.hull) == 6 and ca.hull[3] == -1 and ca.hull[-1] == -2


@pytest.mark.rule("TAL-D-14")
@pytest.mark.rule("TAL-1.a")
@pytest.mark.rule("TAL-5.2")
def test_both_packs_load_with_the_schema():
    ext = {f"terran-{k}" for k in "base bb bc ca cl cv dd ftr sc tran".split()} | \
        {f"talon-{k}" for k in "base bb bc ca cl dd dn ff tran".split()}
    assert set(pack("talon-ext")) == ext  # the format's class keys
    assert set(pack("generic")) == {"G-BLUE-DD", "G-BLUE-CA", "G-BLUE-BB", "G-BLUE-CV", "G-BLUE-FTR", "G-RED-FF",
                                    "G-RED-CA", "G-RED-BC", "G-RED-BB"}
    for name in ("talon-ext", "generic"):
        classes = pack(name)
        for c in classes.values():
            assert c.side in ("terran", "talon") and 1 <= len(c.groups) + (c.hull_type == "Tran") <= 3
            assert c.rows[c.start] in c.rows and all(w.weapon in weapons() for w in c.groups)
            assert c.is_squadron or len(c.hull) >= 2


@pytest.mark.rule("TAL-D-5")
@pytest.mark.rule("TAL-EX-13")
@pytest.mark.rule("TAL-D-4")
def test_phaser_damage_by_range_and_roll():
    ph = weapons()["phaser"]
    assert [ph.result(4, r) for r in (1, 2, 3)] == [2, 2, 0]
    assert ph.result(2, 1) == 2 and ph.result(1, 1) == 1 and ph.result(0, 1) == 0 and ph.result(6, 4) == 0


@pytest.mark.rule("TAL-D-6")
def test_disruptor_always_two_on_a_hit():
    d = weapons()["disruptor"]
    assert [d.result(5, 1), d.result(4, 1), d.result(2, 2), d.result(1, 2), d.result(3, 3), d.result(5, 4)] == \
        [2, 0, 2, 0, 2, 2]


@pytest.mark.rule("TAL-D-7")
@pytest.mark.rule("TAL-D-8")
def test_torpedo_and_wave_motion_gun_tables():
    amt, wmg = weapons()["amt"], weapons()["wmg"]
    assert amt.result(6, 1) == 0 and amt.result(2, 2) == 4 and amt.result(3, 3) == 4 and amt.result(4, 4) == 0
    assert wmg.result(2, 2) == 10 and wmg.result(2, 3) == 0 and wmg.result(3, 4) == 10 and wmg.max_range() == 4


@pytest.mark.rule("TAL-D-9")
def test_fusion_cannon_table():
    fc = weapons()["fusion_cannon"]
    assert [fc.result(4, r) for r in (1, 2, 3)] == [9, 6, 2]
    assert [fc.result(1, r) for r in (1, 2, 3)] == [7, 4, 0]


@pytest.mark.rule("TAL-D-11")
@pytest.mark.rule("TAL-AMB-5")
def test_critical_table():
    table = criticals()
    assert table[4] == "helm_down" and table[6] == "thrusters_damaged" and table[11] == "power_loss"
    assert table[5] == table[9] == "weapon_group_destroyed" and table[12] == "core_breach" and len(table) == 11


@pytest.mark.rule("TAL-D-12")
def test_explosion_ratings_by_hull():
    ext = pack("talon-ext")
    assert ext["talon-dn"].explosion == 5 and ext["terran-ftr"].explosion == 0 and ext["talon-base"].explosion == 5
