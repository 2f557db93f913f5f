"""Round-robin tournaments between bots: wins, draws, losses, Wilson intervals and Elo."""

from __future__ import annotations

import csv
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

from ..engine.ruleset import Seat
from ..games import get_ruleset
from .batch import run_matches
from .match import MatchResult, MatchSpec
from .stats import elo_ratings, wilson


@dataclass(frozen=True, slots=True)
class Row:
    """One bot's record against one opponent (``opponent == "*"``: against everybody)."""

    bot: str
    opponent: str
    games: int
    wins: int
    draws: int
    losses: int

    @property
    def score(self) -> float:
        """Wins plus half the draws, per game."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins + 0.5 * self.draws, self.games)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def win_interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def to_json(self) -> dict[str, Any]:
        low, high = self.win_interval
        s_low, s_high = self.interval
        return {"bot": self.bot, "opponent": self.opponent, "games": self.games, "wins": self.wins,
                "draws": self.draws, "losses": self.losses, "win_rate": round(self.win_rate, 4),
                "win_low": round(low, 4), "win_high": round(high, 4), "score": round(self.score, 4),
                "score_low": round(s_low, 4), "score_high": round(s_high, 4)}


@dataclass(slots=True)
class ArenaReport:
    config: dict[str, Any]
    rows: list[Row]
    elo: dict[str, float]
    results: list[MatchResult]

    def to_json(self) -> dict[str, Any]:
        return {"config": self.config, "table": [r.to_json() for r in self.rows],
                "elo": {k: round(v, 1) for k, v in self.elo.items()},
                "games": [r.to_json() for r in self.results]}

    def write(self, stem: Path) -> tuple[Path, Path]:
        """``stem.csv`` (the table, one row per bot and opponent, Elo on each) and ``stem.json``."""
        stem.parent.mkdir(parents=True, exist_ok=True)
        csv_path, json_path = stem.with_suffix(".csv"), stem.with_suffix(".json")
        with csv_path.open("w", newline="", encoding="utf-8") as handle:
            rows = [r.to_json() | {"elo": round(self.elo[r.bot], 1)} for r in self.rows]
            writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
        json_path.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")
        return csv_path, json_path


def schedule(game: str, scenario: str, bots: Sequence[str], games: int, *, seed: int = 0,
             options: Mapping[str, Any] | None = None,
             bot_options: Mapping[str, Mapping[str, Any]] | None = None) -> list[MatchSpec]:
    """``games`` games per pair of distinct bots, sides swapped every other game."""
    seats = get_ruleset(game).scenarios()[scenario].seats
    if len(seats) != 2:
        raise ValueError(f"the arena plays two-seat scenarios; {scenario} has {len(seats)} seats")
    opts = tuple(sorted((options or {}).items()))
    bopts = tuple((name, tuple(sorted(o.items()))) for name, o in sorted((bot_options or {}).items()))
    specs = []
    for pair_no, (a, b) in enumerate(combinations(dict.fromkeys(bots), 2)):
        for i in range(games):
            first, second = (a, b) if i % 2 == 0 else (b, a)
            specs.append(MatchSpec(game, scenario, ((seats[0], first), (seats[1], second)),
                                   seed=seed + pair_no * 1_000_003 + i, options=opts, bot_options=bopts))
    return specs


def tabulate(results: Sequence[MatchResult]) -> tuple[list[Row], dict[str, float]]:
    """Per-pairing and overall rows for every bot, and Elo ratings over all games."""
    tally: dict[tuple[str, str], list[int]] = {}
    elo_games: list[tuple[str, str, float]] = []
    for r in results:
        by_seat: dict[Seat, str] = dict(r.spec.bots)
        (sa, a), (sb, b) = r.spec.bots
        score_a = 0.5 if not r.winners else (1.0 if sa in r.winners else 0.0)
        elo_games.append((a, b, score_a))
        for seat, bot in by_seat.items():
            other = b if seat == sa else a
            for key in ((bot, other), (bot, "*")):
                t = tally.setdefault(key, [0, 0, 0, 0])
                t[0] += 1
                if not r.winners:
                    t[2] += 1
                elif seat in r.winners:
                    t[1] += 1
                else:
                    t[3] += 1
    rows = [Row(bot, opp, *t) for (bot, opp), t in sorted(tally.items(), key=lambda kv: (kv[0][0], kv[0][1] == "*", kv[0][1]))]
    return rows, elo_ratings(elo_games)


def arena(game: str, scenario: str, bots: Sequence[str], games: int, *, workers: int = 2, seed: int = 0,
          options: Mapping[str, Any] | None = None, bot_options: Mapping[str, Mapping[str, Any]] | None = None,
          backend: str = "process", progress: bool = True) -> ArenaReport:
    specs = schedule(game, scenario, bots, games, seed=seed, options=options, bot_options=bot_options)
    results = run_matches(specs, workers=workers, backend=backend, progress=progress, label="arena")
    rows, elo = tabulate(results)
    config = {"game": game, "scenario": scenario, "bots": list(bots), "games_per_pairing": games, "seed": seed,
              "options": dict(options or {}), "bot_options": {k: dict(v) for k, v in (bot_options or {}).items()},
              "workers": workers, "backend": backend}
    return ArenaReport(config, rows, elo, results)
