"""Typed readers for JSON values: every game's positions and orders are read with these.

Each reader takes the value and the path it came from (``"order.R1[0].card"``) and returns the
value typed, or raises :class:`~hexfleet.engine.errors.FormatError` naming that path and what
was expected instead. JSON booleans are never read as numbers (``true`` is not ``1``).
Game notation (a facing letter, a card name) is read by the game on top of these.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .errors import FormatError


def describe(value: Any) -> str:
    """What a JSON value is, for error messages (``boolean true``, ``string 'x'``, ``list``)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"boolean {str(value).lower()}"
    if isinstance(value, (int, float)):
        return f"number {value}"
    if isinstance(value, str):
        text = value if len(value) <= 40 else value[:40] + "…"
        return f"string {text!r}"
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "list"
    return type(value).__name__


def obj(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise FormatError(where, f"expected an object, got {describe(value)}")
    return value


def lst(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise FormatError(where, f"expected a list, got {describe(value)}")
    return value


def integer(value: Any, where: str, *, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise FormatError(where, f"expected a whole number, got {describe(value)}")
    if low is not None and value < low:
        raise FormatError(where, f"must be at least {low}, got {value}")
    if high is not None and value > high:
        raise FormatError(where, f"must be at most {high}, got {value}")
    return value


def text(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value:
        raise FormatError(where, f"expected a non-empty string, got {describe(value)}")
    return value


def flag(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise FormatError(where, f"expected true or false, got {describe(value)}")
    return value


def choice(value: Any, choices: Iterable[str], where: str) -> str:
    options = tuple(choices)
    if not isinstance(value, str) or value not in options:
        raise FormatError(where, f"expected one of {', '.join(options)}, got {describe(value)}")
    return value


def hex_pair(value: Any, where: str) -> tuple[int, int]:
    """A hex ``[q, r]`` (odd-q offset coordinates, as every position format writes them)."""
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise FormatError(where, f"expected a hex [q, r], got {describe(value)}")
    return (value[0], value[1])


def fields(data: Mapping[str, Any], where: str, *, allowed: Iterable[str], required: Iterable[str] = ()) -> None:
    """Refuse a missing required field or an unknown one (a typo must not be ignored)."""
    allowed = set(allowed)
    missing = sorted(set(required) - set(data))
    if missing:
        raise FormatError(f"{where}.{missing[0]}", "missing")
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise FormatError(f"{where}.{unknown[0]}", f"unknown field; allowed fields: {', '.join(sorted(allowed))}")
