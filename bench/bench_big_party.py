"""Turn or Burn Module 6 (Big Party) at its full size: 8 players × 15 ships (issue 13's scale).

The targets are the play-by-mail game's: checking one player's order sheet under 20 ms,
resolving a whole turn under 1 s on one core, and the server's state page and turn report for
one player under 100 ms. Every figure prints its time per operation beside its target.

* ``sheet check``: player P1's sheet for turn 1's plot (the heuristic bot's plot for its 15
  ships, written as sheet lines) read and checked against every rule (``check_sheet``);
* ``turn``: every decision of turn 1 after the plot (plot, fire, end of turn) resolved from
  orders chosen once beforehand by the heuristic bot: the rules' work alone;
* ``state page`` / ``report``: ``GET /api/games/{id}/state`` and ``/report`` for P1 through
  the FastAPI ``TestClient`` on a fresh SQLite file, after one whole turn played through the
  server (random legal orders, so ships move and shoot). The server keeps a report once built
  (it changes only when a step resolves): ``report`` is a request after the first, ``report,
  built`` the first.

The game is preset ``big-party`` with ``players 8``, ``ships 15``, ``mode combination``, seed 1.
"""

from __future__ import annotations

import random
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

with warnings.catch_warnings():  # Starlette asks for the httpx2 fork; plain httpx works (as in pyproject's pytest filter)
    warnings.filterwarnings("ignore", "Using `httpx` with `starlette.testclient` is deprecated")
    from fastapi.testclient import TestClient
from harness import Figure, Rate, bench, rate

from hexfleet.ai.base import get_bot, order_as_json
from hexfleet.ai.turn_or_burn import determinize
from hexfleet.engine.sheet import check_sheet
from hexfleet.games import get_ruleset
from hexfleet.plugins import sheet_reader
from hexfleet.server import Settings, create_app

RULESET = get_ruleset("turn-or-burn")
OPTIONS = {"players": 8, "ships": 15, "mode": "combination"}
SEED = 1


def sheet_text(order: dict[str, list[dict[str, Any]]]) -> str:
    """A plot as a player writes it: one line per ship, ``P1-3: B3A, LT > P2-4`` (docs/pbm.md)."""
    def action(a: dict[str, Any]) -> str:
        extra = set(a) - {"card", "target"}
        if extra:
            raise ValueError(f"the bench writes cards and targets only, not {sorted(extra)}")
        return a["card"] + (f" > {a['target']}" if "target" in a else "")
    return "".join(f"{unit}: {', '.join(map(action, actions)) or '-'}\n" for unit, actions in order.items())


def heuristic_turn() -> tuple[Any, list[tuple[Any, dict[str, Any]]]]:
    """The state at turn 1's plot and every decision of that turn with the heuristic's orders."""
    state = RULESET.new_game("big-party", seed=SEED, options=OPTIONS)
    bots = {seat: get_bot("turn-or-burn", "heuristic", seed=seat) for seat in RULESET.seats(state)}
    ask = RULESET.asked(state)
    while ask is not None and ask.kind != "plot":  # anything before the first plot
        state, _ = RULESET.advance(state, _choose(bots, state, ask.seats))
        ask = RULESET.asked(state)
    plot_state, turn, steps = state, state.turn, []
    while state.turn == turn and state.outcome is None:
        ask = RULESET.asked(state)
        assert ask is not None
        orders = _choose(bots, state, ask.seats)
        steps.append((state, orders))
        state, _ = RULESET.advance(state, orders)
    return plot_state, steps


def _choose(bots: dict[str, Any], state: Any, seats: tuple[str, ...]) -> dict[str, Any]:
    return {seat: bots[seat].choose(RULESET, seat, RULESET.view(state, seat), RULESET.legal(state, seat))
            for seat in seats}


def per_op(name: str, per_second: Rate, unit: str, target_ms: float, note: str) -> Figure:
    ms = 1000 / per_second.mean
    verdict = "meets" if ms < target_ms else "MISSES"
    return Figure(name, per_second, unit, f"{ms:.1f} ms each (best {1000 / per_second.best:.1f}); target < "
                  f"{target_ms:g} ms: {verdict}; {note}")


def repeat(fn: Callable[[], object]) -> Callable[[int], None]:
    def run(n: int) -> None:
        for _ in range(n):
            fn()
    return run


@bench("big-party")
def bench_big_party(seconds: float) -> list[Figure]:
    plot_state, steps = heuristic_turn()
    seat = "P1"
    view = RULESET.view(plot_state, seat)
    plot = order_as_json(RULESET, view, steps[0][1][seat])
    text = sheet_text(plot)
    reader = sheet_reader("turn-or-burn")
    accepted = check_sheet(RULESET, reader, plot_state, seat, text)
    assert accepted.order == plot, (accepted.order, plot)
    sheet = rate(repeat(lambda: check_sheet(RULESET, reader, plot_state, seat, text)), seconds / 4)

    def resolve_turn() -> None:
        for state, orders in steps:
            RULESET.advance(state, orders)
    kinds = "+".join(RULESET.asked(s).kind for s, _ in steps)  # type: ignore[union-attr]
    turn = rate(repeat(resolve_turn), seconds / 4)
    figures = [
        per_op("sheet check (P1, 15 ships)", sheet, "sheets/s", 20, f"{len(plot)} lines"),
        per_op("resolve a whole turn", turn, "turns/s", 1000, f"decisions {kinds}, 8 × 15 ships"),
    ]
    with served_game() as (client, game_id, token):
        headers = {"Authorization": f"Bearer {token}"}

        def get(path: str) -> Callable[[], object]:
            def fetch() -> object:
                r = client.get(f"/api/games/{game_id}/{path}", headers=headers)
                assert r.status_code == 200, r.text
                return r
            return fetch
        size = {path: len(get(path)().content) for path in ("state", "report")}  # type: ignore[attr-defined]
        for path in ("state", "report"):
            figures.append(per_op(f"GET {path} (P1)", rate(repeat(get(path)), seconds / 4), "requests/s", 100,
                                  f"{size[path] // 1024} KiB, TestClient, SQLite"
                                  + ("; the report kept since its step resolved" if path == "report" else "")))
        fetch = get("report")

        def built() -> object:
            client.app.state.master._reports.clear()  # as the first request after a resolution
            return fetch()
        figures.append(per_op("GET report (P1), built", rate(repeat(built), seconds / 4), "requests/s", 100,
                              "the first request after its step resolved"))
    return figures


@contextmanager
def served_game() -> Iterator[tuple[TestClient, str, str]]:
    """A server on a fresh SQLite file with one 8 × 15 game whose first turn has been played
    (random legal orders from each seat's own view): the client, the game's id, P1's token."""
    with tempfile.TemporaryDirectory() as tmp, TestClient(create_app(Settings(
            database_url=f"sqlite:///{Path(tmp) / 'bench.db'}"))) as client:
        r = client.post("/api/games", json={"ruleset": "turn-or-burn", "scenario": "big-party",
                                            "options": OPTIONS, "join": "P1"})
        assert r.status_code == 201, r.text
        game_id, tokens = r.json()["game"]["id"], {"P1": r.json()["token"]}
        for k in range(2, 9):
            r = client.post(f"/api/games/{game_id}/seats/P{k}/join", json={"name": f"P{k}"})
            assert r.status_code == 200, r.text
            tokens[f"P{k}"] = r.json()["token"]
        rnd = random.Random(SEED)
        start_turn = None
        while True:
            views = {seat: client.get(f"/api/games/{game_id}/state",
                                      headers={"Authorization": f"Bearer {t}"}).json() for seat, t in tokens.items()}
            view = views["P1"]["view"]
            start_turn = start_turn or view["turn"]
            if view["turn"] > start_turn or view.get("outcome"):
                break
            for seat, token in tokens.items():
                if views[seat].get("decision") is None:
                    continue
                mine = views[seat]["view"]
                order = RULESET.legal(determinize(mine, seat, SEED), seat).sample(rnd)
                r = client.post(f"/api/games/{game_id}/orders", headers={"Authorization": f"Bearer {token}"},
                                json={"order": order_as_json(RULESET, mine, order)})
                assert r.status_code == 200, r.text
        yield client, game_id, tokens["P1"]


@bench("big-party-bots")
def bench_big_party_bots(seconds: float) -> list[Figure]:
    """One whole 8 × 15 game with the heuristic bot in every seat (whatever ``seconds``: the
    game is the figure), then one mcts plot for P1 with ``seconds`` to think."""
    state = RULESET.new_game("big-party", seed=SEED, options=OPTIONS)
    bots = {seat: get_bot("turn-or-burn", "heuristic", seed=seat) for seat in RULESET.seats(state)}
    spent: dict[str, list[float]] = {}
    mcts_at = None
    while state.outcome is None:
        ask = RULESET.asked(state)
        assert ask is not None
        if ask.kind == "plot" and mcts_at is None:
            mcts_at = state
        orders = {}
        for seat in ask.seats:
            start = time.process_time()
            orders[seat] = bots[seat].choose(RULESET, seat, RULESET.view(state, seat), RULESET.legal(state, seat))
            spent.setdefault(ask.kind, []).append(time.process_time() - start)
        state, _ = RULESET.advance(state, orders)
    outcome = f"turn {state.turn}: {state.outcome.reason}, won by {', '.join(state.outcome.winners) or 'nobody'}"
    figures = [Figure(f"heuristic {kind}", Rate(len(times) / sum(times), len(times) / sum(times)), "decisions/s",
                      f"{1000 * sum(times) / len(times):.0f} ms each, {len(times)} decisions; game over at {outcome}")
               for kind, times in spent.items()]
    assert mcts_at is not None
    bot = get_bot("turn-or-burn", "mcts", seed=1, think=seconds)
    legal = RULESET.legal(mcts_at, "P1")
    order = bot.choose(RULESET, "P1", RULESET.view(mcts_at, "P1"), legal)
    RULESET.validate(mcts_at, "P1", order)
    info = bot.info
    figures.append(Figure("mcts plot (P1, 15 ships)", Rate(info.rate, info.rate), "iterations/s",
                          f"{info.iterations} iterations in {info.seconds:.1f} s (wall), depth {info.depth}; "
                          f"{legal.count():.2e} legal plots, searched through samples"))
    return figures
