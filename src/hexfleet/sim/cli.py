"""``hexfleet arena`` and ``hexfleet simulate``: batch play from the command line.

The two commands are mounted on the main ``hexfleet`` app (:mod:`hexfleet.cli`).
"""

from __future__ import annotations

import json
import re
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from ..ai import bot_names, check_bot
from ..engine.errors import FormatError, RuleError
from ..games import DEFAULT_GAME, get_ruleset
from .arena import ArenaReport, arena
from .batch import BACKENDS
from .journal import Journal
from .match import seats_of
from .simulate import find_study, run_study

DEFAULT_TURN_LIMIT = 60
"""Batch games of a scenario that sets no turn limit of its own end after this many turns, in
games that offer a ``turn_limit`` option (a house rule for batch play): random bots may otherwise
drift for ever. Reported with every result."""

def parse_seconds(text: str) -> float:
    """``1s``, ``500ms``, ``0.25`` → seconds."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*(ms|s)?\s*", text)
    if not match:
        raise typer.BadParameter(f"expected a duration like 1s, 500ms or 0.5; got {text!r}")
    value = float(match.group(1))
    return value / 1000 if match.group(2) == "ms" else value


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    """``--option KEY=VALUE`` pairs: the value read as JSON where it is (``players=8``,
    ``placement=players``, ``turn_limit=null``), else as text."""
    out: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, text = pair.partition("=")
        if not sep or not key.strip():
            raise typer.BadParameter(f"expected KEY=VALUE, got {pair!r}", param_hint="--option")
        try:
            out[key.strip()] = json.loads(text)
        except json.JSONDecodeError:
            out[key.strip()] = text.strip()
    return out


def _seats(game: str, scenario: str, options: dict[str, Any]) -> int:
    """How many seats a game with these options has; a usage error when the options are refused."""
    try:
        return len(seats_of(game, scenario, options))
    except (FormatError, RuleError) as exc:
        raise typer.BadParameter(str(exc), param_hint="--option") from None


def _check(game: str, scenario: str | None, bots: list[str], backend: str) -> str:
    """The scenario to play (``None``: the game's default), once the game, the scenario, every
    bot and the backend are known good; otherwise a usage error naming the option."""
    try:
        ruleset = get_ruleset(game)
    except FormatError as exc:
        raise typer.BadParameter(exc.message, param_hint="--game") from None
    try:
        scenario = ruleset.scenario(scenario)
    except FormatError as exc:
        raise typer.BadParameter(exc.message, param_hint="--scenario") from None
    for bot in bots:
        try:
            check_bot(game, bot, scenario)
        except FormatError as exc:
            raise typer.BadParameter(exc.message, param_hint="--bots") from None
    if backend not in BACKENDS:
        raise typer.BadParameter(f"choose one of {', '.join(BACKENDS)}", param_hint="--backend")
    return scenario


def batch_options(game: str, scenario: str, turn_limit: int | None = None) -> dict[str, int]:
    """The game options a batch command plays ``scenario`` with: ``turn_limit`` where ``game``
    offers that house rule and it is positive; where it is ``None``, :data:`DEFAULT_TURN_LIMIT` if
    the scenario sets no limit of its own; otherwise none (so the scenario's own limit, if any,
    holds). The benches use it too."""
    ruleset = get_ruleset(game)
    if "turn_limit" not in {o.name for o in ruleset.options}:
        return {}
    if turn_limit is None:
        own = ruleset.scenarios()[ruleset.scenario(scenario)].options.get("turn_limit")
        return {} if own is not None else {"turn_limit": DEFAULT_TURN_LIMIT}
    return {"turn_limit": turn_limit} if turn_limit > 0 else {}


def limit_played(game: str, scenario: str, options: dict[str, Any]) -> object:
    """The turn limit games of ``scenario`` with ``options`` end at, for the report: the option
    given, else the scenario's own, else ``"none"``."""
    ruleset = get_ruleset(game)
    own = ruleset.scenarios()[ruleset.scenario(scenario)].options.get("turn_limit")
    return options.get("turn_limit", own if own is not None else "none")


def _bot_options(think: float, iterations: int | None, clock: str) -> dict[str, dict[str, float | int | str | None]]:
    return {"mcts": {"think": think if iterations is None else None, "iterations": iterations, "clock": clock}}


Game = Annotated[str, typer.Option("--game", "-g", help="Game name (hexfleet games).")]
Scenario = Annotated[str | None, typer.Option("--scenario", "-s", help="Scenario name (default: the game's).")]
Workers = Annotated[int, typer.Option("--workers", "-w", min=1, help="Parallel worker processes.")]
Think = Annotated[str, typer.Option("--think", help="MCTS time per decision (1s, 500ms).")]


class ClockName(StrEnum):
    """How ``--think`` is counted (:data:`hexfleet.ai.mcts.CLOCKS`)."""

    cpu = "cpu"
    wall = "wall"


Clock = Annotated[ClockName, typer.Option("--clock", case_sensitive=False,
                                    help="How --think is counted: cpu (the bot's own processor time, so results "
                                         "do not depend on the machine's load) or wall.")]
Iterations = Annotated[int | None, typer.Option("--iterations", min=1,
                                                 help="MCTS iterations per decision instead of a time limit.")]
TurnLimit = Annotated[int | None, typer.Option(
    "--turn-limit", min=0, show_default=False,
    help=f"End games after this many turns, where the game has a turn_limit option. Default: the scenario's "
         f"own limit, or {DEFAULT_TURN_LIMIT} where it sets none. 0: no limit added (a scenario's own limit "
         f"still holds).")]
Seed = Annotated[int, typer.Option("--seed", help="First game seed; games use consecutive seeds.")]
Backend = Annotated[str, typer.Option("--backend", help="process (local pool) or ray (optional extra).")]
Out = Annotated[Path, typer.Option("--out", "-o", help="Output path stem: writes STEM.csv, STEM.json (and .png), and "
                                                         "STEM.games.jsonl as games end.")]
Quiet = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")]
Resume = Annotated[bool, typer.Option("--resume", help="Keep the games STEM.games.jsonl already holds (an earlier "
                                      "run of the same settings, stopped) and play only the rest.")]
Records = Annotated[Path | None, typer.Option(
    "--records", help="Write each game's record to this folder as it is played (hexfleet replay or render reads "
                      "it): to see how a study's games went, not only how they ended.")]
OptionPairs = Annotated[list[str] | None, typer.Option(
    "--option", "-O", help="A scenario or game option, KEY=VALUE (repeatable): players=8 seats eight bots in a "
                           "Big Party.")]


def arena_command(
    bots: Annotated[str | None, typer.Option("--bots", "-b", help="Comma-separated bot names (default: every bot "
                                              "that can play the scenario); with more than two seats a name given "
                                              "twice fills two places at the table.")] = None,
    game: Game = DEFAULT_GAME,
    scenario: Scenario = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games per pairing (sides alternate); with more "
                                       "than two seats, games of the whole field (seats rotate).")] = 20,
    option: OptionPairs = None,
    workers: Workers = 2,
    think: Think = "1s",
    clock: Clock = ClockName.cpu,
    iterations: Iterations = None,
    turn_limit: TurnLimit = None,
    seed: Seed = 0,
    backend: Backend = "process",
    out: Out = Path("arena"),
    quiet: Quiet = False,
    resume: Resume = False,
    records: Records = None,
) -> None:
    """Round robin between bots with sides swapped: wins/draws/losses, Wilson 95 % intervals, Elo;
    with more than two seats, every bot at every game, seats rotated (a bot named twice fills two
    places): each bot's win share, and head to head over every pair of seats two bots held."""
    names = [b.strip() for b in bots.split(",") if b.strip()] if bots is not None else None
    scenario = _check(game, scenario, names or [], backend)
    if names is None:
        names = bot_names(game, scenario)
    if len(set(names)) < 2:
        raise typer.BadParameter("name at least two different bots", param_hint="--bots")
    options = batch_options(game, scenario, turn_limit) | parse_options(option)
    _seats(game, scenario, options)
    report = arena(game, scenario, names, games, workers=workers, seed=seed, options=options,
                   bot_options=_bot_options(parse_seconds(think), iterations, clock.value), backend=backend,
                   progress=not quiet, journal=_journal(out, resume, records))
    limit = limit_played(game, scenario, options)
    console = Console()
    if report.shares is not None:
        console.print(_shares_table(report, scenario, games, limit))
        console.print(_pairs_table(report, "head to head over every pair of seats two bots held at a table: "
                                           "a winner above the rest, then the game's score"))
    else:
        console.print(_pairs_table(report, f"{game} / {scenario}: {games} games per pairing, turn limit {limit}"))
    _say_resumed(console, report.config.get("commits", []), resume, out)
    for path in report.write(out):
        console.print(f"wrote {path}")


def _journal(out: Path, resume: bool, records: Path | None = None) -> Journal:
    """``STEM.games.jsonl``: every game written as it ends (:mod:`hexfleet.sim.journal`), and
    each game's record in ``records``."""
    try:
        return Journal(out.with_suffix(".games.jsonl"), resume=resume, records=records)
    except (OSError, ValueError) as exc:
        raise typer.BadParameter(str(exc), param_hint="--resume" if resume else "--out") from None


def _say_resumed(console: Console, commits: list[str], resume: bool, out: Path) -> None:
    if resume:
        console.print(f"games kept from {out.with_suffix('.games.jsonl')} and played now: code commits "
                      f"{', '.join(commits) or 'none'}")


def _pairs_table(report: ArenaReport, title: str) -> Table:
    table = Table(title=title)
    scored = any(row.margin is not None for row in report.rows)
    rated = ("Elo",) if report.elo else ()
    for column in ("bot", "vs", "games", "W", "D", "L", "win %", "95 % interval", *rated) + (("margin",) if scored else ()):
        table.add_column(column, justify="left" if column in ("bot", "vs") else "right")
    for row in report.rows:
        low, high = row.win_interval
        margin = (f"{row.margin:+.1f}" if row.margin is not None else "",) if scored else ()
        table.add_row(row.bot, "all" if row.opponent == "*" else row.opponent, str(row.games), str(row.wins),
                      str(row.draws), str(row.losses), f"{100 * row.win_rate:.1f}", f"{100 * low:.1f}-{100 * high:.1f}",
                      *((f"{report.elo[row.bot]:.0f}",) if rated else ()), *margin)
    return table


def _shares_table(report: ArenaReport, scenario: str, games: int, limit: object) -> Table:
    """A game of more seats: each bot's wins per seat and share of all wins, beside an equal bot's."""
    assert report.shares is not None
    seats = report.config["seats"]
    table = Table(title=f"{report.config['game']} / {scenario}, {seats} seats: {games} games, seats rotated, "
                        f"turn limit {limit}; win % per seat filled, share % of all wins (a win shared by k counts "
                        f"1/k each), beside an equal bot's")
    for column in ("bot", "seats", "wins", "D", "win %", "95 % interval", "equal %", "share %", "equal share %"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for s in report.shares:
        low, high = s.win_interval
        row = s.to_json()
        table.add_row(s.bot, str(s.seats), f"{s.wins:g}", str(s.draws), f"{100 * s.win_rate:.1f}",
                      f"{100 * low:.1f}-{100 * high:.1f}", f"{100 * row['fair_rate']:.1f}", f"{100 * s.share:.1f}",
                      f"{100 * row['fair_share']:.1f}")
    return table


def simulate_command(
    study: Annotated[str | None, typer.Argument(help="A study the game declares (default: its first; an unknown "
                                                     "name lists them).")] = None,
    game: Game = DEFAULT_GAME,
    bot: Annotated[str | None, typer.Option("--bot", help="Bot playing both sides (default: the study's).")] = None,
    scenario: Scenario = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games per pairing.")] = 20,
    option: OptionPairs = None,
    workers: Workers = 2,
    think: Think = "1s",
    clock: Clock = ClockName.cpu,
    iterations: Iterations = None,
    turn_limit: TurnLimit = None,
    seed: Seed = 0,
    backend: Backend = "process",
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Output path stem: writes STEM.csv, STEM.json "
                                             "(and .png); default: the study's.")] = None,
    plot: Annotated[bool, typer.Option("--plot/--no-plot", help="Write a heat-map PNG (needs matplotlib).")] = True,
    quiet: Quiet = False,
    resume: Resume = False,
    records: Records = None,
) -> None:
    """Balance study a game declares: every pairing of its choices between two seats, N games each, heat map PNG."""
    try:
        name, declared = find_study(game, study)
    except FormatError as exc:
        raise typer.BadParameter(exc.message, param_hint="STUDY") from None
    bot = bot or declared.bot
    scenario = _check(game, scenario, [bot], backend)
    options = batch_options(game, scenario, turn_limit) | parse_options(option)
    _seats(game, scenario, options)
    try:
        result = run_study(game, name, scenario, bot=bot, games=games, workers=workers, seed=seed, options=options,
                           bot_options=_bot_options(parse_seconds(think), iterations, clock.value), backend=backend,
                           progress=not quiet, journal=_journal(out or Path(declared.out), resume, records))
    except FormatError as exc:
        raise typer.BadParameter(exc.message, param_hint="--scenario") from None
    first, second = declared.seats
    table = Table(title=f"{first.capitalize()}'s score (win 1, draw ½), {bot} on both sides, "
                        f"{games} games per cell, turn limit {limit_played(game, scenario, options)}")
    table.add_column(f"{first} \\ {second}")
    for choice in declared.choices:
        table.add_column(choice, justify="right")
    for a in declared.choices:
        table.add_row(a, *(f"{result.cell(a, b).score:.2f}" for b in declared.choices))
    console = Console()
    console.print(table)
    for path in result.write(out or Path(declared.out), plot=plot):
        console.print(f"wrote {path}")
