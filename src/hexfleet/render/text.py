"""Text every presenter's turn report shares: a heading, the events in sentences, the view.

The report is built from what one seat may see (the events already filtered for it, its own
view), so a play-by-mail report can be mailed as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich import box
from rich.cells import cell_len
from rich.table import Table
from rich.text import Text

from ..engine.ruleset import Event


def turn_report(title: str, view: Mapping[str, Any], events: Sequence[Event],
                describe_event: Callable[[Mapping[str, Any]], str],
                describe_view: Callable[[Mapping[str, Any]], str]) -> str:
    """``title`` for ``view``'s seat, what happened (one sentence per event), then the view."""
    seat = view.get("seat")
    lines = [f"{title}: turn report for {seat if seat is not None else 'spectators'}", ""]
    lines.append("What happened:" if events else "Nothing happened that you could see.")
    lines += [f"  {describe_event(e)}" for e in events]
    lines += ["", describe_view(view)]
    return "\n".join(lines).rstrip() + "\n"


def table_text(table: Table, width: int) -> str | None:
    """``table`` exactly as a colourless, soft-wrapping Rich console ``width`` columns wide prints
    it, for the plain tables the presenters build (heavy-head box, title and cells left-justified,
    literal text, word-wrapped columns shrunk as Rich shrinks them): Rich lays out every cell one
    by one, ~60 ms for a Big Party report's 120 fighters and 60 target rows (issue 13: a report
    under 100 ms). ``None`` when Rich would do more than this draws (cut a word, read markup,
    style, align or pad otherwise): then print it with Rich."""
    if (table.box is not box.HEAVY_HEAD or not table.show_header or not table.show_edge or table.show_lines
            or table.show_footer or table.expand or table.width is not None or table.min_width is not None
            or table.caption is not None or table.row_styles or tuple(table.padding) != (0, 1, 0, 1)
            or not table.pad_edge or table.collapse_padding or table.leading or table.row_count == 0
            or table.title_justify != "left" or not isinstance(table.title, str) or "[" in table.title):
        return None
    columns = []
    for column in table.columns:
        if (column.justify != "left" or column.width is not None or column.min_width is not None
                or column.max_width is not None or column.ratio is not None or not isinstance(column.header, str)
                or "[" in column.header or column.vertical != "top"):
            return None
        cells = [column.header]
        for cell in column._cells:
            if (isinstance(cell, Text) and not cell.spans and cell.style == "" and cell.justify is None
                    and cell.overflow is None and cell.no_wrap is None):
                cells.append(cell.plain)
            elif isinstance(cell, str) and "[" not in cell:
                cells.append(cell)
            else:
                return None
        if any(not _simple(c) for c in cells):
            return None
        columns.append(cells)
    room = width - len(columns) - 1  # the borders
    widths = [max(map(cell_len, cells)) + 2 for cells in columns]
    if sum(widths) > room:  # Rich's own shrinking of the wrapping columns (Table.__rich_console__'s)
        collapse = getattr(Table, "_collapse_widths", None)  # Rich's own, private: without it, Rich draws
        if collapse is None:
            return None
        widths = collapse(widths, [not c.no_wrap for c in table.columns], room)
        if sum(widths) > room:
            return None
    wrapped: list[list[list[str]]] = []
    for cells, w in zip(columns, widths):
        lines = []
        for c in cells:
            got = _wrap(c, w - 2)
            if got is None:
                return None
            lines.append(got)
        wrapped.append(lines)

    def rule(left: str, mid: str, right: str, fill: str) -> list[str]:
        return [left + mid.join(fill * w for w in widths) + right]

    def row(k: int, bar: str) -> list[str]:
        cells = [lines[k] for lines in wrapped]
        return [bar + bar.join(f" {_pad(c[i] if i < len(c) else '', w - 2)} " for c, w in zip(cells, widths)) + bar
                for i in range(max(map(len, cells)))]
    out = [table.title, *rule("┏", "┳", "┓", "━"), *row(0, "┃"), *rule("┡", "╇", "┩", "━")]
    for k in range(1, table.row_count + 1):
        out += row(k, "│")
    out += rule("└", "┴", "┘", "─")
    return "\n".join(out) + "\n"


def _pad(text: str, width: int) -> str:
    return text + " " * (width - cell_len(text))


def _simple(cell: str) -> bool:
    """Words one space apart (what :func:`_wrap` breaks as Rich does)."""
    return not cell or (cell == cell.strip() and "  " not in cell and not any(c in cell for c in "\n\t\r"))


def _wrap(cell: str, width: int) -> list[str] | None:
    """``cell`` word-wrapped greedily into lines of ``width`` columns (``None``: a word is longer)."""
    lines: list[str] = []
    line = ""
    for word in cell.split(" ") if cell else [""]:
        if cell_len(word) > width:
            return None
        if line and cell_len(line) + 1 + cell_len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return lines
