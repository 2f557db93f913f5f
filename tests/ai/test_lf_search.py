"""Launch Fighters! knowledge for search: the leaf evaluator and the prior (ai/launch_fighters.py)."""

import itertools
import random

import pytest

from hexfleet.ai import launch_fighters as lf
from hexfleet.ai.base import get_bot
from hexfleet.engine.ruleset import step
from hexfleet.games import get_ruleset
from hexfleet.games.launch_fighters.combat import barrage_result
from hexfleet.games.launch_fighters.state import Work
from hexfleet.plugins import game_bots

from ..rules.launch_fighters.helpers import at, play, position, ship, sq, state_of

RS = get_ruleset("launch-fighters")


def test_search_finds_the_evaluator_and_the_prior():
    hooks = game_bots("launch-fighters")
    assert hooks.evaluate is lf.evaluate and hooks.prior is lf.prior and hooks.prune is lf.prune


def test_search_plays_the_scenarios_fleet():
    # the rules offer every sample fleet within the limit; search keeps the scenario's, as the
    # heuristic does (a 97-point fleet taken at random lost a 200-point battle by 277 VP)
    state = RS.new_game("standard", seed=4)
    offered = list(RS.legal(state, "blue"))
    assert len(offered) == 5
    assert [RS.order_json(state, "blue", o) for o in lf.prune(state, "blue", offered)] == [{}]
    assert lf.prune(state, "blue", [RS.order_json(state, "blue", o) for o in offered]) == [{}]
    bot = get_bot("launch-fighters", "mcts", scenario="standard", seed=1, iterations=20)
    view = RS.view(state, "blue")
    assert RS.order_json(state, "blue", bot.choose(RS, "blue", view, RS.legal(state, "blue"))) == {}
    placing, _ = step(RS, state, {"blue": {}, "red": {}})
    assert placing.phase != "fleet" and lf.prune(placing, "blue", ["x", "y"]) == ["x", "y"]  # nothing else pruned


def test_evaluate_favours_the_side_ahead_and_sums_to_one():
    even = state_of(position([ship("X-A", "X", (0, 0), 3), ship("Y-A", "Y", (6, 0), 0)], phase="move", step=3,
                             order=("X", "Y")))
    values = lf.evaluate(even)
    assert abs(values["X"] - 0.5) < 1e-9 and abs(values["Y"] - 0.5) < 1e-9
    damaged = {"cannons": 0, "launchers": 0, "bays": 0, "defense": 1, "move": 3}
    hurt = state_of(position([ship("X-A", "X", (0, 0), 3, current=damaged), ship("Y-A", "Y", (6, 0), 0)],
                             phase="move", step=3, order=("X", "Y")))
    values = lf.evaluate(hurt)
    assert values["X"] < 0.5 < values["Y"] and abs(values["X"] + values["Y"] - 1) < 1e-9


def test_evaluate_scores_a_finished_game_by_its_outcome():
    s = RS.new_game("duel", seed=2, options={"turn_limit": 1})
    while RS.pending(s):
        s, _ = RS.advance(s, {p: RS.legal(s, p).first() for p in RS.pending(s)})
    values = lf.evaluate(s)
    winners = s.outcome.winners
    assert all(values[p] == (0.5 if len(winners) != 1 else float(p in winners)) for p in RS.seats(s))


def test_the_prior_ranks_orders_as_the_heuristic_bot_does():
    """Barrages against a high defense: the prior's best order is the heuristic bot's choice."""
    s = state_of(position([ship("X-A", "X", (0, 0), 3, cannons=4, move=3), ship("Y-A", "Y", (3, 0), 3, defense=9, move=1)],
                          step=3, order=("Y", "X")))
    s, _ = play(s, {"unit": "X-A"})
    s, _ = play(s, {"system": "cannons", "target": "Y-A"})
    orders = list(RS.legal(s, "X"))
    scores = lf.prior(s, "X", orders)
    best = orders[max(range(len(orders)), key=scores.__getitem__)]
    bot = get_bot("launch-fighters", "lf-heuristic", seed=1)
    assert RS.order_json(s, "X", best) == bot.choose(RS, "X", RS.view(s, "X"), RS.legal_orders(s, "X"))
    assert lf.prior(s, "X", RS.legal_orders(s, "X")) == scores  # JSON orders score the same


def _big_against_small(**kw):
    """X's big gunship against Y's small one: an unequal start (X brought far more points)."""
    big = ship("X-A", "X", (0, 0), 3, cannons=4, defense=4, move=3, **kw)
    return position([big, ship("Y-A", "Y", (6, 0), 0, cannons=1, move=2)], phase="move", step=3, order=("X", "Y"))


def test_evaluate_measures_each_side_from_what_it_brought():
    """At an unequal start each side stands at its own handicap: even, not the weaker side's
    flat loss; the weaker side that hurt the stronger one is ahead though still behind on VP."""
    start = lf.evaluate(state_of(_big_against_small()))
    assert abs(start["X"] - 0.5) < 1e-9
    damaged = {"cannons": 1, "launchers": 0, "bays": 0, "defense": 2, "move": 1}
    hurt = state_of(_big_against_small(current=damaged))
    w = Work(hurt, share=True)
    now = lf.standing(w)
    assert now["X"] > now["Y"]  # X would still win if the game ended here...
    values = lf.evaluate(hurt)
    assert values["Y"] > 0.5 > values["X"]  # ...but Y gained on what it brought, X lost
    assert abs(values["X"] + values["Y"] - 1) < 1e-9


def test_evaluate_counts_kills_where_the_scenario_ranks_by_ships_destroyed():
    """LF-SCEN-05: X destroyed Y's cheap tender while Y shot X's gunship to pieces. By victory
    points Y is ahead; by ships destroyed, X."""
    wreck = {"cannons": 1, "launchers": 0, "bays": 0, "defense": 1, "move": 1}
    tender = ship("Y-B", "Y", (3, 3), 0, defense=0, move=1)  # 1 point
    tender.update(status="destroyed", hex=None)
    ships = [ship("X-A", "X", (0, 0), 3, cannons=4, defense=4, move=3, current=wreck),
             ship("Y-A", "Y", (6, 0), 0, cannons=4, defense=4, move=3), tender]
    pos = position(ships, phase="move", step=3, order=("X", "Y"), ledger=[["X", 2, "Y-B"]])
    by_vp = lf.evaluate(state_of(pos))
    assert by_vp["Y"] > 0.5 > by_vp["X"]
    by_kills = lf.evaluate(state_of({**pos, "options": {"victory": "ships_destroyed"}}))
    assert by_kills["X"] > 0.5 > by_kills["Y"]


def test_evaluate_counts_the_area_to_the_side_holding_it():
    """LF-SCEN-01: of two equal ships, the one in the scenario's area is ahead (it would score
    the area's VP at the turn's end); with both in it, nobody holds it."""
    def values(y_hex):
        ships = [ship("X-A", "X", (0, 0), 3, cannons=2), ship("Y-A", "Y", y_hex, 0, cannons=2)]
        area = {"hexes": [at(0, 0), at(1, 0)], "vp": 5}
        return lf.evaluate(state_of(position(ships, phase="move", step=3, order=("X", "Y"), control=area)))
    assert values((6, 0))["X"] > 0.5
    assert abs(values((1, 0))["X"] - 0.5) < 1e-9


def test_a_world_read_once_per_view_is_the_world_read_every_time():
    """``determinize`` reads a view's position once and only replaces the generator after
    (``LastRead``): each world is the one reading the position with that generator gives, its
    hash and its play alike, at every decision of a random game."""
    import random

    from hexfleet.games.launch_fighters.position import parse_position

    rnd = random.Random(5)
    state = RS.new_game("duel", seed=5)
    for _ in range(40):
        pending = RS.pending(state)
        if not pending:
            break
        seat = next(iter(pending))
        view = RS.view(state, seat)
        for rng in (1, 2, 2**40):
            world, fresh = lf.determinize(view, seat, rng), parse_position(view["position"], rng=rng)
            assert RS.state_hash(world) == RS.state_hash(fresh)
            orders = {p: RS.legal(fresh, p).sample(random.Random(rng)) for p in pending}
            assert RS.advance(world, orders)[1] == RS.advance(fresh, orders)[1]
        state, _ = RS.advance(state, {p: RS.legal(state, p).sample(rnd) for p in pending})


def _best_split(dice: int, defense: int, direct: float) -> float:
    """The most stat levels ``dice`` dice take from Defense ``defense``, by brute force: every
    split of the pool into barrages (dice may be forfeited), every barrage's faces rolled
    through the game's own :func:`barrage_result`."""
    def barrage(j: int) -> float:
        worth = {"hit": 1.0, "direct": direct}
        rolls = [worth.get(barrage_result(list(faces), 0, defense), 0.0)
                 for faces in itertools.product(range(1, 7), repeat=j)]
        return sum(rolls) / len(rolls)
    one = {j: barrage(j) for j in range(1, dice + 1)}
    best = [0.0] * (dice + 1)
    for n in range(1, dice + 1):
        best[n] = max(best[n - 1], *(one[j] + best[n - j] for j in range(1, n + 1)))
    return best[dice]


@pytest.mark.rule("LF-BAR-01", "LF-BAR-02", "LF-DMG-02", "LF-DMG-03")
def test_a_pool_is_worth_its_best_barrages():
    """A pool's expected levels taken, its barrages sized for the most, against a brute force
    over every split and every face: two dice against Defense 3 do best one at a time (1.0
    level, against 0.92 rolled together); a missile's direct hit takes two levels."""
    for n in range(1, 5):
        for d in range(0, 8):
            assert lf._SHOT[n][d] == pytest.approx(_best_split(n, d, 1.0))
            assert lf._MISSILES[n][d] == pytest.approx(_best_split(n, d, 2.0))
    assert lf._SHOT[2][3] == pytest.approx(1.0) and lf._MISSILES[1][0] == pytest.approx(10 / 6)


def _threat(x: dict, y_facing: int = 0, y_move: int = 1, squadrons: tuple = ()) -> dict[str, float]:
    """The threats of X's units against Y's gunship at the centre (Defense 3)."""
    ships = [x, ship("Y-A", "Y", (0, 0), y_facing, cannons=1, defense=3, move=y_move)]
    w = Work(state_of(position(ships, list(squadrons), phase="move", step=3, order=("X", "Y"))), share=True)
    dealt = {p: sum(vp for by, _, vp in lf.threats(w) if by == p) for p in ("X", "Y")}
    return {**dealt, "level": lf._level_value(w.ships["Y-A"]), "x_level": lf._level_value(w.ships["X-A"])}


@pytest.mark.rule("LF-TGT-01", "LF-POOL-01", "LF-POOL-03", "LF-POOL-05", "LF-POOL-07")
def test_threat_counts_range_flanking_fast_targets_and_missiles():
    """X's cannons (2) behind Y: facing Y from its rear arc the pool doubles (LF-POOL-07), facing
    away it does not; six spaces off is out of range (LF-TGT-01); a target faster than the
    cannons halves the pool (LF-POOL-05); launchers fire as many missiles as are left
    (LF-POOL-03)."""
    flank = _threat(ship("X-A", "X", (-3, 0), 0, cannons=2))
    assert flank["X"] == pytest.approx(flank["level"] * lf._SHOT[4][3])
    away = _threat(ship("X-A", "X", (-3, 0), 3, cannons=2))
    assert away["X"] == pytest.approx(away["level"] * lf._SHOT[2][3])
    assert _threat(ship("X-A", "X", (-6, 0), 0, cannons=2))["X"] == 0.0
    fast = _threat(ship("X-A", "X", (-3, 0), 3, cannons=2), y_move=3)
    assert fast["X"] == pytest.approx(fast["level"] * lf._SHOT[1][3])
    missiles = _threat(ship("X-A", "X", (-3, 0), 3, launchers=3, missiles_left=1), y_move=3)
    assert missiles["X"] == pytest.approx(missiles["level"] * lf._MISSILES[1][3])
    # Y's one cannon fires back whatever its facing (X, not flanked, moves 3: the pool is halved, still one die)
    assert flank["Y"] > 0 and flank["Y"] == pytest.approx(flank["x_level"] * lf._SHOT[1][3])


@pytest.mark.rule("LF-POOL-02", "LF-BAR-06", "LF-FTR-01")
def test_threat_counts_active_squadrons_within_a_move_and_an_attack():
    """Squadrons move 5 and attack an adjacent ship: those within six spaces of Y form one
    formation (one die each); a face-down squadron, or one farther off, threatens nothing."""
    x = ship("X-A", "X", (-9, 0), 3)
    one = _threat(x, squadrons=(sq("X-F1", "X", (6, 0)), sq("X-F2", "X", (7, 0))))
    assert one["X"] == pytest.approx(one["level"] * lf._SHOT[1][3])
    two = _threat(x, squadrons=(sq("X-F1", "X", (6, 0)), sq("X-F2", "X", (0, -4))))
    assert two["X"] == pytest.approx(two["level"] * lf._SHOT[2][3])
    flipped = _threat(x, squadrons=(sq("X-F1", "X", (6, 0), active=False),))
    assert flipped["X"] == 0.0


@pytest.mark.rule("LF-TGT-01", "LF-TGT-05")
def test_a_seat_two_others_aim_at_is_down_by_both():
    """Three seats: Y and Z each have X in range (Y and Z are six apart, out of each other's):
    X's threat balance is down by both threats, each of theirs up by its own."""
    ships = [ship("X-A", "X", (0, 0), 0, defense=3, move=1), ship("Y-A", "Y", (-3, 0), 0, cannons=2),
             ship("Z-A", "Z", (3, 0), 3, cannons=3)]
    w = Work(state_of(position(ships, phase="move", step=3, order=("X", "Y", "Z"))), share=True)
    aims = sorted(lf.threats(w))
    assert [(by, on) for by, on, _ in aims] == [("Y", "X"), ("Z", "X")]
    balance = lf.threat_balance(w)
    assert balance["Y"] == pytest.approx(aims[0][2]) and balance["Z"] == pytest.approx(aims[1][2])
    assert balance["X"] == pytest.approx(-aims[0][2] - aims[1][2])


@pytest.mark.rule("LF-DMG-01", "LF-ARC-05")
def test_evaluate_weighs_a_lost_level_by_the_fire_it_opens_or_takes_away():
    """Two gunships at range 3. Every lost level costs the same share of the hull, but a lost
    Defense opens Y to more of X's fire and lost Cannons take Y's fire away, while lost Bays
    (nothing aboard) change neither: Y's evaluation ranks the three losses so. And X standing
    in Y's rear arc, facing it, is ahead of X facing away."""
    def y_value(current: dict[str, int] | None = None, x_facing: int = 3) -> float:
        y = ship("Y-A", "Y", (0, 0), 0, cannons=3, bays=1, defense=3, move=2,
                 **({"current": current} if current else {}))
        ships = [ship("X-A", "X", (-3, 0), x_facing, cannons=3, defense=3, move=2), y]
        return lf.evaluate(state_of(position(ships, phase="move", step=3, order=("X", "Y"))))["Y"]
    full = {"cannons": 3, "launchers": 0, "bays": 1, "defense": 3, "move": 2}
    bays, defense, cannons = (y_value({**full, stat: full[stat] - 1}) for stat in ("bays", "defense", "cannons"))
    assert y_value() > bays > defense and bays > cannons
    assert y_value(x_facing=0) < y_value(x_facing=3)


def test_search_lists_the_order_objects_legal_orders_dumps(monkeypatch):
    """Below its root search lists Launch Fighters!' orders as objects (``search_orders``): the
    orders ``legal_orders`` gives as JSON, one for one, at every decision of a game; and a
    search over them picks as one over the JSON, visit for visit."""
    rnd = random.Random(3)
    state = RS.new_game("duel", seed=3)
    searched = []
    for n in range(60):
        if not RS.pending(state):
            break
        seat = next(iter(RS.pending(state)))
        assert [RS.order_json(state, seat, o) for o in RS.search_orders(state, seat)] == RS.legal_orders(state, seat)
        if n % 15 == 5:
            searched.append((state, seat))
        state, _ = RS.advance(state, {seat: RS.legal(state, seat).sample(rnd)})

    def searches():
        out = []
        for s, seat in searched:
            bot = get_bot("launch-fighters", "mcts", seed=2, think=None, iterations=60)
            order = bot.choose(RS, seat, RS.view(s, seat), RS.legal(s, seat))
            out.append((RS.order_json(s, seat, order), sorted(bot.info.root_visits.values())))
        return out
    as_objects = searches()
    monkeypatch.setattr(type(RS), "search_orders", type(RS).legal_orders)
    assert searches() == as_objects
