"""One bot game, start to finish: the unit of every batch run.

The runner holds the true state in a :class:`~hexfleet.engine.game.Game` and hands each bot
only its seat's view and the lazy set of its legal orders (STYLE §4). Observers watch with ``before(game)``,
``step(game, orders, events)`` and ``after(game)`` hooks (STYLE §8, Catanatron's
accumulators) to compute statistics without touching the engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from ..ai import get_bot
from ..ai.base import Bot
from ..engine.game import Game
from ..engine.legal import Choices, Legal
from ..engine.record import RecordWriter
from ..engine.ruleset import Event, Order, Ruleset, Seat
from ..games import get_ruleset
from ..plugins import game_bots


class Observer(Protocol):
    def before(self, game: Game) -> None: ...
    def step(self, game: Game, orders: Mapping[Seat, Order], events: list[Event]) -> None: ...
    def after(self, game: Game) -> None: ...


@dataclass(frozen=True, slots=True)
class MatchSpec:
    """Everything a worker needs to play one game, as plain picklable data (no states)."""

    game: str
    scenario: str
    bots: tuple[tuple[Seat, str], ...]
    """``(seat, bot name)`` pairs."""
    seed: int
    options: tuple[tuple[str, Any], ...] = ()
    bot_options: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()
    """``(bot name, ((option, value), ...))``: constructor options by bot (``think`` for mcts)."""
    tags: tuple[tuple[str, Any], ...] = ()
    """Free labels carried into the result (a pairing, a study's choices)."""
    forced: tuple[tuple[Seat, str], ...] = ()
    """``(seat, filter name)``: a legal-order filter the game declares, per seat (its bots
    module's ``FILTERS``: names travel to workers, functions do not pickle well)."""


@dataclass(slots=True)
class MatchResult:
    spec: MatchSpec
    outcome: str
    winners: tuple[Seat, ...]
    steps: int
    """Steps played: each resolved one decision of every seat then pending."""
    scores: tuple[tuple[Seat, float], ...] = ()
    """Each seat's final score as the game counts it (``Ruleset.scores``; none where it keeps none)."""

    def to_json(self) -> dict[str, Any]:
        return {"game": self.spec.game, "scenario": self.spec.scenario, "seed": self.spec.seed,
                "bots": dict(self.spec.bots), **dict(self.spec.tags), "outcome": self.outcome,
                "winners": list(self.winners), "steps": self.steps, **({"scores": dict(self.scores)} if self.scores else {})}


def seats_of(game: str, scenario: str, options: Mapping[str, Any] | None = None) -> tuple[Seat, ...]:
    """The seats a game of ``scenario`` with ``options`` has: a scenario may set them by an
    option (a Big Party's follow its ``players``), so the batch commands ask a new game."""
    ruleset = get_ruleset(game)
    return tuple(ruleset.seats(ruleset.new_game(scenario, seed=0, options=dict(options or {}))))


def play(spec: MatchSpec, observers: Sequence[Observer] = (), record: Path | None = None) -> MatchResult:
    """Play ``spec`` to the end; bots are seeded from the game seed and their seat. With
    ``record``, the game's record is written there as it goes (``hexfleet replay`` reads it)."""
    ruleset = get_ruleset(spec.game)
    writer = RecordWriter.open(record) if record is not None else None
    try:
        game = Game(ruleset, spec.scenario, seed=spec.seed, options=dict(spec.options), record=writer)
        return _play(ruleset, game, spec, observers)
    finally:
        if writer is not None:
            writer.close()  # the game's end closed it already, unless it failed part way


def _play(ruleset: Ruleset[Any], game: Game, spec: MatchSpec, observers: Sequence[Observer]) -> MatchResult:
    options = {name: dict(opts) for name, opts in spec.bot_options}
    bots: dict[Seat, Bot] = {seat: get_bot(spec.game, name, scenario=spec.scenario, seed=f"{spec.seed}:{seat}",
                                           **options.get(name, {}))
                             for seat, name in spec.bots}
    filters = game_bots(spec.game).FILTERS if spec.forced else {}
    forced = {seat: filters[name] for seat, name in spec.forced}
    for obs in observers:
        obs.before(game)
    while not game.over:
        chosen: dict[Seat, Order] = {}
        for seat in game.pending():
            view = game.view(seat)
            legal: Legal[Any] = ruleset.legal(game.state, seat)
            if seat in forced:  # a study's filter narrows the listed orders
                legal = Choices(forced[seat](seat, view, list(legal)))
            chosen[seat] = bots[seat].choose(ruleset, seat, view, legal)
        # observers read the orders as JSON, as records keep them (bots may return order objects)
        orders = {seat: ruleset.order_json(game.state, seat, o) for seat, o in chosen.items()} if observers else chosen
        events = game.submit(chosen)
        for obs in observers:
            obs.step(game, orders, events)
    for obs in observers:
        obs.after(game)
    outcome = ruleset.outcome(game.state)
    assert outcome is not None
    return MatchResult(spec, outcome.reason, outcome.winners, game.steps, tuple(ruleset.scores(game.state).items()))
