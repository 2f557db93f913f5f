"""Text every presenter's turn report shares: a heading, the events in sentences, the view.

The report is built from what one seat may see (the events already filtered for it, its own
view), so a play-by-mail report can be mailed as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

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
