"""Kernel event visibility: ``visible_to`` restricts an event; game fields named ``to`` do not."""

from hexfleet.games import get_ruleset


def test_visible_to_restricts_an_event_to_its_seats():
    ruleset = get_ruleset("turn-or-burn")
    private = {"type": "hand", "visible_to": ["red"]}
    assert ruleset.event_visible(private, "red")
    assert not ruleset.event_visible(private, "blue")
    assert not ruleset.event_visible(private, None)


def test_a_moved_event_whose_to_is_a_hex_is_public():
    """The position format's ``moved`` event has ``to`` = the destination hex; it must not be
    read as a seat list (that hid every move from every player)."""
    ruleset = get_ruleset("turn-or-burn")
    moved = {"type": "moved", "id": "R1", "from": [10, 2], "to": [12, 2], "facing": "C", "momentum": [14, 2]}
    assert all(ruleset.event_visible(moved, seat) for seat in ("red", "blue", None))
