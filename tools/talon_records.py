"""What Talon arena records (``hexfleet arena --records DIR``) say about how the bots played.

Two reports, each counting for the bot that played a side (read from the record's file name,
``SCENARIO-seedN-terran=mcts-talon=random-HASH``):

- ``ranges``: each bot's shots by weapon and range, with the mean damage the table gives at each
  range. A search bot that fires at a weapon's worst range wastes a charge that takes a Round to
  refill (TAL-8.1.2: Red boxes charge only in the Power Phase).
- ``endings``: each game that a bot did not win, with how it ended and every unit that left the
  battle (its Round, and whether by FTL, TAL-11, or by the mandatory retreat of a ship far from
  all others when the map cannot shift, TAL-7.5.2): only kills score (TAL-SCN-4), so a game in
  which every ship of one side leaves before any is destroyed is a 0-0 draw.

    PYTHONPATH=src .venv/bin/python tools/talon_records.py ranges DIR [DIR ...]
    PYTHONPATH=src .venv/bin/python tools/talon_records.py endings --bot mcts DIR [DIR ...]
"""

from __future__ import annotations

import argparse
import functools
import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hexfleet.ai.talon import expected_damage
from hexfleet.games import get_ruleset

RULESET = get_ruleset("talon")


@functools.cache
def sides_of_ships(scenario: str) -> dict[str, str]:
    """Each unit's side in a scenario (as set up: the seed does not move units between sides);
    set up once per scenario, not once per record."""
    pos = RULESET.new_game(scenario, seed=0).pos
    return {u["id"]: u["side"] for u in pos["ships"] + pos["squadrons"]}


def bots_of(stem: str, seats: list[str]) -> dict[str, str]:
    """Each seat's bot, from a record's name (``SCENARIO-seedN-SEAT=BOT-...-SEAT=BOT-HASH``, as
    ``hexfleet arena --records`` names it; a bot's name may hold hyphens)."""
    body = stem.rsplit("-", 1)[0]  # the spec's hash off
    parts = re.split("-(" + "|".join(map(re.escape, seats)) + ")=", body)[1:]
    return dict(zip(parts[::2], parts[1::2], strict=True))


def records(paths: list[Path]) -> Iterator[tuple[Path, dict[str, Any], dict[str, str], list[tuple[int, dict[str, Any]]]]]:
    """Each record under ``paths``: its file, header, seats' bots and ``(Round, event)`` pairs."""
    for path in (p for d in paths for p in (sorted(d.glob("*.jsonl")) if d.is_dir() else [d])):
        with path.open() as lines:
            header = json.loads(next(lines))
            events: list[tuple[int, dict[str, Any]]] = []
            round_ = 0
            for line in lines:
                for e in json.loads(line).get("events", []):
                    if e["type"] == "phase" and e.get("round") is not None:
                        round_ = e["round"]
                    events.append((round_, e))
        yield path, header, bots_of(path.stem, header["seats"]), events


def ranges(paths: list[Path]) -> Counter[tuple[str, str, int]]:
    """(bot, weapon, range) → shots fired."""
    shots: Counter[tuple[str, str, int]] = Counter()
    for _, header, bots, events in records(paths):
        side = sides_of_ships(header["scenario"])
        for _, e in events:
            if e["type"] == "fired" and e["ship"] in side:
                shots[bots.get(side[e["ship"]], "?"), e["weapon"], e["range"]] += 1
    return shots


def endings(paths: list[Path], bot: str) -> list[str]:
    """A line per game ``bot`` played and did not win: the record, its result, and who left when."""
    out = []
    for path, header, bots, events in records(paths):
        seats = [s for s, b in bots.items() if b == bot]
        over = next((e for _, e in reversed(events) if e["type"] == "game_over"), None)
        if not seats or over is None or set(seats) & set(over["winners"]):
            continue
        side = sides_of_ships(header["scenario"])
        left = [f"{side.get(e['unit'], '?')} {e['unit']} R{r} {e['cause']}" for r, e in events if e["type"] == "retreated"]
        result = "draw" if not over["winners"] else "lost"
        out.append(f"{path.name}: {bot} as {'/'.join(seats)} {result} ({over['reason']}, {over['score']}); left: "
                   f"{', '.join(left) or 'none'}")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", choices=("ranges", "endings"))
    parser.add_argument("paths", nargs="+", type=Path, help="record files, or directories of them")
    parser.add_argument("--bot", default="mcts", help="endings: the bot whose games not won are listed")
    args = parser.parse_args()
    missing = [str(p) for p in args.paths if not p.exists()]
    if missing:
        parser.error(f"no such record file or directory: {', '.join(missing)}")
    if args.report == "endings":
        print("\n".join(endings(args.paths, args.bot)))
        return
    shots = ranges(args.paths)
    for bot, weapon in sorted({(b, w) for b, w, _ in shots}):
        counts = "  ".join(f"r{r}:{shots[bot, weapon, r]} ({expected_damage(weapon, r):.2f})"
                           for r in sorted(r for b, w, r in shots if (b, w) == (bot, weapon)))
        print(f"{bot:18} {weapon:14} {counts}")


if __name__ == "__main__":
    main()
