"""Launch Fighters! (Consortium Games, v1.1): 2-6 fleets of ships and fighter squadrons."""

from .rules import RULESET

__all__ = ["COMPILED", "RULESET"]

COMPILED = ("state", "movement", "eligibility", "combat", "orders", "play")
"""The modules ``make compiled`` builds with mypyc (``tools/build_compiled.py``): random duels
run about 1.8 times as fast. ``rules`` (the ruleset's table) gained nothing measurable."""
