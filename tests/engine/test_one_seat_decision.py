"""``decision``, ``deciding`` and ``decision_kinds``: one seat's open decision, the seats deciding
and the kinds of their decisions, as ``pending`` gives them, without building every seat's
options (a view of an 8-player Big Party needs one; search needs only the kinds)."""

from __future__ import annotations

import random

import pytest

from hexfleet.games import game_names, get_ruleset


@pytest.mark.parametrize("game", game_names())
def test_one_seats_decision_is_pendings(game: str) -> None:
    ruleset = get_ruleset(game)
    state = ruleset.new_game(next(iter(ruleset.scenarios())), seed=2)
    rnd = random.Random(2)
    for _ in range(6):
        pending = ruleset.pending(state)
        assert ruleset.deciding(state) == tuple(pending)
        assert ruleset.decision_kinds(state) == {seat: d.kind for seat, d in pending.items()}
        for seat in (*ruleset.seats(state), None):
            got = ruleset.decision(state, seat)
            want = pending.get(seat) if seat is not None else None
            assert (got.to_json() if got else None) == (want.to_json() if want else None)
        if not pending:
            break
        state, _ = ruleset.advance(state, {s: ruleset.legal(state, s).sample(rnd) for s in pending})


def test_a_big_party_view_builds_only_its_seats_options(monkeypatch: pytest.MonkeyPatch) -> None:
    tob = get_ruleset("turn-or-burn")
    state = tob.new_game("big-party", seed=1, options={"players": 8, "ships": 2})
    want = tob.pending(state)["P1"].to_json()
    monkeypatch.setattr(type(tob), "pending", lambda self, state: pytest.fail("every seat's options were built"))
    view = tob.view(state, "P1")
    assert view["decision"] == want
    assert view["waiting_for"] == [f"P{k}" for k in range(1, 9)]
    assert tob.decision_kinds(state) == dict.fromkeys(view["waiting_for"], want["kind"])
