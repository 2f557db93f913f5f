"""Tally arena journals part way: per file, wins-draws-losses of ``mcts`` against the other bot,
with the Wilson 95 % interval of its win rate (the arena's own table needs the whole study), and
its mean score margin over the games whose lines keep the scores (the game's own count: SP
destroyed in Talon), and at tables of more than two seats its head-to-head record.

    python bench/studies/tally.py bench/studies/*.games.jsonl
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from hexfleet.sim.arena import all_drawn, meetings
from hexfleet.sim.match import MatchResult, MatchSpec
from hexfleet.sim.stats import wilson


def tally(path: Path, bot: str = "mcts") -> str:
    if not path.is_file():
        return f"{path}: no such journal"
    games = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    wins = draws = losses = 0
    margins = []
    for g in games:
        seats = [seat for seat, name in g["spec"]["bots"] if name == bot]
        if not seats:
            continue
        if g.get("scores"):
            mine = g["scores"][seats[0]]
            margins.append(mine - max(v for seat, v in g["scores"].items() if seat != seats[0]))
        if all_drawn([seat for seat, _ in g["spec"]["bots"]], g["winners"]):
            draws += 1
        elif seats[0] in g["winners"]:
            wins += 1
        else:
            losses += 1
    n = wins + draws + losses
    if n == 0:
        return f"{path.name}: no games of {bot}"
    low, high = wilson(wins, n)
    commits = ", ".join(sorted({g.get("commit") or "unknown" for g in games}))
    margin = f"; mean margin {sum(margins) / len(margins):+.1f} over {len(margins)}" if margins else ""
    return (f"{path.name}: {bot} {wins}-{draws}-{losses} of {n}, {100 * wins / n:.0f} % "
            f"({100 * low:.0f}-{100 * high:.0f}){margin}{head_to_head(games, bot)}; commits {commits}")


def head_to_head(games: list[dict], bot: str) -> str:
    """At tables of more than two seats, ``bot``'s meetings with the other bots' seats
    (:func:`hexfleet.sim.arena.meetings`: a winner above the rest, then the score)."""
    scores = []
    for g in games:
        if len(g["spec"]["bots"]) <= 2:
            continue
        spec = MatchSpec(g["spec"]["game"], g["spec"]["scenario"], tuple(map(tuple, g["spec"]["bots"])), g["spec"]["seed"])
        result = MatchResult(spec, g["outcome"], tuple(g["winners"]), g["steps"], tuple(g.get("scores", {}).items()))
        for a, _, b, _, score in meetings(result):
            if bot in (a, b) and a != b:
                scores.append(score if a == bot else 1.0 - score)
    if not scores:
        return ""
    won, level = scores.count(1.0), scores.count(0.5)
    low, high = wilson(won, len(scores))
    return (f"; head to head {won}-{level}-{len(scores) - won - level} of {len(scores)} meetings, "
            f"{100 * won / len(scores):.0f} % ({100 * low:.0f}-{100 * high:.0f})")


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        print(tally(Path(arg)))
