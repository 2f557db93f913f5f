"""Electronic warfare (CI-4): shrouds and lock-on (TV-08), ECM, small-vessel targeting, ESS
shrouds, amplification, countermeasures, jamming and negation (TV-10, TV-43), detectors,
masking, and shrouds in 3-D (TV-26, TV-27)."""

from __future__ import annotations

import pytest

from hexfleet.engine.errors import RuleError
from hexfleet.games.cold_infinity import ew
from hexfleet.games.cold_infinity.position import read_position

from .helpers import design, pos, position, unit


def _ew(p: dict, uid: str, **kw: object) -> None:
    u = next(x for x in p["units"] if x["id"] == uid)
    order = ew.parse(kw, "order")
    ew.check(p, u, order)
    ew.apply(p, u, order)


def _ess_design() -> dict:
    d = design("reaper")
    d["systems"].append({"id": "ess", "type": "ess", "section": "core", "structure": 3, "power": 2,
                         "ess": {"rating": 12}})
    d["systems"][7]["reactor"]["rating"] = 20
    return d


@pytest.mark.rule("CI-4.0.a")
@pytest.mark.rule("CI-4.1.a")
@pytest.mark.rule("CI-4.1.b")
@pytest.mark.rule("CI-4.1.d")
@pytest.mark.rule("CI-4.1.e")
@pytest.mark.rule("CI-4.1.f")
@pytest.mark.rule("CI-4")
@pytest.mark.rule("CI-4.1")
def test_tv08_shroud_lock_on_and_amplification() -> None:
    d = design("reaper")
    d["systems"][8]["sensor"]["ew"] = 5
    p = read_position(position([unit("A", "red", "r"), unit("B", "blue", "r", (0, -30)), unit("C", "blue", "r", (0, -31))],
                               designs={"r": d}))
    _ew(p, "A", shroud=3, amplify=2)
    a, b, c = p["units"]
    assert ew.in_shroud(p, a, a)  # the own hex is inside
    assert ew.in_shroud(p, a, b) and ew.lock_on(p, a, b)
    assert not ew.in_shroud(p, a, c) and not ew.lock_on(p, a, c)
    with pytest.raises(RuleError) as e:
        _ew(p, "A", shroud=3, amplify=3)
    assert e.value.rule == "CI-4.0.a"
    with pytest.raises(RuleError) as e:
        _ew(p, "A", amplify=1)
    assert e.value.rule == "CI-4.1.d"


@pytest.mark.rule("CI-4.5.a")
@pytest.mark.rule("CI-4.5")
def test_destroyed_sensors_give_nothing() -> None:
    p = pos([unit("A", "red", "reaper", systems={"sensors": {"destroyed": True, "lost": 4}})])
    with pytest.raises(RuleError) as e:
        _ew(p, "A", shroud=1)
    assert e.value.rule == "CI-4.5.a"


@pytest.mark.rule("CI-4.5.b")
def test_damaged_sensors_lose_points_gap27() -> None:
    p = pos([unit("A", "red", "reaper", systems={"sensors": {"lost": 1}})])
    assert ew.ew_points(p, p["units"][0]) == 3


@pytest.mark.rule("CI-4.8.1")
@pytest.mark.rule("CI-4.8")
@pytest.mark.rule("CI-4.8.a")
def test_reserve_needs_a_detector_and_at_most_half() -> None:
    p = pos([unit("A", "red", "reaper")])
    with pytest.raises(RuleError) as e:
        _ew(p, "A", reserve=1)
    assert e.value.rule == "CI-4.8.1"
    d = design("reaper")
    d["systems"].append({"id": "det", "type": "ew_detector", "section": "core", "structure": 1, "power": 0,
                         "ew_detector": {}})
    p = read_position(position([unit("A", "red", "r")], designs={"r": d}))
    _ew(p, "A", reserve=2)
    with pytest.raises(RuleError) as e:
        _ew(p, "A", reserve=3)
    assert e.value.rule == "CI-4.8.1"


@pytest.mark.rule("CI-4.8.2")
def test_masking_needs_a_masking_sensor() -> None:
    p = pos([unit("A", "red", "reaper")])
    with pytest.raises(RuleError) as e:
        _ew(p, "A", masking=2)
    assert e.value.rule == "CI-4.8.2"


@pytest.mark.rule("CI-4.7.1")
@pytest.mark.rule("CI-4.7.3")
@pytest.mark.rule("CI-4.7.7")
@pytest.mark.rule("CI-4.7.a")
@pytest.mark.rule("CI-4.7")
def test_tv43_ess_countermeasures_strongest_only() -> None:
    """ESS X: 1 on the shroud (8 hexes), 6 on ECM → 2 ECM for every friend inside; a second
    ESS giving 1 ECM there changes nothing."""
    d = _ess_design()
    p = read_position(position([unit("X", "red", "e"), unit("Y", "red", "e", (0, -2)), unit("F", "red", "reaper", (0, -8)),
                                unit("G", "red", "reaper", (0, -9)), unit("E", "blue", "reaper", (0, -40))],
                               designs={"e": d, "reaper": design("reaper")}))
    _ew(p, "X", ess={"shroud": 1, "ecm": 6})
    _ew(p, "Y", ess={"shroud": 1, "ecm": 3})
    f, g = p["units"][2], p["units"][3]
    assert ew.strongest(p, "red", f, "ecm") == 2
    assert ew.strongest(p, "red", g, "ecm") == 1  # only Y's shroud (2..10) holds G at 9 hexes from X
    with pytest.raises(RuleError) as e:
        _ew(p, "X", ess={"ecm": 3})
    assert e.value.rule == "CI-4.7.1"


@pytest.mark.rule("CI-4.7.4")
@pytest.mark.rule("CI-4.7.1")
def test_jamming_removes_every_lock_on_but_not_a_fighter() -> None:
    d = _ess_design()
    p = read_position(position([unit("X", "red", "e"), unit("CA", "blue", "reaper", (0, -5)),
                                unit("FT", "blue", "talon_flight", (0, -6), count=3)],
                               designs={"e": d, "reaper": design("reaper"), "talon_flight": design("talon_flight")}))
    _ew(p, "CA", shroud=1)
    x, ca, _ = p["units"]
    assert ew.lock_on(p, ca, x)
    _ew(p, "X", ess={"shroud": 1, "jam": ["CA"]})
    assert not ew.lock_on(p, ca, x) and ew.jammed(p, ca)
    with pytest.raises(RuleError) as e:
        _ew(p, "X", ess={"shroud": 1, "jam": ["FT"]})
    assert e.value.rule == "CI-4.7.4"


@pytest.mark.rule("CI-4.7.5")
@pytest.mark.rule("CI-4.7.7")
def test_tv10_negation_chain() -> None:
    """A negates B, B negates C: B and C are negated, A is not. Then B negates A instead: A and
    B cancel, nobody negates C: all three operate."""
    d = _ess_design()
    p = read_position(position([unit("A", "red", "e"), unit("B", "blue", "e", (0, -3)), unit("C", "red", "e", (0, -5))],
                               designs={"e": d}))
    _ew(p, "A", ess={"shroud": 1, "negate": ["B"]})
    _ew(p, "B", ess={"shroud": 1, "negate": ["C"]})
    a, b, c = p["units"]
    assert (ew.negated(p, a), ew.negated(p, b), ew.negated(p, c)) == (False, True, True)
    _ew(p, "B", ess={"shroud": 1, "negate": ["A"]})
    assert (ew.negated(p, a), ew.negated(p, b), ew.negated(p, c)) == (False, False, False)


@pytest.mark.rule("CI-4.7.2")
@pytest.mark.rule("CI-4.7.b")
def test_ess_lock_on_and_amplification_for_friends_not_itself() -> None:
    d = _ess_design()
    p = read_position(position([unit("X", "red", "e"), unit("F", "red", "reaper", (0, -4)), unit("E", "blue", "reaper", (0, -7))],
                               designs={"e": d, "reaper": design("reaper")}))
    _ew(p, "X", ess={"shroud": 1, "amplify": {"E": 2}})
    x, f, e = p["units"]
    assert ew.lock_on(p, f, e) and not ew.lock_on(p, x, e)  # not the ESS unit's own
    assert ew.strongest(p, "red", f, "amplify", e) == 2


@pytest.mark.rule("CI-6.5.a")
@pytest.mark.rule("CI-6.5.b")
@pytest.mark.rule("CI-6.5.c")
@pytest.mark.rule("CI-6.5")
@pytest.mark.rule("CI-6.3")
@pytest.mark.rule("CI-6.3.a")
@pytest.mark.rule("CI-6.1.c")
def test_tv26_tv27_three_d_range_and_shrouds() -> None:
    p = pos([unit("A", "red", "reaper", z=4), unit("B", "blue", "reaper", (0, -14), z=-6)],
            options={"three_d": True})
    a, b = p["units"]
    assert ew.range_between(p, a, b) == 17
    assert ew.range_between(p, a, b, summed=True) == 24
    p = pos([unit("A", "red", "reaper"), unit("B", "blue", "reaper", (0, -20), z=20),
             unit("C", "blue", "reaper", (0, -25), z=20)], options={"three_d": True})
    p["units"][0]["ew"]["shroud"] = 3
    a, b, c = p["units"]
    assert ew.in_shroud(p, a, b) and not ew.in_shroud(p, a, c)


@pytest.mark.rule("CI-2.1.3.1")
def test_ess_functions_are_announced_to_everyone() -> None:
    from .helpers import of_type, resolve

    d = _ess_design()
    p = position([unit("X", "red", "e"), unit("B", "blue", "reaper", (0, -4))],
                 designs={"e": d, "reaper": design("reaper")})
    _, events = resolve(p, [{"@phase": "power"}, {"@phase": "ew", "red": {"X": {"ess": {"shroud": 2, "ecm": 3}}}}],
                        dice=(1, 2))
    ess = of_type(events, "ess")
    assert ess == [{"type": "ess", "unit": "X", "radius": 16, "negated": False, "turn": 1}]
    assert all("visible_to" not in e for e in ess)
