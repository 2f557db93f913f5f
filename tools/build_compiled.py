"""Compile the hot modules with mypyc, each ``.so`` beside its ``.py`` (``make compiled``).

The play loop of random duels and search bots spends its time in a few typed modules: the
kernel's random generator and legal sets, and the turn code of Turn or Burn and Launch
Fighters!. mypyc turns them into C extensions from the same source, so there is one rule
book in Python and an optional faster build of it. Python imports an extension before the
source beside it; ``make clean-compiled`` (or ``--clean``) removes them and the pure-Python
path is back. Nothing else changes: ``tests/engine/test_compiled.py`` plays the same seeded
games through both builds and compares every event and state hash.

Only :data:`MODULES` are compiled. Left out, and why: ``engine/procedure.py`` (every game's
ruleset subclasses ``Procedure`` in Python), ``engine/legal.py`` (mypyc evaluates a generator
handed to another call at once, and ``Filtered`` must stay lazy), ``hexgrid.py`` (mypyc cannot
build a dataclass over an ABC, ``MapShape``), and modules whose classes the tests patch
(Launch Fighters!'s ``Work.dice``, Turn or Burn's ``rules.Plot``).

    .venv/bin/python tools/build_compiled.py           # build (about a minute, gcc and Python headers)
    .venv/bin/python tools/build_compiled.py --clean   # remove the extensions
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
PACKAGE = SRC / "hexfleet"
GROUP = "hexfleet._native"
"""mypyc's shared runtime module for the compiled group: ``src/hexfleet/_native__mypyc*.so``."""

MODULES = (
    "engine/rng.py",
    "games/turn_or_burn/turn.py",
    "games/turn_or_burn/movement.py",
    "games/turn_or_burn/end_of_turn.py",
    "games/turn_or_burn/fire.py",
    "games/turn_or_burn/systems.py",
    "games/turn_or_burn/state.py",
    "games/launch_fighters/play.py",
    "games/launch_fighters/orders.py",
    "games/launch_fighters/movement.py",
    "games/launch_fighters/eligibility.py",
    "games/launch_fighters/combat.py",
)
"""Source files compiled, relative to ``src/hexfleet``."""

_SETUP = """\
from setuptools import setup
from mypyc.build import mypycify

setup(name="hexfleet-compiled", ext_modules=mypycify({paths!r}, group_name={group!r}, opt_level="3"))
"""


def built() -> list[Path]:
    """The compiled extensions now beside the sources (and the group's shared runtime)."""
    return sorted(PACKAGE.rglob("*.so"))


def clean() -> None:
    for path in built():
        path.unlink()


def build() -> None:
    """Run mypyc through setuptools in ``build/mypyc`` (kept, so a rebuild recompiles only
    what changed; not the project root, whose ``pyproject.toml`` setuptools would read as its
    configuration), then put each extension beside its source."""
    clean()
    work = ROOT / "build" / "mypyc"
    out = work / "lib"
    shutil.rmtree(out, ignore_errors=True)  # extensions of modules no longer listed go too
    work.mkdir(parents=True, exist_ok=True)
    (work / "setup.py").write_text(_SETUP.format(paths=[str(PACKAGE / m) for m in MODULES], group=GROUP))
    subprocess.run([sys.executable, "setup.py", "build_ext", "--build-lib", str(out)], cwd=work, check=True,
                   stdout=subprocess.DEVNULL)
    for ext in sorted(out.rglob("*.so")):
        target = SRC / ext.relative_to(out)
        shutil.copy2(ext, target)
        print(f"built {target.relative_to(ROOT)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clean", action="store_true", help="remove the compiled extensions")
    args = parser.parse_args()
    if args.clean:
        clean()
    else:
        build()
    return 0


if __name__ == "__main__":
    sys.exit(main())
