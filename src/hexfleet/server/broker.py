"""In-process notifications: "game X changed", from worker threads to the game's event feed.

A notice carries no game data: the feed (:mod:`.streams`) re-reads the game through each
watched seat's view, so a push can never leak what a seat may not see. Feeds also re-check the
database every few seconds (``Settings.stream_poll_seconds``), which covers changes made by
another process.
"""

from __future__ import annotations

import asyncio
import threading
from collections import defaultdict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class Broker:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiters: dict[str, set[tuple[asyncio.AbstractEventLoop, asyncio.Event]]] = defaultdict(set)

    def publish(self, game_id: str) -> None:
        """Wake every feed of ``game_id``; safe from any thread."""
        with self._lock:
            waiters = list(self._waiters.get(game_id, ()))
        for loop, event in waiters:
            try:
                loop.call_soon_threadsafe(event.set)
            except RuntimeError:  # that feed's loop has closed
                pass

    @asynccontextmanager
    async def subscribe(self, game_id: str, event: asyncio.Event) -> AsyncIterator[None]:
        """Set ``event`` (on the running loop) whenever ``game_id`` changes, until exit."""
        entry = (asyncio.get_running_loop(), event)
        with self._lock:
            self._waiters[game_id].add(entry)
        try:
            yield
        finally:
            with self._lock:
                self._waiters[game_id].discard(entry)
                if not self._waiters[game_id]:
                    del self._waiters[game_id]
