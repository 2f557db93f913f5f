"""Play by mail through real mail: turn reports and reminders out by SMTP, order sheets in from a
Maildir (docs/pbm.md).

* After every resolution each seat with a mail address gets its turn report (text, the SVG map
  attached): built by :meth:`GameMaster.report` from that seat's view, like the download.
* Before a turn deadline (``mail_remind_seconds``) each seat still owing orders gets a reminder,
  once per deadline.
* The mail server delivers the players' mails into a Maildir (``mail_maildir``); each new mail
  is read as an order sheet from the seat whose address sent it (the subject names the game
  when the address plays several; a subject with the word "standing" makes it the seat's
  standing orders), answered with the acceptance or every error, and marked seen. Mail from
  an address no seat has is marked seen and left unanswered (no backscatter).

Mail goes out on one thread of its own: a resolution never waits for an SMTP server.
"""

from __future__ import annotations

import email.policy
import json
import logging
import mailbox
import smtplib
import ssl
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import parseaddr
from typing import Any
from urllib.parse import unquote, urlsplit

from sqlalchemy import select

from ..engine.errors import FormatError, RuleError
from ..engine.sheet import SheetErrors
from .master import GameMaster, deadline_line
from .models import GameRow, SeatRow
from .service import ApiError

log = logging.getLogger("hexfleet.server.mail")


@dataclass(frozen=True, slots=True)
class Mailer:
    """Sends mail through one SMTP server, named by a URL (the server's other settings are URLs too)."""

    url: str
    sender: str

    def send(self, to: str, subject: str, body: str, attachments: tuple[tuple[str, str, str], ...] = ()) -> None:
        """One plain-text mail; ``attachments`` are ``(file name, content, MIME type)``."""
        msg = EmailMessage()
        msg["From"], msg["To"], msg["Subject"] = self.sender, to, subject
        msg.set_content(body)
        for name, content, mime in attachments:
            maintype, subtype = mime.split("/", 1)
            msg.add_attachment(content.encode(), maintype=maintype, subtype=subtype, filename=name)
        parts = urlsplit(self.url)
        if parts.scheme not in ("smtp", "smtps", "smtp+starttls"):
            raise ValueError(f"HEXFLEET_MAIL_SMTP_URL must start smtp://, smtps:// or smtp+starttls://, got {parts.scheme!r}")
        host, port = parts.hostname or "localhost", parts.port or (465 if parts.scheme == "smtps" else 25)
        smtp = (smtplib.SMTP_SSL(host, port, context=ssl.create_default_context(), timeout=30)
                if parts.scheme == "smtps" else smtplib.SMTP(host, port, timeout=30))
        with smtp:
            if parts.scheme == "smtp+starttls":
                smtp.starttls(context=ssl.create_default_context())
            if parts.username:
                smtp.login(unquote(parts.username), unquote(parts.password or ""))
            smtp.send_message(msg)


class MailRoom:
    """Reports, reminders and sheets by mail for one server."""

    def __init__(self, master: GameMaster, mailer: Mailer | None, maildir: str | None, remind_seconds: float):
        self.master = master
        self.service = master.service
        self.mailer = mailer
        self.maildir = maildir
        self.remind_seconds = remind_seconds
        self._out = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hexfleet-mail")

    def close(self) -> None:
        self._out.shutdown(wait=False, cancel_futures=True)

    # --- out ------------------------------------------------------------------------------

    def after_resolve(self, game_id: str, first: int, last: int) -> None:
        """(:attr:`GameService.on_resolved`) each mailed seat's report of the steps just resolved."""
        if self.mailer is not None:
            self._out.submit(self._logged, self._send_reports, game_id, first, last)

    def _send_reports(self, game_id: str, first: int, last: int) -> None:
        """Each seat's report; after the last step, the end-of-game summary below it."""
        assert self.mailer is not None
        ending = ""
        if self.service.game_info(game_id)["status"] == "over":
            ending = "\n" + self.master.summary(game_id)["text"]
        for seat, address in self._addresses(game_id):
            report = self.master.report(game_id, seat, first, last)
            self.mailer.send(address, f"[hexfleet {game_id}] {seat}: turn report, steps {first}-{last}",
                             report["text"] + ending, ((f"{game_id}-step{last}.svg", report["svg"], "image/svg+xml"),))

    def remind(self) -> int:
        """Reminders for every turn whose deadline is near; returns how many were sent."""
        if self.mailer is None:
            return 0
        now = self.service.clock()
        sent = 0
        with self.service.db.write() as s:
            games = list(s.scalars(select(GameRow).where(
                GameRow.status == "active", GameRow.turn_deadline.is_not(None),
                GameRow.turn_deadline <= now + self.remind_seconds).with_for_update()))
            due = []
            for game in games:
                if game.reminded == game.turn_deadline:
                    continue
                game.reminded = game.turn_deadline
                due.append((game.id, game.steps + 1, game.turn_deadline))
        for game_id, open_step, deadline in due:
            waiting = set(self.service.view(game_id, None)["waiting_for"])  # pending, no order stored
            for seat, address in self._addresses(game_id):
                if seat in waiting:
                    self.mailer.send(address, f"[hexfleet {game_id}] {seat}: your orders are due",
                                     f"Your orders for game {game_id} (step {open_step}) are not in yet.\n"
                                     f"{deadline_line('active', deadline, False)}\n"
                                     "Reply with your order sheet in the body (docs/pbm.md).\n")
                    sent += 1
        return sent

    # --- in -------------------------------------------------------------------------------

    def read_maildir(self) -> set[str]:
        """Every new mail in the Maildir read as an order sheet and answered; returns the games
        that took a sheet (their bots may have a decision now)."""
        if self.maildir is None:
            return set()
        inbox = mailbox.Maildir(self.maildir, factory=None, create=True)
        games: set[str] = set()
        for key in list(inbox.iterkeys()):
            message = inbox.get_message(key)
            if message.get_subdir() != "new":
                continue
            parsed = email.message_from_bytes(inbox.get_bytes(key), policy=email.policy.default)
            try:
                taken = self._take(parsed)
                if taken is not None:
                    games.add(taken)
            except Exception:  # one bad mail must not stop the others; it stays marked seen
                log.exception("reading mail %s failed", key)
            message.set_subdir("cur")
            message.add_flag("S")
            inbox[key] = message
        return games

    def _take(self, msg: Any) -> str | None:
        """One mail's sheet taken or refused (the sender is answered); the game if taken."""
        address = parseaddr(str(msg.get("From", "")))[1].casefold()
        subject = str(msg.get("Subject", ""))
        seats = self._seats_of(address)
        if not seats:
            log.info("mail from %s: no seat has that address; ignored", address)
            return None
        named = [(g, seat) for g, seat in seats if g in subject]
        chosen = named or seats
        if len(chosen) != 1:
            games = ", ".join(f"{g} ({seat})" for g, seat in seats)
            self._reply(address, subject, "Which game is this sheet for? Put its id in the subject; your "
                        f"seats: {games}.\nNothing was taken.\n")
            return None
        game_id, seat = chosen[0]
        body = msg.get_body(preferencelist=("plain",))
        text = body.get_content() if body is not None else ""
        standing = "standing" in subject.casefold()
        try:
            if standing:
                kept = self.master.set_seat(game_id, seat, sheet=text)
            else:
                answer = self.master.submit_sheet(game_id, seat, text)
        except SheetErrors as exc:
            self._reply(address, subject, f"Your sheet for game {game_id} ({seat}) was not accepted; nothing "
                        "of it was taken:\n\n" + "\n".join(str(e) for e in exc.errors) + "\n")
            return None
        except (ApiError, RuleError, FormatError) as exc:
            self._reply(address, subject, f"Your sheet for game {game_id} ({seat}) was not accepted: {exc}\n")
            return None
        if standing:
            self._reply(address, subject, f"Kept: your standing orders for game {game_id} ({seat}), used for your "
                        f"units when you miss a deadline. Read as:\n\n{json.dumps(kept['standing'], indent=1)}\n")
            return None
        self._reply(address, subject, f"Accepted: your orders for game {game_id} ({seat}), step {answer['step']} "
                    f"({answer['kind']})" + (", replacing your earlier ones" if answer["replaced"] else "")
                    + f". Read as:\n\n{json.dumps(answer['order'], indent=1)}\n")
        return game_id

    def _reply(self, to: str, subject: str, body: str) -> None:
        if self.mailer is not None:
            self.mailer.send(to, subject if subject.lower().startswith("re:") else f"Re: {subject}", body)

    # --- helpers --------------------------------------------------------------------------

    def _addresses(self, game_id: str) -> list[tuple[str, str]]:
        with self.service.db.read() as s:
            return [(r.seat, r.email) for r in s.scalars(select(SeatRow).where(
                SeatRow.game_id == game_id, SeatRow.email.is_not(None), SeatRow.bot.is_(None))
                .order_by(SeatRow.position)) if r.email]

    def _seats_of(self, address: str) -> list[tuple[str, str]]:
        """``(game id, seat)`` of every game not over where ``address`` plays."""
        with self.service.db.read() as s:
            rows = s.execute(select(SeatRow.game_id, SeatRow.seat, SeatRow.email).join(
                GameRow, GameRow.id == SeatRow.game_id).where(GameRow.status != "over", SeatRow.bot.is_(None)))
            return [(g, seat) for g, seat, mail in rows if mail and mail.casefold() == address]

    @staticmethod
    def _logged(job: Any, *args: Any) -> None:
        try:
            job(*args)
        except Exception:  # a mail lost is logged, never raised into the game
            log.exception("sending mail failed")
