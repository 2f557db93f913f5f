"""The kernel contract as one check every game's tests call (STYLE §7, OpenSpiel's RandomSimTest).

:func:`check_ruleset` plays seeded random games of one scenario through
:class:`~hexfleet.engine.game.Game`, recorded, and checks at every step that

* ``advance`` leaves its input untouched and is deterministic;
* ``to_json``/``from_json`` round-trip to the same hash and the same open decisions;
* ``validate`` and ``legal`` agree: every order the lazy set lists (or samples) validates and is
  ``in`` it, ``count()`` matches the listing where the listing is small;
* views hold no other seat's secrets: a view is compared across states that differ only in what
  the viewer may not know (the game says what that is: ``hidden``), and scanned for the secrets;
  no view or log shows the seed;
* records replay to the same events and hashes, the end line reveals the seed and the outcome,
  and tampered records (events, hashes, the seed, the rules version, orders) are reported;
* seats that drop out (``seats_out``) stay out and are never asked again;
* bad orders (stale, missing, malformed) are refused and change nothing; the seed stays secret
  until the end; a finished game takes no orders and shows every seat the same table.

A game passes its own facts (what it hides, an opening that reaches the interesting phases,
options that keep random games short); nothing here names a game.
"""

from __future__ import annotations

import hashlib
import io
import json
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .engine import rng as rngmod
from .engine.canonical import canonical_json
from .engine.errors import FormatError, RuleError
from .engine.game import Game
from .engine.record import RecordWriter, replay
from .engine.ruleset import Order, Ruleset, Seat, step

Hidden = Callable[[Any, Seat | None], Iterator[tuple[Any, set[str]]]]
"""States that differ from ``state`` only in what ``viewer`` may not know, each with the strings
that must then not appear in that viewer's view."""

LISTING_LIMIT = 5000
"""Legal sets up to this size are listed in full to compare with ``count()`` and ``validate``."""


@dataclass
class Played:
    """One checked random game: its seed, the finished :class:`Game` and its record lines."""

    seed: str
    game: Game
    lines: list[str]


@dataclass
class Contract:
    """What a game tells the contract check about one scenario."""

    scenario: str
    hidden: Hidden
    seeds: int = 12
    max_steps: int = 60
    options: Mapping[str, Any] = field(default_factory=dict)
    opening: Callable[[Any, str], dict[Seat, Order]] | None = None
    """First orders for half the seeded games, so random play reaches the interesting phases."""
    favoured: Callable[[list[Any]], list[Any]] | None = None
    """Orders a random player picks every other step, for the same reason."""
    secret_keys: tuple[str, ...] = ("cards", "external")
    """View keys whose string lists are what the viewer legitimately knows (scanned apart)."""
    invariant: Callable[[Any], None] | None = None
    """The game's invariants (LF-IMPL-08), asserted on every state of every game played."""


def vary_generator(state: Any) -> Any:
    """``state`` with another generator value: what no seat may see (every game hides it)."""
    g: rngmod.Rng = state.rng
    return replace(state, rng=replace(g, value=rngmod.next_u64(g.value)[1]))


def long_seed(n: int) -> str:
    """A long seed, so a seed showing up in a view or a log cannot be a coincidence."""
    return f"{n}7304918273645192837465"


def play_random(ruleset: Ruleset[Any], contract: Contract, seed: str,
                check: Callable[[Any], None] | None = None) -> Played:
    """A game between seeded random players, recorded in memory."""
    out = io.StringIO()
    out.close = lambda: None  # type: ignore[method-assign]  # keep the text after Game.finish
    game = Game(ruleset, contract.scenario, seed=seed, options=dict(contract.options), record=RecordWriter(out))
    rnd = random.Random(seed)
    if contract.opening and int(hashlib.sha256(seed.encode()).hexdigest(), 16) % 2:
        game.submit(contract.opening(game.state, seed))
    while not game.over and game.steps < contract.max_steps:
        if check:
            check(game.state)
        orders = {}
        for seat in game.pending():
            legal = ruleset.legal(game.state, seat)
            favoured = contract.favoured(legal.head(LISTING_LIMIT)) if contract.favoured else []
            if favoured and game.steps % 2:
                orders[seat] = rnd.choice(favoured)
            else:
                orders[seat] = legal.sample(rnd)
        game.submit(orders)
    if check:
        check(game.state)
    return Played(seed, game, out.getvalue().splitlines())


def check_ruleset(ruleset: Ruleset[Any], contract: Contract) -> list[Played]:
    """Play ``contract.seeds`` random games and check the kernel contract on each (raises
    ``AssertionError`` naming the broken promise); returns the games for further checks."""
    played = [play_random(ruleset, contract, long_seed(n), contract.invariant) for n in range(contract.seeds)]
    _expect(all(p.game.steps >= 1 for p in played), "a random game took no step")
    _expect(len({ruleset.state_hash(p.game.state) for p in played}) == len(played),
            "seeded random games ended in the same state: the seed does not reach the game")
    for p in played:
        _check_purity_and_round_trip(ruleset, p)
        _check_legal_agrees_with_validate(ruleset, p)
        _check_views(ruleset, contract, p)
        _check_replay(ruleset, p)
        _check_seats_out(ruleset, p)
    _check_tampering(ruleset, max(played, key=lambda p: len(p.lines)))
    _check_bad_orders(ruleset, contract)
    _check_options_described(ruleset)
    return played


def _check_options_described(ruleset: Ruleset[Any]) -> None:
    """Every option has a label and a line of help for people, and applies to some scenario (a
    ``needs`` no scenario's features name would never be offered: a misspelt feature)."""
    scenarios = list(ruleset.scenarios().values())
    for option in ruleset.options:
        _expect(bool(option.label and option.help), f"option {option.name} has no label or no help")
        _expect(any(option.applies(s) for s in scenarios), f"option {option.name} applies to no scenario "
                f"(needs {option.needs!r})")


def _expect(ok: bool, message: str) -> None:
    if not ok:
        raise AssertionError(message)


def _check_purity_and_round_trip(ruleset: Ruleset[Any], p: Played) -> None:
    for before, orders, events in p.game.history:
        frozen, frozen_orders = canonical_json(ruleset.to_json(before)), canonical_json(orders)
        again, again_events = ruleset.advance(before, orders)
        _expect(canonical_json(ruleset.to_json(before)) == frozen, "advance changed its input state")
        _expect(canonical_json(orders) == frozen_orders, "advance changed its orders")
        _expect(again_events == events, "advance is not deterministic")
        for state in (before, again):
            data = ruleset.to_json(state)
            back = ruleset.from_json(json.loads(canonical_json(data)))
            _expect(ruleset.state_hash(back) == ruleset.state_hash(state), "from_json(to_json(s)) changes the hash")
            _expect(ruleset.to_json(back) == data, "to_json does not round-trip")
            _expect(ruleset.pending(back).keys() == ruleset.pending(state).keys(),
                    "a state read back has other open decisions")


def _check_seats_out(ruleset: Ruleset[Any], p: Played) -> None:
    """Seats out (``seats_out``) are seats of the game, stay out, and are never asked again."""
    out: set[Seat] = set()
    for state in [before for before, _, _ in p.game.history] + [p.game.state]:
        if ruleset.is_over(state):
            break
        now = set(ruleset.seats_out(state))
        _expect(now <= set(ruleset.seats(state)), f"seats_out names seats the game does not have: {now}")
        _expect(out <= now, f"seats {out - now} came back after dropping out")
        _expect(not now & set(ruleset.pending(state)), f"seats {now & set(ruleset.pending(state))} are out but asked")
        out = now


def _check_legal_agrees_with_validate(ruleset: Ruleset[Any], p: Played) -> None:
    rnd = random.Random(p.seed)
    states = [before for before, _, _ in p.game.history][:12]
    for state in states:
        for seat in ruleset.pending(state):
            legal = ruleset.legal(state, seat)
            listed = legal.head(LISTING_LIMIT + 1)
            _expect(bool(listed), f"seat {seat} must decide but has no legal order")
            if len(listed) <= LISTING_LIMIT:
                _expect(legal.count() == len(listed), f"legal.count() {legal.count()} != {len(listed)} listed")
            for order in listed[:50] + [legal.sample(rnd) for _ in range(10)]:
                ruleset.validate(state, seat, order)  # raises if legal lists an illegal order
                _expect(order in legal, f"{order!r} is listed but not `in` the legal set")
                as_json = json.loads(canonical_json(ruleset.order_json(state, seat, order)))
                ruleset.validate(state, seat, as_json)  # the recorded spelling is legal too
            per_unit = legal.per_unit()
            _expect(bool(per_unit) and all(isinstance(k, str) for k in per_unit), "per_unit() names no units")


def _known(view: Any, keys: tuple[str, ...]) -> set[str]:
    if isinstance(view, dict):
        out: set[str] = set()
        for key, value in view.items():
            if key in keys and isinstance(value, list):
                out |= {c for c in value if isinstance(c, str)}
            else:
                out |= _known(value, keys)
        return out
    if isinstance(view, list):
        return set().union(*(_known(v, keys) for v in view)) if view else set()
    return set()


def _check_views(ruleset: Ruleset[Any], contract: Contract, p: Played) -> None:
    states = [before for before, _, _ in p.game.history] + [p.game.state]
    for state in states:
        for viewer in (*ruleset.seats(state), None):
            view = ruleset.view(state, viewer)
            _expect(p.seed not in canonical_json(view), f"the seed shows in {viewer}'s view")
            known = _known(view, contract.secret_keys)
            scanned = canonical_json({k: v for k, v in view.items() if k != "decision"})
            for variant, secrets in contract.hidden(state, viewer):
                _expect(ruleset.view(variant, viewer) == view, f"{viewer}'s view depends on something it may not know")
                for token in secrets - known:
                    _expect(f'"{token}"' not in scanned, f"{token} leaks into {viewer}'s view")
    seats = ruleset.seats(p.game.history[0][0])
    for viewer in (*seats, None):
        _expect(p.seed not in canonical_json(p.game.log_for(viewer)), f"the seed shows in {viewer}'s log")
    if p.game.over:  # once the game is over nothing is secret: every seat sees the same table
        public = [{k: v for k, v in p.game.view(seat).items() if k not in ("seat", "decision")} for seat in seats]
        _expect(all(v == public[0] for v in public), "seats see different tables after the game is over")


def _check_replay(ruleset: Ruleset[Any], p: Played) -> None:
    head = json.loads(p.lines[0])
    _expect(head["game"] == ruleset.name and head["rules_version"] == ruleset.version, "record header")
    _expect(head["seed_sha256"] == hashlib.sha256(p.seed.encode()).hexdigest(), "seed commitment")
    _expect(p.seed not in canonical_json(head), "the header shows the seed")
    report = replay(ruleset, p.lines, seed=None if p.game.over else p.seed)
    _expect(report.ok, f"replay: {report.problems}")
    _expect(report.steps == p.game.steps and report.final_hash == ruleset.state_hash(p.game.state),
            "replay did not reach the same state")
    if p.game.over:
        end = json.loads(p.lines[-1])
        outcome = ruleset.outcome(p.game.state)
        _expect(end["seed"] == p.seed and outcome is not None and end["outcome"] == outcome.to_json(),
                "the end line does not reveal the seed and the outcome")
        try:
            step(ruleset, p.game.state, {seat: {} for seat in ruleset.seats(p.game.state)})
        except RuleError as exc:
            _expect(exc.rule == "ENGINE-OVER", f"orders after the end refused as {exc.rule}")
        else:
            raise AssertionError("a finished game took orders")
        _expect(ruleset.pending(p.game.state) == {}, "a finished game still asks for decisions")


def _check_tampering(ruleset: Ruleset[Any], p: Played) -> None:
    lines, seed, over = p.lines, p.seed, p.game.over
    kw: dict[str, Any] = {} if over else {"seed": seed}
    last = -2 if over else -1
    forged = json.loads(lines[last])
    forged["events"] = forged["events"] + [{"type": "forged"}]
    tampered = [*lines[:last], json.dumps(forged), *([lines[-1]] if over else [])]
    _expect(any("events differ" in x for x in replay(ruleset, tampered, **kw).problems), "a forged event passed")
    line = json.loads(lines[1])
    line["hash"] = "0" * 64
    _expect(any("state hash differs" in x for x in replay(ruleset, [lines[0], json.dumps(line), *lines[2:]],
                                                             **kw).problems), "a forged hash passed")
    wrong = replay(ruleset, lines[:-1] if over else lines, seed=seed + "1")
    _expect(wrong.problems == ["the revealed seed does not match the header's seed_sha256 commitment"],
            "a wrong seed passed")
    head = json.loads(lines[0])
    head["rules_version"] = "0.0-other"
    try:
        replay(ruleset, [json.dumps(head), *lines[1:]], **kw)
    except FormatError as exc:
        _expect(exc.field == "line 1.rules_version", "another rules version: wrong field")
    else:
        raise AssertionError("a record of another rules version was replayed")
    line = json.loads(lines[1])
    seat = next(iter(line["orders"]))
    line["orders"] = {seat: line["orders"][seat]} if len(line["orders"]) > 1 else {"nobody": {}}
    rejected = replay(ruleset, [lines[0], json.dumps(line), *lines[2:]], **kw)
    _expect(not rejected.ok and "orders rejected" in rejected.problems[0], "a record with bad orders replayed")


def _check_bad_orders(ruleset: Ruleset[Any], contract: Contract) -> None:
    out = io.StringIO()
    game = Game(ruleset, contract.scenario, seed=long_seed(0), options=dict(contract.options),
                record=RecordWriter(out))
    seats = list(game.pending())
    good = {seat: ruleset.default_order(game.state, seat) for seat in seats}
    before, written = game.state, out.getvalue()
    bad = [{**good, "nobody": {}}, {seats[0]: good[seats[0]]} if len(seats) > 1 else {},
           {**good, seats[0]: "not an order"}]
    codes = []
    for orders in bad:
        try:
            game.submit(orders)
        except (RuleError, FormatError) as exc:
            codes.append(getattr(exc, "rule", "format"))
        else:
            raise AssertionError(f"bad orders were accepted: {orders!r}")
        _expect(game.state is before and game.steps == 0 and out.getvalue() == written, "a refused order changed the game")
    _expect(codes[:2] == ["ENGINE-STALE", "ENGINE-MISSING"], f"stale/missing orders refused as {codes[:2]}")
    game.submit(good)
    _expect(game.steps == 1, "the default orders were not taken")
    if not game.over:
        try:
            game.finish()
        except RuleError:
            pass
        else:
            raise AssertionError("the seed was revealed before the end")
