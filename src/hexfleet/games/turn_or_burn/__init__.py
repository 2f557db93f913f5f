"""Turn or Burn (Greg Turner): vector movement, secret simultaneous plots, card-pull damage."""

from .rules import RULESET, TurnOrBurn

__all__ = ["RULESET", "TurnOrBurn"]
