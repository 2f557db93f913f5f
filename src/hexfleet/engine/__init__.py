"""The game kernel: decisions, orders, events, seeded chance, records and per-seat views."""

from .errors import FormatError, RuleError
from .ruleset import Decision, Event, OptionInfo, Order, Outcome, Ruleset, ScenarioInfo, Seat, step

__all__ = [
    "Decision", "Event", "FormatError", "OptionInfo", "Order", "Outcome", "RuleError", "Ruleset",
    "ScenarioInfo", "Seat", "step",
]
