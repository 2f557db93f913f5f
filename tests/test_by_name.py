"""Per game, found by name (DESIGN.md; issue 10 item 4, issue 11 defect 3): shared files name
no game, and each layer finds a game's module by the game's package name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hexfleet.ai.base import bot_names, check_bot, get_bot
from hexfleet.engine.errors import FormatError
from hexfleet.games import game_names, get_ruleset, package
from hexfleet.plugins import BotOffer, game_bots, game_of_format, interchange, presenter

SRC = Path(__file__).parent.parent / "src" / "hexfleet"
SHARED = ["cli.py", "terminal.py", "plugins.py", "server", "sim", "engine", "ai/mcts.py", "ai/base.py", "render/svg.py",
          "render/text.py", "render/forms.py", "render/__init__.py", "testing.py", "adapters"]
"""Files that serve every game: none may name one (the registry, games/__init__.py, is the one place)."""
GAME_NAMES = re.compile(r"turn[-_ ]or[-_ ]burn|launch[-_ ]fighters|talon|cold[-_ ]infinity", re.IGNORECASE)
"""A game's registry name, package name or title, in any case: a string, an import, a module
path, or prose (an example naming a game is a place the next game would have to edit)."""


def _shared_files() -> list[Path]:
    out = []
    for entry in SHARED:
        path = SRC / entry
        out += sorted(p for p in path.rglob("*") if p.is_file() and p.suffix in (".py", ".mako")) if path.is_dir() \
            else [path]
    return out


def test_no_shared_file_names_a_game():
    """Not as a string, an import, a module path or an example: a game is found by its name."""
    offenders = []
    for path in _shared_files():
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if GAME_NAMES.search(line):
                offenders.append(f"{path.relative_to(SRC)}:{n}: {line.strip()}")
    assert not offenders, "shared files name a game:\n" + "\n".join(offenders)


def test_shared_files_exist():
    """The list above is not stale: every entry is there (a renamed file would pass the grep unseen)."""
    assert all((SRC / entry).exists() for entry in SHARED)
    assert len(_shared_files()) > len(SHARED)


@pytest.mark.parametrize("game", game_names())
def test_every_game_has_every_module(game):
    """The registry's one line finds the ruleset, the position format, the presenter and the bots."""
    ruleset = get_ruleset(game)
    assert ruleset.name == game
    fmt = interchange(game)
    assert fmt.FORMAT.split("/")[0] == game and game_of_format({"format": fmt.FORMAT}) == game
    shown = presenter(game)
    assert callable(shown.describe_event) and callable(shown.svg) and isinstance(shown.FORMS, dict)
    assert shown.glossary()["terms"], "the presenter names and explains the codes it shows"
    bots = game_bots(game)
    assert {"random", "mcts"} <= set(bots.BOTS) and callable(bots.determinize)
    assert ruleset.scenario() in ruleset.scenarios()
    assert package(game) in bots.__name__


def test_unknown_games_and_formats_are_refused_with_the_list():
    with pytest.raises(FormatError, match=f"unknown game 'no-such-game'; known games: {', '.join(game_names())}$"):
        interchange("no-such-game")
    with pytest.raises(FormatError, match="unknown format 'no-such-game/1'"):
        game_of_format({"format": "no-such-game/1"})
    with pytest.raises(FormatError, match="missing"):
        game_of_format({"map": {}})


def test_a_bot_is_offered_only_where_its_game_says_it_plays(monkeypatch):
    """A bot limited to some scenarios is listed, made and accepted only there."""
    monkeypatch.setitem(game_bots("turn-or-burn").BOTS, "m1-only",
                        BotOffer("hexfleet.ai.base:RandomBot", frozenset({"quick-shot"})))
    assert "m1-only" in bot_names("turn-or-burn", "quick-shot")
    assert "m1-only" not in bot_names("turn-or-burn", "popcorn")
    assert get_bot("turn-or-burn", "m1-only", scenario="quick-shot").name == "random"
    with pytest.raises(FormatError) as err:
        check_bot("turn-or-burn", "m1-only", "popcorn")
    assert err.value.message == ("the 'm1-only' bot cannot play turn-or-burn, scenario popcorn; bots that can play "
                                 "turn-or-burn, scenario popcorn: heuristic, mcts, random")
    with pytest.raises(FormatError, match="unknown bot 'heuristic' for launch-fighters"):
        get_bot("launch-fighters", "heuristic")


@pytest.mark.parametrize("game", game_names())
def test_every_game_checks_the_kernel_contract(game):
    """Each game's own tests call hexfleet.testing.check_ruleset, passing what the game hides."""
    contract = Path(__file__).parent / "rules" / package(game) / "test_contract.py"
    assert contract.exists(), f"{game} has no tests/rules/{package(game)}/test_contract.py"
    text = contract.read_text(encoding="utf-8")
    assert "check_ruleset(" in text and "def hidden_variants" in text


@pytest.mark.parametrize("game", game_names())
def test_a_games_modules_import_no_cycle_and_no_private_name(game):
    """Module-level imports inside a game's package form no cycle, and no module imports another's
    private (underscored) name: a helper two modules need is public and lives below both."""
    import ast

    folder = Path(__file__).parent.parent / "src" / "hexfleet" / "games" / package(game)
    deps: dict[str, set[str]] = {}
    for path in folder.glob("*.py"):
        deps[path.stem] = set()
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                assert not any(a.name.startswith("_") for a in node.names), f"{path.name} imports a private name"
                deps[path.stem] |= {node.module.split(".")[0]} if node.module else {a.name for a in node.names}
    done: set[str] = set()

    def visit(module: str, trail: tuple[str, ...]) -> None:
        assert module not in trail, f"import cycle: {' -> '.join((*trail, module))}"
        if module in done:
            return
        for dep in deps.get(module, ()):
            visit(dep, (*trail, module))
        done.add(module)

    for module in deps:
        visit(module, ())
