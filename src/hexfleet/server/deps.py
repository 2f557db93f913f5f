"""Typed dependencies (``Annotated`` aliases the routes take as parameters).

``SeatDep`` turns a bearer token into the seat it was issued for; a token is good for its own
game only. ``ViewerDep`` is the same but optional: no token means a spectator.

They are ``async``: FastAPI runs a plain ``def`` dependency in the thread pool, a hop per
dependency per request, while these only look in memory (the database only for a token not
seen before, in the thread pool).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Query, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.concurrency import run_in_threadpool

from .master import GameMaster
from .service import ApiError, Caller, GameService

_bearer = HTTPBearer(auto_error=False, description="the seat's secret token, from joining")


async def get_service(request: Request) -> GameService:
    return request.app.state.service


ServiceDep = Annotated[GameService, Depends(get_service)]


def _token(credentials: HTTPAuthorizationCredentials | None, token: str | None) -> str | None:
    if credentials is not None:
        return credentials.credentials
    return token


async def get_viewer(
    game_id: str,
    service: ServiceDep,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
    token: Annotated[str | None, Query(description="the seat token, where a header cannot be sent "
                                                   "(EventSource)")] = None,
) -> Caller | None:
    raw = _token(credentials, token)
    if raw is None:
        return None
    caller = service.known_caller(raw) or await run_in_threadpool(service.caller_for_token, raw)
    if caller is None:
        raise ApiError(401, "bad_token", "this token belongs to no seat")
    if caller.game_id != game_id:
        raise ApiError(403, "wrong_game", f"this token is for another game, not {game_id}")
    return caller


async def get_seat(viewer: Annotated[Caller | None, Depends(get_viewer)]) -> Caller:
    if viewer is None:
        raise ApiError(401, "no_token", "this needs a seat's token: 'Authorization: Bearer <token>'")
    return viewer


async def get_master(
    game_id: str, request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> GameMaster:
    """The game master's operations, for the holder of the game's master token only."""
    if credentials is None:
        raise ApiError(401, "no_token", "this needs the game master's token: 'Authorization: Bearer <token>'")
    master: GameMaster = request.app.state.master
    await run_in_threadpool(master.check_master, game_id, credentials.credentials)
    return master


async def get_pbm(request: Request) -> GameMaster:
    return request.app.state.master


ViewerDep = Annotated[Caller | None, Depends(get_viewer)]
MasterDep = Annotated[GameMaster, Depends(get_master)]
PbmDep = Annotated[GameMaster, Depends(get_pbm)]
SeatDep = Annotated[Caller, Depends(get_seat)]
