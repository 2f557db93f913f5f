"""A terminal stand-in for the guided order forms (``render/forms.py``'s form context), shared
by every game's form tests: answers typed in advance (an empty list: Enter, the default), the
rules' validation as the form's ``check``, and what the terminal would show kept as text."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from hexfleet.engine.errors import FormatError, RuleError
from hexfleet.engine.ruleset import Ruleset
from hexfleet.render.forms import InputError


class ScriptedUI:
    def __init__(self, ruleset: Ruleset[Any], state: Any, answers: list[str], width: int = 200):
        self.ruleset, self.state, self.answers = ruleset, state, list(answers)
        self.console = Console(file=io.StringIO(), width=width)
        self.refused: list[str] = []  # as the terminal shows them: each with its rule ID
        self.prompts: list[str] = []

    def ask(self, prompt: str, default: str) -> str:
        self.prompts.append(prompt)
        return self.answers.pop(0) if self.answers else default

    def ask_value(self, prompt: str, default: str, parse: Any) -> Any:
        """As the terminal: asked again until ``parse`` reads the answer."""
        while True:
            answer = self.ask(prompt, default)
            try:
                return parse(answer if answer else default)
            except InputError as exc:
                self.refused.append(str(exc))

    def check(self, seat: str, order: Any) -> bool:
        try:
            self.ruleset.validate(self.state, seat, order)
        except (RuleError, FormatError) as exc:
            self.refused.append(str(exc))
            return False
        return True

    @property
    def shown(self) -> str:
        out = self.console.file
        assert isinstance(out, io.StringIO)
        return out.getvalue()
