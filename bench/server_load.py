"""Load test of the play server on loopback: many games played at once, orders timed.

Starts a server process on a fresh SQLite file (or ``--database-url``), creates ``--games``
two-seat Turn or Burn games and plays them: each step both seats send their order at once, the
next step starts when both are acknowledged, and a finished game is replaced by a new one.
Stops after ``--seconds`` or ``--max-orders``, whichever comes first, and prints orders per
second, p50/p99 order latency and the error count. Traffic goes to 127.0.0.1 only.

``--streams N`` also keeps N spectators' event streams (SSE) open on one of the games, which
then lasts the whole run, and times ``GET /api/rulesets`` meanwhile: what a crowd watching
one game costs everybody else.

The load generator shares the machine with the server, so it is aiohttp (about a third of
httpx's CPU per request); its own CPU per order is printed beside the server's.

    .venv/bin/python bench/server_load.py --games 10 --seconds 10
    .venv/bin/python bench/server_load.py --games 10 --seconds 10 --streams 300
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import aiohttp
import httpx

PLOTS = {"red": [{"R1": [{"card": "T60S"}]}, {"R1": []}, {"R1": [{"card": "T60P"}]}],
         "blue": [{"B1": [{"card": "TNC"}]}, {"B1": []}]}
"""Plots that never fire: games last exactly to their turn limit."""
SETUP = {"red": {"R1": {"gun": "NB"}}, "blue": {"B1": {"gun": "LT"}}}
AT_REST = {"red": {"R1": {"gun": "NB", "momentum": [5, 8]}}, "blue": {"B1": {"gun": "LT", "momentum": [24, -2]}}}
"""The watched game's setup: both fighters at rest where they start, so with empty plots the
game lasts the whole run (the plots above drift blue off the map after ten turns)."""


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.games = 0
        self.elapsed = 0.0
        self.updates = 0
        """Updates received by all spectator streams together."""
        self.lobby: list[float] = []
        """Latencies of ``GET /api/rulesets`` during the run."""


def order_for(seat: str, step: int) -> object:
    return SETUP[seat] if step == 1 else PLOTS[seat][step % len(PLOTS[seat])]


def order_at_rest(seat: str, step: int) -> object:
    return AT_REST[seat] if step == 1 else {seat[0].upper() + "1": []}


async def new_game(http: aiohttp.ClientSession, stats: Stats, turns: int) -> tuple[str, dict[str, str]] | None:
    """Create a two-person game and take both seats: ``(game id, tokens by seat)``."""
    async with http.post("/api/games", json={"ruleset": "turn-or-burn", "scenario": "quick-shot", "join": "red",
                                             "options": {"turn_limit": turns}}) as r:
        if r.status != 201:
            stats.errors.append(f"create: {r.status} {(await r.text())[:200]}")
            return None
        created = await r.json()
    game_id, tokens = created["game"]["id"], {"red": created["token"]}
    async with http.post(f"/api/games/{game_id}/seats/blue/join") as r:
        tokens["blue"] = (await r.json())["token"]
    stats.games += 1
    return game_id, tokens


async def play_game(http: aiohttp.ClientSession, stats: Stats, game: tuple[str, dict[str, str]], stop_at: float,
                    max_orders: int, turns: int, orders: Callable[[str, int], object] = order_for) -> bool:
    """Play one game to its end; ``False`` once time or the order budget has run out."""
    game_id, tokens = game
    for step in range(1, turns + 2):
        if time.monotonic() >= stop_at or len(stats.latencies) >= max_orders:
            return False
        await asyncio.gather(*(order(http, stats, game_id, seat, tokens[seat], orders(seat, step), step)
                               for seat in tokens))
    return True


async def play(http: aiohttp.ClientSession, stats: Stats, stop_at: float, max_orders: int, turns: int) -> None:
    """Play games one after another until time or the order budget runs out."""
    while (game := await new_game(http, stats, turns)) and await play_game(http, stats, game, stop_at,
                                                                          max_orders, turns):
        pass


async def watch(base: str, game_id: str, stats: Stats, ready: asyncio.Event, count: int) -> None:
    """``count`` spectators' event streams on one game, open until cancelled; ``ready`` is set
    once every stream has had its first update."""
    first = 0
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(base, connector=connector) as http:

        async def spectator() -> None:
            nonlocal first
            async with http.get(f"/api/games/{game_id}/stream") as r:
                seen = False
                async for line in r.content:
                    if line.startswith(b"event: update"):
                        if seen:
                            stats.updates += 1
                        else:
                            seen, first = True, first + 1
                            if first == count:
                                ready.set()

        await asyncio.gather(*(spectator() for _ in range(count)))


async def time_lobby(http: aiohttp.ClientSession, stats: Stats, stop_at: float) -> None:
    """``GET /api/rulesets`` four times a second: what the lobby feels meanwhile."""
    while time.monotonic() < stop_at:
        start = time.perf_counter()
        async with http.get("/api/rulesets") as r:
            await r.read()
        stats.lobby.append(time.perf_counter() - start)
        await asyncio.sleep(0.25)


async def order(http: aiohttp.ClientSession, stats: Stats, game_id: str, seat: str, token: str, given: object,
                step: int) -> None:
    body = {"order": given, "step": step, "request_key": f"{seat}-{step}"}
    start = time.perf_counter()
    try:
        async with http.post(f"/api/games/{game_id}/orders", json=body,
                             headers={"Authorization": f"Bearer {token}"}) as r:
            text = await r.text()
    except aiohttp.ClientError as exc:
        stats.errors.append(f"{type(exc).__name__}: {exc}")
        return
    stats.latencies.append(time.perf_counter() - start)
    if r.status != 200:
        stats.errors.append(f"order: {r.status} {text[:200]}")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux ``/proc``): the server's cost per order is a
    figure that does not depend on what else the machine is running."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextmanager
def scratch_schema(url: str | None) -> Iterator[str | None]:
    """On PostgreSQL, a fresh schema for the run, dropped afterwards: the bench leaves nothing."""
    if not url or not url.startswith("postgresql"):
        yield None
        return
    import psycopg

    plain = "postgresql://" + url.split("://", 1)[1]
    schema = f"bench_{secrets.token_hex(4)}"
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield schema
    finally:
        with psycopg.connect(plain, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(url: str, port: int, schema: str | None) -> subprocess.Popen[bytes]:
    env = {**os.environ, "HEXFLEET_DATABASE_URL": url}
    if schema:
        env["HEXFLEET_DATABASE_SCHEMA"] = schema
    proc = subprocess.Popen([sys.executable, "-m", "hexfleet.server", "--port", str(port)], env=env,
                            stdout=subprocess.DEVNULL)
    for _ in range(300):  # bounded: 15 s
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/rulesets", timeout=1).status_code == 200:
                return proc
        except httpx.TransportError:
            time.sleep(0.05)
    proc.kill()
    raise SystemExit("the server did not start")


async def run(args: argparse.Namespace, base: str) -> Stats:
    stats = Stats()
    connector = aiohttp.TCPConnector(limit=args.games * 2 + 4)
    async with aiohttp.ClientSession(base, connector=connector, timeout=aiohttp.ClientTimeout(total=30)) as http:
        watched, watchers = None, None
        if args.streams:
            # the watched game outlasts the run: its turn limit is far beyond what can be played
            watched = await new_game(http, stats, 10 ** 6)
            if watched is None:
                return stats
            ready = asyncio.Event()
            watchers = asyncio.create_task(watch(base, watched[0], stats, ready, args.streams))
            await asyncio.wait_for(ready.wait(), 120)
        stop_at = time.monotonic() + args.seconds
        start = time.perf_counter()
        slots = [play(http, stats, stop_at, args.max_orders, args.turns) for _ in range(args.games - bool(watched))]
        if watched:
            slots += [play_game(http, stats, watched, stop_at, args.max_orders, 10 ** 6, order_at_rest),
                      time_lobby(http, stats, stop_at)]
        await asyncio.gather(*slots)
        stats.elapsed = time.perf_counter() - start
        if watchers:
            watchers.cancel()
            await asyncio.gather(watchers, return_exceptions=True)
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10, help="games played at once (two seats each)")
    parser.add_argument("--seconds", type=float, default=10.0, help="stop after this long")
    parser.add_argument("--max-orders", type=int, default=20_000, help="stop after this many orders")
    parser.add_argument("--turns", type=int, default=10, help="turn limit of each game")
    parser.add_argument("--streams", type=int, default=0, help="spectators' event streams kept open on one of the "
                        "games (which then lasts the whole run)")
    parser.add_argument("--database-url", help="default: a fresh SQLite file in a temporary folder; on "
                        "PostgreSQL the run uses a scratch schema it drops afterwards")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, scratch_schema(args.database_url) as schema:
        url = args.database_url or f"sqlite:///{Path(tmp) / 'bench.db'}"
        port = free_port()
        proc = start_server(url, port, schema)
        try:
            cpu, own = cpu_seconds(proc.pid), time.process_time()
            stats = asyncio.run(run(args, f"http://127.0.0.1:{port}"))
            cpu, own = cpu_seconds(proc.pid) - cpu, time.process_time() - own
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    lat = sorted(stats.latencies)
    p = (lambda q: lat[min(len(lat) - 1, int(q * len(lat)))] * 1000) if lat else (lambda q: float("nan"))
    print(f"database     {url.split('://')[0]}")
    print(f"concurrency  {args.games} games, {args.games * 2} seats")
    print(f"games        {stats.games} played")
    print(f"orders       {len(lat)} in {stats.elapsed:.1f} s = {len(lat) / stats.elapsed:.0f} orders/s")
    mean = statistics.fmean(lat) * 1000 if lat else 0.0
    print(f"latency      p50 {p(0.50):.1f} ms, p99 {p(0.99):.1f} ms, max {p(1):.1f} ms, mean {mean:.1f} ms")
    if args.streams:
        lobby = sorted(stats.lobby)
        print(f"streams      {args.streams} spectators on one game: {stats.updates} updates received "
              f"({stats.updates / args.streams:.0f} each)")
        print(f"lobby        GET /api/rulesets p50 {lobby[len(lobby) // 2] * 1000:.1f} ms, "
              f"max {lobby[-1] * 1000:.1f} ms ({len(lobby)} requests)")
    print(f"server CPU   {cpu / max(1, len(lat)) * 1000:.2f} ms per order (all requests included; "
          f"{os.getloadavg()[0]:.1f} load average on {os.cpu_count()} cores)")
    print(f"client CPU   {own / max(1, len(lat)) * 1000:.2f} ms per order (this load generator, on the same machine)")
    print(f"errors       {len(stats.errors)}")
    for e in stats.errors[:5]:
        print(f"  {e}")


if __name__ == "__main__":
    main()
