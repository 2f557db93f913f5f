"""The turn report's tables drawn without Rich's layout engine (issue 13: a Big Party report
under 100 ms) are the very text Rich prints, character for character, in every scenario; a
table Rich would wrap or style is left to Rich."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console
from rich.table import Table
from rich.text import Text

from hexfleet.engine.ruleset import step
from hexfleet.games import get_ruleset
from hexfleet.render import text
from hexfleet.render import turn_or_burn as tob

TOB = get_ruleset("turn-or-burn")


def played(scenario: str, steps: int, seed: int = 1, **options: object):
    """A game after ``steps`` steps of seeded random legal orders."""
    state = TOB.new_game(scenario, seed=seed, options=options)
    rnd = random.Random(seed)
    for _ in range(steps):
        if state.outcome is not None:
            break
        state, _ = step(TOB, state, {s: TOB.legal(state, s).sample(rnd) for s in TOB.pending(state)})
    return state


def by_rich(view, monkeypatch: pytest.MonkeyPatch) -> str:
    with monkeypatch.context() as m:
        m.setattr(text, "table_text", lambda table, width: None)
        return tob.describe_view(view)


@pytest.mark.parametrize(("scenario", "steps", "options"), [
    ("quick-shot", 0, {}), ("quick-shot", 6, {}), ("popcorn", 5, {}), ("bigger", 4, {}), ("spacewar", 6, {}),
    ("hockey", 4, {}), ("big-party", 3, {"players": 8, "ships": 15, "mode": "combination"}),
    ("big-party", 4, {"players": 3, "ships": 5, "mode": "freighter"})])
def test_every_views_tables_read_as_rich_prints_them(scenario, steps, options, monkeypatch):
    state = played(scenario, steps, **options)
    for seat in (*TOB.seats(state), None):
        view = TOB.view(state, seat)
        assert tob.describe_view(view) == by_rich(view, monkeypatch)


def test_the_fast_path_draws_the_big_party_tables_and_leaves_the_rest_to_rich():
    view = TOB.view(played("big-party", 3, players=8, ships=15, mode="combination"), "P1")
    assert text.table_text(tob.fighters_table(view), tob.TEXT_WIDTH) is not None
    assert text.table_text(tob.targets_table(view), tob.TEXT_WIDTH) is not None
    wide = Table(title="t")
    wide.add_column("x")
    wide.add_row(Text("y" * 120))  # Rich would wrap it
    assert text.table_text(wide, 100) is None
    marked = Table(title="t")
    marked.add_column("x")
    marked.add_row("[bold]y[/bold]")  # Rich would read the markup
    assert text.table_text(marked, 100) is None
    styled = Table(title="t")
    styled.add_column("x", justify="right")
    styled.add_row(Text("y"))
    assert text.table_text(styled, 100) is None


def test_a_plain_table_is_rich_s_text():
    table = Table(title="Turn 3 (plot)", title_justify="left")
    for c in ("fighter", "side", "cards"):
        table.add_column(c, no_wrap=c != "cards")
    table.add_row(Text("P1-1"), Text("P1"), Text("CM STR 90°"))
    table.add_row("P1-10", "P1", "")
    out = io.StringIO()
    Console(file=out, width=100, color_system=None, soft_wrap=True).print(table)
    assert text.table_text(table, 100) == out.getvalue()
