"""Rule options at the HTTP edge: the catalogue of games (each scenario's option values, from
the kernel's ``ScenarioInfo``), and JSON types checked before a ruleset reads a value.

Both work from the kernel contract alone, so no game is named here.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from ..ai import bot_names
from ..engine.errors import FormatError
from ..engine.ruleset import Ruleset
from ..games import DEFAULT_GAME, game_names, get_ruleset

_KINDS: tuple[tuple[type, str], ...] = (
    (bool, "true or false"), (int, "a whole number"), (float, "a number"), (str, "a string"),
    (list, "a list"), (dict, "an object"),
)


def _kind(value: Any) -> str:
    """The JSON kind of a parsed value, bools apart from numbers (``True == 1`` in Python)."""
    return next(name for cls, name in _KINDS if isinstance(value, cls))


def check_options(ruleset: Ruleset[Any], options: Mapping[str, Any]) -> None:
    """Refuse an option value whose JSON kind the option does not declare, naming the field.

    Rulesets read options with Python's comparisons, where ``true == 1`` and ``1 in (True,
    False)``, so ``turn_limit: true`` would be a turn limit of 1. The kinds an option takes are
    those of its default and choices (a whole number also passes where a number is declared);
    an option declaring neither (default ``null``, no choices) takes anything but true or
    false. ``null`` and unknown names are the ruleset's to judge.
    """
    declared = {o.name: o for o in ruleset.options}
    for name, value in options.items():
        option = declared.get(name)
        if option is None or value is None:
            continue
        kinds = {_kind(v) for v in (option.default, *option.choices) if v is not None}
        if "a number" in kinds:
            kinds.add("a whole number")
        kind = _kind(value)
        if kinds and kind not in kinds:
            raise FormatError(f"options.{name}", f"expected {' or '.join(sorted(kinds))}, got {kind}")
        if not kinds and kind == "true or false":
            raise FormatError(f"options.{name}", "true or false is not a value of this option")


@cache
def catalogue() -> dict[str, Any]:
    """The body of ``GET /api/rulesets``: every game with its scenarios (each with the values of
    the options that apply to it and the bots that can play it), options and bots, and the game
    offered first (the registry's default). Built once per process."""
    out = []
    for name in game_names():
        info = get_ruleset(name).info()
        for key, scenario in info["scenarios"].items():
            scenario["bots"] = bot_names(name, key)
        out.append(info | {"bots": bot_names(name)})
    return {"rulesets": out, "default_game": DEFAULT_GAME}
