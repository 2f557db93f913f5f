"""What order forms (a presenter's ``FORMS``) and the terminal share: reading what a person types.

A form asks through a :class:`hexfleet.plugins.FormContext`; these parsers turn an answer into
a value or raise :class:`InputError`, which the context shows before asking again.
"""

from __future__ import annotations


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
