"""The two error types people see: a broken rule, or a bad file/request.

Both are ``ValueError`` subclasses so callers that only care "was the input bad?" can catch
that, while the server and CLI read the structured fields.
"""

from __future__ import annotations


class RuleError(ValueError):
    """An order or position breaks a rule: says which rule, who, and where.

    ``rule`` is the digest rule ID (``TOB-M1-SYS-03``); ``unit`` the seat, fighter or ship the
    error is about; ``field`` the path of the offending value in the order or position.
    """

    def __init__(self, rule: str, message: str, *, unit: str | None = None, field: str | None = None):
        self.rule = rule
        self.message = message
        self.unit = unit
        self.field = field
        where = ", ".join(x for x in (unit and f"unit {unit}", field and f"field {field}") if x)
        super().__init__(f"{message} [{rule}]" + (f" ({where})" if where else ""))

    def to_json(self) -> dict[str, str | None]:
        return {"error": "rule", "rule": self.rule, "message": self.message, "unit": self.unit, "field": self.field}


class FormatError(ValueError):
    """A file or request is malformed: names the field path and what was expected."""

    def __init__(self, field: str, message: str, *, source: str | None = None):
        self.field = field
        self.message = message
        self.source = source
        prefix = f"{source}: " if source else ""
        super().__init__(f"{prefix}{field}: {message}")

    def to_json(self) -> dict[str, str | None]:
        return {"error": "format", "field": self.field, "message": self.message, "source": self.source}
