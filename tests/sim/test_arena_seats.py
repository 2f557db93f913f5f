"""Arena and simulate with more than two seats (issue 13: an 8-player Big Party of bots): the
seats come from the scenario's options, every game seats the whole field with the bots rotated,
and each bot's result is its share of the wins beside an equal bot's."""

from __future__ import annotations

import csv
import json

import pytest
from typer.testing import CliRunner

from hexfleet.cli import app
from hexfleet.plugins import Study, game_bots
from hexfleet.sim.arena import arena, meetings, schedule, tabulate, tabulate_shares
from hexfleet.sim.cli import parse_options
from hexfleet.sim.match import MatchResult, MatchSpec, seats_of
from hexfleet.sim.simulate import run_study

PARTY = {"players": 3, "ships": 1, "mode": "dogfight", "turn_limit": 4}


def test_the_seats_follow_the_scenarios_options():
    assert seats_of("turn-or-burn", "big-party", {"players": 8}) == tuple(f"P{k}" for k in range(1, 9))
    assert seats_of("turn-or-burn", "quick-shot") == ("red", "blue")


def test_every_game_seats_the_whole_field_rotated_one_seat_each_game():
    specs = schedule("turn-or-burn", "big-party", ["heuristic", "random"], 4, seed=5, options=PARTY)
    assert len(specs) == 4 and [s.seed for s in specs] == [5, 6, 7, 8]
    assert [[bot for _, bot in s.bots] for s in specs] == [
        ["heuristic", "random", "heuristic"], ["random", "heuristic", "random"],
        ["heuristic", "random", "heuristic"], ["random", "heuristic", "random"]]
    assert all([seat for seat, _ in s.bots] == ["P1", "P2", "P3"] for s in specs)


def test_a_bot_named_twice_fills_two_places_and_every_seat_in_turn():
    specs = schedule("launch-fighters", "melee-3", ["mcts", "lf-heuristic", "lf-heuristic"], 3, seed=0)
    assert [[bot for _, bot in s.bots] for s in specs] == [
        ["mcts", "lf-heuristic", "lf-heuristic"], ["lf-heuristic", "lf-heuristic", "mcts"],
        ["lf-heuristic", "mcts", "lf-heuristic"]]


def test_head_to_head_at_a_bigger_table_a_winner_then_the_score_ranks_two_seats():
    spec = MatchSpec("launch-fighters", "melee-4", (("blue", "x"), ("red", "y"), ("green", "y"), ("gold", "x")), seed=0)
    result = MatchResult(spec, "last_fleet", ("red",), 9, (("blue", 80.0), ("red", 120.0), ("green", 40.0), ("gold", 40.0)))
    # the two x seats and the two y seats do not meet; green and gold are level on points
    assert sorted(meetings(result)) == [("x", "blue", "y", "green", 1.0), ("x", "blue", "y", "red", 0.0),
                                        ("y", "green", "x", "gold", 0.5), ("y", "red", "x", "gold", 1.0)]
    rows, elo = tabulate([result])
    x = next(r for r in rows if (r.bot, r.opponent) == ("x", "y"))
    assert (x.games, x.wins, x.draws, x.losses) == (4, 1, 1, 2) and elo == {}
    assert x.margin == pytest.approx((80 - 120 + 80 - 40 + 40 - 40 + 40 - 120) / 4)


def test_a_shared_win_is_split_and_each_bot_stands_beside_an_equal_bots_share():
    def result(bots: tuple[str, ...], winners: tuple[str, ...]) -> MatchResult:
        seats = tuple(f"P{k + 1}" for k in range(len(bots)))
        return MatchResult(MatchSpec("turn-or-burn", "big-party", tuple(zip(seats, bots)), seed=0),
                           "points", winners, 9)
    shares = {s.bot: s for s in tabulate_shares([
        result(("x", "y", "y", "y"), ("P1",)),        # x wins alone
        result(("y", "x", "y", "y"), ("P2", "P3")),   # x and a y share a win: 1/2 each
        result(("y", "y", "x", "y"), ()),             # nobody wins
    ])}
    x, y = shares["x"], shares["y"]
    assert (x.seats, x.wins, x.draws, x.games) == (3, 1.5, 1, 3)
    assert (y.seats, y.wins, y.draws) == (9, 0.5, 3)
    assert x.win_rate == pytest.approx(0.5) and x.share == pytest.approx(0.5)
    assert x.to_json()["fair_rate"] == 0.25 and x.to_json()["fair_share"] == 0.25
    assert y.to_json()["fair_share"] == 0.75
    assert x.wins + y.wins == 2  # every won game's win, once


def test_an_arena_of_three_seats_plays_and_writes_each_bots_share(tmp_path):
    report = arena("turn-or-burn", "big-party", ["heuristic", "random"], 2, workers=1, seed=2, options=PARTY,
                   progress=False)
    assert report.shares is not None and report.elo == {}
    pair = {(r.bot, r.opponent): r for r in report.rows}
    # each game seats two of one bot and one of the other: two meetings a game
    assert pair["heuristic", "random"].games == pair["random", "heuristic"].games == 4
    assert pair["heuristic", "random"].wins == pair["random", "heuristic"].losses
    assert {s.bot: s.seats for s in report.shares} == {"heuristic": 3, "random": 3}
    won = sum(1 for r in report.results if r.winners)
    assert sum(s.wins for s in report.shares) == pytest.approx(won)
    csv_path, json_path = report.write(tmp_path / "party")
    rows = list(csv.DictReader(csv_path.open()))
    assert [r["bot"] for r in rows] == ["heuristic", "random"] and {"win_share", "fair_share"} <= set(rows[0])
    data = json.loads(json_path.read_text())
    assert data["config"]["seats"] == 3 and len(data["games"]) == 2
    assert all(len(g["bots"]) == 3 for g in data["games"])
    assert {(r["bot"], r["opponent"]) for r in data["head_to_head"]} >= {("heuristic", "random"), ("random", "heuristic")}


def test_a_study_seats_its_bot_at_the_other_seats_and_counts_their_wins_apart(monkeypatch):
    studies = game_bots("turn-or-burn").STUDIES
    monkeypatch.setitem(studies, "party", Study("two players' guns", ("P1", "P2"), ("NB", "LT"), "gun", "gun={}",
                                                "random", "party-study"))
    study = run_study("turn-or-burn", "party", "big-party", games=1, workers=1, options=PARTY, progress=False)
    assert len(study.cells) == 4
    assert all(dict(r.spec.bots) == {"P1": "random", "P2": "random", "P3": "random"} for r in study.results)
    assert all(c.first_wins + c.second_wins + c.draws + c.others == c.games == 1 for c in study.cells)
    with pytest.raises(Exception, match="a quick-shot game has seats red, blue"):
        run_study("turn-or-burn", "party", "quick-shot", games=1, workers=1, progress=False)


def test_options_on_the_command_line():
    assert parse_options(["players=8", "mode=capture", "turn_limit=null"]) == {
        "players": 8, "mode": "capture", "turn_limit": None}
    out = CliRunner().invoke(app, ["arena", "--bots", "heuristic,random", "--scenario", "big-party", "-O",
                                   "players=9", "--games", "1"])
    assert out.exit_code != 0 and "TOB-M6-OVR-02" in out.output


def test_cli_arena_of_three_players(tmp_path):
    out = tmp_path / "arena"
    result = CliRunner().invoke(app, ["arena", "--scenario", "big-party", "--bots", "heuristic,random", "-O",
                                      "players=3", "-O", "ships=1", "--games", "2", "--workers", "1", "--turn-limit",
                                      "3", "--quiet", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "3 seats" in result.output and "share" in result.output and "head to head" in result.output
    assert json.loads(out.with_suffix(".json").read_text())["config"]["options"]["players"] == 3
