"""Talon's search evaluator (``hexfleet.ai.talon.evaluate``): it reads what wins a Talon game
(destroyed SP, TAL-SCN-4), rewards wearing one ship down over spreading the same damage, and
counts the damage charged groups could fire now from where the ships stand (TAL-8.2, TAL-8.3.6)."""

from __future__ import annotations

from typing import Any

import pytest

from hexfleet.ai import talon as bots
from hexfleet.games.talon.interchange import parse
from hexfleet.games.talon.world import TalState

FULL_TERRAN_CA = {"F": 6, "L": 5, "R": 5, "Rear": 4}
EMPTY_BAR = {"red": 0, "yellow": 0, "destroyed": False}


def ship(uid: str, cls: str, side: str, hex_: tuple[int, int], facing: int = 0, **more: Any) -> dict[str, Any]:
    return {"id": uid, "class": cls, "side": side, "hex": list(hex_), "facing": facing, **more}


def state(*ships: dict[str, Any], removed: tuple[dict[str, Any], ...] = (),
          terrain: tuple[dict[str, Any], ...] = (), board: bool = False) -> TalState:
    """A Round 1 Impulse C position on an infinite map (or the 16 x 12 board) with these ships
    (format talon/1)."""
    where = {"mode": "board", "origin": [-8, -6], "extension": True} if board else {"mode": "infinite"}
    return parse({"format": "talon/1", "data_pack": "talon-ext", "options": {}, "map": where,
                  "round": 1, "phase": "impulse", "impulse": "C", "initiative": "talon", "player": "talon",
                  "step": "ap", "ships": list(ships), "squadrons": [], "missiles": [], "terrain": list(terrain),
                  "removed": list(removed), "next_missile": 1})


def unarmed(uid: str, side: str, hex_: tuple[int, int], facing: int = 0, **more: Any) -> dict[str, Any]:
    """A ship with every charge bar empty: it threatens nothing, so only wear and kills count."""
    cls = "terran-ca" if side == "terran" else "talon-ca"
    bars = 3 if side == "terran" else 2
    return ship(uid, cls, side, hex_, facing, groups=[dict(EMPTY_BAR) for _ in range(bars)], **more)


def terran_value(s: TalState) -> float:
    return bots.evaluate(s)["terran"]


def test_values_are_zero_sum_but_for_a_fight_not_joined():
    """Ships within reach of each other, none retreated or alone: what one side leads by, the
    other trails by."""
    values = bots.evaluate(state(unarmed("g", "terran", (0, 0)), unarmed("x", "talon", (0, 4), hull_marked=2)))
    assert values["terran"] > 0.5
    assert values["terran"] + values["talon"] == pytest.approx(1, abs=1e-9)


@pytest.mark.rule("TAL-SCN-4")
def test_a_fight_not_joined_counts_against_both_sides():
    """Only kills score (TAL-SCN-4), so a battle not fought is a draw at best: every hex a ship
    stands beyond its guns' reach from the nearest enemy lowers both sides' values alike, up to
    :data:`ENGAGE_HEXES` hexes."""
    def values(apart: int) -> dict[str, float]:
        return bots.evaluate(state(unarmed("g", "terran", (0, 0)), unarmed("x", "talon", (0, apart))))

    near, far, farther, beyond_cap = values(4), values(8), values(9), values(60)
    assert near["terran"] + near["talon"] == pytest.approx(1, abs=1e-9)  # the cruisers' guns reach 4 hexes
    assert near["terran"] > far["terran"] > farther["terran"] > beyond_cap["terran"]
    assert near["terran"] - far["terran"] == pytest.approx(near["talon"] - far["talon"])  # alike
    assert beyond_cap["terran"] == pytest.approx(values(4 + bots.ENGAGE_HEXES)["terran"])
    worn = bots.evaluate(state(unarmed("g", "terran", (0, 0), hull_marked=5), unarmed("x", "talon", (0, 4))))
    assert beyond_cap["terran"] > worn["terran"]  # bounded: less than a cruiser worn to its last box


@pytest.mark.rule("TAL-SCN-4")
@pytest.mark.rule("TAL-7.5.2")
def test_a_draw_by_every_ship_leaving_is_worth_less_than_a_fight_not_joined():
    """A battle every enemy ship has left is a 0-0 draw (TAL-SCN-4). Such a draw must not look
    better than an even fight not joined, however far off: else search, a little ahead, moves a ship off
    a board that cannot shift so that the mandatory retreat (TAL-7.5.2) ends the game."""
    def at(impulse: str | None, round_: int, *ships: dict[str, Any], removed: tuple[dict[str, Any], ...] = (),
           outcome: dict[str, Any] | None = None) -> dict[str, float]:
        s = state(*ships, removed=removed, board=True)
        s.pos.update(round_limit=12, round=round_, impulse=impulse, phase="impulse" if impulse else "power")
        if outcome is not None:
            s.pos["outcome"] = outcome
        return bots.evaluate(s)

    def gone(uid: str, side: str) -> dict[str, Any]:
        return {"id": uid, "class": "terran-ca" if side == "terran" else "talon-ca", "side": side,
                "status": "retreated"}

    drawn = {"reason": "one_side_left", "winners": [], "score": {"terran": 0, "talon": 0}}
    everyone = (gone("g", "terran"), gone("h", "terran"), gone("x", "talon"), gone("y", "talon"))
    draw = at("D", 4, removed=everyone, outcome=drawn)
    assert draw["terran"] == draw["talon"] < 0.5

    def pairs(apart: int, **worn: Any) -> dict[str, float]:
        return at("D", 4, unarmed("g", "terran", (0, 0)), unarmed("h", "terran", (0, 2)),
                  unarmed("x", "talon", (apart, 0), **worn), unarmed("y", "talon", (apart, 1)))

    # a draw counts what left as a game going on does, and the farthest-off fight besides
    assert sum(pairs(40).values()) > 2 * draw["terran"]
    one_left = at("D", 4, unarmed("y", "talon", (0, 1)), removed=everyone[:3])
    assert one_left["terran"] > draw["terran"]  # jumping the last ship away to end it 0-0 is worse
    assert pairs(10, hull_marked=1)["terran"] > draw["terran"]  # a little ahead: better than ending it 0-0
    at_limit = at(None, 13, removed=everyone, outcome={**drawn, "reason": "round_limit"})
    assert at_limit["terran"] == 0.5  # at the Round limit the term is spent: a draw is a draw
    won = at("D", 4, unarmed("g", "terran", (0, 0)), removed=(gone("x", "talon"),),
             outcome={"reason": "one_side_left", "winners": ["terran"], "score": {"terran": 115, "talon": 0}})
    assert (won["terran"], won["talon"]) == (1.0, 0.0)


@pytest.mark.rule("TAL-SCN-4")
@pytest.mark.rule("TAL-11.1.2")
def test_a_game_going_on_is_worth_more_than_losing_it():
    """Values stay in ``[0, 1]`` as search requires, and a game still going on scores above a
    lost one (0), however far behind and far off: else search, far behind, jumps its last ship
    to FTL (TAL-11.1.2) and ends the game as a loss when staying could still turn it."""
    killed = ({"id": "h", "class": "terran-ca", "side": "terran", "status": "destroyed"},)
    far_behind = bots.evaluate(state(unarmed("g", "terran", (0, 0)), unarmed("x", "talon", (40, 0)),
                                     unarmed("y", "talon", (40, 1)), removed=killed))
    assert far_behind["terran"] == bots.LOSS_FLOOR > 0
    assert 0 < far_behind["talon"] < 1
    behind = bots.evaluate(state(unarmed("g", "terran", (0, 0), hull_marked=2), unarmed("x", "talon", (0, 4))))
    assert 0.5 > behind["terran"] > 10 * bots.LOSS_FLOOR  # not floored short of that


def test_damage_on_one_ship_beats_the_same_damage_spread():
    """Four hull boxes on one cruiser, against two on each of two: the first is nearer a kill."""
    friends = [unarmed("g", "terran", (0, 0)), unarmed("h", "terran", (0, 2))]
    focused = state(*friends, unarmed("x", "talon", (0, 4), hull_marked=4), unarmed("y", "talon", (2, 3)))
    spread = state(*friends, unarmed("x", "talon", (0, 4), hull_marked=2), unarmed("y", "talon", (2, 3), hull_marked=2))
    assert terran_value(focused) > terran_value(spread) > 0.5


def test_a_destroyed_ship_outweighs_one_worn_to_its_last_box():
    """Only destroyed SP scores (TAL-SCN-4): a kill is worth more than any damage short of it."""
    me = unarmed("g", "terran", (0, 0))
    worn = state(me, unarmed("x", "talon", (0, 4), hull_marked=6,
                              shields={"F": 0, "L": 0, "R": 0, "Rear": 0}), unarmed("y", "talon", (2, 2)))
    killed = state(me, unarmed("y", "talon", (2, 2)),
                   removed=({"id": "x", "class": "talon-ca", "side": "talon", "status": "destroyed"},))
    assert terran_value(killed) > terran_value(worn) > 0.5


@pytest.mark.rule("TAL-18.2")
def test_a_ship_near_a_black_hole_counts_as_partly_lost():
    """The pull after the Power Phase (TAL-18.2) takes a ship next to the hole into it (TAL-18.1.a):
    search cannot see that far, so the evaluator counts the ship nearer the hole as partly lost,
    and one two hexes off more when its next straight move (TAL-7.1) takes it next to the hole."""
    hole = ({"kind": "black_hole", "hex": [0, 0]},)
    far = state(unarmed("g", "terran", (0, 5)), unarmed("x", "talon", (0, -5)), terrain=hole)
    next_to = state(unarmed("g", "terran", (0, 1)), unarmed("x", "talon", (0, -5)), terrain=hole)
    two_off = state(unarmed("g", "terran", (0, 2)), unarmed("x", "talon", (0, -5)), terrain=hole)
    no_hole = state(unarmed("g", "terran", (0, 5)), unarmed("x", "talon", (0, -5)))
    assert terran_value(far) == terran_value(no_hole)
    assert terran_value(next_to) < terran_value(two_off) < terran_value(far)

    def near(at: tuple[int, int], facing: int) -> float:  # the enemy 2 hexes off either way: within reach
        return terran_value(state(unarmed("g", "terran", at, facing), unarmed("x", "talon", (2, 0)), terrain=hole))
    heading_in, passing, away = near((0, 2), 2), near((0, 2), 1), near((0, 2), 0)
    assert near((0, 1), 0) < heading_in < passing == away
    enemy_next_to = state(unarmed("g", "terran", (0, 5)), unarmed("x", "talon", (0, -1)), terrain=hole)
    assert terran_value(enemy_next_to) > terran_value(far)


@pytest.mark.rule("TAL-7.5.2")
def test_a_retreated_or_lone_ship_counts_against_both_sides():
    """A retreated ship scores nothing (TAL-SCN-4): its side fights a ship short, and the enemy's
    kill left with it, so it counts against both sides, less than a kill. A ship 6 hexes from all
    others on a board is the one a map that cannot shift retreats (TAL-7.5.2): it counts a little
    against both sides."""
    together = [unarmed("g", "terran", (0, 0)), unarmed("h", "terran", (0, 2))]
    foes = [unarmed("x", "talon", (3, 0)), unarmed("y", "talon", (3, 1))]
    gone = {"id": "h", "class": "terran-ca", "side": "terran", "status": "retreated"}
    killed = {"id": "h", "class": "terran-ca", "side": "terran", "status": "destroyed"}
    base = bots.evaluate(state(*together, *foes, board=True))
    retreated = bots.evaluate(state(together[0], *foes, removed=(gone,), board=True))
    destroyed = bots.evaluate(state(together[0], *foes, removed=(killed,), board=True))
    assert destroyed["terran"] < retreated["terran"] < base["terran"]
    assert destroyed["talon"] > base["talon"] > retreated["talon"]
    assert retreated["terran"] + retreated["talon"] < 1 - 0.05  # what Terran lost, Talon did not gain
    lone = [together[0], unarmed("h", "terran", (-6, 5)), *foes]
    on_board, no_board = bots.evaluate(state(*lone, board=True)), bots.evaluate(state(*lone))
    assert on_board["terran"] < no_board["terran"]  # no board: no risk
    assert on_board["talon"] < no_board["talon"]


@pytest.mark.rule("TAL-11.1.2")
@pytest.mark.rule("TAL-SCN-4")
def test_jumping_a_ship_away_never_pays_however_far_behind_or_off():
    """Each unit that retreats (TAL-11.1.2) lowers both sides' values, however many have left
    and however far from the enemy it stood: counted inside a ``tanh`` that two retreats had
    saturated, a jump took off more of the fight-not-joined term than it cost, and search, ahead
    on wear with the enemy's last cruiser far off, jumped two of its three cruisers to FTL."""
    enemies_gone = tuple({"id": uid, "class": "talon-ca", "side": "talon", "status": "retreated"} for uid in "yz")
    last = unarmed("x", "talon", (12, 0), hull_marked=5)
    far = unarmed("h", "terran", (4, 0))
    staying = bots.evaluate(state(unarmed("g", "terran", (8, 0)), far, last, removed=enemies_gone, board=True))
    jumped = {"id": "h", "class": "terran-ca", "side": "terran", "status": "retreated"}
    leaving = bots.evaluate(state(unarmed("g", "terran", (8, 0)), last, removed=(*enemies_gone, jumped), board=True))
    assert leaving["terran"] < staying["terran"]
    assert leaving["talon"] < staying["talon"]


@pytest.mark.rule("TAL-SCN-4")
def test_damage_short_of_a_kill_counts_less_as_the_round_limit_nears():
    """At the Round limit only kills score: wear that cannot become a kill in time is worth less
    and less over the last Rounds, and nothing at the end; a kill counts the same throughout."""
    me = unarmed("g", "terran", (0, 0))
    worn = unarmed("x", "talon", (0, 4), hull_marked=4)

    def at(round_: int, impulse: str | None, *ships: dict[str, Any], removed: tuple[dict[str, Any], ...] = ()) -> float:
        s = state(*ships, removed=removed)
        s.pos.update(round_limit=12, round=round_, impulse=impulse, phase="impulse" if impulse else "power")
        return terran_value(s)

    assert at(9, "A", me, worn) == at(1, "C", me, worn) > at(11, "A", me, worn) > at(12, "D", me, worn) > 0.5
    assert at(12, None, me, worn) == 0.5  # the last Power Phase: nothing but kills left
    killed = ({"id": "x", "class": "talon-ca", "side": "talon", "status": "destroyed"},)
    charged = ship("g", "terran-ca", "terran", (0, 0))  # no bar to charge: nothing but the kill counts
    assert at(12, None, charged, removed=killed) == pytest.approx(at(1, "C", charged, removed=killed), abs=1e-9)
    assert at(12, None, charged, removed=killed) > 0.99
    assert bots.time_left({"round": 12, "impulse": "A"}) == 1.0  # no Round limit: everything counts


@pytest.mark.rule("TAL-SCN-4")
def test_wear_still_counts_a_kill_ahead_or_behind():
    """Kills are valued apart from the rest (:data:`KILL_WEIGHT`): three cruisers a side, one
    Talon cruiser destroyed, four hull boxes marked on another still move the value by more than
    a tenth of what they move it by with no kill (under one ``tanh`` of the sum, a 250th), and so
    do four on a Terran cruiser a kill behind; finishing a worn ship is worth more than leaving it
    at its last box, however far ahead."""
    terran = [unarmed(f"t{k}", "terran", (0, 2 * k)) for k in range(3)]

    def value(hull: int, killed: int = 1) -> float:
        talon = [unarmed(f"x{k}", "talon", (3, 2 * k), hull_marked=hull if k == killed else 0) for k in range(killed, 3)]
        removed = tuple({"id": f"x{k}", "class": "talon-ca", "side": "talon", "status": "destroyed"} for k in range(killed))
        return terran_value(state(*terran, *talon, removed=removed))

    no_kill = value(4, killed=0) - value(0, killed=0)
    assert value(4) - value(0) > no_kill / 10 > 0

    def behind(hull: int) -> float:
        lost = ({"id": "t0", "class": "terran-ca", "side": "terran", "status": "destroyed"},)
        return terran_value(state(*[unarmed(f"x{k}", "talon", (3, 2 * k)) for k in range(3)], unarmed("t1", "terran", (0, 2)),
                                  unarmed("t2", "terran", (0, 4), hull_marked=hull), removed=lost))

    assert behind(0) - behind(4) > no_kill / 10
    last_box = unarmed("x1", "talon", (3, 2), hull_marked=5, shields={"F": 0, "L": 0, "R": 0, "Rear": 0})
    gone = ({"id": "x0", "class": "talon-ca", "side": "talon", "status": "destroyed"},)
    worn_out = terran_value(state(*terran, last_box, unarmed("x2", "talon", (3, 4)), removed=gone))
    assert value(0, killed=2) > worn_out > value(0)


def test_a_hull_box_counts_more_than_a_shield_box():
    me = unarmed("g", "terran", (0, 0))
    hull = state(me, unarmed("x", "talon", (0, 4), hull_marked=1))
    shield = state(me, unarmed("x", "talon", (0, 4), shields={"F": 6}))
    assert terran_value(hull) > terran_value(shield) > 0.5


def test_a_charged_group_with_a_target_in_arc_and_range_counts():
    """Same ships, same damage: the Terran cruiser facing the enemy 2 hexes off (its phasers and
    AMT bear, TAL-8.2) leads more than turned away (the enemy in its Rear arc, where no group
    bears), where it threatens nothing."""
    enemy = unarmed("x", "talon", (2, 0), 3)
    facing = state(ship("g", "terran-ca", "terran", (0, 0), 0), enemy)
    away = state(ship("g", "terran-ca", "terran", (0, 0), 3), enemy)
    assert bots.threats(facing)["terran"] > 0 == bots.threats(away)["terran"]
    assert terran_value(facing) > terran_value(away)


def test_an_enemy_in_arc_beyond_range_counts_less_the_farther_it_is():
    """Out of range (TAL-8.3) but in arc: a pull toward the enemy, halved per hex beyond the
    longest range; in no arc it is nothing."""
    def threat(at: tuple[int, int], facing: int = 0) -> float:
        return bots.threats(state(ship("g", "terran-ca", "terran", (0, 0), facing), unarmed("x", "talon", at, 3)))["terran"]

    in_range, one_beyond, three_beyond = threat((4, 0)), threat((5, 0)), threat((7, 0))
    assert in_range > one_beyond > three_beyond > 0
    assert three_beyond == pytest.approx(one_beyond / 4, rel=0.01)  # the AMT alone reaches 4: halved per hex
    assert threat((5, 0), facing=3) == 0  # behind it: no group's arc


def test_a_shot_at_a_downed_arc_is_worth_more():
    """The arc facing the firer decides where a shot lands (TAL-8.3.6): a downed arc means hull."""
    me = ship("g", "terran-ca", "terran", (0, 0), 0)
    shielded = state(me, unarmed("x", "talon", (2, 0), 3))
    downed = state(me, unarmed("x", "talon", (2, 0), 3, shields={"F": 0}))
    assert bots.threats(downed)["terran"] > bots.threats(shielded)["terran"] > 0


@pytest.mark.rule("TAL-13.3")
@pytest.mark.rule("TAL-13.5")
def test_a_missile_in_flight_counts_for_its_side_until_shot_down():
    """A missile tracks its target until it hits for 2 damage (TAL-13.3, TAL-13.5): in flight it
    counts for its side, more where the arc facing it is down; damaged it still does 2 (TAL-13.6.c);
    shot down, or with no target (TAL-13.3), it counts nothing."""
    terran = unarmed("g", "terran", (0, 0))
    talon = unarmed("x", "talon", (0, 6))

    def missile(**more: Any) -> dict[str, Any]:
        return {"id": "M1", "side": "talon", "hex": [3, 0], "facing": 3, "target": "g", "damaged": False,
                "moved": False, **more}

    def value(*missiles: dict[str, Any], shields: dict[str, int] | None = None) -> float:
        s = state(unarmed("g", "terran", (0, 0), **({"shields": shields} if shields else {})), talon)
        s.pos["missiles"] = list(missiles)
        return bots.evaluate(s)["talon"]

    none = bots.evaluate(state(terran, talon))["talon"]
    assert value() == none
    assert value(missile(target=None)) == none
    assert value(missile(), missile(id="M2")) > value(missile()) == value(missile(damaged=True)) > none
    assert value(missile(), shields={"R": 0}) > value(missile())  # the arc it comes through is down
    assert bots.missiles_inbound(state(terran, talon))["talon"] == 0


def test_a_shield_reinforcement_and_a_charged_box_count_for_their_side():
    """An AP spent on a reinforcement (one more box on the arc, TAL-6.2.1) or on a Yellow box
    (TAL-6.1.c) leaves its side better off than not spending it."""
    enemy = unarmed("x", "talon", (0, 4))
    plain = state(ship("g", "terran-ca", "terran", (0, 0), groups=[dict(EMPTY_BAR)] * 3), enemy)
    reinforced = state(ship("g", "terran-ca", "terran", (0, 0), groups=[dict(EMPTY_BAR)] * 3,
                            reinforcements={"F": {"round": 1, "impulse": "C"}}), enemy)
    charging = state(ship("g", "terran-ca", "terran", (0, 0),
                          groups=[{"red": 0, "yellow": 1, "destroyed": False}] + [dict(EMPTY_BAR)] * 2), enemy)
    assert terran_value(reinforced) > terran_value(plain)
    assert terran_value(charging) > terran_value(plain)


def test_talon_mcts_fires_at_a_cruiser_in_arc():
    """The game's mcts (its exploration sized to this evaluator) fires a charged group at an
    enemy two hexes ahead rather than ending its Turn with the charge held."""
    from hexfleet.ai import get_bot
    from hexfleet.games import get_ruleset

    ruleset = get_ruleset("talon")
    s = parse({"format": "talon/1", "data_pack": "talon-ext", "options": {}, "map": {"mode": "infinite"},
               "round": 1, "phase": "impulse", "impulse": "C", "initiative": "talon", "player": "talon",
               "step": "fire", "ships": [ship("x", "talon-ca", "talon", (0, 0), 0),
                                         ship("g", "terran-ca", "terran", (2, 0), 3)],
               "squadrons": [], "missiles": [], "terrain": [], "removed": [], "next_missile": 1})
    bot = get_bot("talon", "mcts", seed=1, think=None, iterations=60)
    assert isinstance(bot, bots.TalonMctsBot) and bot.c == bots.EXPLORATION
    order = bot.choose(ruleset, "talon", ruleset.view(s, "talon"), ruleset.legal(s, "talon"))
    assert ruleset.order_json(s, "talon", order)["do"] == "fire"


@pytest.mark.rule("TAL-7.2.2")
@pytest.mark.rule("TAL-17.2.1")
def test_a_path_locked_into_a_planet_counts_the_ship_as_nearly_lost():
    """A ship must move straight until its Turn Radius marker is gone (TAL-7.2.2), and one that
    enters a Planet is destroyed (TAL-17.2.1): a path locked into the planet counts
    :data:`LOCKED_RISK` of its SP lost, as the turn that locks it comes moves before the crash.
    Free to turn, or with the planet beyond its last locked hex, it counts nothing."""
    planet = ({"kind": "planet", "hex": [0, 0]},)

    def talon(tr_count: int | None, at: tuple[int, int] = (1, -1)) -> float:
        return bots.evaluate(state(unarmed("g", "terran", (-3, -1)), unarmed("x", "talon", at, facing=4, tr_count=tr_count),
                                   terrain=planet))["talon"]

    free, locked, two_locked = talon(None), talon(1), talon(2)
    assert locked == pytest.approx(two_locked)
    assert talon(1, at=(2, -2)) == pytest.approx(talon(None, at=(2, -2)))  # one straight move, then it may turn
    assert free - locked > 0.2
    assert bots._locked_into((2, -2), 4, 2, {(0, 0)}) and not bots._locked_into((2, -2), 4, 1, {(0, 0)})

