"""The bot interface, and bots found by game and scenario.

A bot is asked for one order at a time: it gets the ruleset (rules knowledge, no state), its
seat, the seat's :meth:`~hexfleet.engine.ruleset.Ruleset.view` and the lazy set of its legal
orders (:meth:`~hexfleet.engine.ruleset.Ruleset.legal`: ``sample``, ``per_unit``, ``in``,
iteration), and returns one of them: an order object of the set or its JSON. It never
receives the state, so it cannot read hidden cards, plots or the seed (STYLE §4). Search bots
rebuild full states from the view by sampling what they cannot see (the game's
``determinize``, :class:`hexfleet.plugins.GameBots`).

Each game declares the bots that can sit at it and the scenarios each plays
(``hexfleet.ai.<package>.BOTS``); :func:`bot_names` and :func:`get_bot` read that declaration,
so a bot is offered, and made, only where it can play.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from importlib import import_module
from typing import Any, Generic, Protocol, TypeVar

from ..engine.errors import FormatError
from ..engine.legal import Choices, Legal
from ..engine.ruleset import Order, Ruleset, Seat
from ..plugins import BotOffer, game_bots

T = TypeVar("T")

LegalArg = Legal[Any] | Sequence[Order]
"""What ``choose`` accepts: the lazy set (``ruleset.legal(state, seat)``), or a list of orders
(older callers, a study's filtered list), which :func:`as_legal` wraps."""


class Bot(Protocol):
    name: str

    def choose(self, ruleset: Ruleset[Any], seat: Seat, view: dict[str, Any], legal: Legal[Any]) -> Order: ...


class LastRead(Generic[T]):
    """The value last built from a view's position, kept while search asks again with that same
    object: search draws a world from the same view every iteration, only its generator
    differs, and reading a position checks every field (a thousand times the cost of the
    world's copy). The position is compared by identity, the ``extra`` arguments (a seat, say)
    by value. One slot, read and replaced whole, so threads sharing it never see half of one.
    States are never changed (a world works on a copy), so the value may be shared."""

    def __init__(self, build: Callable[..., T]) -> None:
        self._build = build
        self._last: tuple[object, tuple[Any, ...], T] | None = None

    def __call__(self, position: object, *extra: Any) -> T:
        last = self._last
        if last is None or last[0] is not position or last[1] != extra:
            last = self._last = (position, extra, self._build(position, *extra))
        return last[2]


def as_legal(legal: LegalArg) -> Legal[Any]:
    """``legal`` as a lazy set: a list is wrapped in :class:`~hexfleet.engine.legal.Choices`."""
    return legal if isinstance(legal, Legal) else Choices(legal)


def order_as_json(ruleset: Ruleset[Any], view: dict[str, Any], order: Order) -> Order:
    """``order`` (an object of the legal set, or JSON) as JSON, without the state: the open
    decision's kind (the view's ``decision``) dumps it. What a bot that scores JSON reads."""
    kinds = getattr(ruleset, "kinds", None)
    kind = kinds.get((view.get("decision") or {}).get("kind")) if kinds else None
    if kind is not None and kind.order_type is not None and isinstance(order, kind.order_type):
        return kind.dump(order)
    return order


def best_order(orders: Sequence[Order], score: Callable[[Order], float], rng: random.Random) -> Order:
    """The order with the highest ``score``; ties broken by ``rng``, so a seeded bot replays."""
    scored = [(score(o), rng.random(), i) for i, o in enumerate(orders)]
    return orders[max(scored)[2]]


class RandomBot:
    """Picks uniformly among the legal orders (``legal.sample``: nothing enumerated), from its
    own seeded generator."""

    name = "random"

    def __init__(self, seed: int | str = 0):
        self._rng = random.Random(str(seed))

    def choose(self, ruleset: Ruleset[Any], seat: Seat, view: dict[str, Any], legal: LegalArg) -> Order:
        return as_legal(legal).sample(self._rng)


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
