"""Glossaries: each game's codes (cards, guns, stats…) with names and effects, for people.

Game-agnostic: the words live in ``hexfleet.render.<game>_glossary`` (the game's registry name
with ``-`` as ``_``), each module's ``glossary()`` built from that game's own data tables.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import Any

from fastapi import APIRouter

from ...games import game_names
from ..service import ApiError

router = APIRouter(tags=["lobby"])


@cache
def _glossary(game: str) -> dict[str, Any]:
    name = f"hexfleet.render.{game.replace('-', '_')}_glossary"
    try:
        module = import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:  # the glossary is there but broken: say so
            raise
        return {"terms": {}}
    return dict(module.glossary())


@router.get("/rulesets/{game}/glossary")
def glossary(game: str) -> dict[str, Any]:
    """``{"game", "terms": {code: {"name", "kind", "effect"}}, ...}``: what each code means (an
    empty ``terms`` for a game without a glossary)."""
    if game not in game_names():
        raise ApiError(404, "not_found", f"no game named {game!r}")
    return {"game": game, **_glossary(game)}
