"""Module 6 (Big Party) readings of the digest's ambiguities (TOB-AMB-45, 50, 52, 66) and its
material (TOB-COMP-07), through the interchange format: how a station is hit, the details of
the player skills, which module Big Party is, what a freighter's "light weapons" are, and the
ship sheet, hit cards and counters the model stands in for."""

from __future__ import annotations

import pytest

from hexfleet.engine.errors import FormatError, RuleError
from hexfleet.games.turn_or_burn import big_party
from hexfleet.games.turn_or_burn.interchange import parse
from hexfleet.games.turn_or_burn.rules import RULESET
from hexfleet.render.turn_or_burn import glossary

from .m6_helpers import CENTRE, FREIGHTER, STD4, fighter, of_type, party, resolve

CAPTURE = {"modes": ["capture"], "points": {"station": 1}, "round_limit": 10}


def station_shot(range_: int, seed: int, **options: str) -> tuple[dict, list[dict]]:
    """A bubble gun (6 damage) fired at station S1 from ``range_`` hexes straight ahead."""
    a = fighter("A", "P1", [CENTRE[0] - range_, CENTRE[1]], ["CM", "STR", "THR", "BG"], facing="C")
    pos = party(a, fighter("B", "P2", [35, 5], STD4), stations=[{"id": "S1", "hex": CENTRE, "owner": None}],
                game=CAPTURE, options=options)
    return resolve(pos, {"A": [{"card": "BG", "target": "S1"}]}, seed=seed)


@pytest.mark.rule("TOB-AMB-45")
def test_a_station_is_hit_through_15_notional_cards_with_3_fewer_miss_cards_and_never_loses_any():
    damage = []
    for seed in range(160):
        out, events = station_shot(11, seed)
        (hit,) = of_type(events, "station_hit")
        assert (hit["miss_cards"], hit["hand_size"]) == (1, 16)  # range 10-12: 4 miss cards, -3 for a station
        damage.append(hit["damage"])
        assert out["stations"] == [{"id": "S1", "hex": CENTRE, "owner": "P1"}]  # it stays, only changes hands
        assert not of_type(events, "pulled") and not of_type(events, "eliminated")
    assert set(damage) == {5, 6}  # the damage is the notional hit cards among the 6 pulled
    assert 0.2 < damage.count(5) / len(damage) < 0.55  # the miss card is among 6 of 16 with chance 6/16
    _, events = station_shot(3, 0)
    assert of_type(events, "station_hit")[0]["miss_cards"] == 0  # range 1-3: 0 - 3, never below 0
    for seed in range(20):  # the option: any shot in range and arc hits for its full damage
        _, events = station_shot(11, seed, station_hit="auto")
        assert of_type(events, "station_hit")[0]["damage"] == 6


def skilled(*skills: str) -> list[dict]:
    return [{"id": "P1", "number": 1, "skills": list(skills)}, {"id": "P2", "number": 2, "skills": []}]


@pytest.mark.rule("TOB-AMB-50")
def test_skill_details_long_range_after_the_lock_on_jam_floors_and_automatic_ammo_in_phase_8():
    # skill 3 after lock-on halving, at least 1: range 8 locked = 4, less 2 = 2; range 2 locked = 1
    for far, expected in ((8, 2), (2, 1)):
        a = fighter("A", "P1", [10, 10], ["CM", "STR", "THR", "NB", "SCAN"], facing="C", lock_on="B")
        b = fighter("B", "P2", [10 + far, 10], STD4)
        _, events = resolve(party(a, b, players=skilled("long_range_weapon")), {"A": [{"card": "NB", "target": "B"}]})
        assert of_type(events, "shot")[0]["effective_range"] == expected
    # skills 8 and 9: a miss card per 2 or 3 hexes, rounded down (13 hexes: 6; 11 hexes: 3)
    mine = {"id": "M", "side": "P2", "kind": "mine", "hex": [20, 10], "momentum": [20, 10]}
    for skill, far, deck in (("long_range_jammer", 13, 7), ("precision_jam", 11, 4)):
        j = fighter("J", "P1", [20, 10 + far], ["CM", "STR", "THR", "LT", "JAM"])
        pos = party(j, fighter("B", "P2", [35, 5], STD4), players=skilled(skill), projectiles=[mine])
        for seed in range(80):  # "destroy" is a detonation as in Module 4: it explodes
            _, events = resolve(pos, {"J": [{"card": "JAM", "detonate": "M"}]}, seed=seed)
            attempt = of_type(events, "jam_attempt")[0]
            assert (attempt["distance"], attempt["deck"]) == (far, deck)
            if attempt["result"] == "detonated":
                assert of_type(events, "detonated")[0]["cause"] == "jammer"
                break
        else:
            pytest.fail(f"no seed sets the mine off with {skill}")
    # skills 5 and 6 go off in the Detonate phase; a friendly ship within 1 hex (dist <= 1) holds them
    own = {"id": "M", "side": "P1", "kind": "mine", "hex": [20, 10], "momentum": [20, 10]}
    enemy = fighter("B", "P2", [20, 10], STD4)
    for guard_hex, goes_off in (([22, 10], True), ([21, 10], False)):
        guard = fighter("G", "P1", guard_hex, STD4)
        _, events = resolve(party(guard, enemy, players=skilled("automatic_ammo"), projectiles=[own]), {})
        booms = of_type(events, "detonated")
        assert bool(booms) == goes_off, guard_hex
        if goes_off:
            assert booms[0]["cause"] == "automatic"
            assert events.index(booms[0]) > events.index({"type": "phase", "number": 8, "name": "detonate"})


@pytest.mark.rule("TOB-AMB-52")
def test_big_party_is_module_6_and_experimental_module_5():
    info = RULESET.scenarios()["big-party"]
    assert "module-6" in info.features and "module-5" not in info.features
    assert 6 in RULESET.new_game("big-party", seed=0).config.modules
    terms = glossary()["terms"]
    assert terms["B5A"]["module"] == 6 and terms["FB"]["module"] == 5  # Big Party's burn, Experimental's beam
    pos = party(fighter("A", "P1", [10, 10], STD4), fighter("B", "P2", [20, 10], STD4))
    parse(pos)
    with pytest.raises(FormatError) as err:  # Big Party's fields need module 6, not 5
        parse({**pos, "modules": [1, 2, 3, 4, 5]})
    assert "Module 6" in err.value.message


@pytest.mark.rule("TOB-AMB-66")
@pytest.mark.parametrize("gun", ["BG", "DB", "NB", "LT"])
def test_a_freighters_light_weapons_are_the_module_1_guns_not_heavy(gun):
    base = [c for c in FREIGHTER if c != "LT"]
    f = parse(party(fighter("F", "P1", [10, 10], base + [gun]), fighter("B", "P2", [20, 10], STD4),
                    game={"modes": ["freighter"]})).fighters[0]
    big_party.check_ship(f)  # each Module 1 gun is a light weapon
    for other in ("FB", "ZG", "MR", "CAN", "RL", "ML"):  # Module 5 beams and Module 4 launchers are not
        with pytest.raises(RuleError) as err:
            parse(party(fighter("F", "P1", [10, 10], base + [other]), fighter("B", "P2", [20, 10], STD4),
                        game={"modes": ["freighter"]}))
        assert err.value.rule == "TOB-M6-FRT-01", other
    with pytest.raises(RuleError) as err:  # two of them joined as a heavy gun are not light
        parse(party(fighter("F", "P1", [10, 10], base + [gun, gun], heavy_guns=[[gun, gun]]),
                    fighter("B", "P2", [20, 10], STD4), game={"modes": ["freighter"]}))
    assert err.value.rule == "TOB-M6-FRT-01"


@pytest.mark.rule("TOB-COMP-07")
def test_big_party_material_the_ship_sheet_numbered_hit_cards_and_class_counters():
    """The ship sheet (at most 15 system cards, ammo per numbered weapon, a mark per card), the
    15 system hit cards numbered by sheet position, and a counter class for every ship."""
    from hexfleet.engine.rng import Rng
    from hexfleet.games.turn_or_burn import ship_sheet
    from hexfleet.games.turn_or_burn.build import size_class
    from hexfleet.games.turn_or_burn.position import position_to_json

    ultra = ["CM", "STR", "STR", "STR", "STR", "THR", "THR", "THR", "LT", "NB", "MR", "MR", "SG", "SCAN", "BOT"]
    state = parse(party(fighter("U", "P1", [10, 10], ultra), fighter("B", "P2", [20, 10], STD4)))
    sheet = next(f for f in position_to_json(state)["fighters"] if f["id"] == "U")
    assert sheet["ammo"] == {"MR#1": 8, "MR#2": 8}  # ammo beside each numbered weapon
    assert sheet["marks"] == ["ok"] * 15  # one row per system card
    with pytest.raises(RuleError) as err:  # a sixteenth card does not fit on the sheet
        parse(party(fighter("U", "P1", [10, 10], ultra + ["LT"]), fighter("B", "P2", [20, 10], STD4)))
    assert err.value.rule == "TOB-M6-OVR-02"
    u = state.fighters[0]
    _, drawn, slots, pulled, _, _ = ship_sheet.draw_hits(u, 0, 15, Rng(1))
    assert sorted(drawn) == list(range(1, 16)) and sorted(slots) == list(range(1, 16))  # hit cards 1-15
    assert sorted(pulled) == sorted(ultra)  # hit card k is the k-th card on the sheet
    heavy = ["CM", "STR", "STR", "THR", "LT", "NB", "SG"]
    super_ = ["CM", "CM", "STR", "STR", "STR", "THR", "THR", "LT", "NB", "SG"]
    classes = [size_class(parse(party(fighter("X", "P1", [10, 10], kit), fighter("B", "P2", [20, 10], STD4)))
                          .fighters[0]).name for kit in (STD4, heavy, super_, ultra, FREIGHTER)]
    assert classes == ["standard", "heavy", "super", "ultra", "freighter"]  # the five counter sets
