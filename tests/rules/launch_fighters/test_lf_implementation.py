"""What a computer implementation must model (LF-IMPL-02/03/06/07/09), the reconstructed Step
Chart (LF-AMB-05) and the missing Square Map Addendum (LF-SQ-01/03, LF-AMB-37)."""

import pytest

from hexfleet.ai.base import RandomBot, get_bot
from hexfleet.engine.errors import RuleError
from hexfleet.engine.ruleset import step
from hexfleet.games.launch_fighters.designer import ADDONS, HOLDS, check_design, check_fleet
from hexfleet.games.launch_fighters.options import OPTIONS
from hexfleet.games.launch_fighters.position import resolve
from hexfleet.games.launch_fighters.rules import KINDS, RULESET
from hexfleet.games.launch_fighters.state import TERRAIN, arc, lf_neighbors
from hexfleet.hexgrid import FRONT, REAR, SIDE, distance, ring

from .helpers import at, play, position, ship, sq, state_of


def trace_turns(scenario="duel", turns=2, seed=3):
    """Play with the first legal order each time; record (turn, phase, step, kind) per decision."""
    s = RULESET.new_game(scenario, seed=seed, options={"turn_limit": turns})
    out, events = [], []
    while RULESET.pending(s):
        pending = RULESET.pending(s)
        out.append((s.turn, s.phase, s.step, next(iter(pending.values())).kind, len(pending)))
        s, ev = step(RULESET, s, {seat: RULESET.legal_orders(s, seat)[0] for seat in pending})
        events += [(s.turn, e) for e in ev]
    return s, out, events


@pytest.mark.rule("LF-AMB-05")
def test_the_reconstructed_step_chart_orders_every_turn():
    """Move steps go up from 0 to 5 and attack steps down from 5 to 0, skipping empty steps;
    each unit moves once; recovery ends the turn. The duel's ships have Move 2 and 3 (no
    squadron is on the map while turn 1 moves)."""
    s, trace, events = trace_turns(turns=2)
    turn1 = [t for t in trace if t[0] == 1]
    move_steps = [t[2] for t in turn1 if t[3] == "move"]
    attack_steps = [t[2] for t in turn1 if t[3] == "activate"]
    assert move_steps == sorted(move_steps) and set(move_steps) == {2, 3} and len(move_steps) == 4
    assert attack_steps == sorted(attack_steps, reverse=True) and attack_steps[0] == 3 and attack_steps[-1] == 2
    phases = [(e["phase"], e["turn"]) for _, e in events if e["type"] == "phase"]
    assert phases[:2] == [("attack", 1), ("recovery", 1)]
    recovery = next(i for i, (_, e) in enumerate(events) if e.get("phase") == "recovery")
    nxt = next(i for i, (_, e) in enumerate(events) if e["type"] == "initiative" and e["turn"] == 2)
    between = {e["type"] for _, e in events[recovery + 1:nxt]}
    assert between <= {"retreated", "repair", "repaired"}      # End Turn, then New Turn


@pytest.mark.rule("LF-IMPL-02")
def test_the_phase_state_machine():
    """Setup (secret fleets, placement roll, placement), then per turn: end check, initiative,
    movement, attack, recovery; the game ends only at the start of a turn."""
    s, trace, events = trace_turns(turns=2)
    kinds = [t[3] for t in trace]
    assert kinds[0] == "fleet" and trace[0][4] == 2                        # both seats at once
    assert set(kinds[1:5]) == {"place"} and kinds[5] == "move"
    order = [e["type"] for _, e in events if e["type"] in ("fleets", "setup_roll", "placed", "initiative")]
    assert order[:3] == ["fleets", "setup_roll", "placed"] and order.count("initiative") == 2
    last_phase = [e for _, e in events if e["type"] in ("phase", "game_over")][-2:]
    assert last_phase[0]["phase"] == "recovery" and last_phase[1]["type"] == "game_over"
    assert s.outcome.reason == "turn_limit" and s.turn == 3


def at_defender_stat(dice):
    s = state_of(position([ship("X-A", "X", (0, 0), 3, cannons=3), ship("Y-A", "Y", (3, 0), 3, defense=3, cannons=1)],
                          step=3, order=("Y", "X")))
    s, _ = play(s, {"unit": "X-A"})
    s, _ = play(s, {"system": "cannons", "target": "Y-A"})
    dice([5])
    s, _ = play(s, {"dice": 1})
    return s


def at_intercept(dice):
    s = state_of(position([ship("X-A", "X", (0, 0), 0, launchers=4), ship("Y-A", "Y", (4, 0), 3, bays=1)],
                          [sq("Y-F1", "Y", (3, 0)), sq("Y-F2", "Y", (3, 1))], step=3, order=("Y", "X")))
    s, _ = play(s, {"unit": "X-A"})
    s, _ = play(s, {"system": "launchers", "target": "Y-A", "missiles": 4})
    return s


def at_push(dice):
    s = state_of(position([ship("X-A", "X", (0, 0), 0, move=2), ship("Y-A", "Y", (6, 0), 3)], [sq("Y-F1", "Y", (2, 0))],
                          phase="move", step=2, order=("Y", "X")))
    s, _ = play(s, {"unit": "X-A", "path": [at(1, 0), at(2, 0)], "facing": 0})
    return s


def at_land(dice):
    s = state_of(position([ship("X-A", "X", (0, 0), 3, cannons=5), ship("Y-A", "Y", (3, 0), 3, bays=1),
                           ship("Y-B", "Y", (0, 3), 3, bays=1)], [sq("Y-F1", "Y", (1, 0))], step=3, order=("Y", "X")))
    s, _ = play(s, {"unit": "X-A"})
    s, _ = play(s, {"system": "cannons", "target": "Y-F1"})
    dice([4, 2])
    s, _ = play(s, {"dice": 1, "target": "Y-F1"})
    s, _ = play(s, {"result": "rtb"})
    return s


INTERRUPTS = {"stat": (at_defender_stat, "Y"), "intercept": (at_intercept, "Y"), "push": (at_push, "Y"),
              "land": (at_land, "Y")}


@pytest.mark.rule("LF-IMPL-03")
@pytest.mark.parametrize("kind", sorted(INTERRUPTS))
def test_interrupt_decisions_belong_to_the_player_the_table_names(kind, dice):
    """X is acting; the defender picks the stat a cannon hit removes, the defending ship's owner
    picks interceptors, a pushed or returning squadron's owner picks its hex or ship."""
    make, seat = INTERRUPTS[kind]
    s = make(dice)
    assert s.decision["kind"] == kind and s.decision["seat"] == seat
    assert set(RULESET.pending(s)) == {seat} and RULESET.legal_orders(s, "X") == []
    with pytest.raises(RuleError) as e:
        RULESET.validate(s, "X", RULESET.legal_orders(s, seat)[0])
    assert e.value.rule == "ENGINE-STALE"


@pytest.mark.rule("LF-IMPL-09")
@pytest.mark.parametrize("kind", sorted(INTERRUPTS))
def test_the_bot_answers_interrupt_decisions_through_the_same_api(kind, dice):
    make, seat = INTERRUPTS[kind]
    s = make(dice)
    bot = get_bot("launch-fighters", "lf-heuristic", seed=1)
    order = bot.choose(RULESET, seat, RULESET.view(s, seat), RULESET.legal_orders(s, seat))
    RULESET.validate(s, seat, order)
    step(RULESET, s, {seat: order})


@pytest.mark.rule("LF-IMPL-09")
def test_the_bot_splits_barrages_by_defense(dice):
    """"Split barrages against low defense, pool them against high defense"."""
    sizes = {}
    for defense in (1, 9):
        s = state_of(position([ship("X-A", "X", (0, 0), 3, cannons=4, move=3), ship("Y-A", "Y", (3, 0), 3, defense=defense, move=1)],
                              step=3, order=("Y", "X")))
        s, _ = play(s, {"unit": "X-A"})
        s, _ = play(s, {"system": "cannons", "target": "Y-A"})
        o = get_bot("launch-fighters", "lf-heuristic", seed=1).choose(RULESET, "X", RULESET.view(s, "X"), RULESET.legal_orders(s, "X"))
        sizes[defense] = o["dice"]
    assert sizes[1] < sizes[9]


@pytest.mark.rule("LF-IMPL-06")
def test_perfect_information_and_one_decider_at_a_time():
    """Only the fleet submission is simultaneous; after it exactly one seat decides and every
    seat's view shows the same position."""
    s = RULESET.new_game("duel", seed=9, options={"turn_limit": 2})
    bots = {p: RandomBot(seed=p) for p in RULESET.seats(s)}
    first = True
    while RULESET.pending(s):
        pending = RULESET.pending(s)
        assert len(pending) == (2 if first else 1)
        first = False
        views = [RULESET.view(s, p)["position"] for p in ("blue", "red", None)]
        assert views[0] == views[1] == views[2]
        s, _ = step(RULESET, s, {p: bots[p].choose(RULESET, p, RULESET.view(s, p), RULESET.legal_orders(s, p))
                                 for p in pending})


DIGEST_DEFAULTS = {  # LF-IMPL-07's table, for the options the engine offers
    "grid": "hex", "range_routes_around_planetoids": False, "launched_fighters_attack_immediately": True,
    "vp_accounting": "no_double_count", "retreated_fighters_score_half": False, "stalemate_turns": 3,
    "turn_limit": None, "teams": [], "warp_no_move_fire": False, "warp_flat_cost": None, "fighter_warp": False,
    "holds_hittable": False,
}


@pytest.mark.rule("LF-IMPL-07")
def test_options_default_to_the_digest_table():
    defaults = {o.name: o.default for o in OPTIONS}
    assert {k: defaults[k] for k in DIGEST_DEFAULTS} == DIGEST_DEFAULTS
    s = RULESET.new_game("duel", seed=1)
    assert {k: v for k, v in s.config.options.to_json().items() if k in DIGEST_DEFAULTS} == DIGEST_DEFAULTS
    # board_size: 24x24 for 2-3 players, 30x30 for 4-6
    for n in range(3, 7):
        board = RULESET.new_game(f"melee-{n}", seed=1).config.map
        assert (board.cols, board.rows) == ((24, 24) if n <= 3 else (30, 30))
    # max_stat_level 10 and allow_move_over_5 false are fixed rules of the designer
    with pytest.raises(RuleError) as e:
        check_design({"name": "x", "defense": 11})
    assert e.value.rule == "LF-DES-09"
    with pytest.raises(RuleError) as e:
        check_design({"name": "x", "move": 6})
    assert e.value.rule == "LF-DES-09"
    # hidden_munitions false: missiles and hosted squadrons are in every seat's view
    pos = RULESET.view(RULESET.new_game("duel", seed=1), "red")["position"]
    assert all("missiles" in x for x in pos["ships"]) and {q["host"] for q in pos["squadrons"]} == {"blue-B", "red-B"}


@pytest.mark.rule("LF-SQ-01")
@pytest.mark.rule("LF-SQ-03")
@pytest.mark.rule("LF-AMB-37")
def test_only_the_hex_map_has_rules():
    """The Square Map Addendum is announced but absent: a square grid is refused with the rule,
    the hex grid is the default, and a hex game plays to its end."""
    with pytest.raises(RuleError) as e:
        RULESET.new_game("duel", seed=1, options={"grid": "square"})
    assert e.value.rule == "LF-SQ-01" and e.value.field == "options.grid" and "Addendum" in e.value.message
    pos = position([ship("X-A", "X", (0, 0)), ship("Y-A", "Y", (5, 0))], options={"grid": "square"})
    with pytest.raises(RuleError) as e:
        resolve(pos, [], seed=1)
    assert e.value.rule == "LF-SQ-01"
    s, _, _ = trace_turns(turns=1)
    assert s.config.options.grid == "hex" and s.outcome is not None and s.scores is not None


@pytest.mark.rule("LF-SQ-02")
def test_the_grid_option_defaults_to_hex_and_the_square_translation_is_not_played():
    """LF-SQ-02 proposes ``grid="square"`` (8 neighbours, Chebyshev distance, 4 facings, adjacent
    squares on the side line) with ``"hex"`` the default. The default holds and plays hex rules:
    a Move 1 ship reaches its six hex neighbours (or stays), never a square's diagonal, no
    neighbour is on the side line, and a square grid is not offered (LF-SQ-01)."""
    grid = next(o for o in OPTIONS if o.name == "grid")
    assert grid.default == "hex" and grid.choices == ("hex",)
    assert RULESET.new_game("duel", seed=1).config.options.grid == "hex"
    s = state_of(position([ship("X-A", "X", (0, 0), move=1), ship("Y-A", "Y", (0, 8))], phase="move", step=1,
                          order=("X", "Y")))
    dests = {tuple(o["to"]) for o in RULESET.legal_orders(s, "X")}
    start = tuple(at(0, 0))
    assert dests == {start, *lf_neighbors(start)}
    diagonal = tuple(at(1, 1))  # a square's king move: two hexes away
    assert diagonal not in dests and distance(start, diagonal) == 2
    # unlike squares, no adjacent hex lies on a ship's side line, whichever of its six facings
    assert all(arc(start, f, n) != SIDE for f in range(6) for n in lf_neighbors(start))


@pytest.mark.rule("LF-IMPL-10")
def test_the_engine_has_every_part_the_size_estimate_lists():
    """LF-IMPL-10 sizes the engine by its parts: a fleet validator, arcs with side lines, three
    weapon systems with pools, two hit tables with the decider switching, the fighter lifecycle,
    terrain, five add-ons, half-point scoring and interrupt decisions owned by non-active players.
    Each is here: checked on the engine's own tables and functions."""
    with pytest.raises(RuleError):
        check_fleet(["Excelsior", "Excelsior"], 100)  # the validator prices and refuses
    o = (0, 0)
    assert {arc(o, 0, h) for h in ring(o, 2)} == {FRONT, SIDE, REAR}
    assert {"system", "barrage", "intercept"} <= set(KINDS)  # weapon systems, pools, interception
    assert {"stat", "fighter_hit"} <= set(KINDS)  # the two hit tables, each with its decider
    assert {"push", "land", "advance", "bay_loss"} <= set(KINDS)  # the fighter lifecycle
    assert len(TERRAIN) == 3 and len(ADDONS) + len(HOLDS) - 1 == 5  # holds: one add-on of two kinds
    assert {"repair", "repair_stat"} <= set(KINDS)
    s = RULESET.new_game("duel", seed=4, options={"turn_limit": 1})
    while RULESET.pending(s):
        s, _ = step(RULESET, s, {p: RULESET.legal_orders(s, p)[0] for p in RULESET.pending(s)})
    assert all(isinstance(v, int) for v in s.scores.values())  # half-points, integers


@pytest.mark.rule("LF-IMPL-03")
def test_every_decision_kind_parses_first_and_dumps_back_the_same_json():
    """Orders are read into frozen objects before any rule is checked and written back as the
    same JSON; ``order in legal`` is the rule check on that one order; a random draw from the
    lazy set is one of the listed orders; the notation is readable."""
    import random

    from hexfleet.games.launch_fighters.notation import Activate, Barrage, Move, Pick, System

    seen = set()
    wanted = {"fleet", "place", "move", "activate", "system", "barrage", "stat"}
    for scenario, seed in [("asteroid-field", 2), ("melee-3", 3)] + [("duel", n) for n in range(40)]:
        if wanted <= seen:
            break
        s = RULESET.new_game(scenario, seed=seed, options={"turn_limit": 8})
        rnd = random.Random(seed)
        while RULESET.pending(s):
            orders = {}
            for seat, decision in RULESET.pending(s).items():
                seen.add(decision.kind)
                legal = RULESET.legal(s, seat)
                listed = RULESET.legal_orders(s, seat)
                assert legal.count() == len(listed) and sum(map(len, legal.per_unit().values())) == len(listed)
                for obj, raw in zip(legal, listed):
                    assert RULESET.parse_order(s, seat, raw) == obj and RULESET.order_json(s, seat, obj) == raw
                    assert obj in legal and raw in legal
                drawn = legal.sample(rnd)
                assert RULESET.order_json(s, seat, drawn) in listed
                orders[seat] = drawn
            s, _ = step(RULESET, s, orders)
    assert wanted <= seen
    assert repr(Move("X-A", (3, 4), None, 2)) == "X-A > (3,4) f2"
    assert repr(Activate("X-F1", "Y-A")) == "X-F1 attacks Y-A"
    assert repr(System("launchers", "Y-A", 3)) == "launchers 3 at Y-A"
    assert [repr(Barrage(2)), repr(Barrage(stop=True)), repr(Pick("stat", "defense"))] == \
        ["barrage 2", "stop", "stat: defense"]
