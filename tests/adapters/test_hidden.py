"""Hidden information through the adapters: no observation, information state or info dict of
a seat holds what that seat's kernel view does not (DESIGN.md, "Hidden information")."""

from __future__ import annotations

import random

import pytest

from hexfleet.adapters.table import Table
from hexfleet.engine.canonical import canonical_json
from hexfleet.games import get_ruleset

from .cases import CASES, IDS, hidden_variants, walk


def _with_state(table: Table, state) -> Table:
    """``table`` with the kernel state replaced (the same seats' sub-actions so far)."""
    other = table.clone()
    other.state = state
    other._views = {}
    return other


@pytest.mark.parametrize(("game", "scenario"), CASES, ids=IDS)
def test_strings_change_only_with_what_the_seat_may_know(game: str, scenario: str) -> None:
    """For every state of a random game and every seat, the game's own hidden variants (other
    seats' secrets, the generator) leave that seat's strings unchanged, and a secret named by a
    variant shows in them only where the kernel's view of that seat shows the same text (a
    seat's own card may share a name with another's secret one)."""
    table = Table(get_ruleset(game), scenario)
    table.start(seed=11)
    variants = hidden_variants(game)
    compared = 0
    for t in walk(table, random.Random(11), 40):
        for seat in t.seats:
            mine = (t.observation(seat), t.information_state(seat))
            for state, secrets in variants(t.state, seat):
                theirs = _with_state(t, state)
                assert (theirs.observation(seat), theirs.information_state(seat)) == mine
                shown = canonical_json(t.ruleset.view(state, seat)) + "".join(t.logs[seat])
                for secret in secrets:
                    quoted = f'"{secret}"'
                    assert quoted not in theirs.information_state(seat) or quoted in shown
                compared += 1
    assert compared > 0


@pytest.mark.parametrize(("game", "scenario"), CASES, ids=IDS)
def test_other_seats_sub_actions_are_invisible(game: str, scenario: str) -> None:
    """While several seats decide in secret, what one seat picks changes nothing another sees,
    until the kernel resolves the decision (then the kernel's own log says what is revealed)."""
    table = Table(get_ruleset(game), scenario)
    table.start(seed=21)
    rnd = random.Random(21)
    checked = 0
    for t in walk(table, rnd, 60):
        deciding = t.deciding()
        for seat in deciding:
            others = [s for s in deciding if s != seat]
            if not others:
                continue
            before = (t.observation(seat), t.information_state(seat))
            for other in others:
                for action in t.legal_actions(other)[:3]:
                    copy = t.clone()
                    copy.act(other, action)
                    if copy.decisions != t.decisions:
                        continue  # the other seat's pick resolved the decision: the kernel reveals
                    assert (copy.observation(seat), copy.information_state(seat)) == before
                    checked += 1
    if get_ruleset(game).dynamics != "sequential":
        assert checked > 0, "a game with secret simultaneous decisions had some while playing"
