"""``Ruleset.seats_out``: by default nobody drops out before the end (a game says otherwise)."""

from __future__ import annotations

from .toy_procedure import Toy


def test_nobody_is_out_by_default() -> None:
    toy = Toy()
    state = toy.new_game(next(iter(toy.scenarios())), seed=1)
    assert toy.seats_out(state) == ()
