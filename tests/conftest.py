"""The whole suite runs with records frozen at run time (:mod:`hexfleet.engine.frozen`), so
any code that assigns to a state, unit or generator fails here; play runs them unchecked. And
it runs the pure-Python build (``HEXFLEET_PURE``), whose classes tests may patch, whatever
``make compiled`` built: ``tests/engine/test_compiled.py`` compares the two builds."""

import os

os.environ["HEXFLEET_FROZEN_CHECKS"] = "1"
os.environ.setdefault("HEXFLEET_PURE", "1")  # HEXFLEET_PURE=0 runs it on the compiled build (tests that patch its classes fail)
