"""Cold Infinity's search hooks (``hexfleet.ai.cold_infinity``): leaves scored by damage and by the
threat of the guns that bear, a prior that fires and closes first, and the plumbing that makes
search fast (a view read once, positions copied by a JSON walk, a ship's moves listed once)."""

from __future__ import annotations

import random

import pytest

from hexfleet.ai.base import get_bot
from hexfleet.ai.cold_infinity import bears_at, determinize, evaluate, gaps, moved, prior, prune, threats, volley_damage
from hexfleet.ai.mcts import MctsBot
from hexfleet.engine.rng import Rng
from hexfleet.engine.ruleset import step
from hexfleet.games import get_ruleset
from hexfleet.games.cold_infinity.play import copy_pos
from hexfleet.games.cold_infinity.position import read_position
from hexfleet.games.cold_infinity.rules import CiState
from tests.rules.cold_infinity.helpers import position, unit

R = get_ruleset("cold-infinity")


def _duel(blue_hex: tuple[int, int], blue_facing: int, **kw: object) -> CiState:
    """Red's frigate at the origin, nose north (facing 1); blue's where asked."""
    units = [unit("R", "red", "reaper"), unit("B", "blue", "reaper", blue_hex, facing=blue_facing)]
    return CiState(read_position(position(units, **kw)), Rng(1))


def test_a_side_whose_guns_bear_leads_one_shown_only_a_flank() -> None:
    # blue sits just off red's nose, side on: red's forward railguns bear, none of blue's do
    state = _duel((1, -2), 3)
    threat = threats(state.pos, moved(state.pos))
    assert threat["red"] > 0.0 == threat["blue"]
    scores = evaluate(state)
    assert scores["red"] > 0.5 > scores["blue"]
    assert scores["red"] + scores["blue"] == pytest.approx(1.0)  # zero-sum: what one gains the other loses


def test_the_threat_fades_with_range_and_vanishes_out_of_arc() -> None:
    near = _duel((1, -2), 3)
    far = _duel((3, -8), 3)
    abeam = _duel((2, -1), 3)  # 90° to starboard of red, 2 hexes: neither of its arcs holds it
    assert threats(near.pos, set())["red"] > threats(far.pos, set())["red"] > 0.0
    assert threats(abeam.pos, set())["red"] == 0.0


def test_a_ship_yet_to_move_is_judged_where_its_vector_takes_it() -> None:
    # red drifts 4 hexes north a turn: before the move, blue 6 hexes ahead is 2 away
    units = [unit("R", "red", "reaper", vector="1+4"), unit("B", "blue", "reaper", (1, -7), facing=3)]
    before = CiState(read_position(position(units, phase="power")), Rng(1))
    after = CiState(read_position(position(units, phase="fire")), Rng(1))
    assert moved(before.pos) == set()
    assert moved(after.pos) == {"R", "B"}
    assert threats(before.pos, moved(before.pos))["red"] > threats(after.pos, moved(after.pos))["red"]


def test_the_gap_counts_a_closing_speed_that_carries_past() -> None:
    # the same range now; red's vector closes it in two turns, or opens it
    toward = [unit("R", "red", "reaper", vector="1+4"), unit("B", "blue", "reaper", (0, -8), facing=4)]
    away = [unit("R", "red", "reaper", vector="4+4"), unit("B", "blue", "reaper", (0, -8), facing=4)]
    g_toward = gaps(read_position(position(toward)))
    g_away = gaps(read_position(position(away)))
    assert g_toward["red"] == 8 + 0 and g_away["red"] == 8 + 16
    # the prior presses the unit that moves: a second red frigate far behind has its own gap
    pair = read_position(position(toward + [unit("R2", "red", "reaper", (0, 8), vector="0")]))
    assert gaps(pair)["red"] == 8 and gaps(pair, {"R2"})["red"] == 16 + 16 and gaps(pair, {"B"}) == {"blue": 8}


def _first(kind: str, seed: int = 3) -> CiState:
    """The first state of a random frigate duel where red has a choice of ``kind``."""
    rnd = random.Random(seed)
    state = R.new_game("frigate-duel", seed=seed)
    for _ in range(400):
        pending = R.pending(state)
        if "red" in pending and R.view(state, "red")["decision"]["kind"] == kind and R.legal(state, "red").count() > 1:
            return state
        state, _ = step(R, state, {s: R.legal(state, s).sample(rnd) for s in pending})
    raise AssertionError(f"no {kind} choice for red")


def test_the_prior_fires_first() -> None:
    state = _first("fire")
    orders = R.legal_orders(state, "red")
    scores = prior(state, "red", orders)
    hold = next(i for i, o in enumerate(orders) if not any(f.attacks for f in o.values()))
    assert max(scores) > scores[hold]


def test_the_prior_ranks_closing_above_running_away() -> None:
    # the opening of the frigate duel: red flies at blue; full burn ahead closes, full reverse opens
    state = R.new_game("frigate-duel", seed=1)
    state, _ = step(R, state, {"red": {}, "blue": {}})  # power
    state, _ = step(R, state, {"red": {}, "blue": {}})  # EW
    assert R.view(state, "red")["decision"]["kind"] == "move"
    orders = R.legal_orders(state, "red")
    scores = dict(zip((repr(o) for o in orders), prior(state, "red", orders)))
    burn = next(k for k, o in zip(scores, orders) if o["R1"].accel == 2 and not o["R1"].pivot)
    reverse = next(k for k, o in zip(scores, orders) if o["R1"].accel == -2)
    assert scores[burn] > scores[reverse]
    assert sum(scores.values()) == pytest.approx(0.0)  # relative scores: the bias never saturates


def test_search_fires_when_the_guns_bear() -> None:
    state = _first("fire")
    bot = MctsBot(seed=1, think=None, iterations=60)
    order = bot.choose(R, "red", R.view(state, "red"), R.legal(state, "red"))
    assert any(f.attacks for f in order.values())


def test_determinize_reads_a_view_once_and_hands_out_independent_copies() -> None:
    state = _first("move")
    view = R.view(state, "red")
    a, b = determinize(view, "red", 1), determinize(view, "red", 2)
    assert a.pos == b.pos and a.pos is not b.pos
    a.pos["units"][0]["hex"][0] += 5
    assert determinize(view, "red", 3).pos == b.pos  # a search changing its copy leaves the next alone


def test_a_position_copy_is_independent_and_shares_only_the_designs() -> None:
    state = _first("fire")
    new = copy_pos(state.pos)
    assert new == state.pos
    assert new["designs"] is state.pos["designs"]  # play never changes a design
    new["units"][0]["systems"]["railgun_1"]["lost"] += 1
    new["plots"]["extra"] = {}
    assert new != state.pos and "extra" not in state.pos["plots"]


def test_a_ships_moves_are_listed_once_per_state() -> None:
    state = _first("move")
    first = R.legal(state, "red")
    assert R.legal(state, "red") is first
    other = _first("move", seed=5)
    assert R.legal(other, "red") is not first
    assert list(R.legal(state, "red")) == list(first)


@pytest.mark.parametrize("scenario", sorted(R.scenarios()))
def test_search_plays_every_scenario_through_a_turn(scenario: str) -> None:
    """The hooks on every scenario's ships and options (3-D drift and arcs, a fighter flight)."""
    state = R.new_game(scenario, seed=3, options={"turn_limit": 1})
    bots = {s: MctsBot(seed=i, think=None, iterations=6) for i, s in enumerate(R.seats(state))}
    for _ in range(40):
        pending = R.pending(state)
        if not pending:
            break
        for s in pending:
            values = evaluate(determinize(R.view(state, s), s, 1))
            assert set(values) == set(R.seats(state)) and all(0.0 <= v <= 1.0 for v in values.values())
        state, _ = step(R, state, {s: bots[s].choose(R, s, R.view(state, s), R.legal(state, s)) for s in pending})
    assert R.outcome(state) is not None


def test_matched_velocities_outscore_a_pass_at_speed() -> None:
    # the same fire now (blue side on, just off red's nose); red either holds station or is
    # flying off astern at 4 hexes a turn, out of effective range by the fire after
    def at(vector: str) -> CiState:
        units = [unit("R", "red", "reaper", vector=vector), unit("B", "blue", "reaper", (1, -2), facing=3)]
        return CiState(read_position(position(units, phase="fire")), Rng(1))

    holding, passing = at("0"), at("4+4")
    done = {"R", "B"}
    assert threats(holding.pos, done) == threats(passing.pos, done)
    assert threats(holding.pos, done, later=1)["red"] > threats(passing.pos, done, later=1)["red"]
    assert evaluate(holding)["red"] > evaluate(passing)["red"]


def _ew_scores(state: CiState) -> dict[str, float]:
    """The prior of each of red's EW assignments, by the EW function it puts points into."""
    orders = R.legal_orders(state, "red")
    named = {}
    for order, score in zip(orders, prior(state, "red", orders)):
        ew = order.get("R")
        named["none" if ew is None else "amplify" if ew.amplify else "ecm" if ew.ecm else "shroud"] = score
    return named


def test_the_prior_amplifies_where_the_guns_bear_and_jams_where_the_enemys_do() -> None:
    # blue side on off red's nose: only red's guns bear, amplification makes them hit harder
    aiming = _ew_scores(_duel((1, -4), 3, phase="ew"))
    assert aiming["amplify"] == max(aiming.values()) > aiming["none"]
    # blue abeam of red, nose on it: only blue's guns bear, red's ECM spoils them
    aimed_at = _ew_scores(_duel((2, -1), 5, phase="ew"))
    assert aimed_at["ecm"] == max(aimed_at.values()) > aimed_at["amplify"]


def test_the_threat_counts_the_ew_assigned() -> None:
    # the same geometry; red's amplification raises its threat, blue's ECM lowers it, and beyond
    # red's shroud (10 hexes a point) red has no lock-on and its range penalty doubles
    def red(**ew: int) -> float:
        units = [unit("R", "red", "reaper", ew={"points": 4, "shroud": 1, "amplify": 0, "ecm": 0, "reserve": 0,
                                                  "masking": 0} | ew),
                 unit("B", "blue", "reaper", (1, -4), facing=3)]
        return threats(read_position(position(units, phase="fire")), {"R", "B"})["red"]

    assert red(amplify=3) > red() > red(shroud=0)


def test_no_fire_after_the_turn_limit_counts() -> None:
    # holding station on blue's flank: a lead that grows with the fires left, none at the last turn
    def at(turn: int) -> float:
        units = [unit("R", "red", "reaper", vector="0"), unit("B", "blue", "reaper", (1, -2), facing=3, vector="0")]
        return evaluate(CiState(read_position(position(units, phase="fire", turn=turn, turn_limit=12)), Rng(1)))["red"]

    assert at(12) < at(11) < at(10) < at(9) == at(5)


def test_a_very_good_shot_into_the_core_gets_no_railgun_damage_through() -> None:
    # side on to red's nose: amplification makes surer hits, and more of them very good shots
    # (total 18+) that strike the core, whose armor 6 stops a 1d6 railgun whole; point-blank the
    # two cancel out, further off the surer hit wins
    def red(blue_hex: tuple[int, int], amplify: int) -> float:
        ew = {"points": 4, "shroud": 1, "amplify": amplify, "ecm": 0, "reserve": 0, "masking": 0}
        units = [unit("R", "red", "reaper", ew=ew), unit("B", "blue", "reaper", blue_hex, facing=3)]
        return threats(read_position(position(units, phase="fire")), {"R", "B"})["red"]

    assert red((1, -1), 3) == pytest.approx(red((1, -1), 0))
    assert red((1, -4), 3) > red((1, -4), 0)


def test_a_weapon_still_arming_counts_from_the_fire_it_is_armed_for() -> None:
    # the Lancer's lance (1+1) fired last turn: it sits out the next fire and bears at the one after
    def lancer(arming: int) -> CiState:
        units = [unit("R", "red", "lancer", systems={"lance": {"arming": arming}}),
                 unit("B", "blue", "reaper", (0, -3), facing=3, vector="0")]
        return CiState(read_position(position(units, phase="fire")), Rng(1))

    def red(arming: int, later: int) -> float:
        return threats(lancer(arming).pos, {"R", "B"}, later=later)["red"]

    assert red(1, 0) < red(0, 0)
    assert red(1, 1) == red(0, 0)


@pytest.mark.rule("CI-7.1.3.a", "CI-7.1.3.b")
def test_a_shot_re_arms_its_weapon_so_a_held_shot_is_not_kept() -> None:
    # the lance (1+1) ready now bears at the next fire, is arming at the one after, and bears
    # again after that; holding it a turn only moves its shots one fire later
    def red(arming: int, later: int) -> float:
        units = [unit("R", "red", "lancer", systems={"lance": {"arming": arming}}),
                 unit("B", "blue", "reaper", (0, -3), facing=3, vector="0")]
        return threats(read_position(position(units, phase="fire")), {"R", "B"}, later=later)["red"]

    ready = [red(0, later) for later in range(4)]
    assert ready[0] == ready[2] > ready[1] == ready[3]
    assert [red(1, later) for later in range(4)] == [ready[1], ready[0], ready[1], ready[0]]
    assert bears_at(0, 1, 2) and not bears_at(0, 1, 1) and bears_at(2, 2, 5) and not bears_at(2, 2, 4)


@pytest.mark.rule("CI-7.2.a", "CI-7.1.3.a")
def test_search_fires_a_volley_that_expects_damage_and_holds_one_that_expects_none() -> None:
    # the rules offer hold fire or every armed gun at the nearest enemy; search keeps only the
    # volley at two hexes, only holding at twelve, and every order outside a fire decision
    near, far = _duel((0, -2), 4, phase="fire"), _duel((0, -12), 4, phase="fire")
    held, volley = R.legal_orders(near, "red")
    assert not held and volley_damage(near.pos, volley) > 0.0
    assert prune(near, "red", [held, volley]) == [volley]
    assert prune(near, "red", [held, R.order_json(near, "red", volley)]) == [R.order_json(near, "red", volley)]
    held, volley = R.legal_orders(far, "red")
    assert volley_damage(far.pos, volley) == 0.0
    assert prune(far, "red", [held, volley]) == [held]
    ew = _duel((0, -2), 4, phase="ew")
    orders = R.legal_orders(ew, "red")
    assert len(orders) > 1 and prune(ew, "red", orders) == orders


@pytest.mark.rule("CI-3.6.a", "CI-3.6.b")
def test_the_threat_of_a_ship_ends_with_the_fire_its_overheating_plant_does_not_reach() -> None:
    # a Lancer's reactor (Rating 10, overheating) drawing 8 gains 4 heat a turn: at heat 4 it
    # shuts down at the end of the next turn, so it bears at this turn's fire and the next only;
    # drawing 2 this turn (1 heat) and all 8 from the next, it lasts a turn more
    def red(heat: int, drawn: int, later: int, phase: str = "fire") -> float:
        units = [unit("R", "red", "lancer", power_drawn=drawn, systems={"reactor": {"heat": heat}}),
                 unit("B", "blue", "reaper", (0, -2), facing=3, vector="0")]
        return threats(read_position(position(units, phase=phase)), {"R", "B"}, later=later)["red"]

    assert red(4, 8, 0) > 0.0 and red(4, 8, 1) > 0.0 and red(4, 8, 2) == 0.0
    assert red(4, 2, 2) == red(0, 8, 2) > 0.0 == red(4, 2, 3)
    # after this turn's fire the next is a turn away: one Final Actions Step sooner
    assert red(4, 8, 0, phase="defense") > 0.0 == red(4, 8, 1, phase="defense")
    assert red(9, 2, 0) > 0.0 == red(9, 2, 1)
    assert threats(read_position(position([
        unit("R", "red", "lancer", systems={"reactor": {"shut_down": True, "heat": 4}}),
        unit("B", "blue", "reaper", (0, -2), facing=3, vector="0")], phase="fire")), {"R", "B"})["red"] == 0.0


@pytest.mark.rule("CI-3.6.a", "CI-3.6.c", "CI-3.2.b")
def test_an_overheating_ship_is_offered_to_switch_off_and_a_cold_plant_to_restart() -> None:
    units = [unit("R", "red", "reaper"), unit("B", "blue", "lancer", (0, -8), facing=4)]
    state = CiState(read_position(position(units, phase="power")), Rng(1))
    offered = [R.order_json(state, "blue", o) for o in R.legal_orders(state, "blue")]
    assert {"B": {"deactivate": ["lance", "turret", "aft_gun"]}} in offered
    assert {"B": {"deactivate": ["lance", "turret", "sensors", "aft_gun"]}} in offered
    # the Reaper's plant does not overheat: nothing to switch off
    assert not any("deactivate" in o.get("R", {}) for o in map(lambda o: R.order_json(state, "red", o),
                                                                R.legal_orders(state, "red")))
    shut = [unit("R", "red", "reaper"),
            unit("B", "blue", "lancer", (0, -8), facing=4, systems={"reactor": {"shut_down": True, "heat": 0}})]
    state = CiState(read_position(position(shut, phase="power")), Rng(1))
    offered = [R.order_json(state, "blue", o) for o in R.legal_orders(state, "blue")]
    assert {"B": {"restart": ["reactor"], "deactivate": ["lance", "turret", "sensors", "aft_gun"]}} in offered


@pytest.mark.rule("CI-3.2.b", "CI-7.1.3.a")
def test_a_weapon_switched_off_counts_from_the_fire_after_it_is_switched_on_and_armed() -> None:
    # the lance (1+1) off after this turn's allocation: on at the next, armed a turn later
    def red(active: bool, later: int, phase: str = "ew") -> float:
        units = [unit("R", "red", "lancer", systems={"lance": {"active": active}}),
                 unit("B", "blue", "reaper", (0, -2), facing=3, vector="0")]
        return threats(read_position(position(units, phase=phase)), set(), later=later)["red"]

    on = [red(True, later) for later in range(4)]
    assert [red(False, later) for later in range(4)] == [on[1], on[1], on[0], on[1]]
    assert on[0] > on[1]
    # at the allocation itself it can still be switched on this turn
    assert red(False, 1, phase="power") == on[0]


@pytest.mark.rule("CI-3.6.c")
def test_the_heuristic_keeps_its_systems_on_and_restarts_a_cold_plant() -> None:
    bot = get_bot("cold-infinity", "heuristic", seed=0)
    hot = [unit("R", "red", "reaper"), unit("B", "blue", "lancer", (0, -8), facing=4)]
    state = CiState(read_position(position(hot, phase="power")), Rng(1))
    assert R.order_json(state, "blue", bot.choose(R, "blue", R.view(state, "blue"), R.legal(state, "blue"))) == {}
    cold = [unit("R", "red", "reaper"),
            unit("B", "blue", "lancer", (0, -8), facing=4, systems={"reactor": {"shut_down": True, "heat": 0}})]
    state = CiState(read_position(position(cold, phase="power")), Rng(1))
    chosen = R.order_json(state, "blue", bot.choose(R, "blue", R.view(state, "blue"), R.legal(state, "blue")))
    assert chosen["B"]["restart"] == ["reactor"]
