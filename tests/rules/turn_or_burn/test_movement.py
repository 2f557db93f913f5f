"""Move Fighters (TOB-M1-MOVE-*): apply thrust, coast, turn, adjust markers; burns and turns."""

from __future__ import annotations

import pytest

from hexfleet.games.turn_or_burn.notation import LETTERS

from .helpers import fighter, position, resolve

S = (10, 5)
FAR = (20, 0)

# TOB-EX-40: burn offsets by facing (slips [RECON], TOB-AMB-01 minimal model).
EX40 = {
    "B1A": [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)],
    "B2A": [(0, -2), (2, -2), (2, 0), (0, 2), (-2, 2), (-2, 0)],
    "B3A": [(0, -3), (3, -3), (3, 0), (0, 3), (-3, 3), (-3, 0)],
    "B2S": [(1, -2), (2, -1), (1, 1), (-1, 2), (-2, 1), (-1, -1)],
    "B2P": [(-1, -1), (1, -2), (2, -1), (1, 1), (-1, 2), (-2, 1)],
    "B3S": [(1, -3), (3, -2), (2, 1), (-1, 3), (-3, 2), (-2, -1)],
    "B3P": [(-1, -2), (2, -3), (3, -1), (1, 2), (-2, 3), (-3, 1)],
}
# TOB-AMB-01 option slip_model = wide: B3S = R0 + 2R1, B3P = R0 + 2R5 (B2S/B2P unchanged).
WIDE = {
    "B3S": [(2, -3), (3, -1), (1, 2), (-2, 3), (-3, 1), (-1, -2)],
    "B3P": [(-2, -1), (1, -3), (3, -2), (2, 1), (-1, 3), (-3, 2)],
}
TURNS = {"TNC": 0, "T60S": 1, "T120S": 2, "TR": 3, "T120P": 4, "T60P": 5}


def burn(card: str, facing: int, options=None):
    pos = position(fighter("R1", "red", S, LETTERS[facing]), fighter("B1", "blue", FAR, "F"), options=options)
    return resolve(pos, {"R1": card})


@pytest.mark.rule("TOB-GEO-07")
@pytest.mark.rule("TOB-EX-40")
@pytest.mark.rule("TOB-M1-MOVE-04")
@pytest.mark.rule("TOB-AMB-01")
@pytest.mark.parametrize("card", sorted(EX40))
@pytest.mark.parametrize("facing", range(6))
def test_burn_offsets_by_facing(card: str, facing: int) -> None:
    dq, dr = EX40[card][facing]
    moved = burn(card, facing).fighter("R1")  # from rest: P' = M = P + b
    assert moved["hex"] == [S[0] + dq, S[1] + dr]
    assert moved["facing"] == LETTERS[facing]  # a burn never turns the fighter


@pytest.mark.rule("TOB-AMB-01")
@pytest.mark.parametrize("card", sorted(WIDE))
@pytest.mark.parametrize("facing", range(6))
def test_wide_slip_option(card: str, facing: int) -> None:
    dq, dr = WIDE[card][facing]
    assert burn(card, facing, {"slip_model": "wide"}).fighter("R1")["hex"] == [S[0] + dq, S[1] + dr]
    for same in ("B2S", "B2P", "B3A"):  # only the thrust-3 slips change
        assert burn(same, facing, {"slip_model": "wide"}).fighter("R1") == burn(same, facing).fighter("R1")


@pytest.mark.rule("TOB-GEO-07")
def test_burn_thrust_equals_the_hexes_the_marker_moves() -> None:
    from hexfleet.hexgrid import length

    for card, row in EX40.items():
        assert {length(v) for v in row} == {int(card[1])}
    for row in WIDE.values():
        assert {length(v) for v in row} == {3}


@pytest.mark.rule("TOB-GEO-08")
@pytest.mark.rule("TOB-M1-MOVE-06")
@pytest.mark.parametrize("card", sorted(TURNS))
@pytest.mark.parametrize("facing", range(6))
def test_turns_are_relative_to_the_current_facing(card: str, facing: int) -> None:
    pos = position(fighter("R1", "red", S, LETTERS[facing], (11, 4)), fighter("B1", "blue", FAR, "F"))
    moved = resolve(pos, {"R1": card}).fighter("R1")
    assert moved["facing"] == LETTERS[(facing + TURNS[card]) % 6]
    # The turn comes after moving and does not change this turn's move (TOB-M1-MOVE-03/05/06).
    assert moved["hex"] == [11, 4] and moved["momentum"] == [12, 3]


@pytest.mark.rule("TOB-EX-02")
def test_facing_c_turning_120_starboard_faces_e() -> None:
    pos = position(fighter("R1", "red", S, "C"), fighter("B1", "blue", FAR, "F"))
    assert resolve(pos, {"R1": "T120S"}).fighter("R1")["facing"] == "E"


@pytest.mark.rule("TOB-M1-MOVE-05")
@pytest.mark.rule("TOB-EX-41")
def test_coast() -> None:
    """P=(0,0), M=(1,−3) (speed 3), TNC → P'=(1,−3), M'=(2,−6): shifted to (10,5) on the map."""
    pos = position(fighter("R1", "red", S, "B", (11, 2)), fighter("B1", "blue", FAR, "F"))
    turn = resolve(pos, {"R1": "TNC"})
    assert turn.of_type("moved")[0] == {"type": "moved", "id": "R1", "from": [10, 5], "to": [11, 2],
                                        "facing": "B", "momentum": [12, -1]}
    assert turn.state.fighter("R1").speed == 3


@pytest.mark.rule("TOB-M1-MOVE-05")
def test_coasting_with_no_plot_at_all() -> None:
    pos = position(fighter("R1", "red", S, "B", (11, 2)), fighter("B1", "blue", FAR, "F"))
    assert resolve(pos).fighter("R1")["hex"] == [11, 2]


@pytest.mark.rule("TOB-EX-42")
@pytest.mark.rule("TOB-M1-MOVE-04")
@pytest.mark.rule("TOB-M1-MOVE-07")
def test_braking_burn() -> None:
    """P=(3,3), M=(3,1) facing D, B3P (1,2) → M=(4,3), P'=(4,3), M'=(5,3): shifted by (10,10)."""
    pos = position(fighter("R1", "red", (13, 13), "D", (13, 11)), fighter("B1", "blue", FAR, "F"))
    turn = resolve(pos, {"R1": "B3P"})
    assert turn.fighter("R1")["hex"] == [14, 13] and turn.fighter("R1")["momentum"] == [15, 13]
    assert turn.state.fighter("R1").speed == 1


@pytest.mark.rule("TOB-EX-01")
@pytest.mark.rule("TOB-M1-MOVE-03")
@pytest.mark.rule("TOB-M1-MOVE-07")
def test_b2a_facing_c() -> None:
    """P=(0,0), M=(0,−2), facing C, B2A → M=(2,−2), P'=(2,−2), M'=(4,−4): shifted by (10,5)."""
    pos = position(fighter("R1", "red", S, "C", (10, 3)), fighter("B1", "blue", FAR, "F"))
    turn = resolve(pos, {"R1": "B2A"})
    assert turn.of_type("moved")[0] == {"type": "moved", "id": "R1", "from": [10, 5], "to": [12, 3],
                                        "facing": "C", "momentum": [14, 1]}
    assert turn.state.fighter("R1").speed == 2  # velocity 2·A became 2·B


@pytest.mark.rule("TOB-M1-MOVE-08")
def test_fighters_move_independently_and_may_share_a_hex() -> None:
    """No collisions: both jump into the same hex; order of fighters in the position is irrelevant."""
    a = fighter("R1", "red", (10, 5), "C", (12, 5))
    b = fighter("B1", "blue", (14, 5), "F", (12, 5))
    one = resolve(position(a, b), {"R1": "TNC", "B1": "TNC"})
    two = resolve(position(b, a), {"R1": "TNC", "B1": "TNC"})
    assert one.fighter("R1")["hex"] == one.fighter("B1")["hex"] == [12, 5]
    assert one.fighter("R1") == two.fighter("R1") and one.fighter("B1") == two.fighter("B1")


@pytest.mark.rule("TOB-M1-MOVE-02")
@pytest.mark.rule("TOB-M1-SEQ-01")
@pytest.mark.rule("TOB-SEQ-01")
def test_turn_sequence_plot_move_fire() -> None:
    """The plotted burn is executed, movement comes before fire, and the fire uses the new hexes."""
    pos = position(fighter("R1", "red", S, "C", gun="LT"), fighter("B1", "blue", (14, 5), "F", (14, 5)))
    turn = resolve(pos, {"R1": "LT>B1", "B1": "B3A"})
    kinds = [e["type"] for e in turn.events]
    assert kinds[:4] == ["plotted", "plotted", "moved", "moved"]
    assert kinds.index("shot") > kinds.index("moved")
    assert turn.fighter("B1")["hex"] == [11, 5]  # B1 burned 3 toward F and must execute it
    assert turn.shots()[0]["range"] == 1  # fired after the move: range 1, not 4
    assert turn.position["turn"] == 2
