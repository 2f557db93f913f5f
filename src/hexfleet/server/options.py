"""Rule options at the HTTP edge: what each scenario sets, and JSON types checked before a
ruleset reads a value.

Both work from the kernel contract alone (``Ruleset.options``, ``new_game``, ``to_json``,
``state_hash``), so no game is named here.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

from ..ai import bot_names
from ..engine.canonical import canonical_json
from ..engine.errors import FormatError, RuleError
from ..engine.ruleset import OptionInfo, Ruleset
from ..games import game_names, get_ruleset

_NONE = object()
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


def scenario_options(ruleset: Ruleset[Any], scenario: str) -> dict[str, Any]:
    """Each option's value in a new game of ``scenario``: what the scenario sets, else the
    declared default. The lobby shows these, so a person sees (and keeps) a scenario's own
    settings and sends only what they change.

    A scenario's settings are not in the kernel's metadata, so they are read from what the
    kernel does offer: a value is the scenario's when a new game with it set is the very same
    state (equal ``state_hash``) as a new game without it. Candidates are the values found
    under the option's name in the state's JSON, the default and the choices; all first
    candidates are tried together, then, if that state differs, each option alone. An option
    for which nothing matches is left out (the lobby then shows the declared default, and
    still sends nothing unless changed). Costs two ``new_game`` calls per scenario, more when
    the first guess is wrong: :func:`catalogue` is built once per process.
    """
    base = ruleset.new_game(scenario, seed=0)
    target = ruleset.state_hash(base)
    found = _named_values(ruleset.to_json(base), {o.name for o in ruleset.options})
    candidates = {o.name: list(_candidates(o, found.get(o.name, []))) for o in ruleset.options}
    guess = {name: values[0] for name, values in candidates.items()}
    if _same_game(ruleset, scenario, guess, target):
        return guess
    settled = {}
    for name, values in candidates.items():
        match = next((v for v in values if _same_game(ruleset, scenario, {name: v}, target)), _NONE)
        if match is not _NONE:
            settled[name] = match
    return settled


def _same_game(ruleset: Ruleset[Any], scenario: str, options: dict[str, Any], target: str) -> bool:
    try:
        return ruleset.state_hash(ruleset.new_game(scenario, seed=0, options=options)) == target
    except (RuleError, FormatError):  # not a value this scenario takes
        return False


def ruleset_info(ruleset: Ruleset[Any]) -> dict[str, Any]:
    """``ruleset.info()`` with each scenario's option values (:func:`scenario_options`)."""
    info = ruleset.info()
    for name, scenario in info["scenarios"].items():
        scenario["options"] = scenario_options(ruleset, name)
    return info


def _candidates(option: OptionInfo, found: list[Any]) -> Iterator[Any]:
    seen = set()
    for value in (*found, option.default, *option.choices):
        key = canonical_json(value)
        if key not in seen:
            seen.add(key)
            yield value


def _named_values(data: Any, names: set[str]) -> dict[str, list[Any]]:
    """The values under each key in ``names``, anywhere in a JSON tree."""
    found: dict[str, list[Any]] = {}
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                if key in names:
                    found.setdefault(key, []).append(value)
                stack.append(value)
        elif isinstance(node, list):
            stack.extend(node)
    return found


@cache
def catalogue() -> dict[str, Any]:
    """The body of ``GET /api/rulesets``: every game with its scenarios (and their option
    values), options and bots. Built once per process: :func:`scenario_options` plays a few
    ``new_game`` calls per scenario, which take seconds for some maps."""
    return {"rulesets": [ruleset_info(get_ruleset(name)) | {"bots": bot_names(name)} for name in game_names()]}
