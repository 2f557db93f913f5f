"""Plots are read by a fast path when every fighter plots nothing or one bare card; it must
read exactly what the field-by-field reader reads, and leave everything else to it."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexfleet.engine.errors import FormatError
from hexfleet.games.turn_or_burn.cards import MANEUVERS, SYSTEMS
from hexfleet.games.turn_or_burn.orders import Plot, parse_actions, parse_orders, plain_plot

CARDS = sorted({*MANEUVERS, *SYSTEMS})
ACTION = st.one_of(
    st.fixed_dictionaries({"card": st.sampled_from(CARDS)}),
    st.fixed_dictionaries({"card": st.sampled_from([*CARDS, "XX", 3])}, optional={"target": st.sampled_from(["B1", None])}),
    st.just({}), st.just([]), st.just("B3P"),
)
PLOT = st.dictionaries(st.sampled_from(["R1", "R2", "", "B1"]), st.one_of(st.lists(ACTION, max_size=2), st.just("x")),
                       max_size=3)


def _slow(raw: Any) -> Plot:
    return parse_orders(Plot, raw, lambda fid, value, where: parse_actions(value, where))


@given(PLOT)
def test_the_fast_path_reads_what_the_field_by_field_reader_reads(raw: Any) -> None:
    fast = plain_plot(raw)
    try:
        slow = _slow(raw)
    except FormatError:
        assert fast is None  # a bad order is left to the reader that says what is wrong
        return
    assert fast is None or fast == slow


def test_bare_cards_take_the_fast_path() -> None:
    assert plain_plot({"R1": [{"card": "B3P"}], "R2": []}) == _slow({"R1": [{"card": "B3P"}], "R2": []})
    assert plain_plot({"R1": [{"card": "T60S", "target": "B1"}]}) is None
    assert plain_plot([]) is None
    with pytest.raises(FormatError):
        _slow({"R1": [{"card": "ZZ"}]})
