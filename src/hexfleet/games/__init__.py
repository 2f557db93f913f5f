"""The registry of games: one line per game, its name → its package, imported lazily.

Every other layer finds a game's modules by the package name, by convention
(:mod:`hexfleet.plugins`): ``hexfleet.games.<package>`` (the ruleset, ``RULESET``),
``hexfleet.games.<package>.interchange`` (its position format), ``hexfleet.render.<package>``
(its presenter) and ``hexfleet.ai.<package>`` (its bots). Adding a game means adding those
modules and one line here; no shared file names a game.
"""

from __future__ import annotations

from collections.abc import Iterable
from importlib import import_module
from pathlib import Path
from typing import Any

from ..engine.errors import FormatError
from ..engine.record import ReplayReport, record_header, replay
from ..engine.ruleset import Ruleset

_PACKAGES: dict[str, str] = {
    "turn-or-burn": "turn_or_burn",
    "launch-fighters": "launch_fighters",
    "talon": "talon",
    "cold-infinity": "cold_infinity",
}
"""Game name (as records, the server and the command line spell it) → package name."""

DEFAULT_GAME = next(iter(_PACKAGES))
"""The game a command plays when none is named: the first line above."""


def game_names() -> list[str]:
    return sorted(_PACKAGES)


def package(name: str) -> str:
    """The package of game ``name`` (``hexfleet.games.<package>``), or a :class:`FormatError`
    listing the known games."""
    try:
        return _PACKAGES[name]
    except KeyError:
        raise FormatError("game", f"unknown game {name!r}; known games: {', '.join(game_names())}") from None


def get_ruleset(name: str) -> Ruleset[Any]:
    ruleset: Ruleset[Any] = import_module(f"{__name__}.{package(name)}").RULESET
    return ruleset


def replay_record(source: str | Path | Iterable[str], *, verify: bool = True,
                  seed: int | str | None = None) -> ReplayReport:
    """Replay a record under the ruleset its header names (:func:`hexfleet.engine.record.replay`).

    ``source`` is a path or the record's lines; an iterable is read once into memory, since the
    header is read before the replay starts.
    """
    lines = source if isinstance(source, (str, Path)) else list(source)
    return replay(get_ruleset(record_header(lines)["game"]), lines, verify=verify, seed=seed)
