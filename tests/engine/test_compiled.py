"""The compiled build (``make compiled``: mypyc extensions beside the sources) plays exactly
like the pure-Python one.

Each build runs in its own interpreter (``HEXFLEET_PURE=1`` makes one ignore the extensions)
and plays the same seeded random games of every scenario of every registered game: every
event and the state hash after every step are digested, and the digests must match. Skipped,
saying so, when no extension is built (``.ci/run`` builds them); a source changed since the
build fails, as the compiled build would not be the code under test.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

import pytest

import hexfleet
from hexfleet.games import game_names, get_ruleset

PACKAGE = Path(hexfleet.__file__).resolve().parent
EXTENSIONS = sorted(PACKAGE.rglob("*.so"))

_PLAY = """
import hashlib, json, random
from hexfleet import compiled_modules
from hexfleet.engine.canonical import canonical_json
from hexfleet.games import game_names, get_ruleset

out = {"games": {}}
for name in game_names():
    ruleset = get_ruleset(name)
    for scenario in ruleset.scenarios():
        for seed in range(SEEDS):
            rnd = random.Random(seed)
            state = ruleset.new_game(scenario, seed=seed)
            h = hashlib.sha256()
            for _ in range(STEPS):
                pending = ruleset.pending(state)
                if not pending:
                    break
                state, events = ruleset.advance(state, {s: ruleset.legal(state, s).sample(rnd) for s in pending})
                h.update(canonical_json(events).encode())
                h.update(ruleset.state_hash(state).encode())
            out["games"][f"{name} {scenario} {seed}"] = h.hexdigest()
out["compiled"] = compiled_modules()
print(json.dumps(out))
"""
SEEDS = 3
STEPS = 120


def _play(pure: bool) -> dict[str, Any]:
    env = {**os.environ, "HEXFLEET_PURE": "1" if pure else "0", "HEXFLEET_FROZEN_CHECKS": "0"}
    code = _PLAY.replace("SEEDS", str(SEEDS)).replace("STEPS", str(STEPS))
    done = subprocess.run([sys.executable, "-W", "error", "-c", code], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


@pytest.mark.skipif(not EXTENSIONS, reason="no compiled modules: `make compiled` builds them to compare the builds")
def test_compiled_and_pure_builds_play_the_same_games():
    stale = hexfleet.stale_compiled_sources()
    assert not stale, f"sources changed since the build (run `make compiled`): {stale}"
    pure, compiled = _play(pure=True), _play(pure=False)
    assert not pure["compiled"], "HEXFLEET_PURE=1 still loaded an extension"
    assert compiled["compiled"], "the compiled build loaded no extension"
    assert len(pure["games"]) == SEEDS * sum(len(get_ruleset(n).scenarios()) for n in game_names())
    assert compiled["games"] == pure["games"]


def test_a_changed_source_turns_the_extensions_off(tmp_path: Path):
    """A source edited after ``make compiled`` must not run as its old extension: the package
    warns and imports every module from source (shown here on a copy of the package, with a
    manifest whose digest no longer matches, and an extension beside the source that is not one:
    importing it would fail)."""
    copy = tmp_path / "hexfleet"
    copy.mkdir()
    (copy / "__init__.py").write_text((PACKAGE / "__init__.py").read_text())
    (copy / "rules.py").write_text("WHERE = 'source'\n")
    (copy / f"rules{EXTENSION_SUFFIXES[0]}").write_bytes(b"not a shared object")
    (copy / "compiled.json").write_text(json.dumps({"rules.py": "0" * 64}))
    code = "import hexfleet.rules, sys; print(hexfleet.rules.WHERE, hexfleet.stale_compiled_sources())"
    env = {**os.environ, "HEXFLEET_PURE": "0", "PYTHONPATH": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["source", "['rules.py']"]
    assert "changed since `make compiled`" in done.stderr


def test_the_suite_runs_the_pure_build():
    """``tests/conftest.py`` sets ``HEXFLEET_PURE=1`` before anything imports hexfleet, so the
    rest of the suite tests the sources (and may patch their classes) whatever is built."""
    assert not hexfleet.compiled_modules()
