"""The turn's dice: every roll goes through :class:`Dice`, so each is an event with its purpose
(format: Dice) and forced faces (``--dice``) are used first, in order."""

from __future__ import annotations

from ...engine.rng import Rng
from ...engine.ruleset import Event


class Dice:
    """The turn's generator, rolled only here: each roll is an event with its purpose."""

    def __init__(self, rng: Rng, turn: int):
        self.rng, self.turn = rng, turn
        self.events: list[Event] = []

    def roll(self, n: int, sides: int, purpose: str, unit: str | None) -> tuple[int, list[int]]:
        faces, forced = [], False
        for _ in range(n):
            face, was_forced, self.rng = self.rng.roll(sides, purpose=purpose)
            faces.append(face)
            forced = forced or was_forced
        self.events.append({"type": "roll", "turn": self.turn, "purpose": purpose, "unit": unit,
                            "dice": f"{n}d{sides}", "faces": faces, "total": sum(faces), "forced": forced})
        return sum(faces), faces
