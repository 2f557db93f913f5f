"""The Module 6 ship sheet and its system hit cards (TOB-M6-SHEET-01/02, TOB-M6-HIT-01/02).

A ship's cards are written in order on its sheet; each slot is ``ok``, ``destroyed``,
``repaired`` (a destroyed card the robot restored: the cross circled) or ``disabled`` (a card
of a heavy gun another of whose cards was pulled). A hit is drawn from numbered hit cards
1..N, one per undestroyed slot, plus the miss cards: hit card *k* destroys the *k*-th
undestroyed slot counting front to rear, numbered before the shot (the Peter and Frank
example, TOB-EX-25). The dice alternative rolls the smallest die with at least N sides
(TOB-M6-HIT-02, read as TOB-AMB-43).

The rest of the engine keeps ``Fighter.destroyed`` as a multiset; :func:`marks_of` reconciles
the sheet with it (a loss recorded elsewhere, an explosion say, marks the last intact copy; a
repair circles the first cross), so the sheet is exact wherever a hit card chose the slot.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from ...engine.rng import Rng
from ...engine.ruleset import Event
from .build import heavy_disabled
from .state import Fighter

OK, DESTROYED, REPAIRED, DISABLED = "ok", "destroyed", "repaired", "disabled"
MARKS = (OK, DESTROYED, REPAIRED, DISABLED)
MISS = "MISS"
DICE = (4, 6, 8, 10, 12, 20)
"""The dice of the hit-dice alternative (TOB-M6-HIT-02)."""


def marks_of(f: Fighter) -> tuple[str, ...]:
    """The sheet of ``f``, agreeing with its ``destroyed`` multiset and its heavy guns."""
    marks = list(f.kit.marks) if len(f.kit.marks) == len(f.cards) else [OK] * len(f.cards)
    lost = Counter(f.destroyed)
    for card in set(f.cards):
        slots = [i for i, c in enumerate(f.cards) if c == card]
        crossed = [i for i in slots if marks[i] == DESTROYED]
        want = min(lost[card], len(slots))
        for i in crossed[:max(0, len(crossed) - want)]:  # repaired: the first crosses are circled
            marks[i] = REPAIRED
        intact = [i for i in slots if marks[i] != DESTROYED]
        for i in intact[len(intact) - max(0, want - len(crossed)):] if want > len(crossed) else ():
            marks[i] = DESTROYED  # lost elsewhere: the last intact copy, as ``Fighter.working`` takes it
    for i, card in enumerate(f.cards):
        if marks[i] in (OK, REPAIRED, DISABLED):
            group = next((g for g in f.kit.heavy_guns if g[0] == card), None)
            disabled = group is not None and heavy_disabled(f, card)
            marks[i] = DISABLED if disabled else (OK if marks[i] == DISABLED else marks[i])
    return tuple(marks)


def intact_slots(f: Fighter) -> list[int]:
    """0-based sheet positions not destroyed, front to rear: hit card k is the k-th of these."""
    return [i for i, m in enumerate(marks_of(f)) if m != DESTROYED]


def hit_die(n: int) -> int | None:
    """The smallest die with at least ``n`` sides, or ``None`` past a d20 (cards instead)."""
    return next((d for d in DICE if d >= n), None)


def draw_hits(f: Fighter, misses: int, damage: int, rng: Rng, method: str = "cards"
              ) -> tuple[Fighter, list[int | str], list[int], list[str], Rng, list[Event]]:
    """Resolve ``damage`` hit cards against ``f`` with ``misses`` miss cards: the fighter with
    the slots destroyed, the hit cards drawn (numbers and ``MISS``, in draw order), the 1-based
    slots destroyed, the cards pulled (card IDs and ``MISS``, in draw order), the generator and
    any die events."""
    slots = intact_slots(f)
    n = len(slots) + misses
    drawn: list[int | str] = []
    events: list[Event] = []
    die = hit_die(n) if method == "dice" else None
    if die is None:
        picks, rng = rng.sample(list(range(1, n + 1)), min(damage, n))
        drawn = [k if k <= len(slots) else MISS for k in picks]
    else:
        seen: set[int] = set()
        while len(seen) < min(damage, n):
            face, forced, rng = rng.roll(die, purpose="hit", roller=f.id)
            events.append({"type": "die", "purpose": "hit", "for": f.id, "sides": die, "face": face, "forced": forced})
            if face > n or face in seen:
                continue  # re-rolled, not counted (TOB-AMB-43)
            seen.add(face)
            drawn.append(face if face <= len(slots) else MISS)
    hit = [slots[k - 1] for k in drawn if isinstance(k, int)]
    marks = list(marks_of(f))
    for i in hit:
        marks[i] = DESTROYED
    pulled = [f.cards[slots[k - 1]] if isinstance(k, int) else MISS for k in drawn]
    lost = tuple(f.cards[i] for i in hit)
    after = replace(f, destroyed=f.destroyed + lost, kit=replace(f.kit, marks=tuple(marks)))
    return after, drawn, [i + 1 for i in hit], pulled, rng, events
