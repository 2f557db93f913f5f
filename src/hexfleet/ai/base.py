"""The bot interface, and bots found by game and scenario.

A bot is asked for one order at a time: it gets the ruleset (rules knowledge, no state), its
seat, the seat's :meth:`~hexfleet.engine.ruleset.Ruleset.view` and the legal orders. It never
receives the state, so it cannot read hidden cards, plots or the seed (STYLE §4). Search bots
rebuild full states from the view by sampling what they cannot see (the game's
``determinize``, :class:`hexfleet.plugins.GameBots`).

Each game declares the bots that can sit at it and the scenarios each plays
(``hexfleet.ai.<package>.BOTS``); :func:`bot_names` and :func:`get_bot` read that declaration,
so a bot is offered, and made, only where it can play.
"""

from __future__ import annotations

import random
from importlib import import_module
from typing import Any, Protocol

from ..engine.errors import FormatError
from ..engine.ruleset import Order, Ruleset, Seat
from ..plugins import BotOffer, game_bots


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


RANDOM = BotOffer(f"{__name__}:RandomBot")
"""Plays any game, through the kernel alone."""
MCTS = BotOffer("hexfleet.ai.mcts:MctsBot")
"""Plays any game whose bots module can ``determinize`` (and plays it better with an
``evaluate`` and a ``prior``)."""


def bot_names(game: str, scenario: str | None = None) -> list[str]:
    """The bots that can play ``game`` (in ``scenario``, when given), by name."""
    return sorted(name for name, offer in game_bots(game).BOTS.items() if offer.plays(scenario))


def check_bot(game: str, name: str, scenario: str | None = None) -> BotOffer:
    """The offer of bot ``name`` at ``game`` (and ``scenario``), or a :class:`FormatError`
    naming the bots that can play there."""
    offer = game_bots(game).BOTS.get(name)
    where = game if scenario is None else f"{game}, scenario {scenario}"
    if offer is None or not offer.plays(scenario):
        known = ", ".join(bot_names(game, scenario))
        problem = f"unknown bot {name!r} for {game}" if offer is None else f"the {name!r} bot cannot play {where}"
        raise FormatError("bot", f"{problem}; bots that can play {where}: {known}")
    return offer


def get_bot(game: str, name: str, *, scenario: str | None = None, seed: int | str = 0, **kwargs: Any) -> Bot:
    """A new bot by name for ``game`` (``random``, …), seeded for reproducible play; refused
    (:func:`check_bot`) where it cannot play."""
    module, attr = check_bot(game, name, scenario).factory.split(":")
    bot: Bot = getattr(import_module(module), attr)(seed=seed, **kwargs)
    return bot
