"""The ``hexfleet`` command: list games, play in the terminal, resolve a turn, replay, render.

Every command that reads a file names the file, field, unit and rule ID when it is wrong,
exits non-zero and writes nothing: outputs are written only after everything succeeded, each
through a temporary file renamed into place. See docs/cli.md.
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from .ai.base import get_bot
from .engine.errors import FormatError, RuleError
from .engine.game import Game, new_seed
from .engine.record import RecordWriter
from .engine.record import replay as replay_record
from .engine.ruleset import Event, step
from .games import game_names, get_ruleset
from .sim.cli import arena_command, simulate_command

app = typer.Typer(
    name="hexfleet",
    help="Tabletop hex-map space-combat games with every rule enforced.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)

STDIO = "-"


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
        return f"{source}: {field}: {exc.message}"
    parts = [source]
    if exc.unit:
        parts.append(f"unit {exc.unit}")
    card = _card_at(field, orders)
    if card:
        parts.append(f"card {card}")
    if field:
        parts.append(f"field {field}")
    return f"{', '.join(parts)}: {exc.message} [rule {exc.rule}]"


def _card_at(field: str, orders: dict[str, Any] | None) -> str | None:
    match = re.match(r"([^.\[]+)\[(\d+)\]", field)
    if not match or not orders:
        return None
    try:
        return str(orders[match[1]][int(match[2])]["card"])
    except (KeyError, IndexError, TypeError):
        return None


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
    """A position as JSON with one fighter per line: readable, and diffs line up by fighter."""
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


# --- resolve --------------------------------------------------------------------------------


@app.command()
def resolve(
    position: Annotated[Path, typer.Option("--position", help="Position JSON (turn-or-burn/1 or launch-fighters/1).")],
    orders: Annotated[Path, typer.Option("--orders", help="Orders JSON (the game's format; see docs/cli.md).")],
    seed: Annotated[str, typer.Option("--seed", help="Seed of the turn's chance (card pulls, dice).")] = "0",
    out: Annotated[str, typer.Option("--out", help="Where to write the next position ('-' = stdout).")] = STDIO,
    events: Annotated[str | None, typer.Option("--events", help="Where to write the events as JSON lines.")] = None,
    game: Annotated[str, typer.Option("--game", help="turn-or-burn or launch-fighters.")] = "turn-or-burn",
) -> None:
    """Resolve a turn from a position and orders; write the next position and the events.

    Turn or Burn: one turn (shared format, version 1), orders as fighter id -> actions.
    Launch Fighters!: one or more steps, orders as {seat: order} or a list of them.
    """
    resolvers = {"turn-or-burn": _resolve_tob, "launch-fighters": _resolve_lf}
    if game not in resolvers:
        fail(f"--game: no position format for {game!r}; known: {', '.join(resolvers)}")
    next_position, turn_events = resolvers[game](position, read_json(position), orders, read_json(orders), seed)
    outputs: list[tuple[str, str | bytes]] = [(out, position_text(next_position))]
    if events is not None:
        outputs.append((events, events_jsonl(turn_events)))
    write_all(outputs)


def _resolve_tob(position: Path, data: Any, orders: Path, plotted: Any, seed: str) -> tuple[dict[str, Any], list[Event]]:
    from .games.turn_or_burn.position import parse_position, position_to_json

    try:
        state = parse_position(data, seed=seed)
    except (RuleError, FormatError) as exc:
        fail(explain(exc, str(position)))
    if not isinstance(plotted, dict):
        fail(f"{orders}: expected an object of fighter id -> list of actions")
    by_side: dict[str, dict[str, Any]] = {side: {} for side in state.sides_in_play()}
    for fid, actions in plotted.items():
        fighter = state.fighter(fid)
        if fighter is None:
            fail(f"{orders}: {fid}: no fighter {fid!r} in {position}; fighters: "
                 f"{', '.join(f.id for f in state.fighters)}")
        by_side[fighter.side][fid] = actions
    try:
        next_state, turn_events = step(get_ruleset("turn-or-burn"), state, by_side)
    except (RuleError, FormatError) as exc:
        fail(explain(exc, str(orders), plotted))
    return position_to_json(next_state), turn_events


def _resolve_lf(position: Path, data: Any, orders: Path, steps: Any, seed: str) -> tuple[dict[str, Any], list[Event]]:
    from .games.launch_fighters.position import parse_position
    from .games.launch_fighters.position import resolve as resolve_lf

    try:  # the position alone first, so its errors name the position file
        parse_position(data, rng=0)
    except (RuleError, FormatError) as exc:
        fail(explain(exc, str(position)))
    try:
        return resolve_lf(data, steps, seed)
    except (RuleError, FormatError) as exc:
        fail(explain(exc, str(orders)))


# --- play -----------------------------------------------------------------------------------


def _ask(prompt: str, default: str) -> str:
    return str(typer.prompt(prompt, default=default, show_default=bool(default)))


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="Game name, see 'hexfleet games'.")] = "turn-or-burn",
    scenario: Annotated[str | None, typer.Option("--scenario", help="Scenario (default: the first).")] = None,
    vs: Annotated[str | None, typer.Option("--vs", help="Bot for every other seat, e.g. 'random'.")] = None,
    seat: Annotated[str | None, typer.Option("--seat", help="Your seat against bots (default: the first).")] = None,
    record: Annotated[Path | None, typer.Option("--record", help="Write the game record (JSON lines) here.")] = None,
    seed: Annotated[str | None, typer.Option("--seed", help="Game seed (default: a fresh random one).")] = None,
) -> None:
    """Play in the terminal: hot-seat for people sharing the screen, or against a bot."""
    from .terminal import TerminalPlay

    console = Console()
    try:
        ruleset = get_ruleset(game)
        scenarios = ruleset.scenarios()
        scenario = scenario or next(iter(scenarios))
        if scenario not in scenarios:
            raise FormatError("--scenario", f"unknown {game} scenario {scenario!r}; known: {', '.join(scenarios)}")
        seats = scenarios[scenario].seats
        human = seat or seats[0]
        if human not in seats:
            raise FormatError("--seat", f"no seat {human!r} in {scenario}; seats: {', '.join(seats)}")
        bot_seed = new_seed() if seed is None else seed
        bots = {s: get_bot(vs, seed=f"{bot_seed}:{s}") for s in seats if s != human} if vs else {}
    except FormatError as exc:
        fail(f"{exc.field}: {exc.message}")
    try:
        writer = RecordWriter.open(record) if record is not None else None
    except OSError as exc:
        fail(f"{record}: cannot write the record: {exc.strerror}")
    session = TerminalPlay(Game(ruleset, scenario, seed=seed, record=writer), bots=bots, console=console, ask=_ask)
    try:
        session.run()
    except (typer.Abort, KeyboardInterrupt, EOFError):
        if session.game.record is not None:
            session.game.record.close()
        saved = f"; the record so far is in {record}" if record else ""
        console.print(Text(f"\nStopped after {session.game.steps} step(s), before the end{saved}."))
        raise typer.Exit(1) from None
    if record is not None:
        console.print(Text(f"Record written to {record}."))


# --- replay ---------------------------------------------------------------------------------


@app.command()
def replay(
    record: Annotated[Path, typer.Argument(help="A game record (JSON lines).")],
    verify: Annotated[bool, typer.Option("--verify/--no-verify", help="Check every event and hash.")] = True,
    seed: Annotated[str | None, typer.Option("--seed", help="Seed of a record that has no end line yet.")] = None,
) -> None:
    """Re-run a game record; with --verify, check the seed, every event and every state hash."""
    try:
        report = replay_record(record, verify=verify, seed=seed)
    except (FormatError, RuleError) as exc:
        fail(explain(exc, str(record)))
    typer.echo(f"game: {report.game}")
    typer.echo(f"steps: {report.steps}")
    outcome = report.outcome
    typer.echo("outcome: " + ("none (game not over)" if outcome is None else
                              f"{outcome['reason']}, winners: {', '.join(outcome['winners']) or 'none (draw)'}"))
    typer.echo(f"final hash: {report.final_hash}")
    if report.ok:
        typer.echo("OK" if verify else "replayed (not verified)")
        return
    for problem in report.problems:
        typer.echo(f"problem: {problem}")
    raise typer.Exit(1)


# --- render ---------------------------------------------------------------------------------


@app.command()
def render(
    source: Annotated[Path, typer.Argument(help="A Turn or Burn position (JSON) or a game record (JSON lines).")],
    out: Annotated[str, typer.Option("-o", "--out", help="Output file ('-' = stdout).")] = STDIO,
    png: Annotated[bool, typer.Option("--png", help="Write PNG instead of SVG (needs the 'png' extra).")] = False,
    previous: Annotated[Path | None, typer.Option("--previous", help="The position at the start of the turn: "
                                                  "its hexes are drawn as location markers.")] = None,
    events: Annotated[Path | None, typer.Option("--events", help="The turn's events (JSON lines): 'moved' "
                                                "events give the location markers.")] = None,
) -> None:
    """Draw a position, or a record's final state, as an SVG (or PNG) hex map."""
    from .render.svg import position_svg

    data, starts = _render_source(source)
    if previous is not None:
        starts = {f["id"]: f["hex"] for f in _position(previous)["fighters"]}
    if events is not None:
        starts = _starts(_read_events(events))
    svg = position_svg(data, previous=starts)
    write_all([(out, _to_png(svg) if png else svg)])


def _position(path: Path) -> dict[str, Any]:
    """A validated position, as the format writes it."""
    from .games.turn_or_burn.position import parse_position, position_to_json

    try:
        return position_to_json(parse_position(read_json(path)))
    except (RuleError, FormatError) as exc:
        fail(explain(exc, str(path)))


def _render_source(path: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """``(drawable data, turn-start hexes)`` from a position file or a record.

    A record is replayed to its end and drawn through the spectators' view (public only);
    its last step's ``moved`` events give the location markers.
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
        return _position(path), {}
    try:
        report = replay_record(path, verify=False)
    except (FormatError, RuleError) as exc:
        fail(explain(exc, str(path)))
    if report.state is None:
        fail(f"{path}: the record could not be replayed: {'; '.join(report.problems)}")
    ruleset = get_ruleset(report.game)
    return ruleset.view(report.state, None), _starts(report.last_events)


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


def _starts(events: list[Event]) -> dict[str, Any]:
    """Fighter id → the hex it started the turn in, from ``moved`` events."""
    return {e["id"]: e["from"] for e in events if e.get("type") == "moved"}


def _to_png(svg: str) -> bytes:
    try:
        import cairosvg  # type: ignore[import-not-found]
    except (ImportError, OSError):
        fail("--png needs cairosvg and the cairo library: pip install 'hexfleet[png]' (or write SVG)")
    return bytes(cairosvg.svg2png(bytestring=svg.encode("utf-8")))


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
