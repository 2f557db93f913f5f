"""Arena, gun study, batch backends and their command line, on a handful of fast games."""

from __future__ import annotations

import csv
import json

import pytest
from typer.testing import CliRunner

from hexfleet.cli import app
from hexfleet.games import get_ruleset
from hexfleet.sim.arena import arena, schedule, tabulate
from hexfleet.sim.batch import CHUNKS_PER_WORKER, chunks, run_matches
from hexfleet.sim.cli import DEFAULT_TURN_LIMIT, batch_options, limit_played, parse_seconds
from hexfleet.sim.match import MatchResult, MatchSpec, play
from hexfleet.sim.simulate import run_study

OPTIONS = {"turn_limit": 30}
RANDOM_DUELS = [MatchSpec("turn-or-burn", "quick-shot", (("red", "random"), ("blue", "random")), seed=i,
                          options=tuple(OPTIONS.items())) for i in range(3 * 2 * CHUNKS_PER_WORKER + 1)]
"""Quick games, many more than the tasks a batch on 2 workers sends."""


def test_schedule_swaps_sides_every_other_game():
    specs = schedule("turn-or-burn", "quick-shot", ["random", "heuristic", "mcts"], 4, seed=10)
    assert len(specs) == 3 * 4
    first = specs[:4]
    assert [dict(s.bots)["red"] for s in first] == ["random", "heuristic", "random", "heuristic"]
    assert len({s.seed for s in specs}) == len(specs)


def test_a_game_every_seat_won_is_a_draw_in_the_table():
    """A game naming both seats winners (Launch Fighters! at equal VP) is a draw, not a win for both."""
    spec = MatchSpec("launch-fighters", "duel", (("blue", "x"), ("red", "y")), seed=0)
    rows, elo = tabulate([MatchResult(spec, "turn_limit", ("blue", "red"), 40)])
    by = {(r.bot, r.opponent): r for r in rows}
    assert (by["x", "y"].wins, by["x", "y"].draws, by["x", "y"].losses) == (0, 1, 0)
    assert (by["y", "x"].wins, by["y", "x"].draws, by["y", "x"].losses) == (0, 1, 0)
    assert elo["x"] == pytest.approx(elo["y"])


def test_tabulate_counts_from_each_bots_side():
    spec = lambda red, blue: MatchSpec("turn-or-burn", "quick-shot", (("red", red), ("blue", blue)), seed=0)  # noqa: E731
    results = [MatchResult(spec("x", "y"), "elimination", ("red",), 3),
               MatchResult(spec("y", "x"), "elimination", ("red",), 3),
               MatchResult(spec("x", "y"), "turn_limit", (), 60)]
    rows, elo = tabulate(results)
    by = {(r.bot, r.opponent): r for r in rows}
    assert (by["x", "y"].wins, by["x", "y"].draws, by["x", "y"].losses) == (1, 1, 1)
    assert (by["y", "*"].wins, by["y", "*"].draws, by["y", "*"].losses) == (1, 1, 1)
    assert elo["x"] == pytest.approx(elo["y"])


def test_the_table_gives_each_bots_mean_margin_where_the_game_keeps_scores():
    """Two draws, 0-0 and 115-115, and a win by 115: the margin tells them from a rout."""
    spec = lambda terran, talon: MatchSpec("talon", "duel", (("terran", terran), ("talon", talon)), seed=0)  # noqa: E731
    results = [MatchResult(spec("x", "y"), "round_limit", (), 600, (("terran", 0.0), ("talon", 0.0))),
               MatchResult(spec("y", "x"), "round_limit", (), 600, (("terran", 115.0), ("talon", 115.0))),
               MatchResult(spec("y", "x"), "one_side_left", ("talon",), 400, (("terran", 0.0), ("talon", 115.0)))]
    by = {(r.bot, r.opponent): r for r in tabulate(results)[0]}
    assert (by["x", "y"].wins, by["x", "y"].draws, by["x", "y"].margin) == (1, 2, pytest.approx(115 / 3))
    assert by["y", "*"].margin == pytest.approx(-115 / 3) and by["y", "*"].to_json()["margin"] == -38.33
    plain = tabulate([MatchResult(spec("x", "y"), "elimination", ("terran",), 3)])[0][0]
    assert plain.margin is None and "margin" not in plain.to_json()  # no scores kept: no margin


def test_arena_on_two_workers_writes_csv_and_json(tmp_path):
    report = arena("turn-or-burn", "quick-shot", ["heuristic", "random"], 4, workers=2, seed=3,
                   options=OPTIONS, progress=False)
    assert len(report.results) == 4
    overall = {r.bot: r for r in report.rows if r.opponent == "*"}
    assert overall["heuristic"].wins == overall["random"].losses
    assert overall["heuristic"].games == 4
    assert report.elo["heuristic"] >= report.elo["random"]
    csv_path, json_path = report.write(tmp_path / "out")
    rows = list(csv.DictReader(csv_path.open()))
    assert {r["bot"] for r in rows} == {"heuristic", "random"}
    assert {"wins", "draws", "losses", "win_low", "win_high", "elo"} <= set(rows[0])
    data = json.loads(json_path.read_text())
    assert data["config"]["options"] == OPTIONS and len(data["games"]) == 4


def test_results_do_not_depend_on_the_number_of_workers():
    specs = schedule("turn-or-burn", "quick-shot", ["heuristic", "random"], 3, seed=8, options=OPTIONS)
    one = [r.to_json() for r in run_matches(specs, workers=1, progress=False)]
    two = [r.to_json() for r in run_matches(specs, workers=2, progress=False)]
    assert one == two


class Recorder:
    def __init__(self):
        self.calls = []

    def before(self, game):
        self.calls.append(("before", game.steps))

    def step(self, game, orders, events):
        self.calls.append(("step", dict(orders)))

    def after(self, game):
        self.calls.append(("after", game.over))


def test_observers_see_every_step_and_forced_guns_are_honoured():
    spec = MatchSpec("turn-or-burn", "quick-shot", (("red", "heuristic"), ("blue", "random")), seed=4,
                     options=(("turn_limit", 10),), forced=(("red", "gun=BG"), ("blue", "gun=LT")))
    rec = Recorder()
    result = play(spec, [rec])
    assert rec.calls[0] == ("before", 0) and rec.calls[-1] == ("after", True)
    setup = rec.calls[1][1]
    assert setup["red"]["R1"]["gun"] == "BG" and setup["blue"]["B1"]["gun"] == "LT"
    assert len(rec.calls) == result.steps + 2


def test_gun_study_fills_sixteen_cells_and_draws_a_heat_map(tmp_path):
    study = run_study("turn-or-burn", "guns", "quick-shot", bot="heuristic", games=1, workers=2, options=OPTIONS,
                      progress=False)
    assert len(study.cells) == 16 and all(c.games == 1 for c in study.cells)
    paths = study.write(tmp_path / "guns")
    assert [p.suffix for p in paths] == [".csv", ".json", ".png"]
    assert paths[2].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(list(csv.DictReader(paths[0].open()))) == 16


@pytest.mark.parametrize("count,workers", [(0, 2), (1, 2), (3, 2), (16, 2), (17, 2), (2048, 2), (100, 1), (5, 0)])
def test_chunks_cover_every_spec_once_in_order_and_evenly(count, workers):
    spans = chunks(count, workers)
    assert [i for span in spans for i in span] == list(range(count))
    assert len(spans) == min(count, max(1, workers) * CHUNKS_PER_WORKER)
    assert all(span.step == 1 for span in spans)
    if spans:
        assert max(map(len, spans)) - min(map(len, spans)) <= 1


def test_games_sent_in_chunks_come_back_in_the_order_of_the_specs():
    """Many more games than tasks (several games per task): the same games as in one process."""
    specs = RANDOM_DUELS
    assert len(chunks(len(specs), 2)[0]) == 4
    one = [r.to_json() for r in run_matches(specs, workers=1, progress=False)]
    two = [r.to_json() for r in run_matches(specs, workers=2, progress=False)]
    assert two == one
    assert [r["seed"] for r in two] == list(range(len(specs)))


def test_ray_backend_plays_the_same_games_locally():
    pytest.importorskip("ray", reason="Ray is an optional extra (pip install 'hexfleet[ray]')")
    specs = schedule("turn-or-burn", "quick-shot", ["heuristic", "random"], 2, seed=8, options=OPTIONS) \
        + RANDOM_DUELS[:2 * CHUNKS_PER_WORKER]  # several games per Ray task
    local = [r.to_json() for r in run_matches(specs, workers=1, progress=False)]
    on_ray = [r.to_json() for r in run_matches(specs, workers=1, backend="ray", progress=False)]
    assert on_ray == local


@pytest.mark.parametrize("text,seconds", [("1s", 1.0), ("500ms", 0.5), ("0.25", 0.25), (" 2 s", 2.0)])
def test_durations(text, seconds):
    assert parse_seconds(text) == seconds


def test_batch_options_set_the_turn_limit_only_where_a_game_offers_it(monkeypatch):
    """A turn limit given goes to games that offer that option; 0 means none added."""
    assert batch_options("turn-or-burn", "quick-shot", 45) == {"turn_limit": 45}
    assert batch_options("launch-fighters", "raid", 60) == {"turn_limit": 60}
    assert batch_options("cold-infinity", "frigate-duel", 30) == {"turn_limit": 30}
    assert batch_options("turn-or-burn", "quick-shot", 0) == {}

    class NoLimit:
        options = ()

    monkeypatch.setattr("hexfleet.sim.cli.get_ruleset", lambda game: NoLimit())
    assert batch_options("any", "any", 60) == {}
    assert batch_options("any", "any") == {}


@pytest.mark.parametrize(("game", "scenario", "own"), [
    ("cold-infinity", "frigate-duel", 12), ("cold-infinity", "duel-3d", 12), ("cold-infinity", "fleet-action", 10),
    ("launch-fighters", "raid", 8), ("launch-fighters", "holdout", 10)])
def test_by_default_a_scenario_plays_to_its_own_turn_limit(game, scenario, own):
    """The batch default overrides no limit a scenario sets (it used to put 60 in its place)."""
    assert batch_options(game, scenario) == {}
    assert limit_played(game, scenario, {}) == own
    ruleset = get_ruleset(game)
    assert ruleset.scenarios()[scenario].options["turn_limit"] == own


def test_by_default_a_scenario_without_a_limit_of_its_own_ends_at_the_batch_limit():
    """Turn or Burn scenarios set none, so batch games of them stop at 60 as before."""
    assert batch_options("turn-or-burn", "quick-shot") == {"turn_limit": DEFAULT_TURN_LIMIT} == {"turn_limit": 60}
    assert limit_played("turn-or-burn", "quick-shot", batch_options("turn-or-burn", "quick-shot")) == 60
    assert limit_played("turn-or-burn", "quick-shot", batch_options("turn-or-burn", "quick-shot", 0)) == "none"
    assert batch_options("talon", "base-assault") == {}  # Talon has no turn limit option


def test_cli_arena_plays_cold_infinity_to_the_scenario_limit_unless_told(tmp_path):
    """``--turn-limit`` left out: a Cold Infinity duel ends at the scenario's turn 12, not 60."""
    out = tmp_path / "ci"
    for extra, limit, options in (([], 12, {}), (["--turn-limit", "3"], 3, {"turn_limit": 3})):
        result = CliRunner().invoke(app, ["arena", "-g", "cold-infinity", "-s", "frigate-duel", "-b", "heuristic,random",
                                          "-n", "1", "-w", "1", "-q", "-o", str(out), *extra])
        assert result.exit_code == 0, result.output
        assert f"turn limit {limit}" in result.output
        assert json.loads(out.with_suffix(".json").read_text())["config"]["options"] == options


def test_cli_arena_and_simulate(tmp_path):
    runner = CliRunner()
    out = tmp_path / "arena"
    result = runner.invoke(app, ["arena", "--bots", "heuristic,random", "--games", "2", "--workers", "1",
                                 "--think", "10ms", "--turn-limit", "20", "--quiet", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "turn limit 20" in result.output
    assert out.with_suffix(".csv").exists() and out.with_suffix(".json").exists()
    assert json.loads(out.with_suffix(".json").read_text())["config"]["bot_options"]["mcts"]["clock"] == "cpu"
    bad = runner.invoke(app, ["arena", "--bots", "heuristic,alphazero", "--games", "1"])
    assert bad.exit_code != 0 and "unknown bot 'alphazero'" in bad.output
    study = runner.invoke(app, ["simulate", "guns", "--games", "1", "--workers", "2", "--no-plot", "--quiet",
                                "--out", str(tmp_path / "guns")])
    assert study.exit_code == 0, study.output
    assert (tmp_path / "guns.csv").exists()


@pytest.mark.parametrize(("scenario", "bots"), [("popcorn", "mcts,random"), ("popcorn", "heuristic,random"),
                                                ("bigger", "mcts,heuristic")])
def test_every_bot_plays_the_module_2_3_scenarios_to_the_end(tmp_path, scenario, bots):
    """Issue 11 defect 3: these crashed (determinize rebuilt Module 1 states only)."""
    out = tmp_path / "arena"
    result = CliRunner().invoke(app, ["arena", "--scenario", scenario, "--bots", bots, "--games", "2", "--workers",
                                      "1", "--iterations", "6", "--turn-limit", "6", "--quiet", "--out", str(out)])
    assert result.exit_code == 0, result.output
    games = json.loads(out.with_suffix(".json").read_text())["games"]
    assert len(games) == 2 and all(g["scenario"] == scenario and g["outcome"] for g in games)


def test_arena_refuses_a_bot_the_game_does_not_offer():
    result = CliRunner().invoke(app, ["arena", "--game", "launch-fighters", "--bots", "heuristic,random"])
    assert result.exit_code != 0
    assert "unknown bot 'heuristic' for launch-fighters" in result.output and "lf-heuristic, mcts, random" in result.output


def test_a_journal_keeps_every_game_and_a_resumed_run_plays_only_the_rest(tmp_path, monkeypatch):
    """Each game is on the disk as it ends; resuming reads back the games of the same settings
    (a torn last line is played again) and plays the others: the same results as one whole run."""
    from hexfleet.sim import batch
    from hexfleet.sim.journal import Journal

    path = tmp_path / "study.games.jsonl"
    specs = schedule("turn-or-burn", "quick-shot", ["heuristic", "random"], 6, seed=8, options=OPTIONS)
    whole = [r.to_json() for r in run_matches(specs, workers=2, progress=False, journal=Journal(path))]
    lines = path.read_text().splitlines()
    assert len(lines) == 6 and all(json.loads(line)["spec"]["seed"] in {s.seed for s in specs} for line in lines)
    path.write_text("\n".join(lines[:3]) + "\n" + lines[3][:40])  # a run killed while writing game 4

    played = []
    monkeypatch.setattr(batch, "play", lambda spec, record=None: played.append(spec.seed) or play(spec))
    journal = Journal(path, resume=True)
    again = [r.to_json() for r in run_matches(specs, workers=1, progress=False, journal=journal)]
    assert again == whole
    assert journal.read_back == 3 and len(played) == 3
    assert len(path.read_text().splitlines()) == 6  # the torn line dropped, the three games added

    other = schedule("turn-or-burn", "quick-shot", ["heuristic", "random"], 2, seed=8, options={"turn_limit": 20})
    assert Journal(path, resume=True).played(other) == {}  # other settings: nothing is reused


def test_a_game_that_keeps_a_score_reports_it_and_a_journal_keeps_it(tmp_path):
    """``Ruleset.scores``: a study reads a draw's margin from the scores (Cold Infinity's damage
    inflicted at the turn limit), and a resumed run reads them back."""
    from hexfleet.sim.journal import Journal

    path = tmp_path / "scores.games.jsonl"
    specs = schedule("cold-infinity", "frigate-duel", ["heuristic", "random"], 2, seed=3, options={"turn_limit": 2})
    results = run_matches(specs, workers=1, progress=False, journal=Journal(path))
    assert len(results) == 2
    for r in results:
        assert set(dict(r.scores)) == {"red", "blue"} and all(v >= 0 for _, v in r.scores)
        assert r.to_json()["scores"] == dict(r.scores)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert [line["scores"] for line in lines] == [dict(r.scores) for r in results]
    again = Journal(path, resume=True).played(specs)
    assert [again[i].scores for i in range(2)] == [r.scores for r in results]
    quick = run_matches(schedule("turn-or-burn", "quick-shot", ["heuristic", "random"], 1, options=OPTIONS),
                        workers=1, progress=False)
    assert quick[0].scores == () and "scores" not in quick[0].to_json()  # a duel keeps no score: none written


def test_a_journal_with_a_broken_line_before_the_end_is_refused(tmp_path):
    from hexfleet.sim.journal import Journal

    path = tmp_path / "study.games.jsonl"
    path.write_text("not json\n{}\n")
    with pytest.raises(ValueError, match="line 1: not a journal entry"):
        Journal(path, resume=True)


def test_arena_resume_from_the_command_line(tmp_path):
    stem = tmp_path / "duel"
    args = ["arena", "-g", "turn-or-burn", "-s", "quick-shot", "-b", "heuristic,random", "-n", "2", "-w", "1",
            "--turn-limit", "30", "-q", "-o", str(stem)]
    first = CliRunner().invoke(app, args)
    assert first.exit_code == 0, first.output
    assert len(stem.with_suffix(".games.jsonl").read_text().splitlines()) == 2
    games = json.loads(stem.with_suffix(".json").read_text())["games"]
    again = CliRunner().invoke(app, [*args, "--resume"])
    assert again.exit_code == 0, again.output
    assert "games kept from" in again.output
    assert json.loads(stem.with_suffix(".json").read_text())["games"] == games
    assert len(stem.with_suffix(".games.jsonl").read_text().splitlines()) == 2  # nothing played again


def test_arena_writes_each_games_record_that_replays_exactly(tmp_path):
    """``--records DIR``: every game a study plays can be looked at afterwards, not only its end:
    each record replays with every event and hash checked, the seed included."""
    from hexfleet.engine.record import replay

    stem, folder = tmp_path / "duel", tmp_path / "records"
    args = ["arena", "-g", "turn-or-burn", "-s", "quick-shot", "-b", "heuristic,random", "-n", "2", "-w", "2",
            "--turn-limit", "30", "-q", "-o", str(stem), "--records", str(folder)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    files = sorted(folder.glob("*.jsonl"))
    assert [f.name[:len("quick-shot-seed0-")] for f in files] == ["quick-shot-seed0-", "quick-shot-seed1-"]
    assert "red=heuristic-blue=random" in files[0].name or "red=random-blue=heuristic" in files[0].name
    ends = [json.loads(line) for line in stem.with_suffix(".games.jsonl").read_text().splitlines()]
    for f in files:
        report = replay(get_ruleset("turn-or-burn"), f)
        assert report.ok, report.problems
        seed = int(f.name.split("seed")[1].split("-")[0])
        end = next(e for e in ends if e["spec"]["seed"] == seed)
        assert report.outcome is not None and report.outcome["winners"] == end["winners"]
