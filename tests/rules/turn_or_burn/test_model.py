"""The implementation model through the engine (TOB-IMPL-02..14, TOB-IMPL-33, TOB-SEQ-05) and the
Module 1-3 ambiguities it settles (TOB-AMB-54/57/68)."""

from __future__ import annotations

import pytest

from hexfleet.engine.errors import RuleError
from hexfleet.engine.game import Game
from hexfleet.games.turn_or_burn.build import size_class
from hexfleet.games.turn_or_burn.end_of_turn import check_end_choice, end_needs
from hexfleet.games.turn_or_burn.position import fighter_to_json, parse_position, position_to_json
from hexfleet.games.turn_or_burn.state import Hits

from . import helpers
from .m23_helpers import RS, fighter, first_seed, get, of_type, play, position, resolve, state

STD = ["CM", "STR", "THR", "NB", "ARM", "SCAN"]
SMALL = ["CM", "STR", "THR", "LT"]
HEAVY = ["CM", "STR", "STR", "THR", "THR", "NB", "NB", "SG"]
SUPER = ["CM", "CM", "STR", "STR", "STR", "THR", "THR", "THR", "NB", "SCAN"]
M1_MANEUVERS = {"TNC", "T60S", "T120S", "TR", "T120P", "T60P", "B1A", "B2A", "B3A", "B2S", "B2P", "B3S", "B3P"}


def plot_error(st, seat: str, order: dict) -> RuleError:
    with pytest.raises(RuleError) as err:
        RS.validate(st, seat, order)
    return err.value


# --- state ----------------------------------------------------------------------------------


@pytest.mark.rule("TOB-IMPL-02")
def test_a_side_has_a_score_replacements_and_one_maneuver_set_per_two_fighters():
    st = state(fighter("R1", "red", [10, 0], STD), fighter("R2", "red", [28, -10], STD, momentum=[29, -10]),
               fighter("B1", "blue", [20, 0], SUPER, facing="F"), modules=(1, 2, 3))
    options = RS.pending(st)
    red, blue = options["red"].options["fighters"], options["blue"].options["fighters"]
    assert M1_MANEUVERS | {"DITTO"} <= set(red["R1"]["cards"])  # two fighters share one set
    assert set(blue["B1"]["cards"]) & (M1_MANEUVERS | {"DITTO"}) == M1_MANEUVERS - {"TR", "T120S", "T120P"}
    err = plot_error(st, "red", {"R1": [{"card": "T60P"}], "R2": [{"card": "T60P"}]})
    assert err.rule == "TOB-M2-DITTO-01"
    RS.validate(st, "red", {"R1": [{"card": "T60P"}], "R2": [{"card": "DITTO", "of": "R1"}]})
    err = plot_error(st, "red", {"R1": [{"card": "DITTO", "of": "R2"}], "R2": [{"card": "DITTO", "of": "R1"}]})
    assert err.rule == "TOB-M2-DITTO-01" and "one ditto card per set" in err.message
    assert dict(st.scores) == {"red": 0, "blue": 0} and st.replacements == ()
    nxt, _ = play(st, {"red": {}, "blue": {}})  # R2 coasts off the map
    assert dict(nxt.scores) == {"red": 0, "blue": 1}
    assert [(r.side, r.id, r.enters_on_turn) for r in nxt.replacements] == [("red", "R2", 3)]


@pytest.mark.rule("TOB-IMPL-03")
def test_a_fighter_carries_its_class_markers_cards_and_flags():
    e1 = fighter("E1", "empire", [20, 0], HEAVY, facing="F", momentum=[18, 1], external=["LT", "JAM"],
                 heavy_guns=[["NB", "NB"]], shields=True, destroyed=["THR"], lock_on="A1")
    st = state(e1, fighter("A1", "agrarians", [10, 0], SMALL), modules=(1, 2, 3))
    f = get(st, "E1")
    assert (size_class(f).name, f.size, f.hex, f.momentum, f.facing, f.speed) == ("heavy", 8, (20, 0), (18, 1), 5, 2)
    assert f.cards == tuple(HEAVY) and f.external == ("LT", "JAM") and f.destroyed == ("THR",)
    assert (f.shields, f.lock_on, f.heavy_guns) == (True, "A1", (("NB", "NB"),))
    again = parse_position(position_to_json(st))  # the whole record survives the interchange format
    assert fighter_to_json(get(again, "E1"), True) == fighter_to_json(f, True)
    seen = next(v for v in RS.view(st, "agrarians")["fighters"] if v["id"] == "E1")
    assert seen["cards"] == ["?"] * 3 + ["THR"] + ["?"] * 4  # public: only what was lost or shown
    assert (seen["external"], seen["shields"], seen["lock_on"], seen["size"]) == (["LT", "JAM"], True, "A1", 8)


@pytest.mark.rule("TOB-IMPL-06")
def test_turn_state_phase_declared_externals_and_a_redacted_log():
    g = Game(RS, "bigger", seed=3)
    empire = list(g.state.fighter("E1").cards)
    g.submit({"empire": {"E1": {"cards": empire}}, "agrarians": {}})
    view = g.view("agrarians")
    assert (view["turn"], view["phase"], view["waiting_for"]) == (1, "declare", ["empire"])
    assert g.log_for("agrarians")[0]["orders"]["empire"] == {"E1": {}}  # the build stays secret
    assert g.log_for("empire")[0]["orders"]["empire"] == {"E1": {"cards": empire}}
    g.submit({"empire": {"E1": [{"card": "LT"}]}})  # step A: external plots are public at once
    assert g.view("agrarians")["phase"] == "plot"
    assert g.view("agrarians")["declared"] == {"E1": [{"card": "LT", "external": True}]}
    g.submit({"empire": {"E1": [{"card": "LT", "external": True}, {"card": "T60S"}]},
              "agrarians": {"A1": [{"card": "B1A"}]}})
    log = g.log_for("agrarians")[2]
    plotted = {e["id"]: e["cards"] for e in log["events"] if e["type"] == "plotted"}
    assert plotted == {"E1": ["LT", "T60S"], "A1": ["B1A"]}  # every plot revealed together
    assert g.view("agrarians")["turn"] == 2


# --- orders and decisions -------------------------------------------------------------------


def build_error(modules, cards, **extra) -> str:
    with pytest.raises(RuleError) as err:
        state(fighter("R1", "red", [10, 0], cards, **extra), fighter("B1", "blue", [20, 0], SMALL, facing="F"),
              modules=modules)
    return err.value.rule


@pytest.mark.rule("TOB-IMPL-10")
@pytest.mark.parametrize(("modules", "cards", "extra", "rule"), [
    ((1,), ["CM", "STR", "THR", "NB", "LT"], {}, "TOB-M1-BUILD-01"),
    ((1, 2), STD + ["JAM"], {}, "TOB-M2-BUILD-02"),
    ((1, 2), ["CM", "STR", "NB", "NB"], {}, "TOB-M2-BUILD-02"),
    ((1, 2, 3), ["CM"] * 2 + ["STR"] * 4 + ["THR"] * 3 + ["NB", "LT", "SCAN", "JAM"], {}, "TOB-M3-SIZE-01"),
    ((1, 2, 3), ["CM", "STR", "THR", "NB", "NB", "SCAN", "JAM", "SG"], {}, "TOB-M3-HEAVY-02"),
    ((1, 2, 3), ["CM", "STR", "STR", "THR", "NB", "NB", "SCAN", "JAM", "SG", "BOT"], {}, "TOB-M3-SUPER-02"),
    ((1, 2, 3), STD, {"external": ["LT", "JAM"]}, "TOB-M3-EXT-02"),
    ((1, 2, 3), STD, {"external": ["CM"]}, "TOB-M3-EXT-02"),
    ((1, 2, 3), STD[:4] + ["LT", "SCAN"], {"heavy_guns": [["NB", "LT"]]}, "TOB-M3-BIGGUN-07"),
    ((1, 2, 3), HEAVY, {"options": {"big_fighters": False}}, "TOB-M2-BUILD-02"),
])
def test_builds_are_checked_against_the_module_limits(modules, cards, extra, rule):
    extra = dict(extra)
    options = extra.pop("options", None)
    if options:
        with pytest.raises(RuleError) as err:
            state(fighter("R1", "red", [10, 0], cards, **extra), fighter("B1", "blue", [20, 0], SMALL, facing="F"),
                  modules=modules, options=options)
        assert err.value.rule == rule
    else:
        assert build_error(modules, cards, **extra) == rule


@pytest.mark.rule("TOB-IMPL-10")
def test_legal_builds_pass_and_the_scenario_balance_caps_a_side():
    for modules, cards, extra in (((1,), SMALL, {}), ((1, 2), STD, {}), ((1, 2, 3), HEAVY, {"external": ["LT"]}),
                                  ((1, 2, 3), SUPER, {})):
        st = state(fighter("R1", "red", [10, 0], cards, **extra), fighter("B1", "blue", [20, 0], SMALL, facing="F"),
                   modules=modules)
        assert get(st, "R1").cards == tuple(cards)
    game = RS.new_game("bigger", seed=0)  # 12-card super: the agrarians get 12 + 3 cards
    five = ["CM", "STR", "THR", "NB", "SCAN"]
    RS.validate(game, "agrarians", {"A1": {"cards": five}, "A2": {"cards": five}, "A3": {"cards": five}})
    err = plot_error(game, "agrarians", {"A1": {"cards": five + ["JAM"]}, "A2": {"cards": five},
                                         "A3": {"cards": five}})
    assert err.rule == "TOB-M3-SCEN-01"


@pytest.mark.rule("TOB-IMPL-11")
def test_place_sets_hex_facing_momentum_and_shields_and_reentry_splits_the_choice():
    game = RS.new_game("popcorn", seed=0)
    place = {"hex": [5, 11], "facing": "B", "momentum": [8, 8], "shields": True}  # R2 has a shield generator
    RS.validate(game, "red", {"R2": place})
    assert plot_error(game, "red", {"R1": {"shields": True}}).rule == "TOB-M2-SHIELD-03"
    assert plot_error(game, "red", {"R2": {**place, "momentum": [12, 4]}}).rule == "TOB-M1-SETUP-02"  # speed 7
    st, _ = play(game, {"red": {"R2": place}, "blue": {}})
    r2 = get(st, "R2")
    assert (r2.hex, r2.facing, r2.momentum, r2.shields) == ((5, 11), 1, (8, 8), True)
    data = position_to_json(st)
    data["fighters"] = [f for f in data["fighters"] if f["id"] != "B2"]
    data["replacements"] = [{"side": "blue", "enters_on_turn": 1, "id": "B2"}]
    st = parse_position(data, phase_decisions=True)
    assert {s: d.kind for s, d in RS.pending(st).items()} == {"red": "reentry_hex"}  # the opponents pick the hex
    st, _ = play(st, {"red": {"B2": [29, -5]}})
    assert {s: d.kind for s, d in RS.pending(st).items()} == {"blue": "reentry"}  # the owner the rest
    st, events = play(st, {"blue": {"B2": {"facing": "F", "momentum": [27, -4], "shields": False}}})
    assert of_type(events, "entered")[0] == {"type": "entered", "id": "B2", "side": "blue", "hex": [29, -5],
                                                  "facing": "F", "momentum": [27, -4], "shields": False,
                                                  "external": [], "heavy_guns": 0}


@pytest.mark.rule("TOB-IMPL-13")
def test_repair_and_scanner_choices_ride_with_the_plot_targets_wait_for_the_fire_decision():
    st = state(fighter("R1", "red", [10, 0], ["CM", "STR", "STR", "THR", "NB", "BOT"], destroyed=["STR"]),
               fighter("R2", "red", [10, 4], ["CM", "STR", "THR", "NB", "SCAN"]),
               fighter("B1", "blue", [16, 0], SMALL, facing="F"), fighter("B2", "blue", [22, 0], SMALL, facing="F"))
    st, events = play(st, {"red": {"R1": [{"card": "BOT", "repair": "STR"}], "R2": [{"card": "SCAN", "target": "B2"}]},
                           "blue": {"B1": [{"card": "LT"}]}})
    assert of_type(events, "repaired") == [{"type": "repaired", "id": "R1", "card": "STR"}]
    assert of_type(events, "lock_on") == [{"type": "lock_on", "id": "R2", "target": "B2"}]  # not the nearest
    assert st.phase == "fire" and set(RS.pending(st)) == {"blue"}
    assert RS.pending(st)["blue"].options == {"B1": [{"card": "LT", "external": False, "targets": ["R1", "R2"]}]}
    st, events = play(st, {"blue": {"B1": [None]}})  # hold fire
    assert not of_type(events, "shot") and st.phase == "plot" and st.turn == 2
    assert get(st, "R1").has("STR") and get(st, "R1").destroyed == () and get(st, "R2").lock_on == "B2"


@pytest.mark.rule("TOB-IMPL-13")
def test_external_loss_is_the_owners_end_of_turn_decision():
    def make(seed):
        st = state(fighter("E1", "empire", [12, 0], SMALL, facing="F"),
                   fighter("A1", "agrarians", [10, 0], ["CM", "STR", "THR", "NB", "SCAN", "JAM"], external=["LT"]),
                   modules=(1, 2, 3), seed=seed)
        st, _ = play(st, {"agrarians": {}})  # step A: A1 declares no external plot
        return play(st, {"empire": {"E1": [{"card": "LT", "target": "A1"}]}, "agrarians": {}})

    st, events = first_seed(make, lambda nxt, ev: nxt.phase == "end")
    assert of_type(events, "pulled")[0]["cards"][0] in ("THR", "NB", "SCAN", "JAM")  # lost inside, still flying
    decision = RS.pending(st)["agrarians"]
    assert decision.options["A1"]["external"] == 1 and decision.options["A1"]["externals"] == ["LT"]
    st, events = play(st, {"agrarians": {"A1": {"external": ["LT"], "discard": []}}})
    assert of_type(events, "external_lost") == [{"type": "external_lost", "id": "A1", "card": "LT"}]


@pytest.mark.rule("TOB-IMPL-14")
def test_standing_orders_fire_at_the_nearest_and_a_live_game_asks_only_the_shooter():
    pieces = (fighter("R1", "red", [10, 0], STD), fighter("B1", "blue", [16, 0], SMALL, facing="F"),
              fighter("B2", "blue", [14, 0], SMALL, facing="F"))
    _, events = resolve(parse_position(position(*pieces)), {"R1": [{"card": "NB"}]})  # no stop
    assert [(s["shooter"], s["target"]) for s in of_type(events, "shot")] == [("R1", "B2")]
    live, _ = play(state(*pieces), {"red": {"R1": [{"card": "NB"}]}, "blue": {}})
    assert live.phase == "fire" and set(RS.pending(live)) == {"red"}
    assert RS.view(live, "blue")["decision"] is None and RS.view(live, "blue")["waiting_for"] == ["red"]


# --- sequence and elimination ---------------------------------------------------------------


@pytest.mark.rule("TOB-SEQ-05")
def test_plots_are_simultaneous_and_secret_and_fire_is_simultaneous():
    g = Game(helpers.RULES, "quick-shot", seed=5)
    g.submit({"red": {}, "blue": {}})
    assert {s: d.kind for s, d in g.pending().items()} == {"red": "plot", "blue": "plot"}  # both at once
    with pytest.raises(RuleError):  # nobody plots alone: the step waits for every side
        g.submit({"red": {"R1": [{"card": "TNC"}]}})
    g.submit({"red": {"R1": [{"card": "T60S"}]}, "blue": {"B1": [{"card": "B1A"}]}})
    assert g.log_for("blue")[1]["orders"]["red"] == {"R1": [{"card": "T60S"}]}  # shown once resolved
    duel = helpers.position(helpers.fighter("R1", "red", (10, 5), "C", gun="BG"),
                            helpers.fighter("B1", "blue", (12, 5), "F", gun="BG"))
    shots = []
    for order in ("ascending", "random"):
        turn = helpers.resolve({**duel, "options": {"shot_order": order}}, {"R1": "BG>B1", "B1": "BG>R1"}, seed=9)
        assert turn.eliminated() == {"R1": "structure", "B1": "structure"}  # each fires though destroyed
        shots.append(sorted((s["shooter"], s["target"], s["damage"], s["miss_cards"]) for s in turn.shots()))
    assert shots[0] == shots[1] == [("B1", "R1", 6, 2), ("R1", "B1", 6, 2)]  # fixed before any pull


@pytest.mark.rule("TOB-IMPL-32")
@pytest.mark.parametrize(("cards", "size_mod"), [(HEAVY, -1), (SUPER, -2)])
def test_miss_cards_never_go_below_zero(cards, size_mod):
    band = {1: 0, 3: 0, 4: 1, 7: 2, 10: 4}
    for r, misses in band.items():
        st = state(fighter("R1", "red", [5, 0], SMALL), fighter("B1", "blue", [5 + r, 0], cards, facing="F"),
                   modules=(1, 2, 3))
        _, events = resolve(st, {"R1": [{"card": "LT", "target": "B1"}]})
        shot = of_type(events, "shot")[0]
        assert shot["miss_cards"] == max(0, misses + size_mod) >= 0
        assert shot["hand_size"] == len(cards) + shot["miss_cards"]


@pytest.mark.rule("TOB-IMPL-33")
def test_losing_the_gun_eliminates_only_in_module_1():
    def hit_on_gun(modules):
        def make(seed):
            pos = helpers.position(helpers.fighter("R1", "red", (10, 5), "C", gun="LT"),
                                   helpers.fighter("B1", "blue", (12, 5), "F", gun="NB"))
            pos["modules"] = list(modules)
            turn = helpers.resolve(pos, {"R1": "LT>B1"}, seed=seed)
            return turn, turn.events

        return first_seed(make, lambda turn, ev: turn.pulls()[0]["cards"] == ["NB"])[0]

    assert hit_on_gun((1,)).eliminated() == {"B1": "gun"}
    m2 = hit_on_gun((1, 2))
    assert m2.eliminated() == {} and m2.fighter("B1")["destroyed"] == ["NB"]


# --- ambiguities ----------------------------------------------------------------------------


@pytest.mark.rule("TOB-AMB-57")
def test_futile_plots_are_accepted_forbidden_ones_refused():
    st = state(fighter("R1", "red", [10, 0], ["CM", "STR", "THR", "NB", "ARM", "BOT"]),
               fighter("R2", "red", [10, 4], ["CM", "STR", "THR", "NB", "SG"], shields=True),
               fighter("B1", "blue", [20, 0], SMALL, facing="C"))
    assert plot_error(st, "red", {"R1": [{"card": "ARM"}]}).rule == "TOB-M2-PLOT-04"
    assert plot_error(st, "red", {"R2": [{"card": "B1A"}]}).rule == "TOB-M2-PLOT-05"
    nxt, events = resolve(st, {"R1": [{"card": "BOT"}], "B1": [{"card": "LT"}]})  # nothing to repair, nothing in arc
    assert of_type(events, "repaired") == [{"type": "repaired", "id": "R1", "card": None}]
    assert not of_type(events, "shot") and nxt.turn == 2
    RS.validate(st, "red", {})  # plotting nothing is allowed


@pytest.mark.rule("TOB-AMB-68")
def test_fighters_pass_through_and_share_hexes_without_interacting():
    pos = helpers.position(helpers.fighter("R1", "red", (10, 5), "C", (13, 5)),
                           helpers.fighter("B1", "blue", (16, 5), "F", (13, 5)),
                           helpers.fighter("B2", "blue", (12, 3), "D", (12, 7)))  # crosses R1's path
    turn = helpers.resolve(pos, {"R1": "NB>B1"})
    assert turn.fighter("R1")["hex"] == turn.fighter("B1")["hex"] == [13, 5] and turn.fighter("B2")["hex"] == [12, 7]
    assert [e["type"] for e in turn.events] == ["plotted", "moved", "moved", "moved", "shot_void"]
    assert turn.voids()[0]["reason"] == "range_0" and turn.eliminated() == {}


@pytest.mark.rule("TOB-AMB-54")
def test_the_ocr_fixes_a_gun_card_keeps_the_lock_and_a_heavy_never_discards_its_last_structure():
    """000:598 "a scanner or a gun Lock-On card" reads "gun card"; 000:766 is completed from the
    German: discard to 6, but never the last structure card."""
    def lock_after(card: str) -> str | None:
        st = state(fighter("R1", "red", [10, 0], ["CM", "STR", "THR", "LT", "SCAN"], lock_on="B1"),
                   fighter("B1", "blue", [14, 0], ["CM", "CM", "STR", "STR", "THR", "LT"], facing="C"))  # 1 pull: lives
        nxt, _ = resolve(st, {"R1": [{"card": card}]})
        return get(nxt, "R1").lock_on

    assert lock_after("LT") == lock_after("SCAN") == "B1"
    assert lock_after("T60S") is None
    heavy = get(state(fighter("E1", "empire", [20, 0], HEAVY, facing="F", destroyed=["STR"]),
                      fighter("A1", "agrarians", [10, 0], SMALL), modules=(1, 2, 3)), "E1")
    needs = end_needs(heavy, Hits())
    assert needs == {"external": 0, "discard": 1}
    with pytest.raises(RuleError) as err:
        check_end_choice(heavy, needs, {"discard": ["STR"]}, "order.E1")
    assert err.value.rule == "TOB-M3-HEAVY-02"
    assert check_end_choice(heavy, needs, {"discard": ["SG"]}, "order.E1") == {"external": [], "discard": ["SG"]}
