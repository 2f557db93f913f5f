"""The application factory: ``create_app(settings)``.

At startup the schema is migrated (Alembic) and every turn left complete but unresolved by a
crash is resolved; a background task then resolves turns whose deadline has passed.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources

import anyio.to_thread
from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool

from .. import __version__
from . import errors
from .broker import Broker
from .config import Settings
from .db import Database
from .routes import glossary, lobby, play, records
from .service import GameService

log = logging.getLogger("hexfleet.server")


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    db = Database(settings)
    service = GameService(db, Broker(), max_steps_per_resolve=settings.max_steps_per_resolve,
                          bot_threads=settings.bot_threads)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.closing = asyncio.Event()
        anyio.to_thread.current_default_thread_limiter().total_tokens = settings.threads
        await run_in_threadpool(db.migrate)
        recovered = await run_in_threadpool(service.recover)
        if recovered:
            log.info("resolved %d step(s) left complete by a previous run", recovered)
        task = asyncio.create_task(_deadlines(service, settings.deadline_poll_seconds))
        try:
            yield
        finally:
            app.state.closing.set()
            task.cancel()
            service.close()
            db.dispose()

    app = FastAPI(title="hexfleet", version=__version__, lifespan=lifespan,
                  description="Play hexfleet games online, live or by deadline.")
    app.state.settings = settings
    app.state.service = service
    errors.install(app)
    for module in (lobby, play, records, glossary):
        app.include_router(module.router, prefix="/api")
    web = resources.files("hexfleet").joinpath("web")
    app.mount("/", StaticFiles(directory=str(web), html=True), name="web")
    return app


async def _deadlines(service: GameService, interval: float) -> None:
    """Resolve overdue turns: missing seats get their stand-in bot or the standing order."""
    while True:
        await asyncio.sleep(interval)
        try:
            for game_id in await run_in_threadpool(service.overdue_games):
                await run_in_threadpool(service.resolve, game_id)
                await service.play_bots_soon(game_id)
        except Exception:  # keep the loop alive, but never silently
            log.exception("resolving overdue turns failed")
