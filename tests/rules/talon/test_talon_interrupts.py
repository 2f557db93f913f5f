"""Choices the rules give to the side *not* acting while an order resolves (TAL-IMP-2's
interrupts): in a game played here that side is asked (decision kind ``choice``), its answer
applies, and a wrong seat or an illegal answer is refused naming the rule; ``hexfleet resolve``
keeps to the format, where every choice rides on the acting player's order."""

from __future__ import annotations

from typing import Any

import pytest

from hexfleet.ai import talon as bots
from hexfleet.engine.errors import FormatError, RuleError
from hexfleet.engine.procedure import Then, force_dice
from hexfleet.games.talon import interchange
from hexfleet.games.talon.rules import CHOICE, RULESET
from hexfleet.games.talon.world import TalState

from .helpers import of, position, resolve, ship, t, unit

TERRAN = {"player": "terran", "initiative": "terran"}
END = {"do": "end_turn"}


def interactive(pos: dict[str, Any], dice: tuple[int, ...] = ()) -> TalState:
    """``pos`` as a game played here: the side not acting answers its own choices."""
    return force_dice(interchange.parse({**pos, "interrupts": True}), dice)


def play(state: TalState, seat: str, order: Any) -> tuple[TalState, list[dict[str, Any]]]:
    """One order as the server takes it: validated, then applied."""
    RULESET.validate(state, seat, order)
    return RULESET.advance(state, {seat: order})


def choose(pick: Any) -> dict[str, Any]:
    return {"do": "choose", "pick": pick}


def asked(state: TalState) -> tuple[str, dict[str, Any]]:
    """The one seat asked now and its decision's options (a ``choice``)."""
    pending = RULESET.pending(state)
    assert len(pending) == 1
    (seat, decision), = pending.items()
    assert decision.kind == CHOICE
    return seat, decision.options


def squadron(uid: str, hex_: tuple[int, int], facing: int = 0, **more: Any) -> dict[str, Any]:
    return {"id": uid, "class": "terran-ftr", "side": "terran", "hex": list(hex_), "facing": facing, **more}


def _missile_into_squadron(*marked: int) -> dict[str, Any]:
    """Terran moves a squadron (fighters with ``marked`` hull boxes) into the hex of a Talon
    missile that targets it."""
    m = {"id": "M1", "side": "talon", "hex": [1, 0], "facing": 3, "target": "sq"}
    fighters = [{"hull_marked": n} for n in marked or (0, 0, 0)]
    return position(ship("cv", "terran-cv", "terran", (5, 5)), ship("x", "talon-ca", "talon", (0, 9)),
                    squadrons=[squadron("sq", (0, 0), 0, fighters=fighters)], missiles=[m], impulse="C",
                    step="move", **TERRAN)


@pytest.mark.rule("TAL-AMB-19")
@pytest.mark.rule("TAL-IMP-2")
def test_the_missile_owner_is_asked_which_fighter_it_hits():
    move = {"do": "move", "unit": "sq", "how": "straight"}
    state, ev = play(interactive(_missile_into_squadron()), "terran", move)
    seat, options = asked(state)
    assert seat == "talon" and options["choice"] == "fighter" and options["rule"] == "TAL-AMB-19"
    assert options["subject"] == "sq" and options["options"] == [1, 2, 3]
    assert of(ev, "detonated") == []  # the order waits for the answer
    assert RULESET.view(state, "terran")["waiting_for"] == ["talon"]
    state, ev = play(state, "talon", choose(3))
    assert of(ev, "detonated") == [{"type": "detonated", "missile": "M1", "target": "sq", "arc": None, "fighter": 3}]
    assert [f["hull_marked"] for f in unit(state.pos, "sq")["fighters"]] == [0, 0, 2]
    assert "held" not in state.pos and RULESET.asked(state).seats == ("terran",)


@pytest.mark.rule("TAL-AMB-19")
@pytest.mark.rule("TAL-IMP-2")
def test_a_wrong_seat_or_an_illegal_answer_is_refused_naming_the_rule():
    state, _ = play(interactive(_missile_into_squadron()), "terran", {"do": "move", "unit": "sq", "how": "straight"})
    for seat, answer in (("terran", choose(1)), ("talon", choose("sq")), ("talon", END)):
        with pytest.raises(RuleError) as err:
            RULESET.validate(state, seat, answer)
        assert err.value.rule == "TAL-AMB-19", (seat, answer)
    with pytest.raises(FormatError):
        RULESET.validate(state, "talon", choose(4))
    state, _ = play(interactive(_missile_into_squadron(0, 2, 0)), "terran", {"do": "move", "unit": "sq", "how": "straight"})
    with pytest.raises(RuleError) as err:
        RULESET.validate(state, "talon", choose(2))  # fighter 2 is destroyed already
    assert err.value.rule == "TAL-AMB-19" and "1, 3" in err.value.message
    assert "held" in state.pos and asked(state)[0] == "talon"  # refused: nothing changed


@pytest.mark.rule("TAL-AMB-19")
def test_a_choice_with_one_legal_answer_is_not_asked():
    state, ev = play(interactive(_missile_into_squadron(2, 2, 0)), "terran", {"do": "move", "unit": "sq", "how": "straight"})
    assert RULESET.asked(state).kind == "turn" and of(ev, "detonated")[0]["fighter"] == 3


@pytest.mark.rule("TAL-AMB-19")
def test_the_acting_player_cannot_answer_for_the_other_side_but_resolve_keeps_the_format():
    order = {"do": "move", "unit": "sq", "how": "straight", "choices": {"fighter": {"sq": 2}}}
    state, _ = play(interactive(_missile_into_squadron()), "terran", order)
    assert asked(state)[0] == "talon"
    nxt, ev = resolve(_missile_into_squadron(), [t(order, "terran")])
    assert of(ev, "detonated")[0]["fighter"] == 2 and "held" not in nxt and "interrupts" not in nxt


@pytest.mark.rule("TAL-15.2.2.c")
@pytest.mark.rule("TAL-IMP-2")
def test_the_owner_of_ships_in_a_fusion_cone_is_asked_their_order():
    evis = ship("evis", "talon-bb", "talon", (0, 0), 0)
    pos = position(evis, ship("a", "terran-ca", "terran", (2, 0), 3), ship("b", "terran-ca", "terran", (3, 0), 3),
                   impulse="C", step="fire")
    fire = {"do": "fire", "ship": "evis", "group": 2, "shots": [{"target": "a"}]}
    state, ev = play(interactive(pos, (4,)), "talon", fire)
    seat, options = asked(state)
    assert (seat, options["choice"], options["rule"], options["options"]) == ("terran", "order", "TAL-15.2.2.c",
                                                                              ["a", "b"])
    state, ev = play(state, "terran", choose("b"))  # the last one left is not asked
    assert [e["target"] for e in of(ev, "fired")] == ["b", "a"]
    assert [e["faces"] for e in of(ev, "roll")] == [[4]]  # the resolution ran again on the same die


@pytest.mark.rule("TAL-8.6.3")
@pytest.mark.rule("TAL-8.6.5")
@pytest.mark.rule("TAL-AMB-19")
def test_an_explosion_asks_each_owner_about_his_own_units():
    """Terran fires; the Talon FF explodes next to two Talon ships and two Talon missiles."""
    g = ship("g", "terran-ca", "terran", (3, 0), 3)
    ff = ship("ff", "talon-ff", "talon", (0, 0), 0, hull_marked=2, shields={"F": 0, "L": 0, "R": 0, "Rear": 0})
    a, b = ship("a", "talon-ca", "talon", (0, 1), 0), ship("b", "talon-ca", "talon", (-1, 1), 0)
    missiles = [{"id": f"M{n}", "side": "talon", "hex": [1, -1], "facing": 0, "target": None} for n in (2, 5)]
    pos = position(g, ff, a, b, missiles=missiles, impulse="C", step="fire", **TERRAN)
    fire = {"do": "fire", "ship": "g", "group": 1, "shots": [{"target": "ff"}]}
    state, _ = play(interactive(pos, (6,)), "terran", fire)
    assert asked(state)[1]["options"] == ["a", "b"] and asked(state)[0] == "talon"
    state, _ = play(state, "talon", choose("b"))
    seat, options = asked(state)
    assert (seat, options["choice"], options["rule"], options["options"]) == ("talon", "missile_hit", "TAL-8.6.5",
                                                                               ["M2", "M5"])
    state, ev = play(state, "talon", choose("M5"))
    assert [e["unit"] for e in of(ev, "damaged") if e["source"] == "explosion"] == ["b", "a", "M5"]
    assert unit(state.pos, "M5")["damaged"] and not unit(state.pos, "M2")["damaged"]


@pytest.mark.rule("TAL-7.4.b")
@pytest.mark.rule("TAL-18.2")
def test_a_pull_asks_the_owner_its_hex_and_which_ship_of_a_collision_goes_first():
    """The Second Player (Terran) ends the Round's Power Phase: the Black Hole pulls the Talon
    ships, whose owner picks a spine hex and the first ship of a collision."""
    g = ship("g", "terran-ca", "terran", (-6, 0), 0)
    x, y = ship("x", "talon-ca", "talon", (0, 0), 0), ship("y", "talon-ca", "talon", (1, 0), 3)
    pos = position(g, x, y, terrain=[{"kind": "black_hole", "hex": [4, -2]}], phase="power", impulse=None,
                   step=None, player="terran", initiative="talon")
    state, _ = play(interactive(pos), "terran", END)
    seat, options = asked(state)
    assert (seat, options["choice"], options["rule"], options["subject"]) == ("talon", "pull", "TAL-18.2", "x")
    assert options["options"] == [[1, 0], [1, -1]]
    state, _ = play(state, "talon", choose([1, 0]))
    seat, options = asked(state)
    assert (seat, options["choice"], options["rule"], options["options"]) == ("talon", "first", "TAL-7.4.b",
                                                                              ["x", "y"])
    state, ev = play(state, "talon", choose("y"))
    assert of(ev, "collision") == [{"type": "collision", "unit": "x", "other": "y"}]
    assert [e["unit"] for e in of(ev, "damaged") if e["source"] == "collision"] == ["y", "x"]


@pytest.mark.rule("TAL-IMP-2")
def test_an_answer_given_in_advance_is_used_without_asking():
    early = interactive(_missile_into_squadron())
    early = TalState(early.pos, early.rng, (Then("talon", CHOICE, choose(2)),))
    nxt, ev = play(early, "terran", {"do": "move", "unit": "sq", "how": "straight"})
    assert of(ev, "detonated")[0]["fighter"] == 2 and RULESET.asked(nxt).kind == "turn"


@pytest.mark.rule("TAL-IMP-6")
def test_bots_answer_a_choice():
    state, _ = play(interactive(_missile_into_squadron(0, 1, 0)), "terran",
                    {"do": "move", "unit": "sq", "how": "straight"})
    bot = bots.TalonHeuristicBot(seed=1)
    order = bot.choose(RULESET, "talon", RULESET.view(state, "talon"), RULESET.legal(state, "talon"))
    assert order.data == choose(2)  # the missile's owner picks the weakest fighter
    legal = list(RULESET.legal(state, "talon"))
    assert [o.data["pick"] for o in legal] == [1, 2, 3] and all(o in RULESET.legal(state, "talon") for o in legal)
    assert len(bots.prior(state, "talon", legal)) == 3
    again = bots.determinize(RULESET.view(state, "talon"), "talon", 7)
    assert RULESET.asked(again).kind == CHOICE and RULESET.asked(again).seats == ("talon",)


@pytest.mark.rule("TAL-IMP-2")
def test_mcts_answers_a_choice_through_the_legal_set():
    from hexfleet.ai.mcts import MctsBot

    state, _ = play(interactive(_missile_into_squadron(0, 1, 0)), "terran",
                    {"do": "move", "unit": "sq", "how": "straight"})
    legal = RULESET.legal(state, "talon")
    order = MctsBot(seed=3, think=None, iterations=30).choose(RULESET, "talon", RULESET.view(state, "talon"), legal)
    assert order in legal and order.data["do"] == "choose"
    nxt, ev = play(state, "talon", order)
    assert of(ev, "detonated")[0]["fighter"] == order.data["pick"] and "held" not in nxt.pos


@pytest.mark.rule("TAL-IMP-2")
def test_resolve_refuses_a_position_waiting_for_a_choice():
    state, _ = play(interactive(_missile_into_squadron()), "terran", {"do": "move", "unit": "sq", "how": "straight"})
    with pytest.raises(FormatError) as err:
        resolve(interchange.dump(state), [t(END, "terran")])
    assert err.value.field == "held"


def test_an_order_the_tables_dice_must_decide_waits_for_them():
    """With the table rolling (a physical generator), a shot is held and the die asked of the
    kernel's dice decision; applying an order takes its checked resolution only when nothing is
    left to ask."""
    from hexfleet.engine.rng import Rng
    from hexfleet.games.talon.orders import parse
    from hexfleet.games.talon.position import parse_position

    pos = position(ship("g", "terran-ca", "terran", (0, 0), 0), ship("x", "talon-ff", "talon", (2, 0), 3),
                   impulse="C", step="fire", initiative="terran", player="terran", interrupts=True)
    state = TalState(parse_position(pos), Rng.from_seed(1, physical=True))
    shot = parse({"do": "fire", "ship": "g", "group": 2, "shots": [{"target": "x"}]})
    assert shot in RULESET.legal(state, "terran")  # a die to roll proves nothing wrong
    held, events = RULESET.advance(state, {"terran": shot})
    assert events == [] and {s: d.kind for s, d in RULESET.pending(held).items()} == {"terran": "dice"}
