"""What order forms (a presenter's ``FORMS``) and the terminal share: reading what a person types.

A form asks through a :class:`hexfleet.plugins.FormContext`; these parsers turn an answer into
a value or raise :class:`InputError`, which the context shows before asking again;
:func:`choose` offers a numbered list, :func:`yes` a yes/no, and :func:`guided` asks again
until the rules accept the whole order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.text import Text

from ..engine.ruleset import Order, Seat
from ..plugins import FormContext


class InputError(ValueError):
    """A typed answer that could not be read (not a hex, not a number): ask again."""


def parse_hex(text: str) -> list[int]:
    """``5,8``, ``5 8`` or ``[5, 8]`` → ``[5, 8]`` (axial q, r)."""
    parts = text.replace(",", " ").replace("[", " ").replace("]", " ").split()
    try:
        q, r = (int(p) for p in parts)
    except ValueError:
        raise InputError(f"{text!r} is not a hex: type two integers q,r (e.g. 5,8)") from None
    return [q, r]


def parse_int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InputError(f"{text!r} is not a whole number") from None


def choose(ui: FormContext, prompt: str, options: Sequence[tuple[Any, str]], default: int = 0,
           none: str | None = None) -> Any:
    """One value from a numbered list (by number or by its own spelling); with ``none``, Enter
    (or 0) answers ``None`` and says so. Values that are numbers themselves (a group, a Speed,
    a fighter) are listed and typed as themselves, never by position."""
    own = all(type(v) is int for v, _ in options)
    keys = [str(v) if own else str(n) for n, (v, _) in enumerate(options, 1)]
    for key, (_, words) in zip(keys, options, strict=True):
        ui.console.print(Text(f"  {key:>2}. {words}"), soft_wrap=True)
    if none is not None:
        ui.console.print(Text(f"   0. {none} (Enter)"), soft_wrap=True)

    def parse(answer: str) -> Any:
        a = answer.strip()
        if none is not None and a in ("", "0"):
            return None
        for key, (value, _) in zip(keys, options, strict=True):
            if a in (key, str(value)):
                return value
        raise InputError(f"{a!r} is not one of {', '.join(keys)}" + (" or 0" if none is not None else ""))
    return ui.ask_value(prompt, "" if none is not None else keys[default], parse)


def yes(ui: FormContext, prompt: str) -> bool:
    def parse(answer: str) -> bool:
        a = answer.strip().lower()
        if a in ("y", "yes", "n", "no", ""):
            return a.startswith("y")
        raise InputError(f"{answer!r}: answer y or n")
    return bool(ui.ask_value(f"{prompt} (y/N)", "n", parse))


def guided(build: Callable[[FormContext, Seat, Mapping[str, Any], int], Order]) -> Callable[..., Order]:
    """A form that asks again until the rules accept the whole order; ``build`` is told how
    many orders were refused already, so its defaults can move on instead of repeating one."""
    def form(ui: FormContext, seat: Seat, view: Mapping[str, Any]) -> Order:
        refused = 0
        while True:
            order = build(ui, seat, view, refused)
            if ui.check(seat, order):
                return order
            refused += 1
    form.__doc__ = build.__doc__
    return form
