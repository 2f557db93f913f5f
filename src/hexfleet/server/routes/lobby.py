"""The lobby: rulesets and bots on offer, creating games, listing them, taking a seat."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, BackgroundTasks, Request, Response, status

from ..deps import ServiceDep
from ..schemas import CreateGame, JoinSeat, SeatsQuery
from ..service import SeatSpec

router = APIRouter(tags=["lobby"])


@router.get("/rulesets", response_class=Response)
async def rulesets(request: Request) -> Response:
    """Every game the server plays, with scenarios (and the option values each sets), options
    and the bots that can sit at it. Built and encoded once, in the background from startup on
    (``options.catalogue``): answering costs no thread and no encoding."""
    return Response(await request.app.state.catalogue, media_type="application/json")


@router.post("/rulesets/{ruleset}/seats")
def seats(ruleset: str, body: SeatsQuery, service: ServiceDep) -> dict[str, Any]:
    """The seats a game of ``scenario`` with ``options`` would have: the lobby asks again when
    an option changes them (a Big Party's ``players``). Bad options: 422, as at creation."""
    return {"seats": service.seats_for(ruleset, body.scenario, body.options)}


@router.post("/games", status_code=status.HTTP_201_CREATED)
def create_game(body: CreateGame, service: ServiceDep, background: BackgroundTasks) -> dict[str, Any]:
    """Create a game; with ``join``, take that seat at once (the answer carries its token).
    Bot seats start deciding once the answer is sent; a game of bots only plays itself."""
    created = service.create_game(
        ruleset_name=body.ruleset, scenario=body.scenario, options=body.options,
        seats={seat: SeatSpec(c.bot, c.stand_in) for seat, c in body.seats.items()},
        deadline_seconds=body.deadline_seconds, join=body.join, name=body.name, email=body.email,
    )
    background.add_task(service.play_bots_soon, created["game"]["id"])
    return created


@router.get("/games")
def list_games(service: ServiceDep, status: Literal["open", "active", "over"] | None = None) -> dict[str, Any]:
    """Newest first; ``status=open`` lists games with seats to take."""
    return {"games": service.list_games(status)}


@router.get("/games/{game_id}")
def game_info(game_id: str, service: ServiceDep) -> dict[str, Any]:
    """Public facts: seats taken, status, the seed's sha256 (and the seed once over)."""
    return service.game_info(game_id)


@router.post("/games/{game_id}/seats/{seat}/join")
def join(game_id: str, seat: str, service: ServiceDep, body: JoinSeat | None = None) -> dict[str, Any]:
    """Take a free seat; the token in the answer is the seat's secret link. Keep it."""
    return service.join(game_id, seat, body.name if body else None, body.email if body else None)
