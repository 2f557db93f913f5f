"""The whole suite runs with records frozen at run time (:mod:`hexfleet.engine.frozen`), so
any code that assigns to a state, unit or generator fails here; play runs them unchecked."""

import os

os.environ["HEXFLEET_FROZEN_CHECKS"] = "1"
