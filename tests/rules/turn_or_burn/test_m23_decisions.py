"""Module 2-3 decision points on the kernel: the fire decision, hidden information at every
stop, the contract (pure advance, JSON round trip, replay) over random games."""

from __future__ import annotations

import json
import random

import pytest

from hexfleet.engine.errors import RuleError
from hexfleet.engine.ruleset import step

from .m23_helpers import RS, fighter, get, of_type, play, state

SIX = ["CM", "STR", "STR", "THR", "NB", "SCAN"]


@pytest.mark.rule("TOB-AMB-19")
@pytest.mark.rule("TOB-M2-FIRE-01")
def test_targets_are_chosen_after_movement_by_all_shooters_at_once():
    st = state(fighter("R1", "red", [10, 0], SIX), fighter("B1", "blue", [13, 0], SIX, facing="F"),
               fighter("B2", "blue", [13, 1], SIX, facing="F"))
    st, events = play(st, {"red": {"R1": [{"card": "NB"}]}, "blue": {"B1": [{"card": "NB"}], "B2": [{"card": "NB"}]}})
    assert st.phase == "fire" and set(RS.pending(st)) == {"red", "blue"}
    assert of_type(events, "moved") and not of_type(events, "shot")  # movement shown before choosing
    assert RS.pending(st)["red"].options == {"R1": [{"card": "NB", "external": False, "targets": ["B1", "B2"]}]}
    with pytest.raises(RuleError):
        RS.validate(st, "red", {"R1": ["R1"]})
    # a seat's view at the fire decision shows the board after movement, never the others' choices
    assert RS.view(st, "blue")["decision"]["kind"] == "fire"
    st, events = play(st, {"red": {"R1": ["B2"]}, "blue": {"B1": ["R1"], "B2": [None]}})
    assert of_type(events, "announced")[0]["shots"] == [{"shooter": "B1", "weapon": "NB", "target": "R1"},
                                                         {"shooter": "R1", "weapon": "NB", "target": "B2"}]
    assert not of_type(events, "moved")  # only what happened since the last stop


@pytest.mark.rule("TOB-M2-BUILD-04")
@pytest.mark.rule("TOB-AMB-55")
def test_no_view_shows_another_sides_unrevealed_cards_at_any_stop():
    for seed in range(6):
        st = RS.new_game("bigger" if seed % 2 else "popcorn", seed=seed)
        rnd = random.Random(seed)
        for _ in range(60):
            if RS.outcome(st):
                break
            for seat in RS.seats(st):
                view = json.dumps(RS.view(st, seat))
                for f in st.fighters:  # the board as it stands, also at a mid-turn decision
                    if f.side != seat:
                        mine = next(v for v in RS.view(st, seat)["fighters"] if v["id"] == f.id)
                        shown = [c for c in mine["cards"] if c != "?"]
                        assert sorted(shown) == sorted(
                            c for c in shown if c in f.revealed or c in f.destroyed), view
                        if isinstance(mine["heavy_guns"], list):
                            raise AssertionError("heavy-gun types leaked")
            st, _ = step(RS, st, {s: rnd.choice(RS.legal_orders(st, s)) for s in RS.pending(st)})


@pytest.mark.rule("TOB-IMPL-30")
def test_contract_pure_advance_json_round_trip_and_replay():
    for seed, scenario in ((1, "popcorn"), (2, "bigger"), (3, "popcorn")):
        st = RS.new_game(scenario, seed=seed)
        rnd = random.Random(seed)
        history = []
        for _ in range(80):
            if RS.outcome(st):
                break
            orders = {s: rnd.choice(RS.legal_orders(st, s)) for s in RS.pending(st)}
            before = RS.state_hash(st)
            nxt, events = step(RS, st, orders)
            assert RS.state_hash(st) == before  # advance left its input alone
            again = RS.from_json(json.loads(json.dumps(RS.to_json(nxt))))
            assert RS.state_hash(again) == RS.state_hash(nxt)
            history.append((orders, events))
            st = nxt
        replay = RS.new_game(scenario, seed=seed)
        for orders, events in history:
            replay, again = step(RS, replay, orders)
            assert again == events
        assert RS.state_hash(replay) == RS.state_hash(st)


def test_module_1_games_are_untouched():
    st = RS.new_game("quick-shot", seed=4)
    assert RS.pending(st)["red"].kind == "setup"
    st, _ = step(RS, st, {"red": {}, "blue": {}})
    st, events = step(RS, st, {"red": {"R1": [{"card": "B2A"}]}, "blue": {}})
    assert [e["type"] for e in events] == ["plotted", "moved", "moved"]
    assert "scores" not in RS.view(st, "red") and get(st, "R1").hex == (9, 8)


@pytest.mark.rule("TOB-IMPL-12")
def test_every_listed_legal_order_validates():
    for seed, scenario in ((7, "bigger"), (8, "popcorn")):
        st = RS.new_game(scenario, seed=seed)
        rnd = random.Random(seed)
        paired = False
        for _ in range(25):
            if RS.outcome(st):
                break
            for seat in RS.pending(st):
                legal = RS.legal_orders(st, seat)
                assert legal
                for order in rnd.sample(legal, min(25, len(legal))):
                    RS.validate(st, seat, order)
                    paired |= any(len(actions) == 2 for actions in order.values() if isinstance(actions, list))
            st, _ = step(RS, st, {s: rnd.choice(RS.legal_orders(st, s)) for s in RS.pending(st)})
        if scenario == "bigger":
            assert paired  # the super's two crew plot a maneuver and a system together


@pytest.mark.rule("TOB-IMPL-34")
@pytest.mark.rule("TOB-IMPL-35")
@pytest.mark.rule("TOB-IMPL-36")
@pytest.mark.rule("TOB-IMPL-37")
@pytest.mark.rule("TOB-IMPL-32")
@pytest.mark.rule("TOB-IMPL-33")
def test_invariants_over_random_games():
    from hexfleet.games.turn_or_burn.build import size_class

    for seed, scenario in ((11, "bigger"), (12, "popcorn")):
        st = RS.new_game(scenario, seed=seed)
        rnd = random.Random(seed)
        classes: dict[str, str] = {}
        for _ in range(60):
            if RS.outcome(st):
                break
            st, events = step(RS, st, {s: rnd.choice(RS.legal_orders(st, s)) for s in RS.pending(st)})
            for e in events:
                if e["type"] == "entered":
                    classes.pop(e["id"], None)  # a replacement is a new build
                if e["type"] == "shot":
                    assert e["miss_cards"] >= 0 and e["hand_size"] >= e["miss_cards"]
            for f in st.fighters:
                assert classes.setdefault(f.id, size_class(f).name) == size_class(f).name
                assert f.lock_on is None or isinstance(f.lock_on, str)
                assert len(f.external) <= f.cards.count("STR")
                assert len(f.cards) + len(f.external) <= 15
                assert f.has("CM") and f.has("STR")  # the crewless and broken left at the phase's end


@pytest.mark.rule("TOB-SEQ-04")
@pytest.mark.rule("TOB-AMB-19")
def test_targets_given_in_advance_are_used_and_only_the_others_are_asked():
    st = state(fighter("R1", "red", [10, 0], SIX), fighter("B1", "blue", [13, 0], SIX, facing="F"),
               fighter("B2", "blue", [13, 1], SIX, facing="F"))
    st, events = play(st, {"red": {"R1": [{"card": "NB"}], "then": {"fire": {"R1": ["B2"]}}},
                           "blue": {"B1": [{"card": "NB"}], "B2": [{"card": "NB"}]}})
    assert st.phase == "fire" and set(RS.pending(st)) == {"blue"}  # red answered in advance
    again = RS.from_json(json.loads(json.dumps(RS.to_json(st))))
    assert RS.state_hash(again) == RS.state_hash(st)
    st, events = play(st, {"blue": {"B1": ["R1"], "B2": [None]}})
    assert of_type(events, "announced")[0]["shots"] == [{"shooter": "B1", "weapon": "NB", "target": "R1"},
                                                         {"shooter": "R1", "weapon": "NB", "target": "B2"}]
    assert not st.then  # used once, then gone


@pytest.mark.rule("TOB-SEQ-04")
def test_an_answer_in_advance_the_rules_refuse_is_dropped_and_the_seat_is_asked():
    st = state(fighter("R1", "red", [10, 0], SIX), fighter("B1", "blue", [13, 0], SIX, facing="F"))
    st, _ = play(st, {"red": {"R1": [{"card": "NB"}], "then": {"fire": {"R1": ["R1"]}}},
                      "blue": {"B1": [{"card": "NB"}]}})
    assert st.phase == "fire" and set(RS.pending(st)) == {"red", "blue"}
