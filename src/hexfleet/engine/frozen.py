"""Immutable records that are checked in tests and cheap in play.

Game states are shared freely: a search bot keeps thousands in its tree, the server hands the
same one to every seat's view, a replay compares them. So they must never change once built,
and :func:`record` declares them frozen to the type checker: ``mypy`` rejects any assignment.

At run time a frozen dataclass pays for that guarantee on every construction: each field goes
through ``object.__setattr__`` (a 9-field fighter costs about 630 ns to build frozen, 120 ns
plain), and the hot path builds states and units on every step. So :func:`record` builds plain
slotted dataclasses, hashed and compared by value exactly like frozen ones, and freezes them
only when ``HEXFLEET_FROZEN_CHECKS=1`` is set at import, as the test suite does
(``tests/conftest.py``): there, any code that assigns to a record fails with
``FrozenInstanceError``, so an accidental mutation is caught by the tests and by mypy, and
costs nothing in play.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar, dataclass_transform, overload

T = TypeVar("T")

CHECKED = os.environ.get("HEXFLEET_FROZEN_CHECKS") == "1"
"""Records refuse assignment at run time too (set by the test suite)."""


@overload
def record(cls: type[T], /) -> type[T]: ...


@overload
def record(*, repr: bool = True) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def record(cls: type[T] | None = None, /, *, repr: bool = True) -> type[T] | Callable[[type[T]], type[T]]:
    """A slotted dataclass, immutable by contract: frozen for the type checker always, and at
    run time when :data:`CHECKED`; equal and hashed by value either way.

    ``@record(repr=False)`` keeps an inherited ``__repr__`` (a subclass of a record must be a
    record too: a frozen dataclass cannot inherit from the plain one :data:`CHECKED` off makes)."""
    def make(c: type[T]) -> type[T]:
        return dataclass(frozen=CHECKED, slots=True, unsafe_hash=not CHECKED, repr=repr)(c)
    return make if cls is None else make(cls)
