"""The kernel contract, checked for every registered ruleset (STYLE §7, OpenSpiel's RandomSimTest).

Seeded random games are played through :class:`hexfleet.engine.game.Game` with
:class:`hexfleet.ai.base.RandomBot`, and at every step: ``advance`` leaves its input untouched,
``to_json``/``from_json`` round-trip to the same hash, views hold no other seat's secrets (views
are compared across states that differ only in what the viewer may not know, and scanned), and
the record replays to the same events and hashes. Records that were tampered with, or made under
another rules version, are reported. Then the seeded generator itself.
"""

from __future__ import annotations

import hashlib
import io
import json
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest

from hexfleet.ai.base import RandomBot, get_bot
from hexfleet.engine import rng
from hexfleet.engine.canonical import canonical_json
from hexfleet.engine.errors import FormatError, RuleError
from hexfleet.engine.game import Game
from hexfleet.engine.record import RecordWriter, read_lines, replay
from hexfleet.engine.ruleset import Ruleset, step
from hexfleet.games import game_names, get_ruleset

SEEDS = [f"{n}7304918273645192837465" for n in range(40)]
"""Long seeds, so that a seed showing up inside a view or a log cannot be a coincidence."""
MAX_STEPS = {"turn-or-burn": 30, "launch-fighters": 400}
"""Steps a random game may take before the test stops it (Launch Fighters! decides unit by unit)."""


# --- what each game hides ------------------------------------------------------------------


def tob_hidden_variants(state: Any, viewer: str | None) -> Iterator[tuple[Any, set[str]]]:
    """Turn or Burn states that differ from ``state`` only in what ``viewer`` may not know:
    another side's unrevealed gun (TOB-M1-BUILD-02) and the generator. Yields each with the
    card IDs that must then not appear in the viewer's view."""
    from hexfleet.games.turn_or_burn.cards import GUNS

    yield replace(state, rng=state.rng.draw(2)[1]), set()
    if state.phase == "over":
        return
    for i, f in enumerate(state.fighters):
        if f.side == viewer:
            continue
        gun = next(c for c in f.cards if c in GUNS)
        if gun in f.revealed or gun in f.destroyed:
            continue
        for other in GUNS:
            cards = tuple(other if c == gun else c for c in f.cards)
            fighters = state.fighters[:i] + (replace(f, cards=cards),) + state.fighters[i + 1:]
            yield replace(state, fighters=fighters), {gun, other}


def tob_close_quarters(state: Any, seed: str) -> dict[str, Any]:
    """Setup orders that place the two fighters 3 hexes apart across the centre line, so random
    plots lead to gunfire at rest (random placements mostly fly off the map before anyone is in range)."""
    import random

    from hexfleet.games.turn_or_burn.notation import LETTERS

    pick = random.Random(seed)
    places = {"R1": (13, 0), "B1": (16, -2)}
    orders: dict[str, Any] = {}
    for f in state.fighters:
        facing = pick.randrange(6)
        orders.setdefault(f.side, {})[f.id] = {
            "gun": pick.choice(["BG", "DB", "NB", "LT"]), "hex": list(places[f.id]), "facing": LETTERS[facing],
            "momentum": list(places[f.id]),
        }
    return orders


def tob_firing_orders(legal: list[Any]) -> list[Any]:
    """The legal plots in which every fighter fires its gun."""
    from hexfleet.games.turn_or_burn.cards import GUNS

    return [o for o in legal if o and all(a and a[0]["card"] in GUNS for a in o.values() if isinstance(a, list))]


FAVOURED: dict[tuple[str, str], Callable[[list[Any]], list[Any]]] = {("turn-or-burn", "quick-shot"): tob_firing_orders}
"""Optional: orders a random bot picks half the time, so random games reach the interesting phases."""

OPENINGS: dict[tuple[str, str], Callable[[Any, str], dict[str, Any]]] = {
    ("turn-or-burn", "quick-shot"): tob_close_quarters,
}
"""Optional: a scenario's first orders for half the seeded games, to reach the interesting phases."""

GAME_OPTIONS: dict[tuple[str, str], dict[str, Any]] = {("turn-or-burn", "popcorn"): {"turn_limit": 8}}
"""Optional: options for a scenario whose random games would otherwise outlast MAX_STEPS."""

def lf_hidden_variants(state: Any, viewer: str | None) -> Iterator[tuple[Any, set[str]]]:
    """Launch Fighters! hides nothing on the table once fleets are revealed; only the generator."""
    yield replace(state, rng=replace(state.rng, value=rng.next_u64(state.rng.value)[1])), set()


HIDDEN: dict[str, Callable[[Any, str | None], Iterator[tuple[Any, set[str]]]]] = {
    "turn-or-burn": tob_hidden_variants,
    "launch-fighters": lf_hidden_variants,
}
"""Every registered game must say what it hides, so the view test can vary exactly that."""


def known_tokens(view: Any) -> set[str]:
    """Strings a view legitimately shows: every ``cards`` list in it (the viewer's own cards,
    its replacements' builds, externals (public, TOB-AMB-55), and other units' cards as far as they are revealed, ``?`` for the
    rest). The view-equality check above is the strict test; this scan catches leaks elsewhere."""
    if isinstance(view, dict):
        out: set[str] = set()
        for key, value in view.items():
            if key in ("cards", "external") and isinstance(value, list):
                out |= {c for c in value if isinstance(c, str)}
            else:
                out |= known_tokens(value)
        return out
    if isinstance(view, list):
        return set().union(*(known_tokens(v) for v in view)) if view else set()
    return set()


# --- playing seeded random games -------------------------------------------------------------


def play(ruleset: Ruleset[Any], scenario: str, seed: str, check: Callable[[Any], None] | None = None):
    """A game between random bots, recorded; returns (game, record lines)."""
    out = io.StringIO()
    out.close = lambda: None  # keep the text readable after Game.finish closes the writer
    game = Game(ruleset, scenario, seed=seed, options=GAME_OPTIONS.get((ruleset.name, scenario)),
                record=RecordWriter(out))
    bots = {seat: get_bot(ruleset.name, "random", seed=f"{seed}/{seat}") for seat in ruleset.seats(game.state)}
    opening = OPENINGS.get((ruleset.name, scenario))
    if opening and int(hashlib.sha256(seed.encode()).hexdigest(), 16) % 2:
        game.submit(opening(game.state, seed))
    while not game.over and game.steps < MAX_STEPS[ruleset.name]:
        if check:
            check(game.state)
        orders = {}
        for seat in game.pending():
            legal = ruleset.legal_orders(game.state, seat)
            favoured = FAVOURED.get((ruleset.name, scenario), lambda x: [])(legal)
            if favoured and game.steps % 2:
                legal = favoured
            orders[seat] = bots[seat].choose(ruleset, seat, game.view(seat), legal)
        game.submit(orders)
    if check:
        check(game.state)
    return game, out.getvalue().splitlines()


CONTRACT_SCENARIOS: dict[str, tuple[str, ...]] = {"launch-fighters": ("duel", "melee-3", "asteroid-field")}
"""Scenarios checked here for games whose random games are long; the game's own suite plays the rest."""
CONTRACT_SEEDS: dict[str, int] = {"launch-fighters": 6}
"""Seeded games per scenario, where fewer than all of SEEDS suffice (long games, no hidden cards)."""
CASES = [(name, scenario) for name in game_names() for scenario in get_ruleset(name).scenarios()
         if scenario in CONTRACT_SCENARIOS.get(name, (scenario,))]


@pytest.fixture(scope="module", params=CASES, ids=[f"{g}:{s}" for g, s in CASES])
def games(request: pytest.FixtureRequest) -> list[tuple[Ruleset[Any], str, Game, list[str]]]:
    name, scenario = request.param
    ruleset = get_ruleset(name)
    out = []
    for seed in SEEDS[:CONTRACT_SEEDS.get(name, len(SEEDS))]:
        game, lines = play(ruleset, scenario, seed)
        out.append((ruleset, seed, game, lines))
    return out


def test_every_game_declares_what_it_hides() -> None:
    assert set(game_names()) <= set(HIDDEN)


def test_games_reach_several_endings(games) -> None:
    """The random games are not all alike: they reach different states and different endings."""
    assert len({g.ruleset.state_hash(g.state) for _, _, g, _ in games}) == len(games)
    assert all(g.steps >= 1 for _, _, g, _ in games)
    endings = {canonical_json(g.ruleset.outcome(g.state).to_json()) for _, _, g, _ in games if g.over}
    assert len(endings) >= 2
    if games[0][0].name == "turn-or-burn":
        kinds = Counter(e["type"] for _, _, g, _ in games for _, _, events in g.history for e in events)
        assert kinds["shot"] and kinds["pulled"] and kinds["eliminated"] and kinds["moved"]


def test_replay_of_a_game_in_progress() -> None:
    """Before the end line reveals the seed, a replay needs the seed from whoever holds it."""
    ruleset = get_ruleset("turn-or-burn")
    out = io.StringIO()
    game = Game(ruleset, "quick-shot", seed=SEEDS[0], record=RecordWriter(out))
    game.submit({seat: ruleset.default_order(game.state, seat) for seat in game.pending()})
    game.submit({seat: ruleset.default_order(game.state, seat) for seat in game.pending()})
    lines = out.getvalue().splitlines()
    assert not game.over and len(lines) == 3
    with pytest.raises(FormatError):
        replay(ruleset, lines)
    report = replay(ruleset, lines, seed=SEEDS[0])
    assert report.ok and report.steps == 2 and report.final_hash == ruleset.state_hash(game.state)


def test_advance_is_pure_and_states_round_trip(games) -> None:
    for ruleset, _, game, _ in games:
        for before, orders, events in game.history:
            frozen = canonical_json(ruleset.to_json(before))
            frozen_orders = canonical_json(orders)
            again, again_events = ruleset.advance(before, orders)
            assert canonical_json(ruleset.to_json(before)) == frozen, "advance changed its input state"
            assert canonical_json(orders) == frozen_orders, "advance changed its orders"
            assert again_events == events  # and it is deterministic
            for state in (before, again):
                data = ruleset.to_json(state)
                json.loads(canonical_json(data))  # plain JSON
                back = ruleset.from_json(json.loads(json.dumps(data)))
                assert ruleset.state_hash(back) == ruleset.state_hash(state)
                assert ruleset.to_json(back) == data
                assert ruleset.pending(back).keys() == ruleset.pending(state).keys()


def test_views_hold_no_other_seats_secrets(games) -> None:
    for ruleset, seed, game, _ in games:
        hidden = HIDDEN[ruleset.name]
        states = [before for before, _, _ in game.history] + [game.state]
        for state in states:
            for viewer in (*ruleset.seats(state), None):
                view = ruleset.view(state, viewer)
                text = canonical_json(view)
                assert seed not in text
                known = known_tokens(view)
                # The viewer's own decision legitimately lists every gun; scan the rest of the view.
                scanned = canonical_json({k: v for k, v in view.items() if k != "decision"})
                for variant, secrets in hidden(state, viewer):
                    other = ruleset.view(variant, viewer)
                    assert other == view, f"{viewer}'s view depends on something it may not know"
                    for token in secrets - known:
                        assert f'"{token}"' not in scanned, f"{token} leaks into {viewer}'s view"


def test_logs_hide_the_opponents_setup_gun(games) -> None:
    for ruleset, seed, game, _ in games:
        seats = ruleset.seats(game.history[0][0])
        for viewer in seats:
            log = game.log_for(viewer)
            assert seed not in canonical_json(log)
            first = log[0]
            for owner, shown in first["orders"].items():
                given = game.history[0][1][owner]
                if owner == viewer:
                    assert shown == given
                elif ruleset.name == "turn-or-burn":
                    assert all("gun" not in placement for placement in shown.values())
            assert [e for e in first["events"] if "gun" in e] == []
        if game.over:
            assert game.view(seats[0]) == {**game.view(seats[1]), "seat": seats[0], "decision": None}


def test_replay_reproduces_every_event_and_the_final_hash(games) -> None:
    for ruleset, seed, game, lines in games:
        head = json.loads(lines[0])
        assert head["game"] == ruleset.name and head["rules_version"] == ruleset.version
        assert head["seed_sha256"] == hashlib.sha256(seed.encode()).hexdigest()
        assert seed not in canonical_json(head)
        report = replay(ruleset, lines, seed=None if game.over else seed)
        assert report.ok, report.problems
        assert report.steps == game.steps
        assert report.final_hash == ruleset.state_hash(game.state)
        if game.over:
            end = json.loads(lines[-1])
            assert end["seed"] == seed and end["outcome"] == ruleset.outcome(game.state).to_json()


def test_replay_reports_tampering(games) -> None:
    ruleset, seed, game, lines = max(games, key=lambda g: len(g[3]))
    kw = {} if game.over else {"seed": seed}

    # A changed event.
    step_line = json.loads(lines[-2] if game.over else lines[-1])
    step_line["events"] = step_line["events"] + [{"type": "forged"}]
    tampered = lines[:-2] + [json.dumps(step_line), lines[-1]] if game.over else lines[:-1] + [json.dumps(step_line)]
    report = replay(ruleset, tampered, **kw)
    assert not report.ok and any("events differ" in p for p in report.problems)

    # A changed hash.
    line = json.loads(lines[1])
    line["hash"] = "0" * 64
    report = replay(ruleset, [lines[0], json.dumps(line), *lines[2:]], **kw)
    assert any("state hash differs" in p for p in report.problems)

    # The wrong seed.
    report = replay(ruleset, lines[:-1] if game.over else lines, seed=seed + "1")
    assert report.problems == ["the revealed seed does not match the header's seed_sha256 commitment"]

    # Another rules version is refused outright.
    head = json.loads(lines[0])
    head["rules_version"] = "0.0-other"
    with pytest.raises(FormatError) as err:
        replay(ruleset, [json.dumps(head), *lines[1:]], **kw)
    assert err.value.field == "line 1.rules_version"

    # Orders the rules reject are reported, not applied.
    line = json.loads(lines[1])
    seat = next(iter(line["orders"]))
    line["orders"] = {seat: line["orders"][seat]}  # the other seat's order is missing
    report = replay(ruleset, [lines[0], json.dumps(line), *lines[2:]], **kw)
    assert not report.ok and "orders rejected" in report.problems[0]

    with pytest.raises(FormatError):
        list(read_lines(["{\"record\": 1}", "not json"]))


@pytest.mark.parametrize(("name", "scenario"), CASES)
def test_step_rejects_stale_missing_and_illegal_orders_and_changes_nothing(name: str, scenario: str) -> None:
    ruleset = get_ruleset(name)
    out = io.StringIO()
    game = Game(ruleset, scenario, seed=SEEDS[0], record=RecordWriter(out))
    seats = list(game.pending())
    good = {seat: ruleset.default_order(game.state, seat) for seat in seats}
    before, written = game.state, out.getvalue()
    bad_orders = [
        {**good, "nobody": {}},  # a seat with no open decision: stale
        {seats[0]: good[seats[0]]} if len(seats) > 1 else {},  # a pending seat left out: missing
        {**good, seats[0]: "not an order"},  # malformed
    ]
    codes = []
    for orders in bad_orders:
        with pytest.raises((RuleError, FormatError)) as err:
            game.submit(orders)
        codes.append(getattr(err.value, "rule", "format"))
        assert game.state is before and game.steps == 0 and game.history == []
        assert out.getvalue() == written
    assert codes[:2] == ["ENGINE-STALE", "ENGINE-MISSING"]
    game.submit(good)
    assert game.steps == 1 and game.state is not before
    with pytest.raises(RuleError):
        game.finish()  # the seed is revealed only at the end


def test_a_finished_game_takes_no_orders() -> None:
    ruleset = get_ruleset("turn-or-burn")
    for seed in SEEDS:
        game, _ = play(ruleset, "quick-shot", seed)
        if game.over:
            with pytest.raises(RuleError) as err:
                step(ruleset, game.state, {seat: {} for seat in ruleset.seats(game.state)})
            assert err.value.rule == "ENGINE-OVER"
            assert ruleset.pending(game.state) == {} and ruleset.legal_orders(game.state, "red") == []
            return
    pytest.fail("no random game finished; raise MAX_STEPS")


def test_random_bot_is_seeded_and_picks_legal_orders() -> None:
    ruleset = get_ruleset("turn-or-burn")
    state = ruleset.new_game("quick-shot", seed=1)
    legal = ruleset.legal_orders(state, "red")
    picks = [RandomBot(seed=9).choose(ruleset, "red", ruleset.view(state, "red"), legal) for _ in range(3)]
    assert picks[0] == picks[1] == picks[2] and picks[0] in legal
    with pytest.raises(FormatError):
        get_bot("turn-or-burn", "nobody")


# --- the seeded generator ---------------------------------------------------------------------


def test_draw_is_uniform_and_in_range() -> None:
    g = rng.rng_from_seed("uniform")
    counts: Counter[int] = Counter()
    for _ in range(6000):
        value, g = rng.draw(g, 6)
        counts[value] += 1
    assert set(counts) == set(range(6))
    chi2 = sum((c - 1000) ** 2 / 1000 for c in counts.values())
    assert chi2 < 20.52  # 5 degrees of freedom, p = 0.001
    g = rng.rng_from_seed(3)
    for n in (1, 2, 7, 1000, 2**40 + 3):
        value, g = rng.draw(g, n)
        assert 0 <= value < n
    with pytest.raises(ValueError):
        rng.draw(g, 0)
    rolls = set()
    for _ in range(200):
        r, g = rng.roll(g)
        rolls.add(r)
    assert rolls == {1, 2, 3, 4, 5, 6}


def test_generator_is_a_pure_function_of_its_value() -> None:
    g = rng.rng_from_seed(42)
    assert rng.draw(g, 100) == rng.draw(g, 100)
    assert rng.next_u64(g)[1] != g
    assert rng.rng_from_seed(42) == rng.rng_from_seed("42") != rng.rng_from_seed(43)
    assert 0 <= g < 2**64


def test_sample_is_without_replacement() -> None:
    g = rng.rng_from_seed("sample")
    items = ["a", "b", "c", "MISS", "MISS"]
    for k in range(8):
        picked, g = rng.sample(g, items, k)
        assert len(picked) == min(k, len(items))
        assert not Counter(picked) - Counter(items)
    everything, g = rng.shuffle(g, items)
    assert sorted(everything) == sorted(items)
    # Every ordered pair of distinct positions is equally likely for the first two pulls.
    pairs: Counter[tuple[int, int]] = Counter()
    for _ in range(3000):
        (a, b), g = rng.sample(g, range(4), 2)
        pairs[(a, b)] += 1
    assert len(pairs) == 12
    assert sum((c - 250) ** 2 / 250 for c in pairs.values()) < 31.26  # 11 d.o.f., p = 0.001


def test_seed_commitment() -> None:
    assert rng.seed_commitment(12345) == hashlib.sha256(b"12345").hexdigest()
    assert rng.seed_commitment("12345") == rng.seed_commitment(12345)
    assert rng.seed_commitment(1) != rng.seed_commitment(2)
