"""Play by mail end to end (docs/pbm.md), on SQLite and PostgreSQL: order sheets delivered into
a temporary Maildir, answers, turn reports and reminders caught by a local SMTP server
(aiosmtpd on a loopback port; never a real mail host)."""

from __future__ import annotations

import email
import email.policy
import mailbox
import threading
import time
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient

from hexfleet.server import Settings, create_app

from .conftest import free_port
from .test_pbm import new_game
from .test_play import SETUP_BLUE


class Inbox:
    """An SMTP handler keeping every message it is given."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        with self.lock:
            self.messages.append(email.message_from_bytes(envelope.content, policy=email.policy.default))
        return "250 OK"

    def wait(self, to: str, subject_has: str, timeout: float = 10) -> EmailMessage:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self.lock:
                for m in self.messages:
                    if m["To"] == to and subject_has in m["Subject"]:
                        self.messages.remove(m)
                        return m
            time.sleep(0.05)
        raise AssertionError(f"no mail to {to} about {subject_has!r}; got "
                             f"{[(m['To'], m['Subject']) for m in self.messages]}")

    def to(self, address: str) -> list[EmailMessage]:
        with self.lock:
            return [m for m in self.messages if m["To"] == address]


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, int]]:
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox, port
    finally:
        controller.stop()


def mail_client(settings: Settings, port: int, maildir: Path, **more: Any) -> TestClient:
    configured = settings.model_copy(update={"mail_smtp_url": f"smtp://127.0.0.1:{port}", "mail_from": "gm@hexfleet.test",
                                             "mail_maildir": str(maildir), "mail_poll_seconds": 0.05, **more})
    return TestClient(create_app(configured))


def deliver(maildir: Path, sender: str, subject: str, body: str) -> None:
    """What a mail server does with a player's mail: a new file in the Maildir."""
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = sender, "gm@hexfleet.test", subject
    msg.set_content(body)
    mailbox.Maildir(str(maildir), create=True).add(mailbox.MaildirMessage(msg))


def text(msg: EmailMessage) -> str:
    body = msg.get_body(preferencelist=("plain",))
    assert body is not None
    return str(body.get_content()).replace("\r\n", "\n")


@pytest.mark.rule("TOB-M6-ORDER-01")
def test_sheets_by_mail_are_answered_and_every_player_gets_the_turn_report(
        settings: Settings, smtp: tuple[Inbox, int], tmp_path: Path) -> None:
    inbox, port = smtp
    maildir = tmp_path / "Maildir"
    with mail_client(settings, port, maildir) as client:
        game = new_game(client, deadline_seconds=3 * 86400)
        deliver(maildir, "Red Player <RED@example.test>", "my setup", "R1 setup: gun=XX\nR7: TNC\n")
        refused = text(inbox.wait("red@example.test", "Re: my setup"))
        assert "was not accepted; nothing of it was taken" in refused
        assert "line 2, unit R7: no unit 'R7' in play" in refused
        assert game.state("red")["my_order"] is None
        deliver(maildir, "red@example.test", f"orders {game.id}", "R1 setup: gun=NB   # my gun\n-- \nRed\n")
        accepted = text(inbox.wait("red@example.test", f"Re: orders {game.id}"))
        assert accepted.startswith(f"Accepted: your orders for game {game.id} (red), step 1 (setup). Read as:")
        assert '"gun": "NB"' in accepted
        assert game.state("red")["my_order"] == {"R1": {"gun": "NB"}}
        assert game.order("blue", SETUP_BLUE).status_code == 200  # the step resolves: reports go out
        for seat in ("red", "blue"):
            report = inbox.wait(f"{seat}@example.test", f"{seat}: turn report, steps 1-1")
            assert report["From"] == "gm@hexfleet.test"
            assert text(report) == client.get(f"/api/games/{game.id}/report", params={"first": 1, "last": 1},
                                              headers=game.auth(seat)).json()["text"]
            assert "Next deadline: " in text(report)
            svg = next(part for part in report.iter_attachments())
            assert svg.get_content_type() == "image/svg+xml" and svg.get_content().startswith(b"<svg")
        seen = mailbox.Maildir(str(maildir), create=False)
        assert [m.get_subdir() for m in seen] == ["cur", "cur"] and all("S" in m.get_flags() for m in seen)


def test_unknown_senders_are_not_answered_and_a_player_of_two_games_names_one(
        settings: Settings, smtp: tuple[Inbox, int], tmp_path: Path) -> None:
    inbox, port = smtp
    maildir = tmp_path / "Maildir"
    with mail_client(settings, port, maildir) as client:
        first, second = new_game(client), new_game(client)
        deliver(maildir, "stranger@example.test", "hello", "R1 setup: gun=NB\n")
        deliver(maildir, "red@example.test", "orders", "R1 setup: gun=NB\n")
        asked = text(inbox.wait("red@example.test", "Re: orders"))
        assert "Which game is this sheet for?" in asked and first.id in asked and second.id in asked
        time.sleep(0.3)
        assert inbox.to("stranger@example.test") == []
        assert first.state("red")["my_order"] is None and second.state("red")["my_order"] is None


def test_a_reminder_goes_once_to_each_seat_still_owing_orders_before_the_deadline(
        settings: Settings, smtp: tuple[Inbox, int], tmp_path: Path) -> None:
    inbox, port = smtp
    with mail_client(settings, port, tmp_path / "Maildir", mail_remind_seconds=3600) as client:
        r = client.post("/api/games", json={"ruleset": "turn-or-burn", "scenario": "quick-shot",
                                            "deadline_seconds": 3 * 86400})  # not due for a reminder
        quiet = r.json()["game"]["id"]
        client.post(f"/api/games/{quiet}/seats/red/join", json={"email": "early@example.test"})
        client.post(f"/api/games/{quiet}/seats/blue/join")
        game = new_game(client, deadline_seconds=86400)
        assert game.order("blue", SETUP_BLUE).status_code == 200
        time.sleep(0.2)
        assert inbox.to("red@example.test") == []  # a day to go: no reminder yet
        client.app.state.mail.remind_seconds = 2 * 86400  # as if the deadline had come near
        reminder = inbox.wait("red@example.test", "red: your orders are due")
        assert f"Your orders for game {game.id} (step 1) are not in yet." in text(reminder)
        assert "Next deadline: " in text(reminder)
        time.sleep(0.3)  # several polls later: still one reminder, none for blue (its order is in)
        assert inbox.to("red@example.test") == [] and inbox.to("blue@example.test") == []
        assert inbox.to("early@example.test") == []
        extended = game.gm("POST", "extend", json={"seconds": 60})
        assert extended.status_code == 200
        inbox.wait("red@example.test", "red: your orders are due")  # a new deadline, a new reminder


def test_the_last_report_carries_the_end_of_game_summary(
        settings: Settings, smtp: tuple[Inbox, int], tmp_path: Path) -> None:
    inbox, port = smtp
    maildir = tmp_path / "Maildir"
    with mail_client(settings, port, maildir) as client:
        game = new_game(client, options={"turn_limit": 1})
        game.order("red", {"R1": {"gun": "NB"}})
        game.order("blue", SETUP_BLUE)
        inbox.wait("red@example.test", "turn report, steps 1-1")
        deliver(maildir, "red@example.test", "turn 1", "turn 1\nR1: TNC\n")
        inbox.wait("red@example.test", "Re: turn 1")
        game.order("blue", {"B1": []})
        last = text(inbox.wait("red@example.test", "turn report, steps 2-2"))
        summary = client.get(f"/api/games/{game.id}/summary").json()["text"]
        assert "The game is over." in last and last.endswith(summary)
        assert "red: a player; orders 1 by player, 1 by sheet" in summary


@pytest.mark.rule("TOB-IMPL-14")
def test_standing_orders_by_mail(settings: Settings, smtp: tuple[Inbox, int], tmp_path: Path) -> None:
    inbox, port = smtp
    maildir = tmp_path / "Maildir"
    with mail_client(settings, port, maildir) as client:
        game = new_game(client)
        deliver(maildir, "blue@example.test", "standing orders", "B1 setup: gun=LT hex=26/-4 facing=E\nB1: TNC\n")
        kept = text(inbox.wait("blue@example.test", "Re: standing orders"))
        assert kept.startswith(f"Kept: your standing orders for game {game.id} (blue)")
        assert game.state("blue")["my_order"] is None  # standing orders are not this step's order
        r = game.gm("PUT", "seats/blue", json={})
        assert r.json()["standing"] == {"setup": {"B1": {"gun": "LT", "hex": [26, -4], "facing": "E"}},
                                        "plot": {"B1": [{"card": "TNC"}]}}
