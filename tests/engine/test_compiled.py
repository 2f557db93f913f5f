"""The compiled build (``make compiled``: mypyc extensions beside the sources) plays exactly
like the pure-Python one.

Each build runs in its own interpreter (``HEXFLEET_PURE=1`` makes one ignore the extensions)
and plays the same seeded random games of every registered game, from its default scenario:
every event and the state hash after every step are digested, and the digests must match.
Skipped, saying so, when no extension is built; a stale extension (older than its source)
fails, as it would run code that is no longer in the source.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import hexfleet
from hexfleet.games import game_names

PACKAGE = Path(hexfleet.__file__).resolve().parent
EXTENSIONS = sorted(p for p in PACKAGE.rglob("*.so") if not p.name.startswith("_native__mypyc"))

_PLAY = """
import hashlib, json, random, sys
from hexfleet.engine.canonical import canonical_json
from hexfleet.games import game_names, get_ruleset

out = {"modules": {}, "games": {}}
for name in game_names():
    ruleset = get_ruleset(name)
    for seed in range(SEEDS):
        rnd = random.Random(seed)
        state = ruleset.new_game(ruleset.scenario(), seed=seed)
        h = hashlib.sha256()
        for _ in range(STEPS):
            pending = ruleset.pending(state)
            if not pending:
                break
            state, events = ruleset.advance(state, {seat: ruleset.legal(state, seat).sample(rnd) for seat in pending})
            h.update(canonical_json(events).encode())
            h.update(ruleset.state_hash(state).encode())
        out["games"][f"{name} {seed}"] = h.hexdigest()
out["modules"] = {m.__name__: m.__file__ for m in list(sys.modules.values())
                  if m.__name__.startswith("hexfleet") and getattr(m, "__file__", None)}
print(json.dumps(out))
"""
SEEDS = 3
STEPS = 150


def _play(pure: bool) -> dict[str, dict[str, str]]:
    env = {**os.environ, "HEXFLEET_PURE": "1" if pure else "0"}
    code = _PLAY.replace("SEEDS", str(SEEDS)).replace("STEPS", str(STEPS))
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    result: dict[str, dict[str, str]] = json.loads(done.stdout)
    return result


@pytest.mark.skipif(not EXTENSIONS, reason="no compiled modules: build them with `make compiled` to compare the builds")
def test_compiled_and_pure_builds_play_the_same_games():
    stale = [str(so.relative_to(PACKAGE)) for so in EXTENSIONS
             if so.stat().st_mtime < (so.parent / (so.name.split(".")[0] + ".py")).stat().st_mtime]
    assert not stale, f"compiled modules older than their source (run `make compiled`): {stale}"
    pure, compiled = _play(pure=True), _play(pure=False)
    assert not [f for f in pure["modules"].values() if f.endswith(".so")], "HEXFLEET_PURE=1 still loaded an extension"
    assert [f for f in compiled["modules"].values() if f.endswith(".so")], "the compiled build loaded no extension"
    assert len(pure["games"]) == SEEDS * len(game_names())
    assert compiled["games"] == pure["games"]
