"""The ``hexfleet`` command: list games, play in the terminal, resolve a turn, list legal
orders, check an order sheet, replay, render.

Every command that reads a file names the file, field, unit and rule ID when it is wrong,
exits non-zero and writes nothing: outputs are written only after everything succeeded, each
through a temporary file renamed into place. No command knows a game: each finds the game's
position format, presenter and bots by the game's name (:mod:`hexfleet.plugins`), the name
coming from ``--game``, a position's ``format`` field or a record's header. See docs/cli.md.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Annotated, Any, NoReturn, TypeVar

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from .ai.base import get_bot
from .engine.errors import FormatError, RuleError
from .engine.game import Game, new_seed
from .engine.record import RecordWriter, ReplayReport
from .engine.rng import parse_dice
from .engine.ruleset import Event, Ruleset
from .engine.sheet import SheetErrors, card_at, check_sheet
from .games import DEFAULT_GAME, game_names, get_ruleset, replay_record
from .plugins import PositionFormat, game_of_format, interchange, presenter, sheet_reader
from .sim.cli import arena_command, simulate_command

app = typer.Typer(
    name="hexfleet",
    help="Tabletop hex-map space-combat games with every rule enforced.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)

STDIO = "-"

T = TypeVar("T")


def fail(message: str) -> NoReturn:
    """Print one error for a person on stderr and exit with status 1."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(1)


def explain(exc: RuleError | FormatError, source: str, orders: dict[str, Any] | None = None) -> str:
    """``source: field: what is wrong``, plus the unit, card and rule ID of a broken rule.

    Order errors carry an ``order.`` path from the ruleset; the orders file has no such level,
    so the path is shown as it appears in the file (``R1[0].card``).
    """
    field = exc.field or ""
    if field.startswith("order."):
        field = field[len("order."):]
    if isinstance(exc, FormatError):
        return f"{source}: {field}: {exc.message}" if field else f"{source}: {exc.message}"
    parts = [source]
    if exc.unit:
        parts.append(f"unit {exc.unit}")
    card = card_at(field, orders)
    if card:
        parts.append(f"card {card}")
    if field:
        parts.append(f"field {field}")
    return f"{', '.join(parts)}: {exc.message} [rule {exc.rule}]"


def read_json(path: Path) -> Any:
    """A JSON file, or a clean exit naming the file and where the JSON breaks."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        fail(f"{path}: cannot read: {exc.strerror}")
    try:
        return json.loads(text, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as exc:
        fail(f"{path}: not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")
    except _DuplicateKey as exc:
        fail(f"{path}: {exc.args[0]}: appears twice in one object (which one counts would be a guess)")


class _DuplicateKey(ValueError):
    pass


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """JSON objects without repeated keys: ``{"R1": [...], "R1": [...]}`` is refused, not half-read."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


def write_all(outputs: list[tuple[str, str | bytes]]) -> None:
    """Write every ``(path, content)`` or none: all go to temporary files first, then each is
    renamed over its target (atomic per file). ``-`` means standard output, written last."""
    staged: list[tuple[str, str]] = []
    try:
        for path, content in outputs:
            if path == STDIO:
                continue
            target = Path(path)
            fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
            staged.append((tmp, path))
            with os.fdopen(fd, "wb") as fh:
                fh.write(content.encode("utf-8") if isinstance(content, str) else content)
            os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; give the usual mode
        for tmp, path in staged:
            os.replace(tmp, path)
    except OSError as exc:
        for tmp, _ in staged:
            Path(tmp).unlink(missing_ok=True)
        fail(f"{exc.filename or 'output'}: cannot write: {exc.strerror}")
    for path, content in outputs:
        if path == STDIO:
            if isinstance(content, bytes):
                sys.stdout.buffer.write(content)
            else:
                sys.stdout.write(content)


def position_text(position: dict[str, Any]) -> str:
    """A position as JSON with one unit per line: readable, and diffs line up by unit."""
    lines = []
    for key, value in position.items():
        if isinstance(value, list) and value and isinstance(value[0], dict):
            items = ",\n".join(f"    {json.dumps(v)}" for v in value)
            lines.append(f"  {json.dumps(key)}: [\n{items}\n  ]")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def events_jsonl(events: list[Event]) -> str:
    return "".join(json.dumps(e) + "\n" for e in events)


# --- games ----------------------------------------------------------------------------------


@app.command()
def games() -> None:
    """List the registered games with their scenarios, seats and rules version."""
    table = Table(title="hexfleet games")
    for col in ("game", "title", "rules version", "scenario", "seats", "description"):
        table.add_column(col, no_wrap=col != "description")
    for name in game_names():
        ruleset = get_ruleset(name)
        for key, info in ruleset.scenarios().items():
            table.add_row(name, ruleset.title, ruleset.version, f"{key} ({info.title})", ", ".join(info.seats),
                          info.description)
    Console().print(table)


# --- resolve and legal ---------------------------------------------------------------------

GameOption = Annotated[str | None, typer.Option("--game", help="Game name (hexfleet games); default: the one the "
                                                 "position's format field names.")]


def _position_file(game: str | None, path: Path) -> tuple[str, PositionFormat, Any]:
    """``(game, its position format, the file's JSON)``: the game from ``--game`` (checked
    before the file is read), else from the position's ``format`` field."""
    if game is not None:
        fmt = _usage(lambda: interchange(game), "--game")
        return game, fmt, read_json(path)
    data = read_json(path)
    try:
        name = game_of_format(data)
        return name, interchange(name), data
    except FormatError as exc:
        fail(explain(exc, str(path)))


def _parse(fmt: PositionFormat, path: Path, data: Any, seed: int | str = 0) -> Any:
    """A position file read into a state, or a clean exit naming the file, field and rule."""
    try:
        return fmt.parse(data, seed=seed)
    except (RuleError, FormatError) as exc:
        fail(explain(exc, str(path)))


@app.command()
def resolve(
    position: Annotated[Path, typer.Option("--position", help="Position JSON in the game's format (docs/cli.md).")],
    orders: Annotated[Path, typer.Option("--orders", help="Orders JSON (the game's format; see docs/cli.md).")],
    seed: Annotated[str, typer.Option("--seed", help="Seed of the turn's chance (card pulls, dice).")] = "0",
    out: Annotated[str, typer.Option("--out", help="Where to write the next position ('-' = stdout).")] = STDIO,
    events: Annotated[str | None, typer.Option("--events", help="Where to write the events as JSON lines.")] = None,
    dice: Annotated[str | None, typer.Option("--dice", help="Die faces the table rolled, used first in the order "
                                             "the rules roll, e.g. 4,2,6 (referee mode); the seed rolls the rest.")] = None,
    game: GameOption = None,
) -> None:
    """Resolve a turn from a position and orders; write the next position and the events.

    What one resolve covers is the game's: a turn of simultaneous plots (orders keyed by unit),
    or one or more sequential steps (orders as {seat: order} or a list of them). See docs/cli.md.
    """
    _, fmt, data = _position_file(game, position)
    _parse(fmt, position, data, seed)  # the position alone first, so its errors name the position file
    given = read_json(orders)
    try:
        faces = parse_dice(dice) if dice else ()
        next_position, turn_events = fmt.resolve(data, given, seed, faces)
    except (RuleError, FormatError) as exc:
        fail(explain(exc, str(orders), given if isinstance(given, dict) else None))
    outputs: list[tuple[str, str | bytes]] = [(out, position_text(next_position))]
    if events is not None:
        outputs.append((events, events_jsonl(turn_events)))
    write_all(outputs)


@app.command()
def legal(
    position: Annotated[Path, typer.Option("--position", help="Position JSON in the game's format (docs/cli.md).")],
    seat: Annotated[str | None, typer.Option("--seat", help="The seat to list (default: the one seat deciding; "
                                             "needed when several decide at once).")] = None,
    game: GameOption = None,
) -> None:
    """Print, as JSON, every legal choice of each of a seat's units in a position.

    One entry per unit: unit id -> its legal choices (an order combines one choice per unit).
    A game whose orders are not per unit lists the seat's whole orders under "*".
    """
    name, fmt, data = _position_file(game, position)
    state = _parse(fmt, position, data)
    ruleset = get_ruleset(name)
    pending = ruleset.pending(state)
    if seat is None:
        if len(pending) != 1:
            fail(f"{position}: " + (f"{', '.join(pending)} decide at once here: choose one with --seat" if pending
                                    else "no seat has a decision open in this position"))
        seat = next(iter(pending))
    if seat not in pending:
        open_now = ", ".join(pending) or "none"
        fail(f"--seat: {seat!r} has no decision open in {position}; seats deciding: {open_now}")
    write_all([(STDIO, legal_text(ruleset.legal_per_unit(state, seat)))])


def legal_text(per_unit: dict[str, list[Any]]) -> str:
    """Unit → choices as JSON, one choice per line: long lists stay readable and diff by choice."""
    units = []
    for unit, choices in per_unit.items():
        items = ",\n".join(f"    {json.dumps(c)}" for c in choices)
        units.append(f"  {json.dumps(unit)}: [\n{items}\n  ]")
    return "{\n" + ",\n".join(units) + "\n}\n" if units else "{}\n"


# --- play -----------------------------------------------------------------------------------


def _ask(prompt: str, default: str) -> str:
    return str(typer.prompt(prompt, default=default, show_default=bool(default)))


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="Game name, see 'hexfleet games'.")] = DEFAULT_GAME,
    scenario: Annotated[str | None, typer.Option("--scenario", help="Scenario (default: the game's).")] = None,
    vs: Annotated[str | None, typer.Option("--vs", help="Bot for every other seat, e.g. 'random'.")] = None,
    seat: Annotated[str | None, typer.Option("--seat", help="Your seat against bots (default: the first).")] = None,
    record: Annotated[Path | None, typer.Option("--record", help="Write the game record (JSON lines) here.")] = None,
    seed: Annotated[str | None, typer.Option("--seed", help="Game seed (default: a fresh random one).")] = None,
) -> None:
    """Play in the terminal: hot-seat for people sharing the screen, or against a bot."""
    from .terminal import TerminalPlay

    console = Console()
    ruleset = _usage(lambda: get_ruleset(game), "GAME")
    scenario = _usage(lambda: ruleset.scenario(scenario), "--scenario")
    seats = ruleset.scenarios()[scenario].seats
    human = seat or seats[0]
    if human not in seats:
        fail(f"--seat: no seat {human!r} in {scenario}; seats: {', '.join(seats)}")
    bot_seed = new_seed() if seed is None else seed
    bots = {}
    if vs is not None:
        for other in (s for s in seats if s != human):
            bots[other] = _usage(partial(get_bot, game, vs, scenario=scenario, seed=f"{bot_seed}:{other}"), "--vs")
    try:
        writer = RecordWriter.open(record) if record is not None else None
    except OSError as exc:
        fail(f"{record}: cannot write the record: {exc.strerror}")
    info = ruleset.scenarios()[scenario]
    against = f"; you are {human}, against {vs}" if vs else ""
    console.print(Text(f"{ruleset.title}: {info.title} ({scenario}){against}", style="bold"))
    session = TerminalPlay(Game(ruleset, scenario, seed=seed, record=writer), bots=bots, console=console, ask=_ask)
    try:
        session.run()
    except (typer.Abort, KeyboardInterrupt, EOFError):
        saved = _interrupted(session.game, record)
        console.print(Text(f"\nStopped after {session.game.steps} step(s), before the end{saved}."), soft_wrap=True)
        raise typer.Exit(1) from None
    if record is not None:
        console.print(Text(f"Record written to {record}."))


def _usage(make: Callable[[], T], option: str) -> T:
    """``make()``, or a clean exit naming the option whose value it refused."""
    try:
        return make()
    except FormatError as exc:
        fail(f"{option}: {exc.message}")


def _interrupted(game: Game, record: Path | None) -> str:
    """Close the record of a game stopped before its end with an end line saying so, the seed
    revealed, so that ``replay --verify`` checks every step played; say where it is."""
    if game.record is None:
        return ""
    game.record.end(None, game.seed, game.ruleset.state_hash(game.state), interrupted=True)
    game.record.close()
    game.record = None
    return f"; the record so far is in {record} (marked interrupted, its seed revealed: replay --verify checks it)"


# --- replay ---------------------------------------------------------------------------------


@app.command()
def replay(
    record: Annotated[Path, typer.Argument(help="A game record (JSON lines).")],
    verify: Annotated[bool, typer.Option("--verify/--no-verify", help="Check every event and hash.")] = True,
    seed: Annotated[str | None, typer.Option("--seed", help="Seed of a record that has no end line yet.")] = None,
) -> None:
    """Re-run a game record; with --verify, check the seed, every event and every state hash."""
    report = _replay(record, verify=verify, seed=seed)
    typer.echo(f"game: {report.game}")
    typer.echo(f"steps: {report.steps}")
    outcome = report.outcome
    typer.echo("outcome: " + ("none (game not over)" if outcome is None else
                              f"{outcome['reason']}, winners: {', '.join(outcome['winners']) or 'none (draw)'}"))
    if report.interrupted:
        typer.echo("interrupted: the game was stopped before its end; every step played was replayed")
    typer.echo(f"final hash: {report.final_hash}")
    if report.ok:
        typer.echo("OK" if verify else "replayed (not verified)")
        return
    for problem in report.problems:
        typer.echo(f"problem: {problem}")
    raise typer.Exit(1)


def _replay(record: Path, *, verify: bool, seed: str | None = None) -> ReplayReport:
    """A record replayed under the rules its header names, or a clean exit saying why not."""
    try:
        return replay_record(record, verify=verify, seed=seed)
    except (FormatError, RuleError) as exc:
        fail(explain(exc, str(record)))


# --- render ---------------------------------------------------------------------------------


@app.command()
def render(
    source: Annotated[Path, typer.Argument(help="A position (JSON) or a game record (JSON lines).")],
    out: Annotated[str, typer.Option("-o", "--out", help="Output file ('-' = stdout).")] = STDIO,
    png: Annotated[bool, typer.Option("--png", help="Write PNG instead of SVG (needs the 'png' extra).")] = False,
    previous: Annotated[Path | None, typer.Option("--previous", help="The position at the start of the turn: "
                                                  "where units came from is drawn.")] = None,
    events: Annotated[Path | None, typer.Option("--events", help="The turn's events (JSON lines): units that "
                                                "moved show where they came from.")] = None,
    game: GameOption = None,
) -> None:
    """Draw a position, or a record's final state, as an SVG (or PNG) hex map."""
    name, data, turn_events = _render_source(source, game)
    before = None
    if previous is not None:
        _, before = _position(previous, name)
        turn_events = None
    if events is not None:
        turn_events = _read_events(events)
    svg = presenter(name).svg(data, previous=before, events=turn_events)
    write_all([(out, _to_png(svg) if png else svg)])


def _position(path: Path, game: str | None) -> tuple[str, dict[str, Any]]:
    """``(game, a validated position as the game's format writes it)``."""
    name, fmt, data = _position_file(game, path)
    return name, fmt.dump(_parse(fmt, path, data))


def _render_source(path: Path, game: str | None) -> tuple[str, dict[str, Any], list[Event] | None]:
    """``(game, drawable data, the turn's events)`` from a position file or a record.

    A record is replayed to its end and drawn through the spectators' view (public only),
    with its last step's events.
    """
    try:
        first = path.read_text(encoding="utf-8").lstrip().split("\n", 1)[0]
    except OSError as exc:
        fail(f"{path}: cannot read: {exc.strerror}")
    try:
        head = json.loads(first)
    except json.JSONDecodeError:
        head = None
    if not (isinstance(head, dict) and "record" in head):
        return (*_position(path, game), None)
    report = _replay(path, verify=False)
    if report.state is None:
        fail(f"{path}: the record could not be replayed: {'; '.join(report.problems)}")
    ruleset: Ruleset[Any] = get_ruleset(report.game)
    return report.game, ruleset.view(report.state, None), report.last_events


def _read_events(path: Path) -> list[Event]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        fail(f"{path}: cannot read: {exc.strerror}")
    out = []
    for n, line in enumerate(lines, 1):
        if line.strip():
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError as exc:
                fail(f"{path}: line {n}: not valid JSON: {exc.msg}")
    return out


def _to_png(svg: str) -> bytes:
    try:
        import cairosvg
    except (ImportError, OSError):
        fail("--png needs cairosvg and the cairo library: pip install 'hexfleet[png]' (or write SVG)")
    return bytes(cairosvg.svg2png(bytestring=svg.encode("utf-8")))


# --- order sheets (play by mail) -----------------------------------------------------------

sheet_app = typer.Typer(help="Order sheets: the plain-text orders of play by mail (docs/pbm.md).", no_args_is_help=True)
app.add_typer(sheet_app, name="sheet")


@sheet_app.command("check")
def sheet_check(
    sheet: Annotated[Path, typer.Argument(help="The order sheet: plain text, as typed in a mail ('-' = stdin).")],
    position: Annotated[Path, typer.Option("--position", help="Position JSON in the game's format (docs/cli.md).")],
    seat: Annotated[str, typer.Option("--seat", help="The seat whose sheet it is.")],
    game: GameOption = None,
) -> None:
    """Check an order sheet against a position; print the order it gives (JSON) or every error
    with its line, unit, card and rule (exit status 1, nothing printed on stdout)."""
    name, fmt, data = _position_file(game, position)
    state = _parse(fmt, position, data)
    reader = _usage(lambda: sheet_reader(name), "--game")
    text = sys.stdin.read() if str(sheet) == STDIO else _read_text(sheet)
    try:
        accepted = check_sheet(get_ruleset(name), reader, state, seat, text)
    except SheetErrors as exc:
        fail("\n".join(f"{sheet}: {e}" for e in exc.errors))
    write_all([(STDIO, json.dumps(accepted.order, indent=1) + "\n")])


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"{path}: cannot read the sheet: {exc}")


# --- serve ----------------------------------------------------------------------------------


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option("--db", help="SQLite file or SQLAlchemy URL (default: "
                                           "HEXFLEET_DATABASE_URL, else hexfleet.db here).")] = None,
) -> None:
    """Start the play server and browser client (docs/server.md)."""
    # imported here: the server's dependencies load for this command only
    from .server.serve import serve as run_server

    run_server(host, port, db)


# --- batch play (hexfleet.sim) --------------------------------------------------------------

app.command("arena")(arena_command)
app.command("simulate")(simulate_command)

if __name__ == "__main__":  # ``python -m hexfleet.cli``: a worktree's code, where the script runs the installed one
    app()
