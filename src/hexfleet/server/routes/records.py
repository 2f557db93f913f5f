"""Logs and records: a seat's own redacted log while the game runs, everything after the end."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import PlainTextResponse

from ..deps import ServiceDep, ViewerDep

router = APIRouter(tags=["records"])


@router.get("/games/{game_id}/log")
def log(game_id: str, viewer: ViewerDep, service: ServiceDep) -> dict[str, Any]:
    """Each step's orders and events as the seat may see them (no token: a spectator)."""
    return service.log(game_id, viewer.seat if viewer else None)


@router.get("/games/{game_id}/record", response_class=PlainTextResponse)
def record(game_id: str, viewer: ViewerDep, service: ServiceDep) -> PlainTextResponse:
    """JSON lines. After the end: the whole record, seed revealed (``hexfleet replay --verify``).
    Before: header and the steps as the seat may see them, no seed."""
    text = service.record(game_id, viewer.seat if viewer else None)
    return PlainTextResponse(text, media_type="application/x-ndjson", headers={
        "Content-Disposition": f'attachment; filename="hexfleet-{game_id}.jsonl"'})
