"""List, per game and module, which digest rule IDs have tests and which do not.

Rule IDs are read from the digests in ``../shared/rules/*.md`` (every ID written in bold or as
a heading is a defined rule). Tested IDs are the ``@pytest.mark.rule("...")`` markers of the
collected tests (``pytest --collect-only``, so nothing runs). Each module ends with a
``covered/total`` line.

    python tools/rules_coverage.py [--game turn-or-burn] [--missing] [--rules-dir DIR]
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_RULES = ROOT.parent / "shared" / "rules"
DIGESTS = {  # game → (digest file, rule-ID prefix)
    "turn-or-burn": ("turn-or-burn.md", "TOB-"),
    "talon": ("talon.md", "TAL-"),
    "launch-fighters": ("launch-fighters.md", "LF-"),
    "cold-infinity": ("cold-infinity.md", "CI-"),
}
_DEFINED = re.compile(r"(?:\*\*|^#{2,6}\s+)((?:TOB|TAL|LF|CI)-[A-Za-z0-9]+(?:[.-][A-Za-z0-9]+)*)", re.MULTILINE)


def defined_ids(text: str) -> list[str]:
    """Rule IDs a digest defines, in order of first appearance."""
    return list(dict.fromkeys(m.group(1).rstrip(".") for m in _DEFINED.finditer(text)))


def module_of(rule_id: str) -> str:
    """The group a rule belongs to: TOB scope (M1, GEO, …), LF area, TAL/CI section."""
    prefix, rest = rule_id.split("-", 1)
    if prefix in ("TOB", "LF"):
        return rest.split("-")[0]
    head = re.split(r"[.-]", rest)[0]
    return head


class _Collector:
    def __init__(self) -> None:
        self.ids: set[str] = set()

    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        for item in items:
            for mark in item.iter_markers(name="rule"):
                self.ids.update(str(a) for a in mark.args)


def tested_ids() -> set[str]:
    collector = _Collector()
    code = pytest.main(["-o", "addopts=", "--collect-only", "-p", "no:terminal", "-p", "no:cacheprovider", str(ROOT / "tests")],
                       plugins=[collector])
    if code not in (0, 5):
        raise SystemExit(f"test collection failed (pytest exit {code})")
    return collector.ids


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(DIGESTS), action="append", help="only this game (repeatable)")
    parser.add_argument("--missing", action="store_true", help="list the untested IDs of each module")
    parser.add_argument("--rules-dir", type=Path, default=DEFAULT_RULES, help="folder of the digests")
    args = parser.parse_args(argv)
    if not args.rules_dir.is_dir():
        print(f"error: no digest folder at {args.rules_dir} (pass --rules-dir)", file=sys.stderr)
        return 2
    tested = tested_ids()
    print()
    for game in args.game or list(DIGESTS):
        filename, prefix = DIGESTS[game]
        path = args.rules_dir / filename
        if not path.exists():
            print(f"{game}: digest {path} not found")
            continue
        groups: dict[str, list[str]] = defaultdict(list)
        for rule_id in defined_ids(path.read_text(encoding="utf-8")):
            groups[module_of(rule_id)].append(rule_id)
        total_covered = total = 0
        print(f"== {game} ({filename})")
        for module, ids in groups.items():
            covered = [i for i in ids if i in tested]
            total_covered += len(covered)
            total += len(ids)
            print(f"  {module:<8} {len(covered):>4}/{len(ids):<4}")
            if args.missing:
                missing = [i for i in ids if i not in tested]
                if missing:
                    print("           missing: " + " ".join(missing))
        print(f"  {'all':<8} {total_covered:>4}/{total:<4}")
        defined = {i for ids in groups.values() for i in ids}
        unknown = sorted(i for i in tested if i.startswith(prefix) and i not in defined)
        if unknown:
            print(f"  tests name IDs the digest does not define: {' '.join(sorted(unknown))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
