"""Cold Infinity's guided terminal entry (render/cold_infinity_forms.py, the presenter's FORMS):
power, EW, movement and fire are asked unit by unit from the seat's view with its budgets;
the rules check the whole order, a refused one is shown with its rule ID and asked again."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console

from hexfleet.ai.base import RandomBot
from hexfleet.engine.game import Game
from hexfleet.games import get_ruleset
from hexfleet.render.cold_infinity import FORMS, describe_view
from hexfleet.terminal import TerminalPlay

from ...scripted_ui import ScriptedUI

RS = get_ruleset("cold-infinity")
GUNS = ["railgun_1", "railgun_2", "railgun_3", "railgun_4"]


def form(game: Game, seat: str, answers: list[str]) -> tuple[Any, ScriptedUI]:
    view = game.view(seat)
    ui = ScriptedUI(RS, game.state, answers)
    return FORMS[view["decision"]["kind"]](ui, seat, view), ui


def _picks(ui: ScriptedUI, words: str) -> str:
    """The number a listed line with ``words`` was shown under (the last list that had it)."""
    line = [x for x in ui.shown.splitlines() if words in x][-1]
    return line.split(".")[0].strip()


@pytest.mark.rule("CI-2.1.1")
@pytest.mark.rule("CI-4.4.a")
def test_power_is_allocated_pick_by_pick_with_the_budgets_shown() -> None:
    g = Game(RS, "frigate-duel", seed=5)
    _, probe = form(g, "red", [""])
    assert "power 8 from the plants, EW 4 points, thrust 10" in probe.shown
    off = {gun: _picks(probe, f"switch off {gun}") for gun in GUNS}
    boost = _picks(probe, "boost sensors")
    assert (off["railgun_1"], off["railgun_2"], boost, off["railgun_3"], off["railgun_4"]) == ("1", "2", "4", "5", "6")
    # four guns off (a taken line leaves the list, the rest move up), then the boost: 4 + 4 of 8
    order, ui = form(g, "red", ["5", "5", "1", "1", "2", ""])
    assert order == {"R1": {"deactivate": ["railgun_3", "railgun_4", "railgun_1", "railgun_2"],
                            "extra_ew": {"sensors": 1}}}
    assert ui.refused == []
    order, ui = form(g, "red", [boost, "", ""])  # 12 power of 8: refused with its rule, asked again
    assert order == {} and any("[CI-3.2.e]" in r for r in ui.refused)
    assert form(g, "red", [""])[0] == {}  # Enter: as allocated


@pytest.mark.rule("CI-2.1.3.a")
@pytest.mark.rule("CI-4.1.b")
@pytest.mark.rule("CI-4.1.d")
def test_ew_points_go_to_shroud_amplification_and_ecm() -> None:
    g = Game(RS, "frigate-duel", seed=5)
    g.submit({"red": {}, "blue": {}})
    order, ui = form(g, "blue", ["2", "1", ""])
    assert order == {"B1": {"shroud": 2, "amplify": 1, "ecm": 1}}
    assert "4 EW points; nearest enemy R1 at" in ui.shown
    order, ui = form(g, "blue", ["9", "1", "0", "0"])  # more than it has: asked again
    assert order == {"B1": {"shroud": 1}} and "9 is not between 0 and 4" in ui.refused


@pytest.mark.rule("CI-2.2.a")
@pytest.mark.rule("CI-5.1.1.a")
@pytest.mark.rule("CI-5.1.c")
def test_the_ship_moving_now_is_asked_its_thrust_and_a_refused_order_names_its_rule() -> None:
    g = Game(RS, "frigate-duel", seed=5)
    g.submit({"red": {}, "blue": {}})
    g.submit({"red": {}, "blue": {}})
    seat = next(iter(g.pending()))
    uid = g.view(seat)["position"]["move_order"][0]
    order, ui = form(g, seat, ["1", "", "", ""])
    assert order == {uid: {"accel": 1}} and ui.refused == []
    assert "thrust per unit: accel 2, pivot 1, roll 1, slide 3" in ui.shown
    order, ui = form(g, seat, ["20", "", "", "", "-1", "", "", ""])  # 40 thrust: refused, asked again
    assert order == {uid: {"accel": -1}} and len(ui.refused) == 1 and "[CI-5.1.c]" in ui.refused[0]
    assert form(g, seat, [])[0] == {}  # Enter everywhere: drift


@pytest.mark.rule("CI-2.3.1")
@pytest.mark.rule("CI-7.1.4")
def test_fire_names_each_enemy_with_range_and_arc() -> None:
    g = Game(RS, "frigate-duel", seed=1)
    while g.view("blue")["position"]["phase"] != "fire":
        g.submit({seat: list(RS.legal(g.state, seat))[-1] for seat in g.pending()})
    order, ui = form(g, "blue", [])
    assert order == {"B1": {"attacks": [{"weapon": "railgun_1", "target": "R1"},
                                        {"weapon": "railgun_2", "target": "R1"}]}}
    assert "R1 (reaper) at range" in ui.shown and "out of arc" in ui.shown  # the aft guns face away
    hold = _picks(ui, "hold fire")
    order, _ = form(g, "blue", [hold])  # railgun_1 holds, railgun_2 takes the default
    assert order == {"B1": {"attacks": [{"weapon": "railgun_2", "target": "R1"}]}}


@pytest.mark.rule("CI-6.5.a")
@pytest.mark.rule("CI-7.1.4.3")
def test_with_3d_movement_the_fire_form_gives_each_targets_layer() -> None:
    g = Game(RS, "duel-3d", seed=1)
    while g.view("blue")["position"]["phase"] != "fire":  # the last listed order that does not tumble
        g.submit({seat: [o for o in RS.legal(g.state, seat) if "tumble" not in str(RS.order_json(g.state, seat, o))][-1]
                  for seat in g.pending()})
    order, ui = form(g, "blue", [])
    assert order["B1"]["attacks"][0] == {"weapon": "railgun_1", "target": "R1"}
    assert "R1 (reaper) at range 9 (8 hexes, Δz -4)" in ui.shown  # round(√(8² + 4²))


@pytest.mark.rule("CI-1.1.d")
def test_the_text_view_carries_the_seats_own_budgets() -> None:
    """The control sheet's running values in the terminal: this turn's power, EW points and
    thrust of one's own ships, never the other side's."""
    g = Game(RS, "frigate-duel", seed=5)
    g.submit({"red": {"R1": {"extra_ew": {"sensors": 1}, "deactivate": GUNS}}, "blue": {}})
    red = describe_view(g.view("red"))
    assert "R1 this turn: power 8 drawn of 8, EW 5 points, thrust 10" in red
    blue = describe_view(g.view("blue"))
    assert "R1 this turn" not in blue and "B1 this turn: power" in blue


def test_a_terminal_session_plays_the_duel_through_the_forms() -> None:
    """Every answer Enter (the forms' defaults) for blue against the random bot, until input
    ends: the steps were applied and nothing was refused."""
    out = io.StringIO()
    answers = iter([""] * 150)
    asked: list[str] = []

    def ask(prompt: str, default: str) -> str:
        asked.append(prompt)
        try:
            return next(answers) or default
        except StopIteration:
            raise EOFError from None

    game = Game(RS, "frigate-duel", seed=5, options={"turn_limit": 3})
    play = TerminalPlay(game, bots={"red": RandomBot(seed=1)}, console=Console(file=out, width=200), ask=ask)
    try:
        play.run()
    except EOFError:
        pass
    assert game.steps >= 8
    assert any("B1: shroud points" in a for a in asked) and any("B1: acceleration" in a for a in asked)
    assert "Not accepted" not in out.getvalue()


@pytest.mark.rule("CI-7.1.5")
@pytest.mark.rule("CI-7.1.5.c")
def test_the_fire_form_says_which_lines_of_sight_are_blocked_and_never_defaults_to_one() -> None:
    """In a fleet action, random play reaches fire decisions where another unit stands in a line
    of sight: the form marks that enemy "line of sight blocked" (the rules would refuse the shot)
    and Enter never picks it."""
    from hexfleet.games.cold_infinity.fire import los_clear
    from hexfleet.render.cold_infinity_forms import _enemies, _own, _with_defaults

    seen = 0
    for seed in range(12):
        g = Game(RS, "fleet-action", seed=seed)
        bot = RandomBot(seed)
        while not g.over and seen < 2:
            for seat, decision in g.pending().items():
                view = g.view(seat)
                if decision.kind != "fire":
                    continue
                full = _with_defaults(view["position"])
                blocked = {(u["id"], e["id"]) for u in _own(view["position"], seat) for e in _enemies(view["position"], seat)
                           if not los_clear(full, dict(u), dict(e))}
                if not blocked:
                    continue
                order, ui = form(g, seat, [])
                shooter = ""
                for line in ui.shown.splitlines():
                    if not line.startswith(" "):  # a unit's heading, then its weapons' lists
                        shooter = line.split(" ")[0]
                    elif " at range " in line:
                        target = line.split(". ")[1].split(" ")[0]
                        assert ("line of sight blocked" in line) == ((shooter, target) in blocked), line
                        seen += (shooter, target) in blocked
                for uid, attacks in order.items():
                    assert all((uid, a["target"]) not in blocked for a in attacks["attacks"]), (uid, attacks)
            g.submit({seat: bot.choose(RS, seat, g.view(seat), RS.legal(g.state, seat)) for seat in g.pending()})
        if seen >= 2:
            break
    assert seen, "no fire decision with a blocked line of sight in 12 fleet actions"
