"""``hexfleet arena`` and ``hexfleet simulate``: batch play from the command line.

The two commands are mounted on the main ``hexfleet`` app (:mod:`hexfleet.cli`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from ..ai import bot_names
from ..engine.errors import FormatError
from ..games import get_ruleset
from .arena import arena
from .batch import BACKENDS
from .simulate import STUDIES, gun_study

DEFAULT_TURN_LIMIT = 60
"""Batch games end as a draw after this many turns (TOB-IMPL-01 house rule): random bots may
otherwise drift for ever. Reported with every result."""

def parse_seconds(text: str) -> float:
    """``1s``, ``500ms``, ``0.25`` → seconds."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*(ms|s)?\s*", text)
    if not match:
        raise typer.BadParameter(f"expected a duration like 1s, 500ms or 0.5; got {text!r}")
    value = float(match.group(1))
    return value / 1000 if match.group(2) == "ms" else value


def _check(game: str, scenario: str, bots: list[str], backend: str) -> None:
    try:
        ruleset = get_ruleset(game)
    except FormatError as exc:
        raise typer.BadParameter(exc.message, param_hint="--game") from None
    if scenario not in ruleset.scenarios():
        raise typer.BadParameter(f"unknown scenario {scenario!r} for {game}; known: "
                                 f"{', '.join(ruleset.scenarios())}", param_hint="--scenario")
    for bot in bots:
        if bot not in bot_names(game):
            raise typer.BadParameter(f"unknown bot {bot!r} for {game}; known: {', '.join(bot_names(game))}",
                                     param_hint="--bots")
    if backend not in BACKENDS:
        raise typer.BadParameter(f"choose one of {', '.join(BACKENDS)}", param_hint="--backend")


def _options(game: str, turn_limit: int) -> dict[str, int]:
    names = {o.name for o in get_ruleset(game).options}
    return {"turn_limit": turn_limit} if "turn_limit" in names and turn_limit > 0 else {}


def _bot_options(think: float, iterations: int | None) -> dict[str, dict[str, float | int | None]]:
    return {"mcts": {"think": think if iterations is None else None, "iterations": iterations}}


Game = Annotated[str, typer.Option("--game", "-g", help="Ruleset name (hexfleet games).")]
Scenario = Annotated[str, typer.Option("--scenario", "-s", help="Scenario name.")]
Workers = Annotated[int, typer.Option("--workers", "-w", min=1, help="Parallel worker processes.")]
Think = Annotated[str, typer.Option("--think", help="MCTS time per decision (1s, 500ms).")]
Iterations = Annotated[int | None, typer.Option("--iterations", min=1,
                                                 help="MCTS iterations per decision instead of a time limit.")]
TurnLimit = Annotated[int, typer.Option("--turn-limit", min=0,
                                        help="Draw after this many turns (house rule TOB-IMPL-01; 0: none).")]
Seed = Annotated[int, typer.Option("--seed", help="First game seed; games use consecutive seeds.")]
Backend = Annotated[str, typer.Option("--backend", help="process (local pool) or ray (optional extra).")]
Out = Annotated[Path, typer.Option("--out", "-o", help="Output path stem: writes STEM.csv, STEM.json (and .png).")]
Quiet = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")]


def arena_command(
    bots: Annotated[str, typer.Option("--bots", "-b", help="Comma-separated bot names.")] = "mcts,heuristic,random",
    game: Game = "turn-or-burn",
    scenario: Scenario = "quick-shot",
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games per pairing (sides alternate).")] = 20,
    workers: Workers = 2,
    think: Think = "1s",
    iterations: Iterations = None,
    turn_limit: TurnLimit = DEFAULT_TURN_LIMIT,
    seed: Seed = 0,
    backend: Backend = "process",
    out: Out = Path("arena"),
    quiet: Quiet = False,
) -> None:
    """Round robin between bots with sides swapped: wins/draws/losses, Wilson 95 % intervals, Elo."""
    names = [b.strip() for b in bots.split(",") if b.strip()]
    if len(set(names)) < 2:
        raise typer.BadParameter("name at least two different bots", param_hint="--bots")
    _check(game, scenario, names, backend)
    options = _options(game, turn_limit)
    report = arena(game, scenario, names, games, workers=workers, seed=seed, options=options,
                   bot_options=_bot_options(parse_seconds(think), iterations), backend=backend, progress=not quiet)
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
    study: Annotated[str, typer.Argument(help=f"Study to run: {', '.join(STUDIES)}.")] = "guns",
    bot: Annotated[str, typer.Option("--bot", help="Bot playing both sides.")] = "heuristic",
    scenario: Scenario = "quick-shot",
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games per pairing.")] = 20,
    workers: Workers = 2,
    think: Think = "1s",
    iterations: Iterations = None,
    turn_limit: TurnLimit = DEFAULT_TURN_LIMIT,
    seed: Seed = 0,
    backend: Backend = "process",
    out: Out = Path("gun-study"),
    plot: Annotated[bool, typer.Option("--plot/--no-plot", help="Write a heat-map PNG (needs matplotlib).")] = True,
    quiet: Quiet = False,
) -> None:
    """Balance study: the Module 1 gun-against-gun matrix (16 pairings × N games), heat map PNG."""
    if study not in STUDIES:
        raise typer.BadParameter(f"unknown study {study!r}; known: {', '.join(STUDIES)}", param_hint="STUDY")
    _check("turn-or-burn", scenario, [bot], backend)
    options = _options("turn-or-burn", turn_limit)
    result = gun_study(scenario, bot=bot, games=games, workers=workers, seed=seed, options=options,
                       bot_options=_bot_options(parse_seconds(think), iterations), backend=backend, progress=not quiet)
    table = Table(title=f"Red's score (win 1, draw ½), {bot} on both sides, {games} games per cell, "
                        f"turn limit {options.get('turn_limit', 'none')}")
    table.add_column("red \\ blue")
    for gun in ("BG", "DB", "NB", "LT"):
        table.add_column(gun, justify="right")
    for red in ("BG", "DB", "NB", "LT"):
        table.add_row(red, *(f"{result.cell(red, blue).red_score:.2f}" for blue in ("BG", "DB", "NB", "LT")))
    console = Console()
    console.print(table)
    for path in result.write(out, plot=plot):
        console.print(f"wrote {path}")
