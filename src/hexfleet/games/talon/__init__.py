"""Talon (GMT Games, 2015): fleets of Terran and Talon starships, Impulse by Impulse."""

from .rules import RULESET

__all__ = ["RULESET"]
