"""Every registered bot decides from its seat's view alone (STYLE §4, issue 5)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from hexfleet.ai import bot_names, get_bot
from hexfleet.engine.errors import FormatError
from hexfleet.engine.game import Game
from hexfleet.engine.ruleset import step
from hexfleet.games import get_ruleset
from hexfleet.games.turn_or_burn.cards import M1_GUNS

R = get_ruleset("turn-or-burn")
FAST = {"mcts": {"think": None, "iterations": 80}}


def _bot(name: str, seed: int = 1):
    return get_bot("turn-or-burn", name, seed=seed, **FAST.get(name, {}))


def _twins(phase: str):
    """Four true states that differ only in what red cannot see: blue's gun and the seed."""
    states = []
    for i, gun in enumerate(M1_GUNS):
        state = R.new_game("quick-shot", seed=100 + i, options={"turn_limit": 40})
        if phase == "plot":
            state, _ = R.advance(state, {"red": {"R1": {"gun": "NB", "facing": "C", "momentum": [8, 8]}},
                                         "blue": {"B1": {"gun": gun, "facing": "F", "momentum": [21, -2]}}})
        else:
            state = replace(state, fighters=(state.fighters[0], replace(state.fighters[1], cards=("CM", "STR", "THR", gun))))
        states.append(state)
    return states


@pytest.mark.rule("TOB-M1-BUILD-02")
@pytest.mark.parametrize("phase", ["setup", "plot"])
@pytest.mark.parametrize("name", bot_names("turn-or-burn"))
def test_a_bot_decides_the_same_whatever_it_cannot_see(name, phase):
    states = _twins(phase)
    views = [R.view(s, "red") for s in states]
    assert all(v == views[0] for v in views), "the twins must look identical to red"
    orders = [repr(_bot(name).choose(R, "red", v, R.legal(s, "red"))) for s, v in zip(states, views)]
    assert len(set(orders)) == 1


@pytest.mark.parametrize("name", bot_names("turn-or-burn"))
def test_a_bot_gets_plain_data_and_answers_with_a_legal_order(name):
    state = _twins("plot")[0]
    view = R.view(state, "blue")
    json.dumps(view)  # plain JSON: no object that could lead back to the state
    assert not vars(R), "the ruleset handed to bots holds no state"
    order = _bot(name).choose(R, "blue", view, R.legal(state, "blue"))
    R.validate(state, "blue", order)


def test_heuristic_fires_when_the_target_will_be_in_arc_and_range():
    state = R.new_game("quick-shot", seed=1)
    state, _ = R.advance(state, {"red": {"R1": {"gun": "NB", "facing": "C", "momentum": [7, 8]}},
                                 "blue": {"B1": {"gun": "LT", "hex": [15, 3], "facing": "F", "momentum": [13, 4]}}})
    # red coasts to (7, 8) facing C; blue coasts to (13, 4): range 6, in the neutrino beam's arc
    order = _bot("heuristic").choose(R, "red", R.view(state, "red"), R.legal(state, "red"))
    assert R.order_json(state, "red", order) == {"R1": [{"card": "NB"}]}


def test_heuristic_never_flies_off_the_map_when_it_can_help_it():
    state = R.new_game("quick-shot", seed=1)
    state, _ = R.advance(state, {"red": {"R1": {"gun": "NB", "hex": [1, 8], "facing": "C", "momentum": [0, 9]}},
                                 "blue": {}})
    order = _bot("heuristic").choose(R, "red", R.view(state, "red"), R.legal(state, "red"))
    nxt, events = R.advance(state, {"red": order, "blue": {}})
    assert not any(e["type"] == "eliminated" for e in events)
    assert nxt.fighter("R1") is not None


def test_unknown_bot_names_are_refused_with_the_list():
    assert bot_names("turn-or-burn") == ["heuristic", "mcts", "random"]
    assert bot_names("launch-fighters") == ["lf-heuristic", "mcts", "random"]
    with pytest.raises(FormatError, match="unknown bot 'alphazero' for turn-or-burn; .*: heuristic, mcts, random$"):
        get_bot("turn-or-burn", "alphazero")


def _plot(scenario: str, seed: int = 1):
    state = R.new_game(scenario, seed=seed, options={"turn_limit": 40})
    while R.asked(state).kind != "plot":
        state, _ = step(R, state, {seat: {} for seat in R.pending(state)})
    return state


@pytest.mark.parametrize(("name", "where"), [("heuristic", "quick-shot setup"), ("heuristic", "quick-shot plot"),
                                             ("heuristic", "bigger plot"), ("mcts", "quick-shot setup"),
                                             ("mcts", "quick-shot plot")])
def test_a_bot_answers_the_same_from_the_lazy_set_as_from_the_listed_orders(name, where):
    """The lazy set changes what a bot is handed, not what it plays: the same seeded bot picks
    the same order (as JSON) from ``legal`` as from ``legal_orders``, an order of the set."""
    scenario, phase = where.split()
    state = _plot(scenario) if phase == "plot" else R.new_game(scenario, seed=1)
    seat = next(iter(R.pending(state)))
    view = R.view(state, seat)
    legal = R.legal(state, seat)
    from_set = _bot(name, seed=4).choose(R, seat, view, legal)
    from_list = _bot(name, seed=4).choose(R, seat, view, R.legal_orders(state, seat))
    assert from_set in legal and not isinstance(from_set, dict)  # an order object of the set
    assert R.order_json(state, seat, from_set) == from_list


@pytest.mark.parametrize("name", bot_names("turn-or-burn"))
def test_a_bots_order_object_is_recorded_as_json(name):
    game = Game(R, "bigger", seed=2, options={"turn_limit": 3})
    bots = {seat: _bot(name, seed=seat) for seat in R.seats(game.state)}
    for _ in range(4):
        if game.over:
            break
        game.submit({s: bots[s].choose(R, s, game.view(s), R.legal(game.state, s)) for s in game.pending()})
        before, written, _ = game.history[-1]
        for seat, order in written.items():
            assert json.loads(json.dumps(order)) == order
            R.validate(before, seat, order)


def test_random_bot_is_seeded_and_picks_legal_orders() -> None:
    from hexfleet.ai.base import RandomBot

    ruleset = get_ruleset("turn-or-burn")
    state = ruleset.new_game("quick-shot", seed=1)
    legal = ruleset.legal(state, "red")
    picks = [RandomBot(seed=9).choose(ruleset, "red", ruleset.view(state, "red"), legal) for _ in range(3)]
    assert picks[0] == picks[1] == picks[2] and picks[0] in legal
    ruleset.validate(state, "red", ruleset.order_json(state, "red", picks[0]))
    with pytest.raises(FormatError):
        get_bot("turn-or-burn", "nobody")


def test_last_read_builds_once_per_position_object_and_extra_value():
    """``LastRead`` (search reads a view's position once): the same object and seat give the
    value built before; another object, even an equal one, or another seat, build again."""
    from hexfleet.ai.base import LastRead

    built: list[tuple[object, str]] = []
    read = LastRead(lambda position, seat: built.append((position, seat)) or len(built))
    a, b = {"x": 1}, {"x": 1}
    assert read(a, "red") == read(a, "red") == 1
    assert read(b, "red") == 2 and read(b, "blue") == 3 and read(b, "blue") == 3
    assert built == [(a, "red"), (b, "red"), (b, "blue")]
