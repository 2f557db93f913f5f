"""Plotting legality (TOB-M1-PLOT-*, TOB-M1-SYS-03, TOB-M1-SETUP-01, TOB-COMP-01)."""

from __future__ import annotations

import pytest

from hexfleet.engine.errors import FormatError, RuleError

from .helpers import RULES, fighter, position, resolve, validate

S = (10, 5)
M1_MANEUVERS = ["TNC", "T60S", "T120S", "TR", "T120P", "T60P", "B1A", "B2A", "B3A", "B2S", "B2P", "B3S", "B3P"]


def pos(**kw):
    return position(fighter("R1", "red", S, "C", **kw), fighter("B1", "blue", (14, 5), "F"))


def rejected(plot, rule: str, **kw) -> RuleError:
    with pytest.raises(RuleError) as err:
        validate(pos(**kw), "R1", plot)
    assert err.value.rule == rule, err.value
    assert err.value.unit == "R1" and err.value.field and err.value.field.startswith("order.R1")
    return err.value


@pytest.mark.rule("TOB-M1-PLOT-01")
def test_one_action_per_fighter() -> None:
    rejected([{"card": "B1A"}, {"card": "NB"}], "TOB-M1-PLOT-01")
    rejected([{"card": "TNC"}, {"card": "T60S"}], "TOB-M1-PLOT-01")
    err = rejected("STR", "TOB-M1-PLOT-01")  # a structure card is no action in Module 1
    assert "STR" in err.message


@pytest.mark.rule("TOB-M1-PLOT-02")
@pytest.mark.rule("TOB-COMP-01")
@pytest.mark.parametrize("card", M1_MANEUVERS)
def test_every_turn_and_burn_card_may_be_plotted(card: str) -> None:
    validate(pos(), "R1", card)
    rejected([{"card": card, "target": "B1"}], "TOB-M1-PLOT-02")  # only a gun takes a target


@pytest.mark.rule("TOB-M1-PLOT-03")
def test_to_fire_plot_your_own_gun() -> None:
    validate(pos(gun="DB"), "R1", "DB")
    validate(pos(gun="DB"), "R1", "DB>B1")
    rejected("NB", "TOB-M1-PLOT-03", gun="DB")
    with pytest.raises(FormatError) as err:  # a target that does not exist is a bad order, not a rule
        validate(pos(), "R1", "NB>B9")
    assert err.value.field == "order.R1[0].target"


@pytest.mark.rule("TOB-M1-SYS-03")
@pytest.mark.rule("TOB-M1-PLOT-05")
@pytest.mark.parametrize("card", ["B1A", "B2A", "B3A", "B2S", "B2P", "B3S", "B3P"])
def test_no_burns_without_a_thruster(card: str) -> None:
    rejected(card, "TOB-M1-SYS-03", destroyed=["THR"])
    validate(pos(destroyed=["THR"]), "R1", "T60S")  # it may still turn
    validate(pos(destroyed=["THR"]), "R1", "NB>B1")  # ... and fire


@pytest.mark.rule("TOB-M1-PULL-02")
def test_a_destroyed_card_may_not_be_used_again() -> None:
    rejected("THR", "TOB-M1-PULL-02", destroyed=["THR"])


@pytest.mark.rule("TOB-M1-SETUP-01")
@pytest.mark.rule("TOB-COMP-01")
def test_no_ditto_and_no_later_module_maneuvers() -> None:
    rejected("DITTO", "TOB-M1-SETUP-01")
    rejected("B5A", "TOB-COMP-01")
    rejected("RAM", "TOB-COMP-01")
    with pytest.raises(FormatError) as err:
        validate(pos(), "R1", "B4A")
    assert err.value.field == "order.R1[0].card"


@pytest.mark.rule("TOB-M1-PLOT-05")
@pytest.mark.rule("TOB-COMP-01")
def test_legal_cards_and_orders() -> None:
    state = resolve(pos()).before
    f = state.fighter("R1")
    assert RULES.legal_cards(state, f) == M1_MANEUVERS + ["NB"]
    orders = RULES.legal_orders(state, "red")
    assert {"R1": []} in orders and len(orders) == 1 + 13 + 1
    for order in orders:
        RULES.validate(state, "red", order)
    crippled = resolve(pos(destroyed=["THR"])).before
    assert RULES.legal_cards(crippled, crippled.fighter("R1")) == M1_MANEUVERS[:6] + ["NB"]
    assert RULES.default_order(state, "red") == {}


@pytest.mark.rule("TOB-M1-PLOT-05")
def test_plotting_nothing_is_allowed() -> None:
    validate(pos(), "R1", [])
    RULES.validate(resolve(pos()).before, "red", {})


@pytest.mark.rule("TOB-M1-PLOT-04")
@pytest.mark.rule("TOB-M1-BUILD-02")
def test_plots_are_revealed_together_and_reveal_the_gun() -> None:
    p = position(fighter("R1", "red", S, "C", gun="DB"), fighter("B1", "blue", (14, 5), "F", gun="BG"))
    turn = resolve(p, {"R1": "DB>B1", "B1": "T60S"})
    kinds = [e["type"] for e in turn.events]
    assert kinds[:2] == ["plotted", "plotted"] and "plotted" not in kinds[2:]
    assert turn.events[:2] == [{"type": "plotted", "id": "R1", "cards": ["DB"]},
                               {"type": "plotted", "id": "B1", "cards": ["T60S"]}]
    blue_view = {f["id"]: f["cards"] for f in RULES.view(turn.state, "blue")["fighters"]}
    red_view = {f["id"]: f["cards"] for f in RULES.view(turn.state, "red")["fighters"]}
    assert blue_view["R1"] == ["CM", "STR", "THR", "DB"]  # fired, so shown
    assert red_view["B1"] == ["CM", "STR", "THR", "?"]  # never used: still hidden
    assert RULES.view(turn.before, "blue")["fighters"][0]["cards"] == ["CM", "STR", "THR", "?"]


@pytest.mark.rule("ENGINE-SEAT")
def test_orders_only_for_your_own_fighters() -> None:
    state = resolve(pos()).before
    with pytest.raises(RuleError) as err:
        RULES.validate(state, "red", {"B1": [{"card": "TNC"}]})
    assert err.value.rule == "ENGINE-SEAT"
    with pytest.raises(FormatError):
        RULES.validate(state, "red", {"R9": []})
    with pytest.raises(FormatError):
        RULES.validate(state, "red", {"R1": [{"card": "TNC", "bogus": 1}]})
