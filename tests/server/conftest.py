"""Server test fixtures: a fresh database per test, on SQLite and (when reachable) PostgreSQL.

PostgreSQL tests use a new schema in database ``test`` (HEXFLEET_TEST_POSTGRES_URL, default
``postgresql+psycopg://root@127.0.0.1:5432/test``), dropped afterwards; they skip with a clear
message when no server answers. ``.ci/run`` starts one.
"""

from __future__ import annotations

import os
import secrets
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hexfleet.games import replay_record as replay  # the game from the record's header
from hexfleet.server import Settings, create_app

POSTGRES_URL = os.environ.get("HEXFLEET_TEST_POSTGRES_URL", "postgresql+psycopg://root@127.0.0.1:5432/test")


def _postgres_problem() -> str | None:
    try:
        import psycopg

        url = POSTGRES_URL.replace("postgresql+psycopg://", "postgresql://")
        with psycopg.connect(url, connect_timeout=3):
            return None
    except Exception as exc:  # any failure means: skip, saying why
        return f"PostgreSQL not reachable at {POSTGRES_URL} ({type(exc).__name__}: {exc}); start it to run these"


_PG_PROBLEM: str | None | bool = False


def postgres_problem() -> str | None:
    global _PG_PROBLEM
    if _PG_PROBLEM is False:
        _PG_PROBLEM = _postgres_problem()
    return _PG_PROBLEM  # type: ignore[return-value]


@pytest.fixture(params=["sqlite", "postgresql"])
def settings(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[Settings]:
    """Settings for a fresh, empty database of each kind."""
    if request.param == "sqlite":
        yield Settings(database_url=f"sqlite:///{tmp_path / 'hexfleet.db'}", deadline_poll_seconds=0.05)
        return
    problem = postgres_problem()
    if problem:
        pytest.skip(problem)
    import psycopg

    schema = f"t_{secrets.token_hex(6)}"
    url = POSTGRES_URL.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield Settings(database_url=POSTGRES_URL, database_schema=schema, deadline_poll_seconds=0.05)
    finally:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture
def sqlite_settings(tmp_path: Any) -> Settings:
    return Settings(database_url=f"sqlite:///{tmp_path / 'hexfleet.db'}", deadline_poll_seconds=0.05)


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as c:
        yield c


@dataclass
class Duel:
    """A two-person Turn or Burn duel with both seats taken."""

    client: TestClient
    id: str
    tokens: dict[str, str]

    def auth(self, seat: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}

    def state(self, seat: str | None) -> dict[str, Any]:
        r = self.client.get(f"/api/games/{self.id}/state", headers=self.auth(seat) if seat else {})
        assert r.status_code == 200, r.text
        return r.json()

    def order(self, seat: str, order: Any, **extra: Any) -> Any:
        return self.client.post(f"/api/games/{self.id}/orders", json={"order": order, **extra},
                                headers=self.auth(seat))


def new_duel(client: TestClient, **create: Any) -> Duel:
    body = {"ruleset": "turn-or-burn", "scenario": "quick-shot", "join": "red", **create}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    game_id = r.json()["game"]["id"]
    tokens = {"red": r.json()["token"]}
    r = client.post(f"/api/games/{game_id}/seats/blue/join", json={"name": "Blue"})
    assert r.status_code == 200, r.text
    tokens["blue"] = r.json()["token"]
    return Duel(client, game_id, tokens)


@pytest.fixture
def duel(client: TestClient) -> Duel:
    return new_duel(client)


@dataclass
class LiveServer:
    url: str
    settings: Settings


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def live_server(settings: Settings) -> Iterator[LiveServer]:
    """A real uvicorn server on a loopback port, in a thread of this process."""
    import threading
    import time

    import uvicorn

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(settings), host="127.0.0.1", port=port,
                                           log_level="warning", timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(200):  # bounded: 10 s
        if server.started:
            break
        time.sleep(0.05)
    assert server.started, "the server did not start"
    try:
        yield LiveServer(f"http://127.0.0.1:{port}", settings)
    finally:
        server.should_exit = True
        thread.join(timeout=10)


# --- browser tests (Debian's Chromium driven by Playwright) ---------------------------------

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"

needs_chromium = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                    reason="Debian's chromium is not installed (apt-get install chromium; .ci/run does)")


@pytest.fixture
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield _Browser(b)
        b.close()


class _Browser:
    """New contexts and pages with a 30 s timeout, so a stuck test fails quickly: a bot's turn on
    a loaded two-core machine (a study beside the suite) once took over 15 s."""

    def __init__(self, browser: object):
        self._browser = browser

    def new_context(self, **kwargs: object):  # type: ignore[no-untyped-def]
        ctx = self._browser.new_context(viewport={"width": 1280, "height": 800}, **kwargs)  # type: ignore[attr-defined]
        ctx.set_default_timeout(30_000)
        return ctx

    def new_page(self):  # type: ignore[no-untyped-def]
        return self.new_context().new_page()

    def close(self) -> None:
        self._browser.close()  # type: ignore[attr-defined]


def shot(page, name: str) -> None:  # type: ignore[no-untyped-def]
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def finish_and_check(page, name: str) -> None:  # type: ignore[no-untyped-def]
    """The game-over line, a screenshot, and the downloaded record replays and verifies."""
    page.wait_for_selector("#game-over")
    shot(page, name)
    with page.expect_download() as download:
        page.click("#download-record")
    lines = Path(download.value.path()).read_text().splitlines()
    report = replay(lines, verify=True)
    assert report.ok, report.problems


def create_in_lobby(page, url: str, ruleset: str, scenario: str, *, join: str, bots: dict[str, str],  # type: ignore[no-untyped-def]
                    name: str = "Player", options: dict[str, str] | None = None) -> None:
    """Create a game in the lobby as a person would: the game and scenario, options typed in,
    bots chosen for ``bots``' seats, seat ``join`` taken under ``name``; waits for the game page."""
    page.goto(url + "/")
    page.wait_for_selector(f"#ruleset option[value={ruleset}]", state="attached")
    page.select_option("#ruleset", ruleset)
    page.select_option("#scenario", scenario)
    page.wait_for_selector(f"input[name=join][value={join}]")
    for option, value in (options or {}).items():  # a typed field, or a list to pick from
        field = page.locator(f"[data-option={option}]")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    for seat, bot in bots.items():
        page.select_option(f"[data-seat={seat}]", f"bot: {bot}")
    page.check(f"input[name=join][value={join}]")
    page.fill("#name", name)
    page.click("#create-button")
    page.wait_for_url("**/game.html#game=*")
