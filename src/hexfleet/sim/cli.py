"""``hexfleet arena`` and ``hexfleet simulate``: batch play from the command line.

The two commands are mounted on the main ``hexfleet`` app (:mod:`hexfleet.cli`).
"""

from __future__ import annotations

import re
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from ..ai import bot_names, check_bot
from ..engine.errors import FormatError
from ..games import DEFAULT_GAME, get_ruleset
from .arena import arena
from .batch import BACKENDS
from .simulate import find_study, run_study

DEFAULT_TURN_LIMIT = 60
"""Batch games end after this many turns, in games that offer a ``turn_limit`` option (a house
rule for batch play): random bots may otherwise drift for ever. Reported with every result."""

def parse_seconds(text: str) -> float:
    """``1s``, ``500ms``, ``0.25`` → seconds."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*(ms|s)?\s*", text)
    if not match:
        raise typer.BadParameter(f"expected a duration like 1s, 500ms or 0.5; got {text!r}")
    value = float(match.group(1))
    return value / 1000 if match.group(2) == "ms" else value


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


def batch_options(game: str, turn_limit: int) -> dict[str, int]:
    """The game options a batch command plays with: the turn limit, where ``game`` offers that
    house rule and ``turn_limit`` is positive; none otherwise (the benches use it too)."""
    names = {o.name for o in get_ruleset(game).options}
    return {"turn_limit": turn_limit} if "turn_limit" in names and turn_limit > 0 else {}


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
TurnLimit = Annotated[int, typer.Option("--turn-limit", min=0,
                                        help="End games after this many turns, where the game has that house "
                                             "rule (0: none).")]
Seed = Annotated[int, typer.Option("--seed", help="First game seed; games use consecutive seeds.")]
Backend = Annotated[str, typer.Option("--backend", help="process (local pool) or ray (optional extra).")]
Out = Annotated[Path, typer.Option("--out", "-o", help="Output path stem: writes STEM.csv, STEM.json (and .png).")]
Quiet = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")]


def arena_command(
    bots: Annotated[str | None, typer.Option("--bots", "-b", help="Comma-separated bot names (default: every bot "
                                              "that can play the scenario).")] = None,
    game: Game = DEFAULT_GAME,
    scenario: Scenario = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games per pairing (sides alternate).")] = 20,
    workers: Workers = 2,
    think: Think = "1s",
    clock: Clock = ClockName.cpu,
    iterations: Iterations = None,
    turn_limit: TurnLimit = DEFAULT_TURN_LIMIT,
    seed: Seed = 0,
    backend: Backend = "process",
    out: Out = Path("arena"),
    quiet: Quiet = False,
) -> None:
    """Round robin between bots with sides swapped: wins/draws/losses, Wilson 95 % intervals, Elo."""
    names = [b.strip() for b in bots.split(",") if b.strip()] if bots is not None else None
    scenario = _check(game, scenario, names or [], backend)
    if names is None:
        names = bot_names(game, scenario)
    if len(set(names)) < 2:
        raise typer.BadParameter("name at least two different bots", param_hint="--bots")
    options = batch_options(game, turn_limit)
    report = arena(game, scenario, names, games, workers=workers, seed=seed, options=options,
                   bot_options=_bot_options(parse_seconds(think), iterations, clock.value), backend=backend, progress=not quiet)
    table = Table(title=f"{game} / {scenario}: {games} games per pairing, turn limit {options.get('turn_limit', 'none')}")
    for column in ("bot", "vs", "games", "W", "D", "L", "win %", "95 % interval", "Elo"):
        table.add_column(column, justify="left" if column in ("bot", "vs") else "right")
    for row in report.rows:
        low, high = row.win_interval
        table.add_row(row.bot, "all" if row.opponent == "*" else row.opponent, str(row.games), str(row.wins),
                      str(row.draws), str(row.losses), f"{100 * row.win_rate:.1f}", f"{100 * low:.1f}-{100 * high:.1f}",
                      f"{report.elo[row.bot]:.0f}")
    console = Console()
    console.print(table)
    for path in report.write(out):
        console.print(f"wrote {path}")


def simulate_command(
    study: Annotated[str | None, typer.Argument(help="A study the game declares (default: its first; an unknown "
                                                     "name lists them).")] = None,
    game: Game = DEFAULT_GAME,
    bot: Annotated[str | None, typer.Option("--bot", help="Bot playing both sides (default: the study's).")] = None,
    scenario: Scenario = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games per pairing.")] = 20,
    workers: Workers = 2,
    think: Think = "1s",
    clock: Clock = ClockName.cpu,
    iterations: Iterations = None,
    turn_limit: TurnLimit = DEFAULT_TURN_LIMIT,
    seed: Seed = 0,
    backend: Backend = "process",
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Output path stem: writes STEM.csv, STEM.json "
                                             "(and .png); default: the study's.")] = None,
    plot: Annotated[bool, typer.Option("--plot/--no-plot", help="Write a heat-map PNG (needs matplotlib).")] = True,
    quiet: Quiet = False,
) -> None:
    """Balance study a game declares: every pairing of its choices between two seats, N games each, heat map PNG."""
    try:
        name, declared = find_study(game, study)
    except FormatError as exc:
        raise typer.BadParameter(exc.message, param_hint="STUDY") from None
    bot = bot or declared.bot
    scenario = _check(game, scenario, [bot], backend)
    options = batch_options(game, turn_limit)
    result = run_study(game, name, scenario, bot=bot, games=games, workers=workers, seed=seed, options=options,
                       bot_options=_bot_options(parse_seconds(think), iterations, clock.value), backend=backend,
                       progress=not quiet)
    first, second = declared.seats
    table = Table(title=f"{first.capitalize()}'s score (win 1, draw ½), {bot} on both sides, "
                        f"{games} games per cell, turn limit {options.get('turn_limit', 'none')}")
    table.add_column(f"{first} \\ {second}")
    for choice in declared.choices:
        table.add_column(choice, justify="right")
    for a in declared.choices:
        table.add_row(a, *(f"{result.cell(a, b).score:.2f}" for b in declared.choices))
    console = Console()
    console.print(table)
    for path in result.write(out or Path(declared.out), plot=plot):
        console.print(f"wrote {path}")
