"""``hexfleet serve``: the command-line way to start the server, on the port and database given."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx

from .conftest import free_port


def test_hexfleet_serve_uses_the_port_and_database_given(tmp_path: Path) -> None:
    port, db = free_port(), tmp_path / "served.db"
    env = {k: v for k, v in os.environ.items() if k != "HEXFLEET_DATABASE_URL"}
    proc = subprocess.Popen([sys.executable, "-c", "from hexfleet.cli import app; app()", "serve", "--host",
                             "127.0.0.1", "--port", str(port), "--db", str(db)],
                            cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        for _ in range(300):  # bounded: 15 s
            if proc.poll() is not None:
                raise AssertionError(f"hexfleet serve exited: {proc.stderr.read().decode() if proc.stderr else ''}")
            try:
                r = httpx.post(f"http://127.0.0.1:{port}/api/games", timeout=1,
                               json={"ruleset": "turn-or-burn", "scenario": "quick-shot"})
                break
            except httpx.TransportError:
                time.sleep(0.05)
        else:
            raise AssertionError("hexfleet serve did not answer")
        assert r.status_code == 201, r.text
        assert db.exists() and not (tmp_path / "hexfleet.db").exists()
        assert httpx.get(f"http://127.0.0.1:{port}/", timeout=5).status_code == 200
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    assert f"http://127.0.0.1:{port}/" in proc.stdout.read().decode()  # type: ignore[union-attr]
