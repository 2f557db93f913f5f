"""Playing: the seat's view, previews, orders, and the pushed updates (server-sent events)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, BackgroundTasks, Header, Query, Request
from fastapi.responses import StreamingResponse
from starlette.concurrency import run_in_threadpool

from ..deps import SeatDep, ServiceDep, ViewerDep
from ..schemas import PreviewOrder, SubmitOrder
from ..streams import Feeds

router = APIRouter(tags=["play"])


@router.get("/games/{game_id}/state")
def state(game_id: str, viewer: ViewerDep, service: ServiceDep) -> dict[str, Any]:
    """The seat's view and what it must decide now (no token: a spectator's view)."""
    return service.view(game_id, viewer.seat if viewer else None)


@router.post("/games/{game_id}/orders")
async def submit(game_id: str, body: SubmitOrder, seat: SeatDep, service: ServiceDep, background: BackgroundTasks,
                 idempotency_key: str | None = Header(None, max_length=128)) -> dict[str, Any]:
    """Store the seat's order for the open step; a second order before the step resolves
    replaces the first. Answered only once the order is committed (and the step resolved, if
    it was the last one missing); bots then answer the next step after the response.

    ``async`` with the database work in one thread-pool call: a plain ``def`` route would also
    send its answer's validation through the pool, a second hop on the busiest request."""
    def store() -> tuple[dict[str, Any], bool]:
        answer = service.submit(game_id, seat.seat, body.order, step=body.step,
                                request_key=body.request_key or idempotency_key)
        return answer, service.has_bots(game_id)

    answer, bots = await run_in_threadpool(store)
    if bots:
        background.add_task(service.play_bots_soon, game_id)
    return answer


@router.post("/games/{game_id}/preview")
def preview(game_id: str, body: PreviewOrder, seat: SeatDep, service: ServiceDep) -> dict[str, Any]:
    """Where the seat's own pieces would end up under ``order`` (nothing is stored)."""
    return service.preview(game_id, seat.seat, body.order)


@router.get("/games/{game_id}/legal")
def legal(game_id: str, seat: SeatDep, service: ServiceDep, offset: int = Query(0, ge=0),
          limit: int = Query(500, ge=1, le=1000)) -> dict[str, Any]:
    """The legal orders for the caller's own open decision, a page at a time (``total`` says how
    many): what a generic order panel offers. Another seat, or a seat with nothing to decide,
    gets 409 ``no_decision``."""
    return service.legal(game_id, seat.seat, offset, limit)


@router.get("/games/{game_id}/stream")
async def stream(game_id: str, request: Request, viewer: ViewerDep, service: ServiceDep) -> StreamingResponse:
    """Server-sent events: an ``update`` with the seat's full state at once, then after every
    change (join, order, resolution). Reconnecting simply starts again with the current state.
    Every stream of one game shares one feed: an update is built once per seat (spectators
    share one), not once per stream."""
    seat = viewer.seat if viewer else None
    await run_in_threadpool(service.game_info, game_id)  # 404 before the stream starts
    feeds: Feeds = request.app.state.feeds

    async def events() -> AsyncIterator[bytes]:
        async with feeds.subscribe(game_id, seat) as mailbox:
            while (text := await mailbox.next()) is not None:
                yield text

    return StreamingResponse(events(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
