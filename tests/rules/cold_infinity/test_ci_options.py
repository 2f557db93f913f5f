"""The digest's readings as options (format: Options): each alternative the format names plays
as described, the default being the digest's proposal."""

from __future__ import annotations

import pytest

from hexfleet.engine.errors import FormatError
from hexfleet.games.cold_infinity import fire
from hexfleet.games.cold_infinity.position import read_position
from hexfleet.games.cold_infinity.turn import start_of_turn

from .helpers import design, pos, position, unit
from .test_ci_fire import duel, play_turns
from .test_ci_movement import move


@pytest.mark.rule("CI-5.4.1.d")
def test_rotate_then_accelerate_gap09() -> None:
    p = pos([unit("R", "red", "reaper", facing=2, vector="2+4")])
    assert move(p, "R", pivot=-2, accel=3)["vector"] == "1+3,2+1"
    p = pos([unit("R", "red", "reaper", facing=2, vector="2+4")], options={"rotate_then_accelerate": False})
    assert move(p, "R", pivot=-2, accel=3)["vector"] == "2+7"


@pytest.mark.rule("CI-5.8.2")
def test_non_inertial_cost_per_turn_gap17() -> None:
    d = design("reaper")
    next(s for s in d["systems"] if s["id"] == "engine")["engine"]["non_inertial"] = True
    p = read_position(position([unit("S", "red", "d", vector="1+4")], designs={"d": d}))
    assert move(p, "S", turn=2)["thrust"] == 2 + 2
    p = read_position(position([unit("S", "red", "d", vector="1+4")], designs={"d": d},
                               options={"non_inertial_cost": "per_turn"}))
    assert move(p, "S", turn=2)["thrust"] == 2 + 1


@pytest.mark.rule("CI-3.1.2.c")
def test_capacitor_damage_on_recharge_gap22() -> None:
    p = pos([unit("C", "red", "warden", systems={"capacitor": {"lost": 2, "stored": 10}})],
            options={"capacitor_damage": "recharge"})
    start_of_turn(p)
    assert p["units"][0]["systems"]["capacitor"]["stored"] == 16  # recharge 10 − 4


@pytest.mark.rule("CI-7.1.3.b")
def test_arming_1_3_turn4_reading_gap30() -> None:
    p = duel(rof="1+3", options={"arming_1_3": "turn4"})
    assert play_turns(p, {}, 4) == [1, 4]


@pytest.mark.rule("CI-7.1.4")
def test_own_hex_out_of_arc_option_gap31() -> None:
    p = duel("1 narrow", (0, 0), options={"own_hex_in_arc": False})
    assert not fire.in_arc(p, p["units"][0], "1 narrow", p["units"][1])


@pytest.mark.rule("CI-7.1.4.2")
def test_basic_game_abstract_arcs_gap32() -> None:
    p = duel("1 narrow", (2, -1), options={"basic_arcs": "abstract1"})
    p["level"] = "basic"
    a, t = p["units"]
    assert fire.arc_eligible(p, a, "1 narrow", t) and fire.arc_drm(p, a, "1 narrow", t) == -2
    p["level"] = "advanced"
    assert not fire.arc_eligible(p, a, "1 narrow", t)


def test_readings_not_played_yet_are_refused_by_name() -> None:
    with pytest.raises(FormatError) as e:
        read_position(position([], options={"thrust_timing": "step_start"}))
    assert e.value.field == "options.thrust_timing" and "not implemented" in e.value.message
    with pytest.raises(FormatError):
        read_position(position([], options={"system_battery_absorbs": True}))


def test_every_option_names_its_rule_and_house_says_so() -> None:
    from hexfleet.games import get_ruleset

    options = {o.name: o for o in get_ruleset("cold-infinity").options}
    assert all(o.rule for o in options.values())
    assert "NOT from the book" in options["house"].help and "house rule" in options["turn_limit"].help


def test_the_table_dice_option_is_refused_by_name() -> None:
    """Cold Infinity rolls inside its orders (initiative in the power order's resolution), where
    the kernel cannot stop to ask a face, so the table-dice option (``physical``, offered by
    Launch Fighters!) is refused as unknown instead of being accepted and failing at the first roll."""
    from hexfleet.games import get_ruleset

    with pytest.raises(FormatError) as e:
        get_ruleset("cold-infinity").new_game("frigate-duel", seed=1, options={"physical": True})
    assert e.value.field == "options.physical" and "unknown field" in e.value.message
