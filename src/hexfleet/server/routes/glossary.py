"""Glossaries: each game's codes (cards, guns, stats…) with names and effects, for people.

Game-agnostic: the words come from the game's presenter (``render/<game>.py``, found by name
through :func:`hexfleet.plugins.presenter`), whose ``glossary()`` builds them from that game's
own data tables.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from fastapi import APIRouter

from ...games import game_names
from ...plugins import presenter
from ..service import ApiError

router = APIRouter(tags=["lobby"])


@cache
def _glossary(game: str) -> dict[str, Any]:
    return dict(presenter(game).glossary())


@router.get("/rulesets/{game}/glossary")
def glossary(game: str) -> dict[str, Any]:
    """``{"game", "terms": {code: {"name", "kind", "effect"}}, ...}``: what each code means."""
    if game not in game_names():
        raise ApiError(404, "not_found", f"no game named {game!r}")
    return {"game": game, **_glossary(game)}
