"""Crash safety and concurrency: no acknowledged order is lost, no turn is half resolved.

* A real server process is killed with SIGKILL while many games are being played, restarted
  on the same database, and every acknowledged order is found again; the games then play to
  their end and every record passes ``replay --verify``.
* Orders stored by a server that died before resolving are resolved at the next startup.
* Bots resume after a restart in the background: the server answers at once.
* Threads submitting to one turn at once: one resolution per turn, every answer a 200 or a
  clear 409.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient

from hexfleet.games import replay_record as replay  # the game from the record's header
from hexfleet.server import Settings, create_app
from hexfleet.server.service import GameService

from .conftest import Duel, LiveServer, free_port, new_duel
from .test_play import SETUP_BLUE, SETUP_RED

PLOTS = {"red": [{"R1": [{"card": "T60S"}]}, {"R1": []}, {"R1": [{"card": "T60P"}]}],
         "blue": [{"B1": [{"card": "TNC"}]}, {"B1": []}]}
"""Plots that never fire: the games last until their turn limit whatever the seed."""
TURNS = 6


def start_server(db: Path, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "HEXFLEET_DATABASE_URL": f"sqlite:///{db}"}
    proc = subprocess.Popen([sys.executable, "-m", "hexfleet.server", "--port", str(port)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    for _ in range(300):  # bounded: 15 s
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/rulesets", timeout=1).status_code == 200:
                return proc
        except httpx.TransportError:
            pass
        if proc.poll() is not None:
            raise AssertionError(f"the server exited: {proc.stderr.read().decode() if proc.stderr else ''}")
        time.sleep(0.05)
    proc.kill()
    raise AssertionError("the server did not start")


def order_for(seat: str, step: int) -> Any:
    if step == 1:
        return SETUP_RED if seat == "red" else SETUP_BLUE
    cycle = PLOTS[seat]
    return cycle[step % len(cycle)]


def player(url: str, duel: Duel, seat: str, acks: list[tuple[str, str, int, Any]], stop: threading.Event) -> None:
    """Play one seat: order for each open step with a request key, note every acknowledgement."""
    with httpx.Client(base_url=url, timeout=5, headers=duel.auth(seat)) as http:
        while not stop.is_set():
            try:
                state = http.get(f"/api/games/{duel.id}/state").json()
                if state["game"]["status"] == "over":
                    return
                if state["decision"] is None or state["my_order"] is not None:
                    time.sleep(0.02)
                    continue
                step = state["step"]
                order = order_for(seat, step)
                r = http.post(f"/api/games/{duel.id}/orders",
                              json={"order": order, "step": step, "request_key": f"{seat}-{step}"})
                if r.status_code == 200:
                    acks.append((duel.id, seat, step, order))
            except (httpx.TransportError, ValueError):
                return  # the server is gone


def test_sigkill_mid_play_loses_no_acknowledged_order(tmp_path: Path) -> None:
    db, port = tmp_path / "crash.db", free_port()
    url = f"http://127.0.0.1:{port}"
    proc = start_server(db, port)
    acks: list[tuple[str, str, int, Any]] = []
    try:
        with httpx.Client(base_url=url, timeout=5) as http:
            duels = [new_duel(http, options={"turn_limit": TURNS}) for _ in range(6)]  # type: ignore[arg-type]
        stop = threading.Event()
        threads = [threading.Thread(target=player, args=(url, d, seat, acks, stop))
                   for d in duels for seat in ("red", "blue")]
        for t in threads:
            t.start()
        for _ in range(2000):  # bounded: 10 s; kill once a good part of the play is acknowledged
            if len(acks) >= 30:
                break
            time.sleep(0.005)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        stop.set()
        for t in threads:
            t.join()
        assert 30 <= len(acks) < len(duels) * 2 * (TURNS + 1), "killed mid-play"

        proc = start_server(db, port)
        with httpx.Client(base_url=url, timeout=5) as http:
            for game_id, seat, step, order in acks:
                duel = next(d for d in duels if d.id == game_id)
                state = http.get(f"/api/games/{game_id}/state", headers=duel.auth(seat)).json()
                if step < state["step"]:
                    log = http.get(f"/api/games/{game_id}/log", headers=duel.auth(seat)).json()
                    assert log["steps"][step - 1]["orders"][seat] == order
                else:
                    assert step == state["step"] and state["my_order"] == order
        stop = threading.Event()
        threads = [threading.Thread(target=player, args=(url, d, seat, acks, stop))
                   for d in duels for seat in ("red", "blue")]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=60)
        with httpx.Client(base_url=url, timeout=5) as http:
            for duel in duels:
                record = http.get(f"/api/games/{duel.id}/record").text.splitlines()
                report = replay(record, verify=True)
                assert report.ok and report.steps == TURNS + 1, (report.problems, report.steps)
    finally:
        proc.kill()
        proc.wait()


def test_orders_stored_before_a_crash_are_resolved_at_startup(settings: Settings) -> None:
    with TestClient(create_app(settings)) as client:
        duel = new_duel(client)
        service = client.app.state.service  # type: ignore[attr-defined]
        service.resolve = lambda game_id: 0  # the process "dies" between storing and resolving
        assert duel.order("red", SETUP_RED).status_code == 200
        assert duel.order("blue", SETUP_BLUE).status_code == 200
        assert duel.state("red")["step"] == 1 and duel.state("red")["waiting_for"] == []
    with TestClient(create_app(settings)) as client:  # the restart
        restarted = Duel(client, duel.id, duel.tokens)
        assert restarted.state("red")["step"] == 2
        log = client.get(f"/api/games/{duel.id}/log", headers=duel.auth("red")).json()
        assert log["steps"][0]["orders"] == {"red": SETUP_RED, "blue": {"B1": {"hex": [26, -4], "facing": "E"}}}


def test_a_restarted_server_answers_while_bots_resume(settings: Settings) -> None:
    """Bots-only games resume in the background: a restart serves at once, however long the
    bots think (three mcts games once kept a restarted server silent for 99 s)."""
    async def never(game_id: str) -> int:
        return 0

    with TestClient(create_app(settings)) as client:
        client.app.state.service.play_bots_soon = never  # type: ignore[attr-defined]  # dies before bots play
        r = client.post("/api/games", json={"ruleset": "turn-or-burn", "scenario": "quick-shot",
                                            "options": {"turn_limit": 2},
                                            "seats": {"red": {"bot": "random"}, "blue": {"bot": "random"}}})
        game_id = r.json()["game"]["id"]
    app = create_app(settings)
    thinking, go, held = threading.Event(), threading.Event(), []
    plain = GameService._bot_choice

    def gated(*args: Any) -> Any:
        thinking.set()
        if not go.wait(5):
            held.append("the server's startup waited for a bot to think")
            raise RuntimeError("the bot was held up")
        return plain(*args)

    app.state.service._bot_choice = gated
    with TestClient(app) as client:  # the restart
        assert not held, held
        assert thinking.wait(10)  # a bot thinks, in the background...
        assert client.get(f"/api/games/{game_id}").json()["status"] == "active"  # ...while the server answers
        go.set()
        for _ in range(200):  # bounded: 10 s
            if client.get(f"/api/games/{game_id}").json()["status"] == "over":
                break
            time.sleep(0.05)
        report = replay(client.get(f"/api/games/{game_id}/record").text.splitlines(), verify=True)
        assert report.ok and report.outcome is not None, report.problems


def test_concurrent_submissions_to_one_turn_are_safe(live_server: LiveServer) -> None:
    with httpx.Client(base_url=live_server.url, timeout=10) as http:
        duel = new_duel(http, options={"turn_limit": 7})  # type: ignore[arg-type]
    answers: list[int] = []
    errors: list[str] = []

    def send(http: httpx.Client, order: Any, step: int, key: str | None, barrier: threading.Barrier) -> None:
        barrier.wait()
        r = http.post(f"/api/games/{duel.id}/orders", json={"order": order, "step": step, "request_key": key})
        answers.append(r.status_code)
        if r.status_code not in (200, 409):
            errors.append(r.text)
        elif r.status_code == 409 and r.json()["error"] not in ("stale_step", "request_key_reused", "game_over"):
            errors.append(r.text)

    clients = {seat: [httpx.Client(base_url=live_server.url, timeout=10, headers=duel.auth(seat)) for _ in range(4)]
               for seat in ("red", "blue")}
    for step in range(1, 9):
        # each seat's order from four threads at once (same key twice, twice without), in one burst
        jobs = [(http, order_for(seat, step), key) for seat in ("red", "blue")
                for http, key in zip(clients[seat], (f"{seat}-{step}", f"{seat}-{step}", None, None))]
        barrier = threading.Barrier(len(jobs))
        threads = [threading.Thread(target=send, args=(http, order, step, key, barrier)) for http, order, key in jobs]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert not errors, errors
    for http in (c for group in clients.values() for c in group):
        http.close()
    assert answers.count(200) >= 16
    with httpx.Client(base_url=live_server.url, timeout=10) as http:
        game = http.get(f"/api/games/{duel.id}").json()
        assert game["status"] == "over" and game["steps"] == 8
        report = replay(http.get(f"/api/games/{duel.id}/record").text.splitlines())
        assert report.ok and report.steps == 8, report.problems


def test_the_server_entry_point_serves_the_client(tmp_path: Path) -> None:
    port = free_port()
    proc = start_server(tmp_path / "web.db", port)
    try:
        page = httpx.get(f"http://127.0.0.1:{port}/", timeout=5)
        assert page.status_code == 200 and "hexfleet" in page.text
    finally:
        proc.terminate()
        proc.wait(timeout=10)
