"""hexfleet: tabletop hex-map space-combat games with every rule enforced.

Layers, imports pointing down only: ``cli``/``server``/``sim`` → ``ai`` → ``render`` →
``games.<game>`` → ``engine`` → ``hexgrid``.

``make compiled`` may put mypyc extensions of the hot modules beside their sources, with a
manifest of the sources they were built from (``compiled.json``, ``tools/build_compiled.py``);
Python then imports those. Every hexfleet module is read from its ``.py`` instead when
``HEXFLEET_PURE=1`` is set (the test suite sets it) or when a compiled source has changed since
the build, which a warning says: an extension must never run code the source no longer holds.
"""

import hashlib
import json
import os
import sys
import warnings
from importlib.abc import PathEntryFinder
from importlib.machinery import BYTECODE_SUFFIXES, SOURCE_SUFFIXES, FileFinder, SourceFileLoader, SourcelessFileLoader

__version__ = "0.1.0"

_HERE = os.path.dirname(os.path.abspath(__file__))


def stale_compiled_sources() -> list[str]:
    """The compiled sources that no longer match the manifest (none when nothing is built)."""
    try:
        with open(os.path.join(_HERE, "compiled.json"), encoding="utf-8") as f:
            manifest: dict[str, str] = json.load(f)
    except FileNotFoundError:
        return []
    stale = []
    for module, digest in manifest.items():
        try:
            with open(os.path.join(_HERE, module), "rb") as source:
                if hashlib.sha256(source.read()).hexdigest() == digest:
                    continue
        except FileNotFoundError:
            pass
        stale.append(module)
    return stale


def compiled_modules() -> list[str]:
    """The hexfleet modules imported so far from compiled extensions (none in the pure build)."""
    return sorted(name for name, m in list(sys.modules.items())
                  if name.startswith("hexfleet") and str(getattr(m, "__file__", "")).endswith(".so"))


def _sources_only() -> None:
    """Find this package's modules by source (and bytecode) only, never by extension."""
    source_only = FileFinder.path_hook((SourceFileLoader, SOURCE_SUFFIXES), (SourcelessFileLoader, BYTECODE_SUFFIXES))

    def inside(path: str) -> bool:
        path = os.path.abspath(path)
        return path == _HERE or path.startswith(_HERE + os.sep)

    def hook(path: str) -> PathEntryFinder:
        if not inside(path):
            raise ImportError("not a hexfleet directory")  # the next hook finds it as usual
        return source_only(path)

    sys.path_hooks.insert(0, hook)
    for path in [p for p in sys.path_importer_cache if inside(p)]:
        del sys.path_importer_cache[path]


def _choose_build() -> None:
    if os.environ.get("HEXFLEET_PURE") == "1":
        _sources_only()
        return
    stale = stale_compiled_sources()
    if stale:
        warnings.warn(f"hexfleet: {', '.join(stale)} changed since `make compiled`; running the pure-Python "
                      "build (run `make compiled` again, or `make clean-compiled`)", stacklevel=2)
        _sources_only()


_choose_build()
