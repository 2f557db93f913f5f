"""Event streams (server-sent events): one feed per watched game, whatever the number of watchers.

Each game with open streams has one :class:`Feed`, a task on the event loop. When the game
changes (a :class:`.Broker` notice from any thread, or every ``stream_poll_seconds`` for changes
made by another process), the feed reads the game once and builds each watched seat's update
once (all spectators share one), JSON-encoded once, then hands the same bytes to every stream of
that seat. A stream only writes what it is handed: 300 spectators cost one view per update,
not 300 database reads and views (``bench/server_load.py --streams``).

A stream is handed only the newest update (each carries the whole state), so a slow reader
never builds up a backlog. Updates still go through ``GameService.views``: a stream never
sees more than its own seat may.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import defaultdict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from starlette.concurrency import run_in_threadpool

from ..engine.ruleset import Seat
from .service import GameService

log = logging.getLogger("hexfleet.server")

KEEP_ALIVE = b": keep-alive\n\n"


class Stream:
    """One open connection's mailbox: the newest update it has not written yet, as bytes
    (encoded once for all the streams it is handed to)."""

    __slots__ = ("closed", "message", "ready", "seat", "version")

    def __init__(self, seat: Seat | None):
        self.seat = seat
        self.message = b""
        self.version: int | None = None
        """The version of the last update handed over (keep-alives aside)."""
        self.ready = asyncio.Event()
        self.closed = False

    def hand(self, message: bytes) -> None:
        self.message = message
        self.ready.set()

    async def next(self) -> bytes | None:
        """The next bytes to write; ``None`` once the server is closing."""
        await self.ready.wait()
        self.ready.clear()
        return None if self.closed else self.message


class Feed:
    """The updates of one game, built once per change and seat, for all its streams."""

    def __init__(self, service: GameService, game_id: str, poll: float):
        self.service = service
        self.game_id = game_id
        self.poll = poll
        self.streams: dict[Seat | None, set[Stream]] = defaultdict(set)
        self.updates: dict[Seat | None, tuple[int, bytes]] = {}
        """The last update built for each watched seat: ``(version, event bytes)``."""
        self.changed = asyncio.Event()
        """Set by the broker when the game changes, and when a stream joins."""
        self.task: asyncio.Task[None] | None = None

    async def run(self) -> None:
        async with self.service.broker.subscribe(self.game_id, self.changed):
            while True:
                self.changed.clear()
                try:
                    await self._deliver()
                except Exception:  # keep the feed alive, but never silently
                    log.exception("building the updates of game %s failed", self.game_id)
                try:
                    await asyncio.wait_for(self.changed.wait(), self.poll)
                except TimeoutError:
                    self._keep_alive()

    async def _deliver(self) -> None:
        """Build what is out of date (one thread-pool call), then hand each stream its seat's
        update unless it already has that version."""
        known = {seat: self.updates.get(seat, (None, b""))[0] for seat in self.streams}
        self.updates.update(await run_in_threadpool(self._build, known))
        for seat, streams in self.streams.items():
            version, message = self.updates.get(seat, (None, b""))
            for stream in streams:
                if version is not None and stream.version != version:
                    stream.version = version
                    stream.hand(message)

    def _build(self, known: dict[Seat | None, int | None]) -> dict[Seat | None, tuple[int, bytes]]:
        """In a worker thread: the seats whose update is older than the game, rebuilt."""
        version = self.service.version(self.game_id)
        stale = [seat for seat, seen in known.items() if seen != version]
        return {seat: (data["version"], _event(data)) for seat, data in
                (self.service.views(self.game_id, stale) if stale else {}).items()}

    def _keep_alive(self) -> None:
        for streams in self.streams.values():
            for stream in streams:
                if not stream.ready.is_set():
                    stream.hand(KEEP_ALIVE)

    def close(self) -> None:
        for streams in self.streams.values():
            for stream in streams:
                stream.closed = True
                stream.ready.set()
        if self.task is not None:
            self.task.cancel()


def _event(data: dict[str, Any]) -> bytes:
    return f"event: update\nid: {data['version']}\ndata: {json.dumps(data)}\n\n".encode()


class Feeds:
    """The feeds of the games being watched, created with a game's first stream and stopped
    with its last."""

    def __init__(self, service: GameService, poll: float):
        self.service = service
        self.poll = poll
        self._feeds: dict[str, Feed] = {}

    @asynccontextmanager
    async def subscribe(self, game_id: str, seat: Seat | None) -> AsyncIterator[Stream]:
        """A stream of ``game_id`` as ``seat`` sees it: its first update comes at once."""
        feed = self._feeds.get(game_id)
        if feed is None:
            feed = self._feeds[game_id] = Feed(self.service, game_id, self.poll)
            feed.task = asyncio.create_task(feed.run())
        stream = Stream(seat)
        feed.streams[seat].add(stream)
        feed.changed.set()
        try:
            yield stream
        finally:
            feed.streams[seat].discard(stream)
            if not feed.streams[seat]:
                del feed.streams[seat]
                feed.updates.pop(seat, None)
            if not feed.streams and self._feeds.get(game_id) is feed:
                del self._feeds[game_id]
                feed.close()

    def close(self) -> None:
        """End every stream (the server is shutting down)."""
        for feed in self._feeds.values():
            feed.close()
        self._feeds.clear()
