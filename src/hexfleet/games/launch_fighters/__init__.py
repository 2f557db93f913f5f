"""Launch Fighters! (Consortium Games, v1.1): 2-6 fleets of ships and fighter squadrons."""

from .rules import RULESET

__all__ = ["RULESET"]
