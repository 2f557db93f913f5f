"""Turn or Burn (Greg Turner): vector movement, secret simultaneous plots, card-pull damage."""

from .rules import RULESET, TurnOrBurn

__all__ = ["COMPILED", "RULESET", "TurnOrBurn"]

COMPILED = ("state", "turn", "movement", "fire", "systems", "end_of_turn")
"""The modules ``make compiled`` builds with mypyc (``tools/build_compiled.py``): random
Module 1 duels run about 1.24 times as fast (36,600 to 45,300 a second)."""
