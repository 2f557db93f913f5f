"""At which ranges each bot fires each Talon weapon, from arena records (``--records DIR``).

A search bot that fires at a weapon's worst range wastes its charge (TAL-6.1: a bar charges
slowly); this counts the ``fired`` events of every record by the bot that played the firing
ship's side (read from the record's file name, ``...-terran=mcts-talon=random-...``), weapon and
range, with the mean damage the table gives at each range:

    PYTHONPATH=src .venv/bin/python tools/talon_fire_ranges.py DIR [DIR ...]
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from pathlib import Path

from hexfleet.ai.talon import expected_damage
from hexfleet.games import get_ruleset

RULESET = get_ruleset("talon")


def sides_of_ships(scenario: str) -> dict[str, str]:
    """Each unit's side in a scenario (as set up: the seed does not move units between sides)."""
    pos = RULESET.new_game(scenario, seed=0).pos
    return {u["id"]: u["side"] for u in pos["ships"] + pos["squadrons"]}


def bots_of(stem: str, seats: list[str]) -> dict[str, str]:
    """Each seat's bot, from a record's name (``SCENARIO-seedN-SEAT=BOT-...-SEAT=BOT-HASH``, as
    ``hexfleet arena --records`` names it; a bot's name may hold hyphens)."""
    body = stem.rsplit("-", 1)[0]  # the spec's hash off
    parts = re.split("-(" + "|".join(map(re.escape, seats)) + ")=", body)[1:]
    return dict(zip(parts[::2], parts[1::2], strict=True))


def tally(paths: list[Path]) -> Counter[tuple[str, str, int]]:
    """(bot, weapon, range) → shots fired, over every ``*.jsonl`` record under ``paths``."""
    shots: Counter[tuple[str, str, int]] = Counter()
    for path in (p for d in paths for p in (sorted(d.glob("*.jsonl")) if d.is_dir() else [d])):
        with path.open() as lines:
            header = json.loads(next(lines))
            bots = bots_of(path.stem, header["seats"])
            side = sides_of_ships(header["scenario"])
            for line in lines:
                for e in json.loads(line).get("events", []):
                    if e["type"] == "fired" and e["ship"] in side:
                        shots[bots.get(side[e["ship"]], "?"), e["weapon"], e["range"]] += 1
    return shots


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", type=Path, help="record files, or directories of them")
    shots = tally(parser.parse_args().paths)
    for bot, weapon in sorted({(b, w) for b, w, _ in shots}):
        ranges = sorted(r for b, w, r in shots if (b, w) == (bot, weapon))
        counts = "  ".join(f"r{r}:{shots[bot, weapon, r]} ({expected_damage(weapon, r):.2f})" for r in ranges)
        print(f"{bot:18} {weapon:14} {counts}")


if __name__ == "__main__":
    main()
