"""The application factory: ``create_app(settings)``.

At startup the schema is migrated (Alembic) and every turn left complete but unresolved by a
crash is resolved; then the server serves at once. In the background, bots resume the
decisions they had not stored, the lobby's catalogue is built, and a task resolves turns
whose deadline has passed.
"""

from __future__ import annotations

import asyncio
import json
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
from .limits import BodyLimit
from .mail import Mailer, MailRoom
from .master import GameMaster
from .options import catalogue
from .routes import glossary, lobby, pbm, play, records
from .service import GameService
from .streams import Feeds

log = logging.getLogger("hexfleet.server")


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    db = Database(settings)
    service = GameService(db, Broker(), max_steps_per_resolve=settings.max_steps_per_resolve,
                          bot_threads=settings.bot_threads)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        anyio.to_thread.current_default_thread_limiter().total_tokens = settings.threads
        loop = asyncio.get_running_loop()
        app.state.catalogue = loop.run_in_executor(None, _catalogue_json)
        app.state.feeds = Feeds(service, settings.stream_poll_seconds)
        await run_in_threadpool(db.migrate)
        recovered = await run_in_threadpool(service.recover)
        if recovered:
            log.info("resolved %d step(s) left complete by a previous run", recovered)
        tasks = [asyncio.create_task(_deadlines(service, settings.deadline_poll_seconds)),
                 asyncio.create_task(_resume_bots(service))]
        if mail is not None:
            tasks.append(asyncio.create_task(_mail(mail, settings.mail_poll_seconds)))
        try:
            yield
        finally:
            app.state.catalogue.cancel()  # if still being built: nobody waits for it any more
            app.state.feeds.close()
            for task in tasks:
                task.cancel()
            service.close()
            if mail is not None:
                mail.close()
            db.dispose()

    app = FastAPI(title="hexfleet", version=__version__, lifespan=lifespan,
                  description="Play hexfleet games online, live or by deadline.")
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    app.state.settings = settings
    app.state.service = service
    app.state.master = GameMaster(service)
    mail = app.state.mail = _mail_room(app.state.master, settings)
    if mail is not None:
        service.on_resolved.append(mail.after_resolve)
    errors.install(app)
    for module in (lobby, play, records, glossary, pbm):
        app.include_router(module.router, prefix="/api")
    web = resources.files("hexfleet").joinpath("web")
    app.mount("/", StaticFiles(directory=str(web), html=True), name="web")
    return app


def _catalogue_json() -> bytes:
    return json.dumps(catalogue()).encode()


async def _resume_bots(service: GameService) -> None:
    """After a restart, every game's bots make the decisions they had not stored: in the
    background, so that serving never waits for bots to think (a search bot's game may take
    minutes to play out), and in turns with every other game's bots (``play_bots_soon``)."""
    games = await run_in_threadpool(service.games_with_bots)
    results = await asyncio.gather(*(service.play_bots_soon(g) for g in games), return_exceptions=True)
    for game_id, result in zip(games, results):
        if isinstance(result, Exception):  # one broken game must not stop the others
            log.error("the bots of game %s failed to resume", game_id, exc_info=result)


def _mail_room(master: GameMaster, settings: Settings) -> MailRoom | None:
    """Play by mail when configured: an SMTP server to send through, a Maildir to read, or both."""
    if settings.mail_smtp_url is None and settings.mail_maildir is None:
        return None
    mailer = Mailer(settings.mail_smtp_url, settings.mail_from) if settings.mail_smtp_url else None
    return MailRoom(master, mailer, settings.mail_maildir, settings.mail_remind_seconds)


async def _mail(room: MailRoom, interval: float) -> None:
    """Read the order sheets delivered into the Maildir and send the reminders that are due."""
    while True:
        try:
            for game_id in await run_in_threadpool(room.read_maildir):
                await room.service.play_bots_soon(game_id)
            await run_in_threadpool(room.remind)
        except Exception:  # keep the loop alive, but never silently
            log.exception("play by mail failed")
        await asyncio.sleep(interval)


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
