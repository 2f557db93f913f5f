"""Tournaments between bots: wins, draws, losses, Wilson intervals and Elo.

Two-seat scenarios play a round robin (every pair of bots, sides swapped every other game). A
scenario with more seats (a Big Party of ``players=8``, a melee) seats the whole field at every
game, the bots rotated one seat along each game; a bot named twice fills two places in the
field (``mcts,lf-heuristic,lf-heuristic``: one search bot against two heuristics). Each bot's
result is then its *win share* (a game's win split evenly among its winners) beside the share
an equal bot would get (its seats over the seats of a game), as :class:`Share` rows, and its
head-to-head record against each other bot over every pair of their seats at a table
(:func:`meetings`); Elo is left out (it rates games of two).
"""

from __future__ import annotations

import csv
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

from ..engine.ruleset import Seat
from .batch import run_matches
from .journal import Journal
from .match import MatchResult, MatchSpec, seats_of
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
    margin_sum: float = 0.0
    scored: int = 0
    """Games whose scores the game keeps (``Ruleset.scores``), and the bot's lead in them summed."""

    @property
    def margin(self) -> float | None:
        """The bot's mean lead over its opponent in the game's own score (SP destroyed, victory
        points, damage): what tells a draw at 0-0 from one at 115-115, and a narrow win from a rout."""
        return self.margin_sum / self.scored if self.scored else None

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
                "score_low": round(s_low, 4), "score_high": round(s_high, 4),
                **({"margin": round(self.margin, 2)} if self.margin is not None else {})}


@dataclass(frozen=True, slots=True)
class Share:
    """One bot's record in games of more than two seats: ``seats`` it filled, ``wins`` its
    share of the games' wins (a win shared by ``k`` seats counts ``1/k`` to each), ``draws``
    its seats in games nobody won, ``fair`` the wins an equal bot would have taken (each of
    its seats ``1/seats-in-game``), ``games`` the games played in all."""

    bot: str
    seats: int
    wins: float
    draws: int
    fair: float
    games: int

    @property
    def win_rate(self) -> float:
        """Wins per seat filled."""
        return self.wins / self.seats if self.seats else 0.0

    @property
    def win_interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.seats)

    @property
    def share(self) -> float:
        """The fraction of all games' wins this bot took."""
        return self.wins / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        low, high = self.win_interval
        return {"bot": self.bot, "seats": self.seats, "wins": round(self.wins, 4), "draws": self.draws,
                "win_rate": round(self.win_rate, 4), "win_low": round(low, 4), "win_high": round(high, 4),
                "fair_rate": round(self.fair / self.seats, 4) if self.seats else 0.0,
                "win_share": round(self.share, 4), "fair_share": round(self.fair / self.games, 4) if self.games else 0.0}


@dataclass(slots=True)
class ArenaReport:
    config: dict[str, Any]
    rows: list[Row]
    elo: dict[str, float]
    results: list[MatchResult]
    shares: list[Share] | None = None
    """Games of more than two seats: one row per bot (``rows`` are then head-to-head over pairs
    of seats, and ``elo`` is empty)."""

    def table(self) -> list[dict[str, Any]]:
        """The table as written: :class:`Share` rows, or :class:`Row` rows with each bot's Elo."""
        if self.shares is not None:
            return [s.to_json() for s in self.shares]
        return [r.to_json() | {"elo": round(self.elo[r.bot], 1)} for r in self.rows]

    def to_json(self) -> dict[str, Any]:
        pairs = {"head_to_head": [r.to_json() for r in self.rows]} if self.shares is not None else {}
        return {"config": self.config, "table": self.table(), **pairs,
                "elo": {k: round(v, 1) for k, v in self.elo.items()},
                "games": [r.to_json() for r in self.results]}

    def write(self, stem: Path) -> tuple[Path, Path]:
        """``stem.csv`` (the table: one row per bot and opponent with Elo on each, or one row per
        bot with its win share) and ``stem.json``."""
        stem.parent.mkdir(parents=True, exist_ok=True)
        csv_path, json_path = stem.with_suffix(".csv"), stem.with_suffix(".json")
        with csv_path.open("w", newline="", encoding="utf-8") as handle:
            rows = self.table()
            writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
        json_path.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")
        return csv_path, json_path


def schedule(game: str, scenario: str, bots: Sequence[str], games: int, *, seed: int = 0,
             options: Mapping[str, Any] | None = None,
             bot_options: Mapping[str, Mapping[str, Any]] | None = None) -> list[MatchSpec]:
    """Two seats: ``games`` games per pair of distinct bots, sides swapped every other game.
    More seats: ``games`` games of the whole field as named (a name given twice fills two
    places), seat ``k`` of game ``i`` taken by bot ``(k + i) mod len(bots)``, so every bot sits
    at every seat in turn."""
    seats = seats_of(game, scenario, options)
    opts = tuple(sorted((options or {}).items()))
    bopts = tuple((name, tuple(sorted(o.items()))) for name, o in sorted((bot_options or {}).items()))
    if len(seats) > 2:
        field = list(bots)
        return [MatchSpec(game, scenario, tuple((seat, field[(k + i) % len(field)]) for k, seat in enumerate(seats)),
                          seed=seed + i, options=opts, bot_options=bopts) for i in range(games)]
    specs = []
    for pair_no, (a, b) in enumerate(combinations(dict.fromkeys(bots), 2)):
        for i in range(games):
            first, second = (a, b) if i % 2 == 0 else (b, a)
            specs.append(MatchSpec(game, scenario, ((seats[0], first), (seats[1], second)),
                                   seed=seed + pair_no * 1_000_003 + i, options=opts, bot_options=bopts))
    return specs


def drawn(result: MatchResult) -> bool:
    """Nobody won, or everybody did (a game may name every seat tied on points a winner):
    either way no bot beat another."""
    return all_drawn([seat for seat, _ in result.spec.bots], result.winners)


def all_drawn(seats: Sequence[Seat], winners: Sequence[Seat]) -> bool:
    """:func:`drawn` on plain seat lists (a journal line's, say)."""
    return not winners or set(seats) <= set(winners)


def tabulate_shares(results: Sequence[MatchResult]) -> list[Share]:
    """Each bot's win share over games of any number of seats (see :class:`Share`)."""
    tally: dict[str, list[float]] = {}
    for r in results:
        n = len(r.spec.bots)
        for seat, bot in r.spec.bots:
            t = tally.setdefault(bot, [0, 0.0, 0, 0.0])
            t[0] += 1
            t[1] += 1 / len(r.winners) if seat in r.winners else 0.0
            t[2] += drawn(r)
            t[3] += 1 / n
    return [Share(bot, int(t[0]), t[1], int(t[2]), t[3], len(results)) for bot, t in sorted(tally.items())]


def meetings(result: MatchResult) -> list[tuple[str, Seat, str, Seat, float]]:
    """Every pair of seats two different bots held in a game, as ``(bot a, seat a, bot b,
    seat b, a's score)``: 1 where a finished above b, 0 below, 0.5 level. Of two seats, a
    winner finishes above a loser and a drawn game leaves them level. At a bigger table a
    winner finishes above a seat that did not win, and between two winners or two seats that
    did not win the game's own score (``Ruleset.scores``) ranks them, where it keeps one: a
    melee's second place beat its third."""
    seats = list(result.spec.bots)
    if len(seats) == 2:
        (sa, a), (sb, b) = seats
        return [] if a == b else [(a, sa, b, sb, 0.5 if drawn(result) else float(sa in result.winners))]
    scores, won = dict(result.scores), set(result.winners)
    rank = {seat: (seat in won, scores.get(seat, 0.0)) for seat, _ in seats}
    return [(a, sa, b, sb, 1.0 if rank[sa] > rank[sb] else 0.0 if rank[sa] < rank[sb] else 0.5)
            for i, (sa, a) in enumerate(seats) for sb, b in seats[i + 1:] if a != b]


def tabulate(results: Sequence[MatchResult]) -> tuple[list[Row], dict[str, float]]:
    """Per-pairing and overall rows for every bot from every :func:`meetings` of two of its
    seats, and Elo ratings over games of two seats."""
    tally: dict[tuple[str, str], list[int]] = {}
    margins: dict[tuple[str, str], list[float]] = {}
    elo_games: list[tuple[str, str, float]] = []
    for r in results:
        scores = dict(r.scores)
        for a, sa, b, sb, score_a in meetings(r):
            if len(r.spec.bots) == 2:
                elo_games.append((a, b, score_a))
            for bot, seat, other, other_seat, score in ((a, sa, b, sb, score_a), (b, sb, a, sa, 1.0 - score_a)):
                for key in ((bot, other), (bot, "*")):
                    t = tally.setdefault(key, [0, 0, 0, 0])
                    t[0] += 1
                    t[1 if score == 1.0 else 2 if score == 0.5 else 3] += 1
                    if scores:
                        margins.setdefault(key, []).append(scores.get(seat, 0.0) - scores.get(other_seat, 0.0))
    order = sorted(tally.items(), key=lambda kv: (kv[0][0], kv[0][1] == "*", kv[0][1]))
    rows = [Row(bot, opp, games, wins, draws, losses, sum(margins.get((bot, opp), [])), len(margins.get((bot, opp), [])))
            for (bot, opp), (games, wins, draws, losses) in order]
    return rows, elo_ratings(elo_games)


def arena(game: str, scenario: str, bots: Sequence[str], games: int, *, workers: int = 2, seed: int = 0,
          options: Mapping[str, Any] | None = None, bot_options: Mapping[str, Mapping[str, Any]] | None = None,
          backend: str = "process", progress: bool = True, journal: Journal | None = None) -> ArenaReport:
    """Play the schedule (the games ``journal`` holds are read back, not played again)."""
    specs = schedule(game, scenario, bots, games, seed=seed, options=options, bot_options=bot_options)
    results = run_matches(specs, workers=workers, backend=backend, progress=progress, label="arena", journal=journal)
    seats = len(specs[0].bots) if specs else 2
    config = {"game": game, "scenario": scenario, "bots": list(bots), "seats": seats, "seed": seed,
              "games_per_pairing" if seats == 2 else "games": games,
              "options": dict(options or {}), "bot_options": {k: dict(v) for k, v in (bot_options or {}).items()},
              "workers": workers, "backend": backend}
    if journal is not None:
        config["commits"] = sorted(journal.commits)
    rows, elo = tabulate(results)
    return ArenaReport(config, rows, elo, results, tabulate_shares(results) if seats > 2 else None)
