"""The registry of rulesets: one name → one ruleset object, imported lazily.

The CLI, the server, the batch runner and the adapters all find games here.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from ..engine.errors import FormatError
from ..engine.ruleset import Ruleset

_REGISTRY: dict[str, str] = {
    "launch-fighters": "hexfleet.games.launch_fighters:RULESET",
    "turn-or-burn": "hexfleet.games.turn_or_burn:RULESET",
}


def game_names() -> list[str]:
    return sorted(_REGISTRY)


def get_ruleset(name: str) -> Ruleset[Any]:
    try:
        target = _REGISTRY[name]
    except KeyError:
        raise FormatError("game", f"unknown game {name!r}; known games: {', '.join(game_names())}") from None
    module, attr = target.split(":")
    return getattr(import_module(module), attr)
