"""The rule-coverage tool reads the digests' IDs and groups them by module."""

import importlib.util
from pathlib import Path

_spec = importlib.util.spec_from_file_location("rules_coverage", Path(__file__).parent.parent / "tools" / "rules_coverage.py")
rules_coverage = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rules_coverage)


def test_defined_ids_reads_bold_and_headings():
    text = "- **TOB-M1-MOVE-04 Apply Thrust.** x\n### TAL-G-4 Arcs [PROP]\n**LF-ADD-03a** y\n* **CI-7.1.4.a** z\nsee TOB-M1-MOVE-05\n"
    assert rules_coverage.defined_ids(text) == ["TOB-M1-MOVE-04", "TAL-G-4", "LF-ADD-03a", "CI-7.1.4.a"]


def test_module_grouping():
    assert rules_coverage.module_of("TOB-M1-MOVE-04") == "M1"
    assert rules_coverage.module_of("TOB-GEO-09") == "GEO"
    assert rules_coverage.module_of("LF-ADD-03a") == "ADD"
    assert rules_coverage.module_of("TAL-5.3.1") == "5"
    assert rules_coverage.module_of("TAL-G-4") == "G"
    assert rules_coverage.module_of("CI-7.1.4.a") == "7"


def test_the_real_digests_define_their_rule_counts():
    rules = Path(__file__).parent.parent.parent / "shared" / "rules" / "turn-or-burn.md"
    if not rules.exists():
        import pytest
        pytest.skip(f"digests not found at {rules.parent} (shared/ must sit beside the project)")
    ids = rules_coverage.defined_ids(rules.read_text(encoding="utf-8"))
    m1 = [i for i in ids if rules_coverage.module_of(i) == "M1"]
    assert len(m1) == 42  # the digest's own index (§15) counts 42 Module 1 rules
