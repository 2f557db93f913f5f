"""The seeded generator every ruleset carries in its state.

The whole generator is one 64-bit int (splitmix64), so copying a state copies its randomness
for free; a search bot clones states by the tens of thousands (STYLE §3: ``random.Random`` would
cost ~50 µs a copy). Functions take the generator value and return ``(result, next_value)``.
Nothing here touches the global ``random`` module.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any, TypeVar

from .frozen import record

MASK64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15

T = TypeVar("T")


def seed_commitment(seed: int | str) -> str:
    """``sha256`` of the seed's decimal text: published at the start, checked when revealed."""
    return hashlib.sha256(str(seed).encode()).hexdigest()


def rng_from_seed(seed: int | str) -> int:
    """The generator's starting value: the first 8 bytes of ``sha256(seed)``.

    Hashing spreads small seeds (1, 2, 3, …) over the whole 64-bit space.
    """
    digest = hashlib.sha256(b"hexfleet-rng:" + str(seed).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def next_u64(rng: int) -> tuple[int, int]:
    """One splitmix64 step: a uniform 64-bit value and the next generator value."""
    rng = (rng + _GAMMA) & MASK64
    z = rng
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31), rng


def draw(rng: int, n: int) -> tuple[int, int]:
    """A uniform integer in ``0..n-1`` and the next generator value.

    Rejection sampling removes modulo bias exactly, so the draw is uniform on any machine.
    """
    if n <= 0:
        raise ValueError(f"cannot draw from an empty range (n={n})")
    limit = MASK64 + 1 - ((MASK64 + 1) % n)
    while True:
        value, rng = next_u64(rng)
        if value < limit:
            return value % n, rng


def roll(rng: int, sides: int = 6) -> tuple[int, int]:
    """A die roll ``1..sides``."""
    value, rng = draw(rng, sides)
    return value + 1, rng


def sample(rng: int, items: Sequence[T], k: int) -> tuple[list[T], int]:
    """``min(k, len(items))`` items drawn one at a time without replacement, in draw order.

    A partial Fisher–Yates shuffle: each pull is uniform over what is left in the hand
    (TOB-M1-PULL-01: cards pulled one at a time at random).
    """
    pool = list(items)
    out: list[T] = []
    for _ in range(min(k, len(pool))):
        i, rng = draw(rng, len(pool))
        pool[i], pool[-1] = pool[-1], pool[i]
        out.append(pool.pop())
    return out, rng


def shuffle(rng: int, items: Sequence[T]) -> tuple[list[T], int]:
    return sample(rng, items, len(items))


class DiceNeeded(Exception):
    """A die must be rolled at the table and nobody has entered its face yet (physical dice).

    Raised by :meth:`Rng.roll` inside an automatic step, which is pure, so nothing is lost: the
    procedure asks ``roller`` for the face and runs the step again (``engine/procedure.py``).
    """

    def __init__(self, sides: int, purpose: str, roller: str | None):
        super().__init__(f"a d{sides} for {purpose}")
        self.sides, self.purpose, self.roller = sides, purpose, roller


@record
class Rng:
    """The generator a state carries: a splitmix64 value and die faces forced on it.

    ``forced`` is the referee's queue (``hexfleet resolve --dice 4,2,6``; the server's
    physical-dice option): die rolls take those faces first, in order, before the seeded draws.
    Draws that are not dice (card pulls, shuffles) never take a forced face. With ``physical``
    a roll with no face queued raises :class:`DiceNeeded` instead of drawing, so the table's own
    dice decide every roll.
    """

    value: int
    forced: tuple[int, ...] = ()
    physical: bool = False

    @classmethod
    def from_seed(cls, seed: int | str, *, physical: bool = False) -> Rng:
        return cls(rng_from_seed(seed), (), physical)

    def draw(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``0..n-1`` that is not a die roll (never forced)."""
        value, nxt = draw(self.value, n)
        return value, Rng(nxt, self.forced, self.physical)

    def sample(self, items: Sequence[T], k: int) -> tuple[list[T], Rng]:
        out, nxt = sample(self.value, items, k)
        return out, Rng(nxt, self.forced, self.physical)

    def roll(self, sides: int = 6, *, purpose: str = "roll", roller: str | None = None) -> tuple[int, bool, Rng]:
        """A die roll: ``(face, forced, next generator)``.

        A forced face outside ``1..sides`` raises :class:`~hexfleet.engine.errors.RuleError`
        (``ENGINE-DICE``): the referee entered a face this die does not have.
        """
        if self.forced:
            face = self.forced[0]
            if not 1 <= face <= sides:
                from .errors import RuleError

                raise RuleError("ENGINE-DICE", f"forced face {face} does not fit the d{sides} rolled for {purpose}",
                                field="dice")
            return face, True, Rng(self.value, self.forced[1:], self.physical)
        if self.physical:
            raise DiceNeeded(sides, purpose, roller)
        face, nxt = roll(self.value, sides)
        return face, False, Rng(nxt, (), self.physical)

    def with_faces(self, faces: Sequence[int]) -> Rng:
        """This generator with ``faces`` queued after any already forced."""
        return Rng(self.value, self.forced + tuple(faces), self.physical)

    def without_faces(self) -> tuple[tuple[int, ...], Rng]:
        """The faces still queued, and the generator without them (``dice_unused``)."""
        return self.forced, Rng(self.value, (), self.physical)

    def to_json(self) -> Any:
        """The value as 16 hex digits; a generator with forced faces or physical dice as an object."""
        text = format(self.value, "016x")
        if not self.forced and not self.physical:
            return text
        return {"value": text, "forced": list(self.forced), "physical": self.physical}

    @classmethod
    def from_json(cls, data: Any) -> Rng:
        if isinstance(data, str):
            return cls(int(data, 16))
        return cls(int(data["value"], 16), tuple(data.get("forced", ())), bool(data.get("physical", False)))


def parse_dice(text: str) -> tuple[int, ...]:
    """``"4,2,6"`` → ``(4, 2, 6)``, the faces a referee enters (``--dice``)."""
    from .errors import FormatError

    faces = []
    for i, part in enumerate(p.strip() for p in text.split(",")):
        if not part:
            continue
        if not part.isdigit() or int(part) < 1:
            raise FormatError(f"dice[{i}]", f"a die face is a whole number from 1, got {part!r}")
        faces.append(int(part))
    return tuple(faces)


@record
class Roll:
    """One die rolled in a roll-off: who rolled, the face, and whether the referee forced it."""

    party: str
    face: int
    forced: bool


def roll_off(rng: Rng, parties: Sequence[str], purpose: str, sides: int = 6) -> tuple[list[str], list[Roll], Rng]:
    """Order ``parties`` by die roll, high roller first (a d6 unless ``sides``).

    Each party rolls once, in the order given; parties that tie are re-rolled among themselves
    only, in the same order, until they differ (the tie rule of many board games). Returns the
    order, every roll in the order rolled (for the record), and the generator after them.
    """
    rolls: list[Roll] = []

    def rank(group: list[str], rng: Rng) -> tuple[list[str], Rng]:
        faces: dict[str, int] = {}
        for party in group:
            face, forced, rng = rng.roll(sides, purpose=purpose, roller=party)
            rolls.append(Roll(party, face, forced))
            faces[party] = face
        out: list[str] = []
        for face in sorted(set(faces.values()), reverse=True):
            tied = [p for p in group if faces[p] == face]
            if len(tied) > 1:
                tied, rng = rank(tied, rng)
            out += tied
        return out, rng

    if len(parties) < 2:
        return list(parties), [], rng
    order, rng = rank(list(parties), rng)
    return order, rolls, rng
