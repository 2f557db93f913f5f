"""Hidden and simultaneous information (C.3, CI-2.1.1, CI-2.1.3.a, CI-3.2.f): the secret power
and EW phases are hidden from the other seats in every view, event and order view; what is
announced (activations, initiative, ESS functions) is public."""

from __future__ import annotations

import pytest

from hexfleet.engine.game import Game
from hexfleet.games import get_ruleset
from hexfleet.render.cold_infinity import svg

RULESET = get_ruleset("cold-infinity")


def _game() -> Game:
    return Game(RULESET, "frigate-duel", seed=5)


@pytest.mark.rule("CI-2.1.3.a")
@pytest.mark.rule("CI-3.5.a")
def test_ew_and_boosts_are_hidden_until_fire() -> None:
    g = _game()
    guns = ["railgun_1", "railgun_2", "railgun_3", "railgun_4"]
    g.submit({"red": {"R1": {"extra_ew": {"sensors": 1}, "deactivate": guns}}, "blue": {}})
    g.submit({"red": {"R1": {"shroud": 1, "amplify": 4}}, "blue": {}})
    blue = g.view("blue")["position"]
    red_unit = next(u for u in blue["units"] if u["id"] == "R1")
    assert red_unit["ew"] == {k: None for k in red_unit["ew"]} and red_unit["extra"] is None
    assert red_unit["power_drawn"] is None
    own = next(u for u in g.view("red")["position"]["units"] if u["id"] == "R1")
    assert own["ew"]["amplify"] == 4 and own["extra"]["ew"] == 1
    blue_log = g.log_for("blue")
    assert not any(e.get("type") == "power" and e.get("unit") == "R1" for e in _events(blue_log))


@pytest.mark.rule("CI-2.1.2.g")
@pytest.mark.rule("CI-3.2.f")
def test_initiative_and_activations_reach_every_seat() -> None:
    g = _game()
    g.submit({"red": {}, "blue": {}})
    blue_events = _events(g.log_for("blue"))
    assert any(e.get("type") == "initiative" and e.get("unit") == "R1" for e in blue_events)
    assert any(e.get("type") == "move_order" for e in blue_events)


@pytest.mark.rule("CI-2.1.1")
def test_power_orders_are_secret_in_the_record_view() -> None:
    g = _game()
    state = g.state
    order = {"R1": {"deactivate": ["railgun_1"]}}
    assert RULESET.order_view(state, "blue", "red", order) is None
    assert RULESET.order_view(state, "red", "red", order) == order


def _events(log: object) -> list[dict]:
    out: list[dict] = []
    for entry in log if isinstance(log, list) else []:
        if isinstance(entry, dict):
            out += entry.get("events", [])
    return out


@pytest.mark.rule("CI-3.3.b")
def test_battery_running_zero_power_systems_is_hidden() -> None:
    """How long a unit has run on its battery tells how its power stands: hidden like the rest
    of its power allocation, and a bot's determinized state reads it as none."""
    from hexfleet.ai.cold_infinity import determinize

    g = Game(RULESET, "frigate-duel", seed=5, options={"zero_power_batteries": True})
    g.submit({"red": {}, "blue": {}})
    red_unit = next(u for u in g.view("blue")["position"]["units"] if u["id"] == "R1")
    assert red_unit["zero_power_turns"] is None
    assert determinize(g.view("blue"), "blue", 1).pos["units"][0]["zero_power_turns"] == 0


@pytest.mark.rule("CI-3.5.a")
@pytest.mark.rule("CI-4.4.a")
@pytest.mark.rule("CI-5.2.a")
def test_budgets_are_the_owners_alone() -> None:
    """The view's budgets (power the plants give and drawn, EW points with boosts, thrust)
    list only the seat's own units: a boost shows in red's budget and nowhere in blue's."""
    g = _game()
    guns = ["railgun_1", "railgun_2", "railgun_3", "railgun_4"]
    g.submit({"red": {"R1": {"extra_ew": {"sensors": 1}, "deactivate": guns}}, "blue": {}})
    red = g.view("red")["budgets"]
    assert set(red) == {"R1"} and red["R1"]["ew"] == 5 and red["R1"]["power"] == 8
    assert red["R1"]["drawn"] is not None and red["R1"]["thrust"] == 10
    assert set(g.view("blue")["budgets"]) == {"B1"} and g.view(None)["budgets"] == {}


@pytest.mark.rule("CI-2.1.3.a")
@pytest.mark.rule("CI-4.1.b")
def test_the_map_draws_a_shroud_only_where_the_view_holds_it() -> None:
    """The SVG map outlines R1's 10-hex shroud (solid: amplified) on red's map; blue's map,
    whose view blanks red's EW, has none."""
    g = _game()
    g.submit({"red": {}, "blue": {}})
    g.submit({"red": {"R1": {"shroud": 1, "amplify": 3}}, "blue": {}})
    red = svg(g.view("red"))
    assert red.count('class="shroud"') == 1 and 'data-id="R1"' in red and "R1's EW shroud: 10 hexes, amplified" in red
    assert 'class="shroud"' not in svg(g.view("blue"))
