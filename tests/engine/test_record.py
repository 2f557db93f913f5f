"""Game records (engine/record.py) on the toy procedure game: a record in progress replays with
the seed from whoever holds it; an unreadable record is refused naming the line."""

from __future__ import annotations

import io

import pytest

from hexfleet.engine.errors import FormatError
from hexfleet.engine.game import Game
from hexfleet.engine.record import RecordWriter, read_lines, replay

from .toy_procedure import Toy

TOY = Toy()
SEED = "17304918273645192837465"


def test_replay_of_a_game_in_progress_needs_the_seed() -> None:
    out = io.StringIO()
    game = Game(TOY, "toy", seed=SEED, record=RecordWriter(out))
    game.submit({"a": {"n": 1}, "b": {"n": 2}})
    game.submit({"b": "bank"})
    lines = out.getvalue().splitlines()
    assert not game.over and len(lines) == 3
    with pytest.raises(FormatError):
        replay(TOY, lines)  # no end line reveals the seed
    report = replay(TOY, lines, seed=SEED)
    assert report.ok and report.steps == 2 and report.final_hash == TOY.state_hash(game.state)


def test_parsed_orders_are_recorded_as_json_and_replay() -> None:
    out = io.StringIO()
    game = Game(TOY, "toy", seed=SEED, record=RecordWriter(out))
    game.submit({seat: TOY.legal(game.state, seat).first() for seat in game.pending()})  # order objects
    assert '"n":1' in out.getvalue().splitlines()[1]
    assert replay(TOY, out.getvalue().splitlines(), seed=SEED).ok


def test_unreadable_lines_are_refused_naming_the_line() -> None:
    with pytest.raises(FormatError) as err:
        list(read_lines(['{"record": 1}', "not json"]))
    assert err.value.field == "line 2"
