"""Per game, found by name: what each layer's module for a game provides, and where to find it.

A game is one line in the registry (:mod:`hexfleet.games`: name → package) plus a module per
layer, named after the package, as python-chess finds a variant and OpenSpiel a registered game:

=================================================  ==========================================
module                                             provides
=================================================  ==========================================
``hexfleet.games.<package>``                       ``RULESET`` (:func:`hexfleet.games.get_ruleset`)
``hexfleet.games.<package>.interchange``           :class:`PositionFormat`: read, write, resolve
``hexfleet.render.<package>``                      :class:`Presenter`: sentences, text, SVG, reports
``hexfleet.ai.<package>``                          :class:`GameBots`: bots by scenario, search hooks
``hexfleet.games.<package>.sheet``                 :class:`~hexfleet.engine.sheet.SheetReader`: order sheets
=================================================  ==========================================

The command line, the terminal, the server, the batch runner and the generic bots call the
lookups below and never name a game; a module a game lacks is reported as such. Modules are
imported on first use, so a command that plays one game loads no other.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

from .engine.errors import FormatError
from .engine.ruleset import Event, Order, Seat
from .engine.sheet import SheetReader
from .games import game_names, package

if TYPE_CHECKING:
    from rich.console import Console

T = TypeVar("T")


# --- the position format: hexfleet.games.<package>.interchange -------------------------------


class PositionFormat(Protocol):
    """A game's position files (``shared/formats/``, ``docs/<game>.md``): ``hexfleet resolve``,
    ``hexfleet legal`` and ``hexfleet render`` read them through this.

    Errors name the JSON field (:class:`~hexfleet.engine.errors.FormatError`) or the rule
    broken (:class:`~hexfleet.engine.errors.RuleError`), and nothing is half-applied.
    """

    FORMAT: str
    """The ``format`` field this module writes, ``<game>/<version>``."""

    def parse(self, data: Any, *, seed: int | str = 0) -> Any:
        """The state a position stands for, checked; its chance comes from ``seed``."""

    def dump(self, state: Any) -> dict[str, Any]:
        """The state as a position (the whole truth: secrets included)."""

    def resolve(self, position: Any, orders: Any, seed: int | str,
                dice: Sequence[int] = ()) -> tuple[dict[str, Any], list[Event]]:
        """Apply an orders file to a position with chance from ``seed``: the next position
        and the events. ``dice`` are die faces the table rolled, used before the seeded rolls
        (``--dice``; the kernel's ``force_dice``), faces left over reported in a
        ``dice_unused`` event. Errors here are the orders file's (the caller parses the
        position first, so a bad position is reported as such)."""


# --- the presenter: hexfleet.render.<package> ------------------------------------------------


class FormContext(Protocol):
    """What a terminal offers an order form (:attr:`Presenter.FORMS`): a console to show
    tables on, prompts with defaults, and the ruleset's check of a (partial) order."""

    console: Console

    def ask(self, prompt: str, default: str) -> str:
        """A person's answer; raises when input ends."""

    def ask_value(self, prompt: str, default: str, parse: Callable[[str], T]) -> T:
        """Ask until ``parse`` accepts the answer (it raises ``render.forms.InputError``)."""

    def check(self, seat: Seat, order: Order) -> bool:
        """Validate ``order`` for ``seat``, showing the rule broken; ``False`` to ask again."""


Form = Callable[[FormContext, Seat, Mapping[str, Any]], Order]
"""A guided entry for one decision kind: ``form(context, seat, view) -> order``."""


class Presenter(Protocol):
    """A game for people: every function reads views, positions and events (JSON), never a
    state, so whatever it shows a player has already passed through that player's view."""

    FORMS: Mapping[str, Form]
    """Decision kind → a guided terminal entry; other kinds list the legal orders by number."""

    def describe_event(self, event: Mapping[str, Any]) -> str:
        """One event as a sentence."""

    def describe_view(self, view: Mapping[str, Any]) -> str:
        """A view as text: the board, the units, the open decision."""

    def svg(self, data: Mapping[str, Any], *, previous: Mapping[str, Any] | None = None,
            events: Sequence[Event] | None = None) -> str:
        """A view or a position as an SVG map; ``previous`` (the position at the start of the
        turn) or ``events`` (the turn's) add where units came from."""

    def turn_report(self, view: Mapping[str, Any], events: Sequence[Event]) -> str:
        """One seat's turn report: ``events`` (as that seat may see them) in sentences, then
        ``view`` (the seat's, after them) as text."""

    def glossary(self) -> Mapping[str, Any]:
        """Every code the game shows (cards, guns, stats…) with its name and effect, for people:
        ``{"terms": {code: {"name", "kind", "effect"}}, ...}``, built from the game's own tables."""


# --- the bots: hexfleet.ai.<package> ---------------------------------------------------------


Evaluator = Callable[[Any], dict[Seat, float]]
"""``evaluate(state) -> {seat: value in [0, 1]}``: scores a search leaf."""
Prior = Callable[[Any, Seat, list[Order]], list[float]]
"""``prior(state, seat, orders) -> scores``: which orders search tries first (higher first)."""
Pruner = Callable[[Any, Seat, list[Order]], list[Order]]
"""``prune(state, seat, orders) -> orders``: the orders search considers, never empty (``orders``
itself when it keeps them all): a game drops orders that only lead back to states search reaches
anyway (a choice changed again before the decision ends), so no search walks in circles."""
LegalFilter = Callable[[Seat, dict[str, Any], list[Order]], list[Order]]
"""Narrows a seat's legal orders before its bot sees them (a study forcing a choice)."""


@dataclass(frozen=True, slots=True)
class BotOffer:
    """A bot a game offers: its class as ``module:attribute`` (imported when first made) and
    the scenarios it can play (``None``: every scenario)."""

    factory: str
    scenarios: frozenset[str] | None = None

    def plays(self, scenario: str | None) -> bool:
        return scenario is None or self.scenarios is None or scenario in self.scenarios


@dataclass(frozen=True, slots=True)
class Study:
    """A balance study a game declares (``hexfleet simulate NAME``): every pairing of
    ``choices`` between two seats, each seat's legal orders narrowed to its choice by the
    filter named ``filter.format(choice)`` (:attr:`GameBots.FILTERS`), the same bot on both
    sides, results as a matrix of the first seat's score."""

    title: str
    seats: tuple[Seat, Seat]
    choices: tuple[str, ...]
    tag: str
    """Names the choice in results: columns ``<seat>_<tag>`` (``red_gun``)."""
    filter: str
    bot: str
    """The bot that plays both sides unless the command names another."""
    out: str
    """The output path stem unless the command names another."""


class GameBots(Protocol):
    """A game's bots and what the generic search needs from it."""

    BOTS: Mapping[str, BotOffer]
    """Every bot that can sit at this game, with the scenarios it plays."""
    FILTERS: Mapping[str, LegalFilter]
    STUDIES: Mapping[str, Study]

    def determinize(self, view: Mapping[str, Any], seat: Seat, rng: int) -> Any:
        """A full state consistent with ``seat``'s ``view``, what it cannot see sampled from
        ``rng``: how search plans without ever holding the true state (STYLE §4)."""

    @property
    def evaluate(self) -> Evaluator | None: ...

    @property
    def prior(self) -> Prior | None: ...

    @property
    def prune(self) -> Pruner | None: ...

    CHECK_ROOT_ORDERS: bool
    """Optional (``False`` when absent): search lists the root's orders once, in the true state,
    and trusts them in every world it draws; ``True`` has each checked in its world first, for
    a game where the dice an order meets as it resolves can make it illegal there."""

    EVALUATE_OUTCOMES: bool
    """Optional (``False`` when absent): search scores a finished game by win 1, draw ½, loss 0;
    ``True`` asks ``evaluate`` instead, for a game whose evaluator values an end by how it came
    about (a draw no side fought for worth less than an even fight not yet joined)."""


# --- lookups ---------------------------------------------------------------------------------


def interchange(game: str) -> PositionFormat:
    return cast(PositionFormat, _find(game, "hexfleet.games.{}.interchange", "position format"))


def presenter(game: str) -> Presenter:
    return cast(Presenter, _find(game, "hexfleet.render.{}", "presenter"))


def game_bots(game: str) -> GameBots:
    return cast(GameBots, _find(game, "hexfleet.ai.{}", "bots"))


def sheet_reader(game: str) -> SheetReader:
    """The game's order sheet (play by mail, docs/pbm.md)."""
    return cast(SheetReader, _find(game, "hexfleet.games.{}.sheet", "order sheet"))


def game_of_format(data: Any, where: str = "format") -> str:
    """The game a position file belongs to, from its ``format`` field (``<game>/<version>``)."""
    fmt = data.get("format") if isinstance(data, dict) else None
    if not isinstance(fmt, str):
        raise FormatError(where, "missing: a position names its format, e.g. <game>/1 (or pass --game)")
    name = fmt.split("/", 1)[0]
    if name not in game_names():
        raise FormatError(where, f"unknown format {fmt!r}; games: {', '.join(game_names())}")
    return name


def _find(game: str, template: str, what: str) -> ModuleType:
    name = template.format(package(game))
    try:
        return import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        raise FormatError("game", f"{game} has no {what} yet (no module {name})") from None
