"""Cold Infinity UvSc (Kevin A. Muñoz, Main Rulebook beta): vectored starship combat with
secret power and EW allocation; the lost chapters as the labelled house layer ``ci-house-v1``."""

from .rules import RULESET

__all__ = ["RULESET"]
