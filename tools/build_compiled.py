"""Compile the hot modules with mypyc, each extension beside its source (``make compiled``).

Random playouts and search bots spend their time in a few typed modules. mypyc turns them into
C extensions from the same source, so there is one rule book, in Python, and an optional faster
build of it. Python imports an extension before the source beside it.

What is compiled: the kernel's :data:`KERNEL` modules, and the modules each game package lists
in its ``COMPILED`` (the turn code of Launch Fighters!, whose random duels run about 1.8 times as
fast, and of Turn or Burn, 1.24 times). The rest gained little or does not compile as it
stands: ``engine/procedure.py`` (every game subclasses ``Procedure`` in Python, and mypyc
refuses its generic ``Kind`` dataclass), ``engine/legal.py`` (``Filtered`` must stay lazy, and
mypyc evaluates a generator handed to a call at once), ``hexgrid.py`` (its frozen dataclasses
over an ABC fail at import; made a plain base, it compiled and gained nothing measurable),
Talon (mypyc enforces annotations that mypy accepts through ``Any``).

The build writes ``src/hexfleet/compiled.json``: each compiled source's SHA-256. At import,
``hexfleet`` ignores every extension when one source no longer matches (edited since the build;
a warning says so), or when ``HEXFLEET_PURE=1`` is set, as the test suite does
(``tests/conftest.py``: tests patch classes the extensions fix). ``tests/engine/
test_compiled.py`` plays the same seeded games through both builds and compares every event and
state hash. ``--clean`` removes the extensions and the manifest; ``--refresh`` (``make test``)
builds again only when there is a build and one of its sources has changed.

    .venv/bin/python tools/build_compiled.py           # build (about a minute; gcc and Python headers)
    .venv/bin/python tools/build_compiled.py --clean   # remove the extensions
    .venv/bin/python tools/build_compiled.py --refresh # rebuild a build whose sources changed
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from importlib import import_module
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
PACKAGE = SRC / "hexfleet"
MANIFEST = PACKAGE / "compiled.json"
"""Each compiled source (relative to ``src/hexfleet``) and its SHA-256 at build time."""
GROUP = "hexfleet._native"
"""mypyc's shared runtime module for the compiled group: ``src/hexfleet/_native__mypyc*.so``."""

KERNEL = ("engine/rng.py",)
"""Kernel sources compiled, relative to ``src/hexfleet``: every game draws its dice there."""


def modules() -> list[str]:
    """The sources to compile, relative to ``src/hexfleet``: :data:`KERNEL` and each game's
    ``COMPILED`` (read from the pure-Python build)."""
    _this_tree()
    from hexfleet.games import game_names, package

    listed = list(KERNEL)
    for name in game_names():
        game = import_module(f"hexfleet.games.{package(name)}")
        listed += [f"games/{package(name)}/{m}.py" for m in getattr(game, "COMPILED", ())]
    return listed


_SETUP = """\
from setuptools import setup
from mypyc.build import mypycify

setup(name="hexfleet-compiled", ext_modules=mypycify({paths!r}, group_name={group!r}, opt_level="3"))
"""


def extensions() -> list[Path]:
    """The compiled extensions now beside the sources (and the group's shared runtime)."""
    return sorted(PACKAGE.rglob("*.so"))


def clean() -> None:
    MANIFEST.unlink(missing_ok=True)
    for path in extensions():
        path.unlink()


def missing_tools() -> str | None:
    """What the build needs and this machine lacks, said for a person; ``None`` when nothing."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler}; install gcc: apt-get install gcc)"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "no Python headers (install them: apt-get install python3-dev)"
    return None


def _this_tree() -> None:
    """Import this tree's package, pure, whatever the environment has installed or built."""
    os.environ["HEXFLEET_PURE"] = "1"
    sys.path.insert(0, str(SRC))


def stale() -> bool:
    """Whether there is a build and a source it was built from has changed since."""
    _this_tree()
    from hexfleet import stale_compiled_sources

    return bool(stale_compiled_sources())


def build() -> None:
    """Run mypyc through setuptools in ``build/mypyc`` (kept, so a rebuild recompiles only what
    changed; not the project root, whose ``pyproject.toml`` setuptools would read as its own),
    put each extension beside its source, then write the manifest."""
    clean()
    work = ROOT / "build" / "mypyc"
    out = work / "lib"
    shutil.rmtree(out, ignore_errors=True)  # extensions of modules no longer listed go too
    work.mkdir(parents=True, exist_ok=True)
    sources = modules()
    (work / "setup.py").write_text(_SETUP.format(paths=[str(PACKAGE / m) for m in sources], group=GROUP))
    subprocess.run([sys.executable, "setup.py", "build_ext", "--build-lib", str(out)], cwd=work, check=True,
                   stdout=subprocess.DEVNULL)
    for ext in sorted(out.rglob("*.so")):
        target = SRC / ext.relative_to(out)
        shutil.copy2(ext, target)
        print(f"built {target.relative_to(ROOT)}")
    manifest = {m: hashlib.sha256((PACKAGE / m).read_bytes()).hexdigest() for m in sources}
    MANIFEST.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clean", action="store_true", help="remove the compiled extensions")
    parser.add_argument("--refresh", action="store_true",
                        help="build again only if a build is there and a source changed since (make test)")
    args = parser.parse_args()
    if args.clean:
        clean()
        return 0
    if args.refresh and not stale():
        return 0
    lacking = missing_tools()
    if lacking:
        print(f"make compiled: {lacking}; the pure-Python build runs as it is", file=sys.stderr)
        return 1
    build()
    return 0


if __name__ == "__main__":
    sys.exit(main())
