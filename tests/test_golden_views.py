"""Golden playthroughs as text: every registered game's seeded random games, every seat's view
and turn report, must read exactly as ``tests/golden/<game>.txt`` (``tools/golden_views.py``).

A hidden card that leaks into another seat's view, or any change in play, shows as a readable
diff. When a change is meant to alter play or its presentation, regenerate and review the diff.
"""

from __future__ import annotations

import difflib
import importlib.util
from pathlib import Path

import pytest

from hexfleet.games import game_names

_TOOL = Path(__file__).parent.parent / "tools" / "golden_views.py"
_spec = importlib.util.spec_from_file_location("golden_views", _TOOL)
assert _spec is not None and _spec.loader is not None
golden_views = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(golden_views)


@pytest.mark.parametrize("game", game_names())
def test_playthrough_reads_as_recorded(game: str) -> None:
    path = golden_views.golden_path(game)
    assert path.exists(), f"no golden playthrough for {game}: run tools/golden_views.py {game}"
    want = path.read_text(encoding="utf-8")
    got = golden_views.golden_text(game)
    if got != want:
        diff = difflib.unified_diff(want.splitlines(), got.splitlines(), str(path), "now", lineterm="", n=2)
        pytest.fail("\n".join(list(diff)[:60]))
