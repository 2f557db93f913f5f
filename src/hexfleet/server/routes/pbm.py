"""Play by mail: order sheets, turn reports, the game master's operations, the summary
(docs/pbm.md)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, BackgroundTasks, Query, Response
from starlette.concurrency import run_in_threadpool

from ..deps import MasterDep, PbmDep, SeatDep, ServiceDep, ViewerDep
from ..schemas import Extend, Replace, SeatSettings, SubmitSheet

router = APIRouter(tags=["play by mail"])


@router.post("/games/{game_id}/sheet")
async def sheet(game_id: str, body: SubmitSheet, seat: SeatDep, pbm: PbmDep, service: ServiceDep,
                background: BackgroundTasks) -> dict[str, Any]:
    """An order sheet (plain text) for the seat's open decision: accepted whole, or refused
    with every error (422 ``sheet``: line, unit, card and rule of each)."""
    answer = await run_in_threadpool(pbm.submit_sheet, game_id, seat.seat, body.sheet)
    if service.has_bots(game_id):
        background.add_task(service.play_bots_soon, game_id)
    return answer


@router.get("/games/{game_id}/report")
def report(game_id: str, viewer: ViewerDep, pbm: PbmDep, first: int | None = Query(None, ge=1),
           last: int | None = Query(None, ge=1)) -> dict[str, Any]:
    """The turn report of steps ``first``..``last`` (default: the last) for the caller's seat
    (no token: a spectator's), as text and an SVG map, with the next deadline."""
    return pbm.report(game_id, viewer.seat if viewer else None, first, last)


@router.get("/games/{game_id}/report.txt")
def report_text(game_id: str, viewer: ViewerDep, pbm: PbmDep, first: int | None = Query(None, ge=1),
                last: int | None = Query(None, ge=1)) -> Response:
    """The turn report as a text file to download."""
    got = pbm.report(game_id, viewer.seat if viewer else None, first, last)
    return _download(got["text"], "text/plain; charset=utf-8", f"{game_id}-step{got['last']}.txt")


@router.get("/games/{game_id}/report.svg")
def report_svg(game_id: str, viewer: ViewerDep, pbm: PbmDep, first: int | None = Query(None, ge=1),
               last: int | None = Query(None, ge=1)) -> Response:
    """The turn report's map as an SVG file to download."""
    got = pbm.report(game_id, viewer.seat if viewer else None, first, last)
    return _download(got["svg"], "image/svg+xml", f"{game_id}-step{got['last']}.svg")


@router.put("/games/{game_id}/standing")
def standing(game_id: str, body: SeatSettings, seat: SeatDep, pbm: PbmDep) -> dict[str, Any]:
    """The caller's own standing orders (and mail address): what its units do at a missed deadline."""
    return pbm.set_seat(game_id, seat.seat, email=body.email, standing=body.standing, sheet=body.sheet)


@router.get("/games/{game_id}/summary")
def summary(game_id: str, pbm: PbmDep) -> dict[str, Any]:
    """The end-of-game summary (409 ``not_over`` before the end)."""
    return pbm.summary(game_id)


# --- the game master (the master token from creating the game) -------------------------------


@router.post("/games/{game_id}/master/pause")
def pause(game_id: str, master: MasterDep) -> dict[str, Any]:
    return master.pause(game_id)


@router.post("/games/{game_id}/master/resume")
def resume(game_id: str, master: MasterDep, service: ServiceDep, background: BackgroundTasks) -> dict[str, Any]:
    background.add_task(service.play_bots_soon, game_id)
    return master.resume(game_id)


@router.post("/games/{game_id}/master/extend")
def extend(game_id: str, body: Extend, master: MasterDep) -> dict[str, Any]:
    return master.extend(game_id, body.seconds)


@router.post("/games/{game_id}/master/seats/{seat}/replace")
def replace(game_id: str, seat: str, body: Replace, master: MasterDep, service: ServiceDep,
            background: BackgroundTasks) -> dict[str, Any]:
    """Give a seat to a bot, or to a new person (the answer carries the new token)."""
    answer = master.replace(game_id, seat, bot=body.bot, name=body.name, email=body.email)
    background.add_task(service.play_bots_soon, game_id)
    return answer


@router.put("/games/{game_id}/master/seats/{seat}")
def seat_settings(game_id: str, seat: str, body: SeatSettings, master: MasterDep) -> dict[str, Any]:
    """A seat's mail address and standing orders."""
    return master.set_seat(game_id, seat, email=body.email, standing=body.standing, sheet=body.sheet)


def _download(content: str, media_type: str, filename: str) -> Response:
    return Response(content, media_type=media_type, headers={"Content-Disposition": f'attachment; filename="{filename}"'})
