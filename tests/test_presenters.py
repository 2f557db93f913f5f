"""Each game's presenter (render/<game>.py, found by name): every event in a sentence, a view
as text, and one seat's turn report holding only what that seat may see."""

from __future__ import annotations

import json

import pytest

from hexfleet.ai.base import get_bot
from hexfleet.engine.game import Game
from hexfleet.games import get_ruleset
from hexfleet.plugins import presenter

GAMES = [("turn-or-burn", "quick-shot"), ("turn-or-burn", "popcorn"), ("turn-or-burn", "bigger"),
         ("launch-fighters", "duel"), ("launch-fighters", "melee-3")]


def _random_game(game: str, scenario: str, seed: int = 3) -> Game:
    ruleset = get_ruleset(game)
    g = Game(ruleset, scenario, seed=seed, options={"turn_limit": 8})
    bots = {s: get_bot(game, "random", seed=f"{seed}:{s}") for s in ruleset.seats(g.state)}
    while not g.over:
        g.submit({s: bots[s].choose(ruleset, s, g.view(s), ruleset.legal_orders(g.state, s)) for s in g.pending()})
    return g


@pytest.mark.parametrize(("game", "scenario"), GAMES)
def test_every_event_reads_as_a_sentence(game, scenario):
    shown = presenter(game)
    g = _random_game(game, scenario)
    events = [e for _, _, evs in g.history for e in evs]
    assert events
    untold = sorted({e["type"] for e in events if shown.describe_event(e) == json.dumps(e)})
    assert untold == [], f"event types without a sentence: {untold}"
    text = shown.describe_view(g.view(None))
    assert text.strip() and "{" not in text  # text for people, not JSON


@pytest.mark.parametrize(("game", "scenario"), GAMES)
def test_a_turn_report_shows_one_seat_what_it_may_see(game, scenario):
    ruleset, shown = get_ruleset(game), presenter(game)
    g = _random_game(game, scenario)
    seat = ruleset.seats(g.state)[0]
    *_, events = g.history[-1]
    visible = g.visible_events(events, seat)
    report = shown.turn_report(g.view(seat), visible)
    assert report.startswith(f"{ruleset.title}: turn report for {seat}\n")
    assert all(shown.describe_event(e) in report for e in visible)
    assert shown.describe_view(g.view(seat)).strip() in report


def test_a_setup_report_keeps_the_other_sides_gun_secret():
    """TOB-M1-BUILD-02: red's report after setup shows where blue's fighter stands, not its gun."""
    ruleset, shown = get_ruleset("turn-or-burn"), presenter("turn-or-burn")
    g = Game(ruleset, "quick-shot", seed=8)
    events = g.submit({"red": {"R1": {"gun": "NB"}}, "blue": {"B1": {"gun": "LT"}}})
    report = shown.turn_report(g.view("red"), g.visible_events(events, "red"))
    assert "B1 placed at" in report and "R1 placed at" in report
    assert "LT" not in report and "Laser" not in report
    assert "CM STR THR ?" in report and "CM STR THR NB" in report


def test_guided_forms_where_a_game_has_them():
    assert set(presenter("turn-or-burn").FORMS) == {"setup", "plot"}
    assert presenter("launch-fighters").FORMS == {}
    assert set(presenter("cold-infinity").FORMS) == {"power", "ew", "move", "fire"}
