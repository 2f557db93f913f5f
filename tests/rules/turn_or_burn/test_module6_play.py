"""Module 6 (Big Party) in play: positions resolved turn by turn through the interchange
format, as ``hexfleet resolve`` runs them (TOB-M6-*, the book's worked examples EX-25..27)."""

from __future__ import annotations

import pytest

from hexfleet.engine.errors import FormatError, RuleError
from hexfleet.games.turn_or_burn.interchange import parse

from .m6_helpers import CENTRE, FREIGHTER, STD4, STD6, fighter, of_type, party, resolve, turns

EX27_POINTS = {"system": 1, "ship": 3, "eject": -3, "station": 1, "special_enemy": 7}


def ramming_pair(**b_kw):
    """A (P1) and B (P2) meet in hex [10, 10]; their markers end 8 hexes apart (TOB-EX-26)."""
    a = fighter("A", "P1", [5, 10], STD6, facing="C", momentum=[10, 10])
    b = fighter("B", "P2", [13, 10], STD6, facing="F", momentum=[10, 10], **b_kw)
    return a, b


@pytest.mark.rule("TOB-M6-OVR-01")
def test_big_party_runs_the_nine_phases_with_the_earlier_modules():
    a = fighter("A", "P1", [10, 10], STD4)
    b = fighter("B", "P2", [20, 10], STD4)
    out, events = resolve(party(a, b), {"A": [{"card": "B1A"}]})
    assert out["scenario"] == "big_party" and out["format"] == "turn-or-burn/2"
    assert [e["number"] for e in of_type(events, "phase")] == [2, 3, 4, 5, 6, 7, 8, 9]
    pos = party(a, b)
    pos.pop("scenario")
    assert parse(pos).config.play == ""  # the default scenario of Module 6 is big_party
    assert parse(pos).config.party is not None


@pytest.mark.rule("TOB-M6-OVR-02")
@pytest.mark.rule("TOB-AMB-42")
def test_at_most_8_players_15_ships_each_15_cards_each():
    ships = [fighter(f"S{i}", "P1", [2 + i, 10], STD4) for i in range(16)]
    with pytest.raises(RuleError) as err:
        parse(party(*ships, fighter("B", "P2", [30, 10], STD4)))
    assert err.value.rule == "TOB-M6-OVR-02"
    parse(party(*ships[:15], fighter("B", "P2", [30, 10], STD4)))  # 15 is fine
    nine = [fighter(f"S{i}", f"Q{i}", [2 + 2 * i, 10], STD4) for i in range(9)]
    with pytest.raises((RuleError, FormatError)) as bad:
        parse(party(*nine, players=[{"id": f"Q{i}", "number": i + 1} for i in range(9)]))
    assert "8" in str(bad.value)
    big = fighter("U", "P1", [10, 10], ["CM", "STR", "STR", "STR", "STR", "THR"] + ["LT"] * 10)
    with pytest.raises(RuleError) as err:
        parse(party(big, fighter("B", "P2", [30, 10], STD4)))
    assert err.value.rule in ("TOB-M6-OVR-02", "TOB-M3-SIZE-01")


@pytest.mark.rule("TOB-M6-ORDER-01")
def test_written_orders_one_row_per_ship_no_maneuver_sets():
    """Each ship's orders are written: fifteen ships may all burn B1A in one turn (no shared
    maneuver sets, unlike TOB-M2-SETUP-01), and a ship with two crew fills two columns."""
    ships = [fighter(f"S{i}", "P1", [2 + 2 * i, 10], STD4) for i in range(14)]
    ships.append(fighter("S14", "P1", [2, 20], ["CM", "CM", "STR", "STR", "THR", "THR", "LT", "BG"], facing="C"))
    pos = party(*ships, fighter("B", "P2", [30, 0], STD4))
    orders = {f"S{i}": [{"card": "B1A"}] for i in range(14)} | {"S14": [{"card": "B1A"}, {"card": "LT"}]}
    _, events = resolve(pos, orders)
    moved = {e["id"] for e in of_type(events, "moved") if e["from"] != e["to"]}
    assert {f"S{i}" for i in range(15)} - {"S14"} <= moved
    assert {"B1A", "LT"} <= set(next(e for e in of_type(events, "revealed") if e["id"] == "S14")["cards"])


@pytest.mark.rule("TOB-M6-SHEET-01")
@pytest.mark.rule("TOB-M6-SHEET-02")
def test_the_ship_sheet_marks_destroyed_repaired_and_disabled_cards():
    heavy = fighter("H", "P1", [10, 10], ["CM", "CM", "STR", "STR", "THR", "BOT", "NB", "NB"],
                    heavy_guns=[["NB", "NB"]], destroyed=["NB", "THR"],
                    marks=["ok", "ok", "ok", "ok", "destroyed", "ok", "destroyed", "ok"])
    pos = party(heavy, fighter("B", "P2", [30, 0], STD4))
    out, _ = resolve(pos, {"H": [{"card": "BOT", "repair": "THR"}]})
    ship = next(f for f in out["fighters"] if f["id"] == "H")
    assert ship["cards"] == heavy["cards"]  # the sheet order is kept
    assert ship["marks"] == ["ok", "ok", "ok", "ok", "repaired", "ok", "destroyed", "disabled"]
    bad = dict(heavy, marks=["ok"] * 8)
    with pytest.raises(RuleError) as err:
        parse(party(bad, fighter("B", "P2", [30, 0], STD4)))
    assert err.value.rule == "TOB-M6-SHEET-02"


@pytest.mark.rule("TOB-M6-HIT-01")
def test_a_hit_pulls_numbered_hit_cards_and_records_the_slots():
    a = fighter("A", "P1", [10, 10], ["CM", "STR", "THR", "BG"], facing="C")
    b = fighter("B", "P2", [12, 10], ["CM", "STR", "STR", "THR", "LT", "SG", "ARM", "JAM"])
    for seed in range(5):
        out, events = resolve(party(a, b), {"A": [{"card": "BG", "target": "B"}]}, seed=seed)
        shot = of_type(events, "shot")[0]
        pulled = of_type(events, "pulled")[0]
        assert len(pulled["hit_cards"]) == shot["damage"]
        numbers = [k for k in pulled["hit_cards"] if k != "MISS"]
        assert all(1 <= k <= 8 for k in numbers)
        if pulled["effect"] == "destroyed":
            assert sorted(pulled["slots"]) == sorted(numbers)  # nothing lost before: card k is slot k
            assert [b["cards"][s - 1] for s in pulled["slots"]] == [c for c in pulled["cards"] if c != "MISS"]


@pytest.mark.rule("TOB-M6-HIT-02")
@pytest.mark.rule("TOB-AMB-43")
def test_the_dice_hit_method_rolls_the_smallest_die_that_fits():
    a = fighter("A", "P1", [10, 10], ["CM", "STR", "THR", "LT"], facing="C")
    b = fighter("B", "P2", [12, 10], ["CM", "STR", "STR", "THR", "LT", "SG", "JAM"])
    pos = party(a, b, options={"hit_method": "dice"})
    # 7 systems, no miss card (range 2: 0, size 7: -1) = 7: a d8. LT does 1 damage: one face counts.
    out, events = resolve(pos, {"A": [{"card": "LT", "target": "B"}]}, dice=(3,))
    rolls = [e for e in of_type(events, "die") if e["purpose"] == "hit"]
    assert rolls[0]["sides"] == 8 and rolls[0]["face"] == 3
    pulled = of_type(events, "pulled")[0]
    assert pulled["hit_cards"] == [3] and pulled["slots"] == [3] and pulled["cards"] == ["STR"]
    _, events = resolve(pos, {"A": [{"card": "LT", "target": "B"}]}, dice=(8, 5))  # 8 > N: rolled again
    assert [e["face"] for e in of_type(events, "die") if e["purpose"] == "hit"] == [8, 5]
    assert of_type(events, "pulled")[0]["cards"] == ["LT"]
    six = fighter("B", "P2", [15, 10], ["CM", "STR", "THR", "LT", "SG", "JAM"])  # range 5: 1 miss card, N = 7
    _, events = resolve(party(a, six, options={"hit_method": "dice"}), {"A": [{"card": "LT", "target": "B"}]},
                        dice=(7,))
    assert of_type(events, "pulled")[0]["hit_cards"] == ["MISS"]


@pytest.mark.rule("TOB-M6-MAN-01")
def test_b5a_moves_5_ahead_and_needs_its_thrusters():
    four = fighter("F", "P1", [10, 10], STD4, facing="C")
    out, events = resolve(party(four, fighter("B", "P2", [30, 0], STD4)), {"F": [{"card": "B5A"}]})
    ship = next(f for f in out["fighters"] if f["id"] == "F")
    assert (ship["hex"], ship["momentum"]) == ([15, 10], [20, 10])
    five = fighter("G", "P1", [10, 10], ["CM", "STR", "THR", "LT", "SG"], facing="C")
    with pytest.raises(RuleError) as err:
        resolve(party(five, fighter("B", "P2", [30, 0], STD4)), {"G": [{"card": "B5A"}]})
    assert err.value.rule == "TOB-M6-MAN-01"
    # A B5A counts 5 miss cards against shots at the burner (thrust-n rule, derived).
    shooter = fighter("S", "P2", [14, 12], STD4, facing="A")
    _, events = resolve(party(four, shooter), {"F": [{"card": "B5A"}], "S": [{"card": "LT", "target": "F"}]})
    shot = of_type(events, "shot")[0]
    assert shot["miss_cards"] == 5 + 2 + (shot["effective_range"] > 3)


@pytest.mark.rule("TOB-M6-RAM-01")
@pytest.mark.rule("TOB-M6-RAM-04")
@pytest.mark.rule("TOB-EX-26")
@pytest.mark.rule("TOB-AMB-44")
def test_ramming_in_the_same_hex_at_the_start_of_fire_guns_damage_is_marker_distance():
    a, b = ramming_pair()
    out, events = resolve(party(a, b), {"A": [{"card": "RAM", "target": "B"}], "B": [{"card": "T60S"}]})
    kinds = [e["type"] for e in events]
    rammed = of_type(events, "rammed")[0]
    assert rammed == {"type": "rammed", "rammer": "A", "target": "B", "module": 6, "damage": 8}
    fire = next(i for i, e in enumerate(events) if e["type"] == "phase" and e["number"] == 7)
    assert kinds.index("rammed") == fire + 1
    hits = of_type(events, "ram_hit")
    assert [(h["ship"], h["damage"]) for h in hits] == [("A", 8), ("B", 8)]
    # Not in the same hex: nothing happens.
    far = fighter("B", "P2", [13, 10], STD6, facing="F", momentum=[11, 10])
    _, events = resolve(party(a, far), {"A": [{"card": "RAM", "target": "B"}]})
    assert of_type(events, "rammed") == [] and of_type(events, "ram_void")[0]["reason"] == "not_in_hex"


@pytest.mark.rule("TOB-M6-RAM-02")
@pytest.mark.rule("TOB-EX-26")
def test_ramming_miss_cards_per_ship():
    """TOB-EX-26 derived: A rammed, B turned 60 degrees: A 0 misses, B 2 + 1 = 3; shields +3."""
    a, b = ramming_pair()
    _, events = resolve(party(a, b), {"A": [{"card": "RAM", "target": "B"}], "B": [{"card": "T60S"}]})
    assert {h["ship"]: h["miss_cards"] for h in of_type(events, "ram_hit")} == {"A": 0, "B": 3}
    a, b = ramming_pair(shields=True)
    _, events = resolve(party(a, b), {"A": [{"card": "RAM", "target": "B"}], "B": [{"card": "T120P"}]})
    assert {h["ship"]: h["miss_cards"] for h in of_type(events, "ram_hit")} == {"A": 0, "B": 2 + 3 + 2}


@pytest.mark.rule("TOB-M6-RAM-03")
def test_armor_absorbs_nothing_against_ramming():
    a, b = ramming_pair()
    _, events = resolve(party(a, b), {"A": [{"card": "RAM", "target": "B"}]})
    pulls = [e for e in of_type(events, "pulled") if e["target"] == "B"]
    assert pulls and pulls[0]["effect"] != "armor"
    assert "ARM" in pulls[0]["cards"] or len([c for c in pulls[0]["cards"] if c != "MISS"]) < 6


@pytest.mark.rule("TOB-M6-SHIP-01")
def test_no_external_systems_in_big_party():
    ext = fighter("X", "P1", [10, 10], ["CM", "STR", "THR", "LT"], external=["JAM"])
    with pytest.raises(RuleError) as err:
        parse(party(ext, fighter("B", "P2", [30, 0], STD4)))
    assert err.value.rule in ("TOB-M6-SHIP-01", "TOB-M3-OPT-01")


@pytest.mark.rule("TOB-M6-FRT-02")
@pytest.mark.rule("TOB-M6-MODE-05")
@pytest.mark.rule("TOB-AMB-47")
def test_a_freighter_delivers_next_to_its_station_and_returns_with_its_damage():
    station = {"id": "S1", "hex": CENTRE, "owner": "P1"}
    frt = fighter("F", "P1", [CENTRE[0] + 1, CENTRE[1]], FREIGHTER, destroyed=["CARGO"])
    pos = party(frt, fighter("B", "P2", [35, 5], STD4), stations=[station],
                game={"modes": ["freighter"], "points": {"cargo": 2}, "round_limit": 10})
    out, events = resolve(pos, {})
    assert of_type(events, "delivered") == [{"type": "delivered", "id": "F", "station": "S1", "cargo": 5,
                                              "points": 10}]
    assert out["scores"]["P1"] == 10
    assert of_type(events, "entered")[0]["id"] == "F"  # it leaves at once and restarts next turn
    ship = next(f for f in out["fighters"] if f["id"] == "F")
    assert ship["destroyed"] == ["CARGO"] and ship["hex"] == [0, 0]  # the start region's first hex, damage kept
    assert out["turn"] == 2 and out["replacements"] == []
    # Too fast (speed 3), or next to another player's station: no delivery.
    fast = dict(frt, momentum=[CENTRE[0] + 1, CENTRE[1] + 3])
    _, events = resolve(dict(pos, fighters=[fast, pos["fighters"][1]]), {})
    assert of_type(events, "delivered") == []
    theirs = dict(pos, stations=[dict(station, owner="P2")])
    _, events = resolve(theirs, {})
    assert of_type(events, "delivered") == []


@pytest.mark.rule("TOB-M6-STN-01")
@pytest.mark.rule("TOB-M6-STN-03")
def test_a_station_is_captured_by_damage_and_never_destroyed():
    station = {"id": "S1", "hex": CENTRE, "owner": None}
    a = fighter("A", "P1", [CENTRE[0] - 3, CENTRE[1]], ["CM", "STR", "THR", "BG"], facing="C")
    pos = party(a, fighter("B", "P2", [35, 5], STD4), stations=[station],
                game={"modes": ["capture"], "points": {"station": 1}, "round_limit": 10})
    out, events = resolve(pos, {"A": [{"card": "BG", "target": "S1"}]})
    hit = of_type(events, "station_hit")[0]
    assert hit["station"] == "S1" and hit["side"] == "P1" and hit["miss_cards"] == 0 and hit["damage"] == 6
    assert of_type(events, "station_captured") == [{"type": "station_captured", "station": "S1", "owner": "P1",
                                                    "previous": None}]
    assert out["stations"] == [{"id": "S1", "hex": CENTRE, "owner": "P1"}]
    assert out["scores"]["P1"] == 1  # capture: a point per station at the end of the turn
    out, _ = resolve(out, {})
    assert out["scores"]["P1"] == 2 and out["stations"][0]["hex"] == CENTRE


@pytest.mark.rule("TOB-M6-MODE-01")
def test_the_round_limit_ends_the_game_most_points_wins():
    station = {"id": "S1", "hex": CENTRE, "owner": "P2"}
    pos = party(fighter("A", "P1", [5, 5], STD4), fighter("B", "P2", [35, 5], STD4), stations=[station],
                game={"modes": ["capture"], "points": {"station": 1}, "round_limit": 2, "point_goal": 30},
                scores={"P1": 1, "P2": 0})
    out, events = resolve(pos, {})
    assert of_type(events, "game_over") == []
    out, events = resolve(out, {})
    assert of_type(events, "game_over") == [{"type": "game_over", "winner": "P2"}]  # 2 against 1
    goal = dict(pos, game={"modes": ["capture"], "points": {"station": 1}, "round_limit": 9, "point_goal": 1})
    _, events = resolve(goal, {})
    assert of_type(events, "game_over") == [{"type": "game_over", "draw": True}]  # both at 1


@pytest.mark.rule("TOB-M6-MODE-02")
def test_last_man_standing_destroyed_ships_are_gone():
    a = fighter("A", "P1", [10, 10], ["CM", "STR", "THR", "BG"], facing="C")
    b = fighter("B", "P2", [12, 10], STD4)
    c = fighter("C", "P3", [30, 0], STD4)
    out, events = resolve(party(a, b, c), {"A": [{"card": "BG", "target": "B"}]})
    assert of_type(events, "eliminated")[0]["id"] == "B" and out["replacements"] == []
    assert of_type(events, "game_over") == [] and out["scores"] == {"P1": 0, "P2": 0, "P3": 0}
    out, events = resolve(out, {"C": [{"card": "CM"}]})  # P3's last ship ejects
    assert of_type(events, "game_over") == [{"type": "game_over", "winner": "P1"}]


@pytest.mark.rule("TOB-M6-MODE-03")
@pytest.mark.rule("TOB-AMB-48")
def test_dogfight_scores_cards_ships_and_ejects_and_ships_return_at_t_plus_2():
    a = fighter("A", "P1", [10, 10], ["CM", "STR", "THR", "BG"], facing="C")
    b = fighter("B", "P2", [12, 10], STD4)
    c = fighter("C", "P2", [30, 0], STD4)
    game = {"modes": ["dogfight"], "points": {"system": 1, "ship": 3, "eject": -3}, "round_limit": 10}
    out, events = resolve(party(a, b, c, game=game), {"A": [{"card": "BG", "target": "B"}], "C": [{"card": "CM"}]})
    scored = {(e["side"], e["reason"]): e["points"] for e in of_type(events, "scored")}
    assert scored == {("P1", "system"): 4, ("P1", "ship"): 3, ("P2", "eject"): -3}
    assert out["scores"] == {"P1": 7, "P2": -3}
    assert sorted((r["id"], r["enters_on_turn"]) for r in out["replacements"]) == [("B", 3), ("C", 3)]
    assert out["turn"] == 2 and {f["id"] for f in out["fighters"]} == {"A"}  # turn 2 without them
    out, events = resolve(out, {})
    assert out["turn"] == 3 and {e["id"] for e in of_type(events, "entered")} == {"B", "C"}
    assert next(f for f in out["fighters"] if f["id"] == "B")["destroyed"] == []


@pytest.mark.rule("TOB-M6-MODE-04")
def test_capture_scores_owned_stations_every_turn_and_ships_return():
    stations = [{"id": "S1", "hex": CENTRE, "owner": "P1"},
                {"id": "S2", "hex": [CENTRE[0] + 6, CENTRE[1] - 3], "owner": "P1"}]
    a = fighter("A", "P1", [10, 10], ["CM", "STR", "THR", "BG"], facing="C")
    b = fighter("B", "P2", [12, 10], STD4)
    game = {"modes": ["capture"], "points": {"station": 2}, "round_limit": 10}
    out, events = resolve(party(a, b, stations=stations, game=game), {"A": [{"card": "BG", "target": "B"}]})
    assert out["scores"] == {"P1": 4, "P2": 0}  # no points for the kill in capture alone
    assert out["replacements"][0]["enters_on_turn"] == 3


@pytest.mark.rule("TOB-M6-MODE-06")
def test_special_enemy_bonus_for_the_next_higher_number_only():
    game = {"modes": ["special_enemy"], "points": {"special_enemy": 7}, "round_limit": 10}
    a = fighter("A", "P1", [10, 10], ["CM", "STR", "THR", "BG"], facing="C")
    players = [{"id": "P1", "number": 3}, {"id": "P2", "number": 1}, {"id": "P3", "number": 2}]
    b = fighter("B", "P2", [12, 10], STD4)
    c = fighter("C", "P3", [30, 0], STD4)
    out, _ = resolve(party(a, b, c, game=game, players=players), {"A": [{"card": "BG", "target": "B"}]})
    assert out["scores"]["P1"] == 7  # number 3 wraps round to number 1, P2
    c_near = fighter("C", "P3", [12, 10], STD4)
    out, _ = resolve(party(a, dict(b, hex=[30, 0], momentum=[30, 0]), c_near, game=game, players=players),
                     {"A": [{"card": "BG", "target": "C"}]})
    assert out["scores"]["P1"] == 0  # P3 is not P1's special enemy


@pytest.mark.rule("TOB-M6-MODE-07")
@pytest.mark.rule("TOB-EX-27")
@pytest.mark.rule("TOB-AMB-51")
def test_combined_scoring_example():
    """TOB-EX-27: 4 cards and a ship of the special enemy, a station for 3 turn-ends, one
    eject: 4 + 3 + 7 + 3 - 3 = 14."""
    a = fighter("A", "P1", [10, 10], ["CM", "STR", "THR", "BG"], facing="C")
    c = fighter("C", "P1", [5, 20], STD4)
    b = fighter("B", "P2", [12, 10], STD4)
    d = fighter("D", "P2", [35, 0], STD4)
    station = {"id": "S1", "hex": CENTRE, "owner": "P1"}
    game = {"modes": ["dogfight", "capture", "special_enemy"], "points": EX27_POINTS, "round_limit": 10}
    out, _ = turns(party(a, b, c, d, stations=[station], game=game),
                   {"A": [{"card": "BG", "target": "B"}]}, {"C": [{"card": "CM"}]}, {})
    assert out["scores"]["P1"] == 14
    with pytest.raises(RuleError) as err:
        parse(party(a, b, game={"modes": ["last_man_standing", "dogfight"]}))
    assert err.value.rule == "TOB-M6-MODE-07"


@pytest.mark.rule("TOB-M6-STN-02")
@pytest.mark.rule("TOB-AMB-46")
def test_station_placement_a_fifth_from_the_edges_and_5_apart():
    ok = party(fighter("A", "P1", [5, 5], STD4), fighter("B", "P2", [35, 5], STD4),
               stations=[{"id": "S1", "hex": CENTRE, "owner": None}])
    parse(ok)
    near_edge = dict(ok, stations=[{"id": "S1", "hex": [3, 10], "owner": None}])
    with pytest.raises(RuleError) as err:
        parse(near_edge)
    assert err.value.rule == "TOB-M6-STN-02"
    close = dict(ok, stations=[{"id": "S1", "hex": CENTRE, "owner": None},
                               {"id": "S2", "hex": [CENTRE[0] + 4, CENTRE[1]], "owner": None}])
    with pytest.raises(RuleError) as err:
        parse(close)
    assert err.value.rule == "TOB-M6-STN-02"


@pytest.mark.rule("TOB-M6-STN-01")
def test_turn_reports_tell_rams_stations_deliveries_and_points():
    from hexfleet.render import turn_or_burn as presenter
    station = {"id": "S1", "hex": CENTRE, "owner": None}
    a = fighter("A", "P1", [CENTRE[0] - 3, CENTRE[1]], ["CM", "STR", "THR", "BG"], facing="C")
    pos = party(a, fighter("B", "P2", [35, 5], STD4), stations=[station],
                game={"modes": ["capture"], "points": {"station": 1}, "round_limit": 10})
    out, events = resolve(pos, {"A": [{"card": "BG", "target": "S1"}]})
    text = [presenter.describe_event(e) for e in events]
    assert "A (P1) does 6 damage to station S1" in text
    assert "station S1 now belongs to P1" in text and "P1 scores 1 (station), total 1" in text
    assert 'class="station" data-id="S1" data-owner="P1"' in presenter.svg(out)
    a, b = ramming_pair()
    _, events = resolve(party(a, b), {"A": [{"card": "RAM", "target": "B"}]})
    assert "A rams B: 8 damage to each" in [presenter.describe_event(e) for e in events]


@pytest.mark.rule("TOB-M6-ORDER-01")
def test_a_big_party_order_sheet_names_ships_rams_and_stations():
    from hexfleet.games import get_ruleset
    from hexfleet.games.turn_or_burn import sheet
    rules = get_ruleset("turn-or-burn")
    state = rules.new_game("big-party", seed=1, options={"players": 3, "ships": 3, "mode": "capture"})
    read = sheet.read(state, "P1", "P1-1: RAM > P2-1\nP1-2: B5A\nP1-3: Bubble Gun > S1")
    plot = read.answers["plot"]
    assert plot == {"P1-1": [{"card": "RAM", "target": "P2-1"}], "P1-2": [{"card": "B5A"}],
                    "P1-3": [{"card": "BG", "target": "S1"}]}
    with pytest.raises(RuleError) as err:  # the 9-card heavy has 2 thrusters: B5A needs 4
        rules.validate(state, "P1", plot)
    assert err.value.rule == "TOB-M6-MAN-01"
    rules.validate(state, "P1", {**plot, "P1-2": [{"card": "B2A"}]})


@pytest.mark.rule("TOB-M6-MODE-03")
def test_a_returning_ship_is_placed_by_order_inside_its_start_region():
    a = fighter("A", "P1", [10, 10], ["CM", "STR", "THR", "BG"], facing="C")
    b = fighter("B", "P2", [12, 10], STD4)
    game = {"modes": ["dogfight"], "points": {"ship": 3}, "round_limit": 10}
    out, _ = resolve(party(a, b, fighter("C", "P2", [30, 0], STD4), game=game),
                     {"A": [{"card": "BG", "target": "B"}]})
    with pytest.raises(RuleError) as err:
        resolve(out, {"B": [{"place": {"hex": [10, 10]}}]})
    assert err.value.rule == "TOB-M6-MODE-03"
    out, events = resolve(out, {"B": [{"place": {"hex": [1, 0], "facing": "C", "momentum": [3, 0]}}]})
    assert of_type(events, "entered")[0] == {"type": "entered", "id": "B", "side": "P2", "hex": [1, 0], "facing": "C",
                                             "momentum": [3, 0], "shields": False, "external": [], "heavy_guns": 0}


@pytest.mark.rule("TOB-M6-MODE-07")
@pytest.mark.parametrize("mode", ["combination", "last_man_standing"])
def test_the_kernel_contract_holds_for_big_party_presets(mode):
    from hexfleet.games import get_ruleset
    from hexfleet.testing import Contract, check_ruleset

    from .test_contract import hidden_variants
    contract = Contract("big-party", hidden_variants, seeds=2, max_steps=10,
                        options={"players": 4, "ships": 2, "mode": mode})
    played = check_ruleset(get_ruleset("turn-or-burn"), contract)
    assert len(played) == 2


@pytest.mark.rule("TOB-M6-SHEET-02")
def test_another_player_sees_crosses_but_not_the_disabled_half_of_a_heavy_gun():
    from hexfleet.games import get_ruleset
    heavy = fighter("H", "P1", [10, 10], ["CM", "CM", "STR", "STR", "THR", "BOT", "NB", "NB"],
                    heavy_guns=[["NB", "NB"]], destroyed=["NB"])
    state = parse(party(heavy, fighter("B", "P2", [30, 0], STD4)))
    rules = get_ruleset("turn-or-burn")
    mine = next(f for f in rules.view(state, "P1")["fighters"] if f["id"] == "H")
    theirs = next(f for f in rules.view(state, "P2")["fighters"] if f["id"] == "H")
    assert mine["marks"][6:] == ["disabled", "destroyed"]
    assert theirs["marks"][6:] == ["ok", "destroyed"]
