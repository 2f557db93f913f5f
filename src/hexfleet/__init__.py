"""hexfleet: tabletop hex-map space-combat games with every rule enforced.

Layers, imports pointing down only: ``cli``/``server``/``sim`` → ``ai`` → ``render`` →
``games.<game>`` → ``engine`` → ``hexgrid``.

``make compiled`` may put mypyc extensions of the hot modules beside their sources
(``tools/build_compiled.py``); Python then imports those. ``HEXFLEET_PURE=1`` in the
environment ignores them: every hexfleet module is read from its ``.py``.
"""

import os
import sys
from importlib.abc import PathEntryFinder
from importlib.machinery import BYTECODE_SUFFIXES, SOURCE_SUFFIXES, FileFinder, SourceFileLoader, SourcelessFileLoader

__version__ = "0.1.0"


def _pure_sources() -> None:
    """Find this package's modules by source (and bytecode) only, never by extension."""
    here = os.path.dirname(os.path.abspath(__file__))
    source_only = FileFinder.path_hook((SourceFileLoader, SOURCE_SUFFIXES), (SourcelessFileLoader, BYTECODE_SUFFIXES))

    def inside(path: str) -> bool:
        path = os.path.abspath(path)
        return path == here or path.startswith(here + os.sep)

    def hook(path: str) -> PathEntryFinder:
        if not inside(path):
            raise ImportError("not a hexfleet directory")  # the next hook finds it as usual
        return source_only(path)

    sys.path_hooks.insert(0, hook)
    for path in [p for p in sys.path_importer_cache if inside(p)]:
        del sys.path_importer_cache[path]


if os.environ.get("HEXFLEET_PURE") == "1":
    _pure_sources()
