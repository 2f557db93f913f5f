"""Balance studies: many games under controlled conditions, results as tables and a heat map.

The Module 1 gun study plays every pairing of the four guns (TOB-M1-GUN-02..05), red's gun
against blue's, with the same bot on both sides; the legal setup orders of each seat are
narrowed to its gun (:data:`~hexfleet.sim.match.FILTERS`), so the bots still choose placement.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .batch import run_matches
from .match import MatchResult, MatchSpec
from .stats import wilson

M1_GUNS = ("BG", "DB", "NB", "LT")
STUDIES = ("guns",)


@dataclass(slots=True)
class Cell:
    red: str
    blue: str
    games: int = 0
    red_wins: int = 0
    blue_wins: int = 0
    draws: int = 0

    @property
    def red_score(self) -> float:
        return (self.red_wins + 0.5 * self.draws) / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        low, high = wilson(self.red_wins + 0.5 * self.draws, self.games)
        return {"red_gun": self.red, "blue_gun": self.blue, "games": self.games, "red_wins": self.red_wins,
                "blue_wins": self.blue_wins, "draws": self.draws, "red_score": round(self.red_score, 4),
                "red_score_low": round(low, 4), "red_score_high": round(high, 4)}


@dataclass(slots=True)
class GunStudy:
    config: dict[str, Any]
    cells: list[Cell]
    results: list[MatchResult]

    def cell(self, red: str, blue: str) -> Cell:
        return next(c for c in self.cells if c.red == red and c.blue == blue)

    def write(self, stem: Path, *, plot: bool = True) -> list[Path]:
        """``stem.csv`` (one row per pairing), ``stem.json`` and, with matplotlib, ``stem.png``."""
        stem.parent.mkdir(parents=True, exist_ok=True)
        paths = [stem.with_suffix(".csv"), stem.with_suffix(".json")]
        rows = [c.to_json() for c in self.cells]
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


def gun_study(scenario: str = "quick-shot", *, bot: str = "heuristic", games: int = 20, workers: int = 2,
              seed: int = 0, options: Mapping[str, Any] | None = None,
              bot_options: Mapping[str, Mapping[str, Any]] | None = None, backend: str = "process",
              progress: bool = True) -> GunStudy:
    """``games`` games for each of the 16 (red gun, blue gun) pairings."""
    opts = tuple(sorted((options or {}).items()))
    bopts = tuple((name, tuple(sorted(o.items()))) for name, o in sorted((bot_options or {}).items()))
    specs = []
    for k, (red, blue) in enumerate((r, b) for r in M1_GUNS for b in M1_GUNS):
        for i in range(games):
            specs.append(MatchSpec("turn-or-burn", scenario, (("red", bot), ("blue", bot)), seed=seed + k * 1_000_003 + i,
                                   options=opts, bot_options=bopts, tags=(("red_gun", red), ("blue_gun", blue)),
                                   forced=(("red", f"gun={red}"), ("blue", f"gun={blue}"))))
    results = run_matches(specs, workers=workers, backend=backend, progress=progress, label="gun study")
    cells = {(r, b): Cell(r, b) for r in M1_GUNS for b in M1_GUNS}
    for result in results:
        tags = dict(result.spec.tags)
        cell = cells[(tags["red_gun"], tags["blue_gun"])]
        cell.games += 1
        if not result.winners:
            cell.draws += 1
        elif "red" in result.winners:
            cell.red_wins += 1
        else:
            cell.blue_wins += 1
    config = {"study": "guns", "game": "turn-or-burn", "scenario": scenario, "bot": bot, "games_per_pairing": games,
              "seed": seed, "options": dict(options or {}), "backend": backend, "workers": workers}
    return GunStudy(config, list(cells.values()), results)


def heat_map(study: GunStudy, path: Path) -> Path:
    """Red's score for each gun pairing as a PNG heat map (optional extra ``plots``)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise RuntimeError("the heat map needs matplotlib: pip install 'hexfleet[plots]'") from None
    grid = [[study.cell(r, b).red_score for b in M1_GUNS] for r in M1_GUNS]
    fig, ax = plt.subplots(figsize=(5, 4.2))
    image = ax.imshow(grid, cmap="RdBu_r", vmin=0, vmax=1)
    ax.set_xticks(range(4), M1_GUNS)
    ax.set_yticks(range(4), M1_GUNS)
    ax.set_xlabel("blue's gun")
    ax.set_ylabel("red's gun")
    for i, row in enumerate(grid):
        for j, value in enumerate(row):
            ax.text(j, i, f"{value:.2f}", ha="center", va="center", color="black")
    ax.set_title(f"Red's score, {study.config['bot']} vs itself, {study.config['games_per_pairing']} games each")
    fig.colorbar(image, ax=ax, label="red score (win 1, draw ½)")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path
