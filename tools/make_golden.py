"""Write the golden playthroughs the engine must keep reproducing (tests/test_golden_tob.py).

Turn or Burn Module 1 games played by seeded random bots through
:class:`hexfleet.engine.game.Game` (validated steps, views, legal orders), two kinds:

* ``duel``: Quick Shot as the benchmark plays it, each seat choosing uniformly among
  ``legal_orders``. Most duels end within a few turns with a fighter off the map.
* ``standoff``: both fighters placed still near the centre line (random gun, hex and facing),
  then random plots without burns, the gun sometimes aimed at a named target, up to a turn
  limit. These reach Fire Guns often: shots, pulls, void shots, eliminations by damage.

Every third game of each kind uses the non-default options (wide slips, exclusive arcs). One
JSON line per step holds the orders, the full event list, the state hash after the step and a
digest of each seat's view before it; a last line per game holds the outcome and final hash.
Regenerate deliberately, when a rules change is meant to change play, and review the diff:

    .venv/bin/python tools/make_golden.py          # rewrite tests/golden/tob_m1_random.jsonl
    .venv/bin/python tools/make_golden.py --check  # exit 1 if the engine no longer matches
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hexfleet.ai.base import RandomBot
from hexfleet.engine.canonical import canonical_json, digest
from hexfleet.engine.game import Game
from hexfleet.engine.ruleset import Order
from hexfleet.games import get_ruleset
from hexfleet.games.turn_or_burn.cards import GUNS, M1_GUNS, MANEUVERS
from hexfleet.games.turn_or_burn.notation import LETTERS

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "tob_m1_random.jsonl"
SCENARIO = "quick-shot"
GAMES = {"duel": range(60), "standoff": range(30)}
OTHER_OPTIONS = {"slip_model": "wide", "arc_boundary": "exclusive"}
STANDOFF_TURNS = 20
STANDOFF_COLUMNS = {"west": range(10, 15), "east": range(15, 20)}
STANDOFF_ROWS = range(8, 13)

RULESET = get_ruleset("turn-or-burn")


def _standoff_choices(game: Game, seat: str, legal: list[Order]) -> list[Order]:
    """What a standoff bot chooses from: still placements near the centre; plots without burns,
    each gun plot also with the enemy named as target."""
    state = game.state
    own = [f for f in state.fighters if f.side == seat]
    assert len(own) == 1, "Quick Shot is one fighter a side"
    f = own[0]
    if state.phase == "setup":
        zone = dict(state.config.zones)[f.id]
        board = state.config.map
        return [{f.id: {"gun": gun, "hex": list(h), "facing": letter, "momentum": list(h)}}
                for gun in M1_GUNS for col in STANDOFF_COLUMNS[zone] for row in STANDOFF_ROWS
                for h in [board.from_offset(col, row)] for letter in LETTERS]
    enemies = [e.id for e in state.fighters if e.side != seat]
    out: list[Order] = []
    for order in legal:
        actions = order[f.id]
        card = actions[0]["card"] if actions else None
        if card in MANEUVERS and MANEUVERS[card].is_burn:
            continue
        out.append(order)
        if card in GUNS:
            out += [{f.id: [{"card": card, "target": e}]} for e in enemies]
    return out


def playthrough(kind: str, seed: int) -> Iterator[dict[str, Any]]:
    """The golden lines of one seeded game, step by step, then its end."""
    options: dict[str, Any] = dict(OTHER_OPTIONS) if seed % 3 == 2 else {}
    if kind == "standoff":
        options["turn_limit"] = STANDOFF_TURNS
    game = Game(RULESET, SCENARIO, seed=seed, options=options)
    bots = {seat: RandomBot(seed=f"{kind}-{seed}-{seat}") for seat in RULESET.seats(game.state)}
    while not game.over:
        views = {seat: game.view(seat) for seat in game.pending()}
        orders = {}
        for seat, view in views.items():
            legal = RULESET.legal_orders(game.state, seat)
            if kind == "standoff":
                legal = _standoff_choices(game, seat, legal)
            orders[seat] = bots[seat].choose(RULESET, seat, view, legal)
        events = game.submit(orders)
        yield {"game": kind, "seed": seed, "step": game.steps, "views": {s: digest(v) for s, v in views.items()},
               "orders": orders, "events": events, "hash": RULESET.state_hash(game.state)}
    outcome = RULESET.outcome(game.state)
    yield {"game": kind, "seed": seed, "end": outcome.to_json() if outcome else None, "steps": game.steps,
           "hash": RULESET.state_hash(game.state)}


def golden_lines() -> Iterator[str]:
    for kind, seeds in GAMES.items():
        for seed in seeds:
            for line in playthrough(kind, seed):
                yield canonical_json(line)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare with the golden file instead of writing it")
    args = parser.parse_args()
    text = "".join(line + "\n" for line in golden_lines())
    if args.check:
        same = GOLDEN.exists() and GOLDEN.read_text(encoding="utf-8") == text
        print(f"{GOLDEN.relative_to(ROOT)}: {'unchanged' if same else 'DIFFERS'}")
        return 0 if same else 1
    GOLDEN.write_text(text, encoding="utf-8")
    print(f"wrote {GOLDEN.relative_to(ROOT)}: {text.count(chr(10))} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
