"""In-process notifications: "game X changed", from worker threads to open event streams.

A notice carries no game data: each stream re-reads the game through its own seat's view, so a
push can never leak what the seat may not see. Streams also re-check the database every few
seconds (``Settings.stream_poll_seconds``), which covers changes made by another process.
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
        """Wake every stream of ``game_id``; safe from any thread."""
        with self._lock:
            waiters = list(self._waiters.get(game_id, ()))
        for loop, event in waiters:
            try:
                loop.call_soon_threadsafe(event.set)
            except RuntimeError:  # that stream's loop has closed
                pass

    @asynccontextmanager
    async def subscribe(self, game_id: str) -> AsyncIterator[asyncio.Event]:
        entry = (asyncio.get_running_loop(), asyncio.Event())
        with self._lock:
            self._waiters[game_id].add(entry)
        try:
            yield entry[1]
        finally:
            with self._lock:
                self._waiters[game_id].discard(entry)
                if not self._waiters[game_id]:
                    del self._waiters[game_id]
