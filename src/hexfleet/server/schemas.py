"""Request bodies: pydantic at the HTTP edge only. Unknown fields are refused (so a body can
never smuggle in a ``seat``: the seat always comes from the bearer token), and so are values of
the wrong JSON type: pydantic's lax mode would read ``"step": "1"`` or ``true`` as step 1."""

from __future__ import annotations

import json
import math
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from pydantic_core import PydanticCustomError


def json_numbers_only(value: Any) -> Any:
    """Refuse NaN, Infinity and -Infinity anywhere in ``value``.

    JSON has no such numbers, but Python's parser reads them, and they would reach the rules
    and the canonical JSON that hashes orders (which refuses them). The error's ``path`` names
    where in the value the number is (:mod:`.errors` appends it to the field).
    """
    stack: list[tuple[tuple[str | int, ...], Any]] = [((), value)]
    while stack:  # iterative: a deeply nested body must not exhaust the stack
        path, node = stack.pop()
        if isinstance(node, float) and not math.isfinite(node):
            raise PydanticCustomError("json_number", "{number} is not a JSON number (JSON has no NaN or Infinity)",
                                      {"number": json.dumps(node), "path": path})
        if isinstance(node, dict):
            stack.extend(((*path, k), v) for k, v in node.items())
        elif isinstance(node, list):
            stack.extend(((*path, i), v) for i, v in enumerate(node))
    return value


JsonValue = Annotated[Any, AfterValidator(json_numbers_only)]
"""Any JSON value, as JSON defines it (no NaN or Infinity); the ruleset judges the rest."""


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


class SeatConfig(Strict):
    bot: str | None = Field(None, description="registry name of the bot that plays this seat; null: a person")
    stand_in: str | None = Field(None, description="bot that plays for the person when a deadline passes; "
                                                   "null: the ruleset's standing order")


class CreateGame(Strict):
    ruleset: str = Field(description="a game's registry name (GET /api/rulesets lists them)")
    scenario: str
    options: dict[str, JsonValue] = Field(default_factory=dict, description="only those to change: a scenario "
                                          "sets its own (GET /api/rulesets shows them)")
    seats: dict[str, SeatConfig] = Field(default_factory=dict, description="by seat name; absent seats are people")
    deadline_seconds: float | None = Field(None, gt=0, le=30 * 24 * 3600,
                                           description="time per turn once every seat is taken; null: no deadline")
    join: str | None = Field(None, description="take this seat at once and get its token")
    name: str | None = Field(None, max_length=64)
    email: str | None = Field(None, max_length=254, description="play by mail: where the joined seat's reports go")


class SeatsQuery(Strict):
    scenario: str
    options: dict[str, JsonValue] = Field(default_factory=dict, description="only those to change")


class JoinSeat(Strict):
    name: str | None = Field(None, max_length=64)
    email: str | None = Field(None, max_length=254, description="play by mail: where this seat's reports go")


class SubmitSheet(Strict):
    sheet: str = Field(max_length=32_000, description="the order sheet as plain text (docs/pbm.md)")


class Extend(Strict):
    seconds: float = Field(gt=0, le=30 * 24 * 3600, description="more time for the open turn")


class Replace(Strict):
    bot: str | None = Field(None, description="a bot the game offers; null: a new person (a new token)")
    name: str | None = Field(None, max_length=64)
    email: str | None = Field(None, max_length=254)


class SeatSettings(Strict):
    email: str | None = Field(None, max_length=254, description="'' removes the address")
    standing: dict[str, dict[str, JsonValue]] | None = Field(None, description="standing orders: {kind: {unit: "
                                                                              "its part of the order}}")
    sheet: str | None = Field(None, max_length=32_000, description="standing orders written as an order sheet")


class SubmitOrder(Strict):
    order: JsonValue = Field(description="the order, as the ruleset spells it (a JSON value)")
    step: int | None = Field(None, ge=1, description="the step the order is for; a stale step is refused")
    request_key: str | None = Field(None, min_length=1, max_length=128,
                                    description="retries with the same key are answered once (idempotent)")


class PreviewOrder(Strict):
    order: JsonValue
