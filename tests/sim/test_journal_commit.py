"""The commit a journal names for its games (``hexfleet.sim.journal.code_commit``): a study's
games must say which code played them, and a probe run from a modified tree must not pass for the
clean commit."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from hexfleet.sim.journal import code_commit

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=repo,
                          capture_output=True, text=True, check=True).stdout.strip()


def test_a_modified_tree_is_named_dirty_and_only_its_code_counts(tmp_path: Path) -> None:
    code, journals = tmp_path / "src", tmp_path / "studies"
    code.mkdir()
    journals.mkdir()
    (code / "bot.py").write_text("C = 0.1\n")
    (journals / "study.games.jsonl").write_text("")
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", ".")
    git(tmp_path, "commit", "-qm", "first")
    head = git(tmp_path, "rev-parse", "--short", "HEAD")
    assert code_commit(code) == head
    (journals / "study.games.jsonl").write_text("{}\n")  # the study's own journal grows: still the commit's code
    (code / "notes.txt").write_text("untracked")
    assert code_commit(code) == head
    (code / "bot.py").write_text("C = 0.05\n")
    assert code_commit(code) == head + "+dirty"


def test_outside_a_checkout_there_is_no_commit(tmp_path: Path) -> None:
    assert code_commit(tmp_path) is None
