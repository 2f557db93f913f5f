"""Fixtures for the Launch Fighters! rule tests. :func:`dice` replaces the generator with a
script, the injectable dice source LF-IMPL-04 asks for; positions are built with ``helpers``."""

from __future__ import annotations

import pytest

from hexfleet.games.launch_fighters.state import Work


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch):
    """``dice([4, 2, ...])`` makes the next d6 rolls come from the list, in order; once it is
    used up the state's own generator rolls again."""
    script: list[int] = []
    real = Work.dice

    def scripted(self: Work, n: int, *args, **kwargs) -> list[int]:
        out = script[:n]
        del script[:n]
        return out + real(self, n - len(out), *args, **kwargs)

    def load(values: list[int]) -> list[int]:
        script[:] = list(values)
        monkeypatch.setattr(Work, "dice", scripted)
        return script

    return load
