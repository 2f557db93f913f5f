"""Balance studies: many games under controlled conditions, results as tables and a heat map.

A game declares its studies (``STUDIES`` in its bots module, :class:`hexfleet.plugins.Study`),
found by name like everything else of a game: every pairing of a set of choices between two
seats, each seat's legal orders narrowed to its choice by a filter the game declares (so the
bots still decide everything else), the same bot on both sides. The result is the first seat's
score (win 1, draw ½) for each pairing. A scenario with more seats (options such as
``players=8``) seats the same bot, unfiltered, at every other seat; a game one of those wins
counts for neither study seat (``others``).
"""

from __future__ import annotations

import csv
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.errors import FormatError
from ..plugins import Study, game_bots
from .batch import run_matches
from .journal import Journal
from .match import MatchResult, MatchSpec, seats_of
from .stats import wilson


@dataclass(slots=True)
class Cell:
    """One pairing: the first seat's choice against the second's."""

    first: str
    second: str
    games: int = 0
    first_wins: int = 0
    second_wins: int = 0
    draws: int = 0
    others: int = 0
    """Games won by neither study seat (another seat of a bigger game)."""

    @property
    def score(self) -> float:
        """The first seat's score: wins plus half the draws, per game."""
        return (self.first_wins + 0.5 * self.draws) / self.games if self.games else 0.0

    def to_json(self, study: Study) -> dict[str, Any]:
        a, b = study.seats
        low, high = wilson(self.first_wins + 0.5 * self.draws, self.games)
        return {f"{a}_{study.tag}": self.first, f"{b}_{study.tag}": self.second, "games": self.games,
                f"{a}_wins": self.first_wins, f"{b}_wins": self.second_wins, "draws": self.draws,
                "others_won": self.others,
                f"{a}_score": round(self.score, 4), f"{a}_score_low": round(low, 4),
                f"{a}_score_high": round(high, 4)}


@dataclass(slots=True)
class StudyResult:
    study: Study
    config: dict[str, Any]
    cells: list[Cell]
    results: list[MatchResult]

    def cell(self, first: str, second: str) -> Cell:
        return next(c for c in self.cells if c.first == first and c.second == second)

    def write(self, stem: Path, *, plot: bool = True) -> list[Path]:
        """``stem.csv`` (one row per pairing), ``stem.json`` and, with matplotlib, ``stem.png``."""
        stem.parent.mkdir(parents=True, exist_ok=True)
        paths = [stem.with_suffix(".csv"), stem.with_suffix(".json")]
        rows = [c.to_json(self.study) for c in self.cells]
        with paths[0].open("w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
        paths[1].write_text(json.dumps({"config": self.config, "cells": rows,
                                        "games": [r.to_json() for r in self.results]}, indent=1) + "\n",
                            encoding="utf-8")
        if plot:
            paths.append(heat_map(self, stem.with_suffix(".png")))
        return paths


def find_study(game: str, name: str | None) -> tuple[str, Study]:
    """``(name, study)`` of a study ``game`` declares (``None``: its first), or a
    :class:`FormatError` listing them."""
    studies = game_bots(game).STUDIES
    chosen = next(iter(studies), None) if name is None else name
    if chosen is None or chosen not in studies:
        listed = "; ".join(f"{n} ({s.title})" for n, s in studies.items()) or "none"
        raise FormatError("study", f"{game} declares no study {name!r}; its studies: {listed}")
    return chosen, studies[chosen]


def run_study(game: str, name: str | None, scenario: str, *, bot: str | None = None, games: int = 20,
              workers: int = 2, seed: int = 0, options: Mapping[str, Any] | None = None,
              bot_options: Mapping[str, Mapping[str, Any]] | None = None, backend: str = "process",
              progress: bool = True, journal: Journal | None = None) -> StudyResult:
    """``games`` games for each pairing of the study's choices (``bot``: the study's own by
    default). Seeds run consecutively within a pairing, pairings a prime stride apart."""
    name, study = find_study(game, name)
    bot = bot or study.bot
    first, second = study.seats
    seats = seats_of(game, scenario, options)
    if first not in seats or second not in seats:
        raise FormatError("scenario", f"study {name} compares seats {first} and {second}; a {scenario} game "
                          f"has seats {', '.join(seats)}")
    rest = tuple((seat, bot) for seat in seats if seat not in study.seats)
    opts = tuple(sorted((options or {}).items()))
    bopts = tuple((b, tuple(sorted(o.items()))) for b, o in sorted((bot_options or {}).items()))
    pairings = [(a, b) for a in study.choices for b in study.choices]
    specs = []
    for k, (a, b) in enumerate(pairings):
        for i in range(games):
            specs.append(MatchSpec(game, scenario, ((first, bot), (second, bot), *rest), seed=seed + k * 1_000_003 + i,
                                   options=opts, bot_options=bopts,
                                   tags=((f"{first}_{study.tag}", a), (f"{second}_{study.tag}", b)),
                                   forced=((first, study.filter.format(a)), (second, study.filter.format(b)))))
    results = run_matches(specs, workers=workers, backend=backend, progress=progress, label=f"{name} study",
                          journal=journal)
    cells = {pair: Cell(*pair) for pair in pairings}
    for result in results:
        tags = dict(result.spec.tags)
        cell = cells[(tags[f"{first}_{study.tag}"], tags[f"{second}_{study.tag}"])]
        cell.games += 1
        if not result.winners:
            cell.draws += 1
        elif first in result.winners:
            cell.first_wins += 1
        elif second in result.winners:
            cell.second_wins += 1
        else:
            cell.others += 1
    config = {"study": name, "game": game, "scenario": scenario, "bot": bot, "seats": len(seats),
              "games_per_pairing": games,
              "seed": seed, "options": dict(options or {}), "backend": backend, "workers": workers}
    return StudyResult(study, config, list(cells.values()), results)


def heat_map(result: StudyResult, path: Path) -> Path:
    """The first seat's score for each pairing as a PNG heat map (optional extra ``plots``)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise RuntimeError("the heat map needs matplotlib: pip install 'hexfleet[plots]'") from None
    study = result.study
    first, second = study.seats
    choices = study.choices
    grid = [[result.cell(a, b).score for b in choices] for a in choices]
    fig, ax = plt.subplots(figsize=(5, 4.2))
    image = ax.imshow(grid, cmap="RdBu_r", vmin=0, vmax=1)
    ax.set_xticks(range(len(choices)), choices)
    ax.set_yticks(range(len(choices)), choices)
    ax.set_xlabel(f"{second}'s {study.tag}")
    ax.set_ylabel(f"{first}'s {study.tag}")
    for i, row in enumerate(grid):
        for j, value in enumerate(row):
            ax.text(j, i, f"{value:.2f}", ha="center", va="center", color="black")
    ax.set_title(f"{first.capitalize()}'s score, {result.config['bot']} vs itself, "
                 f"{result.config['games_per_pairing']} games each")
    fig.colorbar(image, ax=ax, label=f"{first} score (win 1, draw ½)")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path
