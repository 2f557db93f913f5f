"""Cold Infinity's bots: ``determinize`` fills what a seat cannot see, ``evaluate`` scores search
leaves by damage dealt and taken, and the heuristic plays a whole duel."""

from __future__ import annotations

from hexfleet.ai.base import get_bot
from hexfleet.ai.cold_infinity import determinize, evaluate
from hexfleet.engine.rng import Rng
from hexfleet.engine.ruleset import step
from hexfleet.games import get_ruleset
from hexfleet.games.cold_infinity.position import read_position
from hexfleet.games.cold_infinity.rules import CiState

from .helpers import position, unit

RULESET = get_ruleset("cold-infinity")


def test_evaluate_by_damage_and_outcome() -> None:
    even = CiState(read_position(position([unit("R", "red", "reaper"), unit("B", "blue", "reaper", (0, -9))])), Rng(1))
    assert evaluate(even) == {"red": 0.5, "blue": 0.5}
    hurt = CiState(read_position(position([unit("R", "red", "reaper", sections={"forward": {"hull_lost": 10}}),
                                           unit("B", "blue", "reaper", (0, -9))])), Rng(1))
    scores = evaluate(hurt)
    assert scores["blue"] > 0.5 > scores["red"]


def test_determinize_fills_hidden_fields_from_a_view() -> None:
    state = RULESET.new_game("frigate-duel", seed=2)
    state, _ = step(RULESET, state, {"red": {"R1": {"extra_ew": {"sensors": 1}, "deactivate":
                                                     ["railgun_1", "railgun_2", "railgun_3", "railgun_4"]}},
                                     "blue": {}})
    view = RULESET.view(state, "blue")
    guess = determinize(view, "blue", 7)
    red = next(u for u in guess.pos["units"] if u["id"] == "R1")
    assert red["extra"] == {"ew": 0, "thrust": 0}  # the boost is not blue's to know


def test_heuristic_plays_a_duel_to_its_end() -> None:
    state = RULESET.new_game("frigate-duel", seed=4, options={"turn_limit": 3})
    bots = {"red": get_bot("cold-infinity", "heuristic", seed=1), "blue": get_bot("cold-infinity", "random", seed=2)}
    for _ in range(60):
        pending = RULESET.pending(state)
        if not pending:
            break
        state, _ = step(RULESET, state, {s: bots[s].choose(RULESET, s, RULESET.view(state, s), RULESET.legal(state, s))
                                         for s in pending})
    outcome = RULESET.outcome(state)
    assert outcome is not None
    scores = RULESET.scores(state)  # damage inflicted: what wins at the turn limit (house rule)
    if outcome.reason.startswith("turn limit"):
        assert outcome.winners == ((max(scores, key=scores.__getitem__),) if len(set(scores.values())) > 1 else ())


def test_bots_play_with_unit_identification_and_nimble_small_vessels() -> None:
    """The optional rules that change views and the plot step: the heuristic and MCTS (which
    determinizes the view, generic designs included) still play the fleet action through."""
    options = {"turn_limit": 2, "unit_identification": True, "simultaneous_movement": True,
               "nimble_small_vessels": True}
    state = RULESET.new_game("fleet-action", seed=3, options=options)
    bots = {"red": get_bot("cold-infinity", "heuristic", seed=1),
            "blue": get_bot("cold-infinity", "mcts", seed=2, think=None, iterations=8)}
    for _ in range(60):
        pending = RULESET.pending(state)
        if not pending:
            break
        state, _ = step(RULESET, state, {s: bots[s].choose(RULESET, s, RULESET.view(state, s), RULESET.legal(state, s))
                                         for s in pending})
    assert RULESET.outcome(state) is not None


def test_the_heuristic_fires_every_weapon_at_the_nearest_enemy() -> None:
    """Offered a volley at each enemy in reach, the heuristic keeps to the nearest."""
    state = CiState(read_position(position([unit("R", "red", "reaper", (0, 0), 1),
                                            unit("B1", "blue", "reaper", (0, -2), 4),
                                            unit("B2", "blue", "reaper", (1, -4), 4)], phase="fire")), Rng(1))
    bot = get_bot("cold-infinity", "heuristic", seed=1)
    order = bot.choose(RULESET, "red", RULESET.view(state, "red"), RULESET.legal(state, "red"))
    assert {a.target for a in order["R"].attacks} == {"B1"}
