"""The bot interface and registry.

A bot is asked for one order at a time: it gets the ruleset (rules knowledge, no state), its
seat, the seat's :meth:`~hexfleet.engine.ruleset.Ruleset.view` and the legal orders. It never
receives the state, so it cannot read hidden cards, plots or the seed (STYLE §4). Search bots
rebuild full states from the view by sampling what they cannot see
(``Ruleset.determinize``).
"""

from __future__ import annotations

import random
from importlib import import_module
from typing import Any, Protocol

from ..engine.errors import FormatError
from ..engine.ruleset import Order, Ruleset, Seat


class Bot(Protocol):
    name: str

    def choose(self, ruleset: Ruleset[Any], seat: Seat, view: dict[str, Any], legal: list[Order]) -> Order: ...


class RandomBot:
    """Picks uniformly among the legal orders, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | str = 0):
        self._rng = random.Random(str(seed))

    def choose(self, ruleset: Ruleset[Any], seat: Seat, view: dict[str, Any], legal: list[Order]) -> Order:
        return self._rng.choice(legal)


_BOTS: dict[str, tuple[str, tuple[str, ...] | None]] = {
    # name: (implementation, the games it plays; None = every game, through the kernel alone)
    "random": ("hexfleet.ai.base:RandomBot", None),
    "mcts": ("hexfleet.ai.mcts:MctsBot", None),
    "heuristic": ("hexfleet.ai.heuristic_tob:HeuristicBot", ("turn-or-burn",)),
    "lf-heuristic": ("hexfleet.ai.heuristic_lf:LaunchFightersHeuristicBot", ("launch-fighters",)),
}


def bot_names(game: str | None = None) -> list[str]:
    """Registered bots; with ``game``, only those that play it."""
    return sorted(name for name, (_, games) in _BOTS.items() if game is None or games is None or game in games)


def get_bot(name: str, *, seed: int | str = 0, **kwargs: Any) -> Bot:
    """A new bot by registry name (``random``, …), seeded for reproducible play."""
    try:
        module, attr = _BOTS[name][0].split(":")
    except KeyError:
        raise FormatError("bot", f"unknown bot {name!r}; known bots: {', '.join(bot_names())}") from None
    return getattr(import_module(module), attr)(seed=seed, **kwargs)
