"""Event streams share one feed per game: an update is built once per watched seat, however
many streams watch (spectators once for all), and every stream still gets it."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from typing import Any

import httpx
import pytest

from hexfleet.games import get_ruleset

from .conftest import LiveServer, new_duel
from .test_play import SETUP_BLUE

SPECTATORS = 20


async def next_update(lines: Any) -> dict[str, Any]:
    async for line in lines:
        if line.startswith("data: "):
            return json.loads(line[6:])  # type: ignore[no-any-return]
    raise AssertionError("the stream ended")


def test_spectators_share_one_view_per_update(live_server: LiveServer, monkeypatch: pytest.MonkeyPatch) -> None:
    with httpx.Client(base_url=live_server.url, timeout=10) as http:
        duel = new_duel(http)  # type: ignore[arg-type]
    ruleset = get_ruleset("turn-or-burn")
    views: Counter[str | None] = Counter()
    plain = ruleset.view

    def counted(state: Any, seat: str | None) -> dict[str, Any]:
        views[seat] += 1
        return plain(state, seat)

    monkeypatch.setattr(ruleset, "view", counted)

    async def watch() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        async with httpx.AsyncClient(base_url=live_server.url, timeout=10) as http:
            streams = [http.stream("GET", f"/api/games/{duel.id}/stream") for _ in range(SPECTATORS)]
            streams.append(http.stream("GET", f"/api/games/{duel.id}/stream", params={"token": duel.tokens["red"]}))
            responses = [await s.__aenter__() for s in streams]
            try:
                lines = [r.aiter_lines() for r in responses]
                first = await asyncio.gather(*(next_update(line) for line in lines))
                views.clear()
                r = await http.post(f"/api/games/{duel.id}/orders", json={"order": SETUP_BLUE},
                                    headers=duel.auth("blue"))
                assert r.status_code == 200, r.text
                pushed = await asyncio.gather(*(next_update(line) for line in lines))
                return first, pushed
            finally:
                for s in streams:
                    await s.__aexit__(None, None, None)

    first, pushed = asyncio.run(watch())
    assert views == {None: 1, "red": 1}  # one spectators' view and red's, for 21 streams
    assert all(u["waiting_for"] == ["red", "blue"] for u in first)
    assert all(u == pushed[0] for u in pushed[:SPECTATORS]) and pushed[0]["seat"] is None
    assert pushed[0]["waiting_for"] == ["red"] and pushed[0]["decision"] is None
    assert pushed[-1]["seat"] == "red" and pushed[-1]["decision"]["kind"] == "setup"
