"""The adapters' core: any game's decisions as small fixed-size sub-actions (hexfleet.adapters.table)."""

from __future__ import annotations

import pickle
import random

import pytest

from hexfleet.adapters.table import Table, digits_needed
from hexfleet.games import get_ruleset

from .cases import CASES, IDS, walk


class Checked(Table):
    """A table that validates every order its sub-actions built before the kernel resolves it."""

    validated = 0

    def _resolve(self) -> None:
        for seat, cursor in self.cursors.items():
            self.ruleset.validate(self.state, seat, cursor.order)  # raises RuleError if not legal
            assert cursor.order in self.ruleset.legal(self.state, seat)
            Checked.validated += 1
        super()._resolve()


def test_digits_needed() -> None:
    assert [digits_needed(n, 4) for n in (1, 4, 5, 16, 17, 64, 65)] == [1, 1, 2, 2, 3, 3, 4]


@pytest.mark.parametrize(("game", "scenario"), CASES, ids=IDS)
def test_sub_actions_build_only_legal_orders(game: str, scenario: str) -> None:
    """Random sub-actions, with a narrow width so long lists take several digits: every order
    built validates, and the game plays to its end or the step limit."""
    Checked.validated = 0
    table = Checked(get_ruleset(game), scenario, width=7)
    table.start(seed=5)
    for _ in walk(table, random.Random(5), 400):
        pass
    assert Checked.validated > 0
    assert table.decisions > 0


def _reachable(table: Table, seat: str, d: int, prefix: list[int]) -> list[int]:
    """The candidate indices the legal digit sequences from here spell (digits only: nothing is picked)."""
    if len(prefix) == d:
        return [sum(a * table.width ** (d - 1 - i) for i, a in enumerate(prefix))]
    out = []
    for a in table.legal_actions(seat):
        deeper = table.clone()
        deeper.cursors[seat].digits.append(a)
        out += _reachable(deeper, seat, d, [*prefix, a])
    return out


def test_digits_reach_exactly_every_candidate() -> None:
    """With width 4, the digit sequences a seat may take are the candidate indices 0..n-1, each once."""
    table = Table(get_ruleset(*CASES[0][:1]), CASES[0][1], width=4)
    table.start(seed=1)
    rnd = random.Random(2)
    checked = 0
    for t in walk(table, rnd, 60):
        seat = t.deciding()[0]
        if t.cursors[seat].digits:
            continue  # midway through a pick: explored from its first digit
        n = len(t.cursors[seat].candidates())
        d = digits_needed(n, 4)
        assert sorted(_reachable(t.clone(), seat, d, [])) == list(range(n))
        checked += d > 1
    assert checked, "some list was long enough to need two digits"


def test_an_illegal_sub_action_is_refused_and_changes_nothing() -> None:
    game, scenario = CASES[0]
    table = Table(get_ruleset(game), scenario)
    table.start(seed=3)
    seat = table.deciding()[0]
    before = table.observation(seat)
    with pytest.raises(ValueError, match="not legal"):
        table.act(seat, table.width)
    absent = next(s for s in table.seats if s not in table.deciding()) if len(table.deciding()) < len(table.seats) else None
    if absent is not None:
        with pytest.raises(ValueError, match="no decision open"):
            table.act(absent, 0)
    assert table.observation(seat) == before


@pytest.mark.parametrize(("game", "scenario"), CASES[::3], ids=IDS[::3])
def test_clone_and_pickle_are_faithful(game: str, scenario: str) -> None:
    """A copy taken mid-decision (some sub-actions taken) plays on exactly like the original."""
    table = Table(get_ruleset(game), scenario, width=16)
    table.start(seed=9)
    rnd = random.Random(9)
    for _ in walk(table, rnd, 2):
        pass
    if not table.deciding():
        pytest.skip("the game ended within 2 rounds")
    copies = [table.clone(), pickle.loads(pickle.dumps(table))]
    for copy in copies:
        assert [copy.observation(s) for s in table.seats] == [table.observation(s) for s in table.seats]
        assert [copy.information_state(s) for s in table.seats] == [table.information_state(s) for s in table.seats]
    runs = []
    for t in [table, *copies]:
        for _ in walk(t, random.Random(1), 30):
            pass
        runs.append((t.ruleset.state_hash(t.state), t.decisions, [t.information_state(s) for s in t.seats]))
    assert runs[0] == runs[1] == runs[2]


@pytest.mark.parametrize(("game", "scenario"), CASES[::4], ids=IDS[::4])
def test_returns_are_zero_sum_and_follow_the_outcome(game: str, scenario: str) -> None:
    table = Table(get_ruleset(game), scenario)
    table.start(seed=4)
    for _ in walk(table, random.Random(4), 3000):
        pass
    returns = table.returns()
    assert abs(sum(returns)) < 1e-9
    outcome = table.ruleset.outcome(table.state)
    if outcome is None or set(outcome.winners) in (set(), set(table.seats)):
        assert returns == [0.0] * len(table.seats)
    else:
        assert all((r > 0) == (s in outcome.winners) for s, r in zip(table.seats, returns))
    table.cut = True
    assert table.returns() == [0.0] * len(table.seats) and table.deciding() == []


@pytest.mark.parametrize(("game", "scenario"), CASES, ids=IDS)
def test_actions_for_spells_a_whole_order_in_sub_actions(game: str, scenario: str) -> None:
    """A bot's whole order (drawn from the kernel's legal set) becomes sub-actions that build
    exactly that order, with a narrow width so some picks take several digits."""
    table = Table(get_ruleset(game), scenario, width=5)
    table.start(seed=12)
    rnd = random.Random(12)
    spelled = 0
    while table.deciding() and table.decisions < 25:
        ask_state = table.state
        wanted = {seat: table.ruleset.legal(ask_state, seat).sample(rnd) for seat in table.deciding()}
        plans = {seat: table.actions_for(seat, order) for seat, order in wanted.items()}
        built = {}
        for seat, plan in plans.items():
            for action in plan[:-1]:
                table.act(seat, action)
            built[seat] = table.cursors[seat]
        for seat, plan in plans.items():  # the last sub-action of the last seat resolves the decision
            table.act(seat, plan[-1])
            assert table.ruleset.order_json(ask_state, seat, built[seat].order) == \
                table.ruleset.order_json(ask_state, seat, wanted[seat])
            spelled += 1
    assert spelled > 0
    with pytest.raises(ValueError, match="fresh decision|no fresh"):
        table.actions_for("nobody", None)
