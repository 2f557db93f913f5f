"""The book's descriptive sections as the implementation reads them (digest §1, §2, §10.3,
§17.1, §17.3.c, the designer notes), the planet as a non-target (TAL-17.2.1.b) and the Wave
Motion Gun's knock-back of a whole squadron (TAL-15.1.2.b): each as behaviour the engine shows."""

from __future__ import annotations

import re
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest

from hexfleet.engine.errors import FormatError, RuleError
from hexfleet.games.talon import interchange
from hexfleet.games.talon.data import IMPULSES, pack, weapons
from hexfleet.games.talon.position import parse_position, position_json
from hexfleet.games.talon.rules import RULESET
from hexfleet.games.talon.world import TalState
from hexfleet.render.talon import COLOURS, glossary, svg

from .helpers import of, position, resolve, rule_of, ship, t, unit

TERRAN = {"player": "terran", "initiative": "terran"}
HULLS = {"SC", "DD", "FF", "CL", "CA", "BC", "BB", "DN", "FTR", "CV", "Tran"}
"""TAL-5.2's hull designations; Bases (§14) have none in the book's list."""

Policy = Callable[[str, list[dict[str, Any]]], dict[str, Any]]


def play_round(state: TalState, policy: Policy) -> tuple[TalState, list[dict[str, Any]]]:
    """Every decision of the current Round by ``policy(seat, legal orders)``, up to the Power
    Phase; the state then and all the events."""
    events: list[dict[str, Any]] = []
    while state.pos["phase"] == "impulse":
        (seat,) = RULESET.pending(state)
        state, ev = RULESET.advance(state, {seat: policy(seat, RULESET.legal_orders(state, seat))})
        events += ev
    return state, events


def straight_or_end(orders: list[dict[str, Any]]) -> dict[str, Any]:
    """Move straight ahead when a move is due, else end the Turn (no AP spent, no shot)."""
    return next((o for o in orders if o["do"] == "move" and o["how"] == "straight" and not o.get("afterburner")),
                next((o for o in orders if o["do"] == "end_turn"), orders[0]))


@pytest.mark.rule("TAL-1.b")
def test_the_abbreviations_are_the_codes_the_game_shows():
    """AP is Available Power; every class of both packs carries one of TAL-5.2's hull
    designations (or is a Base), and a talon-ext class key ends with it (terran-ca is a CA)."""
    assert glossary()["terms"]["AP"]["name"] == "Available Power"
    for name in ("talon-ext", "generic"):
        for key, c in pack(name).items():
            assert c.hull_type in HULLS | {"Base"}, (key, c.hull_type)
            if name == "talon-ext":
                assert key.split("-", 1)[1] == c.hull_type.lower(), key
    assert {c.hull_type for c in pack("talon-ext").values()} >= {"BB", "CA", "FTR"}  # the three the book names


@pytest.mark.rule("TAL-2.2")
@pytest.mark.rule("TAL-AMB-12")
def test_the_extension_board_is_added_only_when_the_ships_need_it():
    """16 columns on the main board (TAL-G-10's default); a ship moving to a 17th column brings
    in the extension board, since the ships no longer fit on the main one."""
    board = {"mode": "board", "origin": [0, 0], "extension": False}
    g = ship("g", "terran-ca", "terran", (15, 0), 0)
    x = ship("x", "talon-ca", "talon", (0, 0), 3)
    nxt, ev = resolve(position(g, x, impulse="B", map=board, **TERRAN),
                      [t({"do": "move", "unit": "g", "how": "straight"}, "terran")])
    assert unit(nxt, "g")["hex"] == [16, 0] and nxt["map"]["extension"] is True and of(ev, "retreated") == []
    short = position(ship("g", "terran-ca", "terran", (14, 0), 0), ship("x", "talon-ca", "talon", (0, 0), 3),
                     impulse="B", map=board, **TERRAN)
    nxt, _ = resolve(short, [t({"do": "move", "unit": "g", "how": "straight"}, "terran")])
    assert nxt["map"] == board  # still on the main board: no extension, no float
    wide = position(g, x, impulse="B", map=board, options={"board_main": [17, 12]}, **TERRAN)
    nxt, _ = resolve(wide, [t({"do": "move", "unit": "g", "how": "straight"}, "terran")])
    assert nxt["map"]["extension"] is False  # the book gives no size: an option sets it


@pytest.mark.rule("TAL-2.3")
def test_terran_counters_are_blue_and_talon_counters_red():
    doc = svg(RULESET.view(RULESET.new_game("duel", seed=0), None))
    for side, colour in COLOURS.items():
        r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
        assert (b > r) if side == "terran" else (r > b), (side, colour)
    drawn = re.findall(r'<g class="ship" data-id="([^"]+)" data-side="([^"]+)">.*?fill="(#[0-9a-f]{6})"', doc, re.S)
    assert len(drawn) == 6 and all(fill == COLOURS[side] for _, side, fill in drawn), drawn


@pytest.mark.rule("TAL-2.4")
def test_the_impulse_track_runs_a_to_f_then_the_next_round():
    state = RULESET.new_game("duel", seed=3)
    seen = [(state.pos["round"], state.pos["impulse"])]
    while state.pos["round"] == 1 or state.pos["impulse"] != "A":
        (seat,) = RULESET.pending(state)
        state, _ = RULESET.advance(state, {seat: straight_or_end(RULESET.legal_orders(state, seat))})
        if seen[-1] != (state.pos["round"], state.pos["impulse"]):
            seen.append((state.pos["round"], state.pos["impulse"]))
    assert seen == [(1, i) for i in IMPULSES] + [(1, None), (2, "A")]  # Power and Retreat Phases: no Impulse
    assert "round 2, Impulse A" in svg(RULESET.view(state, None))


@pytest.mark.rule("TAL-2.5")
def test_there_is_no_empire_war_mode_only_battles():
    """The Empire War (Play Book §15) is not in the seed: every scenario is one battle with a
    round limit, and a position has no campaign state (a field for it is refused, named)."""
    for name in RULESET.scenarios():
        pos = RULESET.new_game(name, seed=0).pos
        assert (pos["round"], pos["impulse"]) == (1, "A") and pos["round_limit"] is not None, name
    with pytest.raises(FormatError) as err:
        parse_position({**position(ship("g", "terran-ca", "terran", (0, 0))), "empire_war": {"turn": 1}})
    assert "empire_war" in str(err.value)


@pytest.mark.rule("TAL-2.6")
def test_the_player_aid_card_data_comes_from_data_files_that_say_where_from():
    """Not in the seed: the weapon tables and ship data live in data files, each opening with
    its source; every weapon of TAL-2.10 has a table and every class a curve and weapon groups."""
    folder = resources.files("hexfleet.games.talon").joinpath("data")
    for name in ("tables.toml", "talon-ext.toml", "generic.toml"):
        head = folder.joinpath(name).read_text(encoding="utf-8").split("\n\n")[0]
        assert "Source" in head and "digest" in head, name
    assert set(weapons()) == {"fusion_cannon", "wmg", "missile", "amt", "phaser", "disruptor"}
    for w in weapons().values():
        assert w.damage or w.hit_on or w.hit_damage, w.name
    for name in ("talon-ext", "generic"):
        for key, c in pack(name).items():
            assert c.rows and c.rows[c.start] and (c.groups or c.hull_type == "Tran"), key


@pytest.mark.rule("TAL-2.7")
def test_no_log_sheet_is_needed_the_position_is_the_whole_record():
    """Everything is written on the counters: mid-game, the position alone (no history, a new
    generator) resolves the next order exactly as the game goes on (no die is rolled here)."""
    state = RULESET.new_game("duel", seed=7)
    for _ in range(12):
        (seat,) = RULESET.pending(state)
        state, _ = RULESET.advance(state, {seat: straight_or_end(RULESET.legal_orders(state, seat))})
    written = {k: v for k, v in position_json(state.pos).items() if k != "interrupts"}
    (seat,) = RULESET.pending(state)
    order = straight_or_end(RULESET.legal_orders(state, seat))
    game, game_events = RULESET.advance(state, {seat: order})
    alone, events = interchange.resolve(written, [{seat: order}], seed=11)
    assert of(events, "roll") == [] and events == game_events and of(events, "moved")
    assert alone == {k: v for k, v in position_json(game.pos).items() if k != "interrupts"}


@pytest.mark.rule("TAL-10.3")
def test_the_cruiser_duel_needs_only_the_basic_rules():
    """Scenario 1's stand-in, the duel, uses nothing of §11-19 (no terrain, fighters, missile
    launchers, Bases, WMG or Fusion Cannon, reserves); each other scenario uses advanced rules."""
    advanced_weapons = {"missile", "wmg", "fusion_cannon"}

    def advanced(name: str) -> set[str]:
        pos = RULESET.new_game(name, seed=0).pos
        classes = pack(pos["data_pack"])
        used = {t["kind"] for t in pos["terrain"]} | ({"fighters"} if pos["squadrons"] else set())
        for s in pos["ships"]:
            c = classes[s["class"]]
            used |= {g.weapon for g in c.groups} & advanced_weapons
            used |= {"base"} if c.is_base else set()
        return used | ({"reserves"} if pos["scenario"]["reserves"] else set())

    assert "basic rules" in RULESET.scenarios()["duel"].description
    assert advanced("duel") == set()
    for name in set(RULESET.scenarios()) - {"duel"}:
        assert advanced(name), name


@pytest.mark.rule("TAL-15.1.2.b")
def test_a_wave_motion_gun_hit_knocks_back_the_whole_squadron():
    """Same Faction Combat (Terran against Terran, the Play Book's): a WMG hit on one fighter
    moves its whole squadron one hex away, all three fighters together; the damage lands on the
    fighter hit."""
    bb = ship("vanguard", "terran-bb", "terran", (0, 0), 0)
    cv = ship("cv", "terran-cv", "talon", (0, 6), 0)
    sq = {"id": "sq", "class": "terran-ftr", "side": "talon", "hex": [2, 0], "facing": 3}
    pos = position(bb, cv, squadrons=[sq], impulse="C", step="fire", **TERRAN)
    shot = {"do": "fire", "ship": "vanguard", "group": 2, "shots": [{"target": "sq", "fighter": 2}]}
    nxt, ev = resolve(pos, [t(shot, "terran")], dice=(6,))
    assert of(ev, "displaced") == [{"type": "displaced", "unit": "sq", "from": [2, 0], "to": [3, 0]}]
    after = unit(nxt, "sq")
    assert after["hex"] == [3, 0] and len(after["fighters"]) == 3
    assert [f["hull_marked"] for f in after["fighters"]][0::2] == [0, 0] and after["fighters"][1]["hull_marked"] > 0


@pytest.mark.rule("TAL-17.1.b")
def test_terrain_is_not_limited_by_the_ship_counters_in_play():
    """The book prints terrain on the backs of ship counters; here terrain is its own list, so
    any terrain stands beside ships of every class (no counter is used up)."""
    classes = sorted(k for k, c in pack("talon-ext").items() if not c.is_squadron)
    ships = [ship(f"s{i}", key, "terran" if i % 2 else "talon", (i * 3, 0)) for i, key in enumerate(classes)]
    terrain = [{"kind": k, "hex": [i * 3, 5]} for i, k in enumerate(["asteroid", "nebula", "planet"] * 6)]
    pos = parse_position(position(*ships, terrain=terrain))
    assert len(pos["ships"]) == len(classes) and pos["terrain"] == terrain


@pytest.mark.rule("TAL-17.1.d")
def test_a_custom_position_places_terrain_where_it_likes_within_the_seeds_rules():
    """Design Your Own Scenarios (27.0) is not in the seed: a position may hold any terrain in
    any hex, and setup checks only what the seed says (no ship within 2 hexes of a Black Hole)."""
    from hexfleet.games.talon.setup import check_setup

    g = ship("g", "terran-ca", "terran", (0, 0), 0)
    x = ship("x", "talon-ca", "talon", (6, 0), 3)
    free = [{"kind": "asteroid", "hex": [1, 0]}, {"kind": "nebula", "hex": [5, 0]}, {"kind": "planet", "hex": [3, 2]},
            {"kind": "black_hole", "hex": [3, -3]}]
    check_setup(parse_position(position(g, x, terrain=free)))
    with pytest.raises(RuleError) as err:
        check_setup(parse_position(position(g, x, terrain=[{"kind": "black_hole", "hex": [2, 0]}])))
    assert err.value.rule == "TAL-18.1.d"


@pytest.mark.rule("TAL-17.2.1.b")
def test_a_planet_is_never_a_target():
    """A planet in arc and range: the fire orders offered name only the enemy ship, and a shot
    naming the planet is refused (it is no unit in play)."""
    g = ship("g", "terran-ca", "terran", (0, 0), 0)
    x = ship("x", "talon-ca", "talon", (2, -1), 3)
    pos = position(g, x, terrain=[{"kind": "planet", "hex": [2, 0]}], impulse="C", step="fire", **TERRAN)
    state = interchange.parse(pos)
    fired = [o for o in RULESET.legal_orders(state, "terran") if o["do"] == "fire"]
    assert fired and {s["target"] for o in fired for s in o["shots"]} == {"x"}
    shot = {"do": "fire", "ship": "g", "group": 1, "shots": [{"target": "planet"}]}
    assert rule_of(pos, [t(shot, "terran")]) == "TAL-8.2.1"


@pytest.mark.rule("TAL-17.3.c")
def test_asteroid_speed_a_ship_with_speed_at_most_power_keeps_its_shields():
    """Through a field of asteroids for a whole Round, reinforcing the forward arc whenever it
    has an AP: at 3-3-2 and 4-2-1 (Speed <= Power) every asteroid's damage lands on a fresh
    reinforcement; at 2-4-2 (Speed > Power) some reaches the shield boxes."""
    def reinforce_then_move(seat: str, orders: list[dict[str, Any]]) -> dict[str, Any]:
        wanted = [o for o in orders if o["do"] == "ap" and o["use"] == "reinforce" and o.get("arc") == "F"]
        return wanted[0] if seat == "terran" and wanted else straight_or_end(orders)

    def shields_lost(curve: list[int]) -> int:
        g = ship("g", "terran-ca", "terran", (0, 0), 0, curve=curve)
        rocks = [{"kind": "asteroid", "hex": [q, 0]} for q in range(1, 7)]
        pos = position(g, ship("x", "talon-ca", "talon", (0, 9), 0), terrain=rocks, impulse="A", step="ap",
                       **TERRAN)
        state, ev = play_round(interchange.parse(pos), reinforce_then_move)
        hits = [e for e in of(ev, "damaged") if e["unit"] == "g"]
        assert len(hits) == curve[1] and unit(state.pos, "g")["hex"] == [curve[1], 0]  # one asteroid per hex
        return sum(e["shield"] + e["hull"] for e in hits)

    assert shields_lost([3, 3, 2]) == 0 and shields_lost([4, 2, 1]) == 0
    assert shields_lost([2, 4, 2]) > 0


@pytest.mark.rule("TAL-DN")
def test_the_designer_notes_non_vector_flat_and_power_spent_as_it_comes():
    """Non-vector: a turn moves the ship into the hex ahead of its new facing and the next move
    follows that facing, with no drift along the old one. Flat: a hex has two coordinates, a
    third is refused. Power as it comes: an AP not spent in its Impulse is gone in the next."""
    g = ship("g", "terran-ca", "terran", (0, 0), 0)
    pos = position(g, ship("x", "talon-ca", "talon", (0, 9), 0), impulse="B", **TERRAN)
    nxt, _ = resolve(pos, [t({"do": "move", "unit": "g", "how": "turn_left"}, "terran")])
    turned = unit(nxt, "g")
    assert (turned["hex"], turned["facing"]) == ([1, -1], 1)
    on = position({**turned, "moved": False}, ship("x", "talon-ca", "talon", (0, 9), 0), impulse="D", step="move",
                  **TERRAN)
    nxt, _ = resolve(on, [t({"do": "move", "unit": "g", "how": "straight"}, "terran")])
    assert unit(nxt, "g")["hex"] == [2, -2]
    with pytest.raises(FormatError):
        parse_position(position(ship("g", "terran-ca", "terran", (0, 0)) | {"hex": [0, 0, 0]}))
    # 4-2-1: an AP in Impulse A (it lists 4), none in B; the AP of A left unspent is not kept
    pos = position(ship("g", "terran-ca", "terran", (0, 0), 0, curve=[4, 2, 1]),
                   ship("x", "talon-ca", "talon", (0, 9), 0), impulse="A", step="ap", **TERRAN)
    nxt, _ = resolve(pos, [t({"do": "end_turn"}, "terran"), t({"do": "end_turn"})])
    assert (nxt["impulse"], nxt["player"], nxt["step"]) == ("B", "terran", "ap")
    assert rule_of(nxt, [t({"do": "ap", "ship": "g", "use": "reinforce", "arc": "F"}, "terran")]) == "TAL-4.1.d"
