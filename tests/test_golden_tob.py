"""Golden playthroughs: seeded random Turn or Burn games replay exactly as recorded.

``tests/golden/tob_m1_random.jsonl`` is written by ``tools/make_golden.py`` (read its docstring
for what the games are). Orders, every event, each seat's view and the state hash after every
step must match, so any change in behaviour, including one made for speed, shows up as a diff.
When a rules change is meant to change play, regenerate the file and review the diff.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

_TOOL = Path(__file__).parent.parent / "tools" / "make_golden.py"
_spec = importlib.util.spec_from_file_location("make_golden", _TOOL)
make_golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_golden)


def _recorded() -> dict[tuple[str, int], list[str]]:
    games: dict[tuple[str, int], list[str]] = {}
    for line in make_golden.GOLDEN.read_text(encoding="utf-8").splitlines():
        data = json.loads(line)
        games.setdefault((data["game"], data["seed"]), []).append(line)
    return games


RECORDED = _recorded()


def test_golden_file_covers_every_game():
    assert sorted(RECORDED) == sorted((kind, seed) for kind, seeds in make_golden.GAMES.items() for seed in seeds)


@pytest.mark.parametrize("kind", sorted(make_golden.GAMES))
def test_games_replay_as_recorded(kind):
    for seed in make_golden.GAMES[kind]:
        played = [make_golden.canonical_json(line) for line in make_golden.playthrough(kind, seed)]
        recorded = RECORDED[(kind, seed)]
        for n, (got, want) in enumerate(zip(played, recorded), 1):
            assert got == want, f"{kind} seed {seed}, line {n} of the game differs"
        assert len(played) == len(recorded), f"{kind} seed {seed}: {len(played)} lines, golden has {len(recorded)}"
