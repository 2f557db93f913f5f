"""``Ruleset.seats_out``: by default nobody drops out before the end; the contract check refuses
a game that asks a seat it says is out."""

from __future__ import annotations

import pytest

from hexfleet.testing import Contract, Played, _check_seats_out, play_random

from .toy_procedure import Toy


def test_nobody_is_out_by_default() -> None:
    toy = Toy()
    state = toy.new_game(next(iter(toy.scenarios())), seed=1)
    assert toy.seats_out(state) == ()


class AsksTheOut(Toy):
    """Says seat b is out from the second round on, but keeps asking it."""

    def seats_out(self, state):
        return ("b",) if state.round >= 2 and state.outcome is None else ()


class ComesBack(Toy):
    """Says seat b is out in round 2 only."""

    def seats_out(self, state):
        return ("b",) if state.round == 2 and state.phase == "bank" else ()


def _played(ruleset) -> Played:
    return play_random(ruleset, Contract("toy", lambda state, viewer: iter(())), "seed-1")


def test_the_contract_refuses_an_out_seat_that_is_asked() -> None:
    _check_seats_out(Toy(), _played(Toy()))  # nobody out: fine
    with pytest.raises(AssertionError, match="out but asked"):
        _check_seats_out(AsksTheOut(), _played(AsksTheOut()))


def test_the_contract_refuses_a_seat_that_comes_back() -> None:
    game = ComesBack()
    with pytest.raises(AssertionError, match="came back|out but asked"):
        _check_seats_out(game, _played(game))
