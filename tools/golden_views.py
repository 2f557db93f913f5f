"""Golden playthroughs as text: every seat's view, step by step, as a person would read it.

For each registered game, seeded random games of its default scenario, and a short stretch of
every other scenario, are played through :class:`hexfleet.engine.game.Game`. Before
every step the file shows what each seat and a spectator see (the presenter's ``describe_view``),
then the orders as recorded and each seat's turn report (the events that seat may see, in
sentences). A leak of hidden information, or any change in play, shows as a readable diff of
``tests/golden/<game>.txt``. Regenerate deliberately and review the diff:

    .venv/bin/python tools/golden_views.py          # rewrite every game's file
    .venv/bin/python tools/golden_views.py --check  # exit 1 if any game no longer matches
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from pathlib import Path

from hexfleet.engine.canonical import canonical_json
from hexfleet.engine.game import Game
from hexfleet.games import game_names, get_ruleset
from hexfleet.plugins import presenter

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "tests" / "golden"
SEEDS = range(3)
MAX_STEPS = 40
"""Steps shown per game of the default scenario: past setup, movement and fire in every game."""
OTHER_STEPS = 6
"""Steps shown of one game of each other scenario: its setup and first decisions."""


def golden_path(game: str) -> Path:
    return FOLDER / f"{game}.txt"


def playthrough(game: str, scenario: str, seed: int, steps: int = MAX_STEPS) -> Iterator[str]:
    """The text of one seeded random game, line by line."""
    ruleset = get_ruleset(game)
    shown = presenter(game)
    played = Game(ruleset, scenario, seed=seed)
    rnd = random.Random(f"golden/{game}/{scenario}/{seed}")
    seats = ruleset.seats(played.state)
    yield f"=== {game} {scenario} seed {seed}"
    while not played.over and played.steps < steps:
        yield f"--- step {played.steps + 1}: {', '.join(sorted(played.pending()))} to decide"
        for viewer in (*seats, None):
            yield f"[{viewer or 'spectator'} sees]"
            yield from shown.describe_view(played.view(viewer)).splitlines()
        orders = {seat: ruleset.legal(played.state, seat).sample(rnd) for seat in played.pending()}
        played.submit(orders)
        _, written, events = played.history[-1]
        yield f"orders: {canonical_json(written)}"
        for viewer in (*seats, None):
            visible = played.visible_events(events, viewer)
            yield f"[{viewer or 'spectator'} is told]"
            yield from (shown.describe_event(e) for e in visible)
    outcome = ruleset.outcome(played.state)
    yield f"=== end after {played.steps} steps: {outcome.to_json() if outcome else 'stopped'}"
    yield f"hash {ruleset.state_hash(played.state)}"


def golden_text(game: str) -> str:
    ruleset = get_ruleset(game)
    default = ruleset.scenario()
    lines = [line for seed in SEEDS for line in playthrough(game, default, seed)]
    for other in sorted(set(ruleset.scenarios()) - {default}):
        lines += playthrough(game, other, 0, OTHER_STEPS)
    return "".join(line.rstrip() + "\n" for line in lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare with the golden files instead of writing")
    parser.add_argument("games", nargs="*", help="games to write or check (default: every registered game)")
    args = parser.parse_args()
    status = 0
    for game in args.games or game_names():
        text, path = golden_text(game), golden_path(game)
        if args.check:
            same = path.exists() and path.read_text(encoding="utf-8") == text
            print(f"{path.relative_to(ROOT)}: {'unchanged' if same else 'DIFFERS'}")
            status |= 0 if same else 1
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}: {text.count(chr(10))} lines")
    return status


if __name__ == "__main__":
    sys.exit(main())
