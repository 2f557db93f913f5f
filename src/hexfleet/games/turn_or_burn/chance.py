"""Table randomisers of Turn or Burn other than card pulls: the die and the random direction.

Both draw from the state's one seeded generator (TOB-IMPL-27), so a replay repeats them. The
rules call them from Module 4 on (launch and steering order, concussion, force beams, locked
guns); they live here, beside the card tables, because they are components of the whole game
(TOB-COMP-08, TOB-GEO-15), not of one module.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from ...engine.rng import draw, roll
from .cards import MANEUVERS

T = TypeVar("T")

DIE_SIDES = 6
""""Roll a die" names no die; the digest reads a d6 (TOB-COMP-08 [PROPOSED])."""

TURN_CARDS: tuple[str, ...] = tuple(m.id for m in MANEUVERS.values() if m.turn is not None)
"""The six turn cards of a maneuver set, which the opponent fans out to pick a random
direction from (TOB-GEO-15): one per relative direction, so the pick is uniform."""


def roll_off(rng: int, contenders: Sequence[T]) -> tuple[list[T], int]:
    """Contenders ordered by a d6 each, highest first; a tie is settled by re-rolling among the
    tied only (TOB-COMP-08, TOB-AMB-33), so the order is a uniform random permutation."""
    rolls: dict[int, list[T]] = {}
    for c in contenders:
        value, rng = roll(rng, DIE_SIDES)
        rolls.setdefault(value, []).append(c)
    order: list[T] = []
    for value in sorted(rolls, reverse=True):
        tied = rolls[value]
        if len(tied) > 1:
            tied, rng = roll_off(rng, tied)
        order.extend(tied)
    return order, rng


def random_turn(rng: int) -> tuple[str, int]:
    """The turn card drawn from the opponent's six (TOB-GEO-15)."""
    i, rng = draw(rng, len(TURN_CARDS))
    return TURN_CARDS[i], rng


def random_direction(rng: int, base: int = 0) -> tuple[int, int]:
    """A random direction or facing (0-5): the drawn turn card applied to ``base`` as a relative
    turn (TNC 0, T60S +1, T120S +2, TR +3, T120P -2, T60P -1), uniform whatever ``base`` is."""
    card, rng = random_turn(rng)
    return (base + MANEUVERS[card].turn) % 6, rng  # type: ignore[operator]
