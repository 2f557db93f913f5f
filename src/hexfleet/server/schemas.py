"""Request bodies: pydantic at the HTTP edge only. Unknown fields are refused (so a body can
never smuggle in a ``seat``: the seat always comes from the bearer token)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatConfig(Strict):
    bot: str | None = Field(None, description="registry name of the bot that plays this seat; null: a person")
    stand_in: str | None = Field(None, description="bot that plays for the person when a deadline passes; "
                                                   "null: the ruleset's standing order")


class CreateGame(Strict):
    ruleset: str = Field(description="a game's registry name (GET /api/rulesets lists them)")
    scenario: str
    options: dict[str, Any] = Field(default_factory=dict)
    seats: dict[str, SeatConfig] = Field(default_factory=dict, description="by seat name; absent seats are people")
    deadline_seconds: float | None = Field(None, gt=0, le=30 * 24 * 3600,
                                           description="time per turn once every seat is taken; null: no deadline")
    join: str | None = Field(None, description="take this seat at once and get its token")
    name: str | None = Field(None, max_length=64)


class JoinSeat(Strict):
    name: str | None = Field(None, max_length=64)


class SubmitOrder(Strict):
    order: Any = Field(description="the order, as the ruleset spells it (a JSON value)")
    step: int | None = Field(None, ge=1, description="the step the order is for; a stale step is refused")
    request_key: str | None = Field(None, min_length=1, max_length=128,
                                    description="retries with the same key are answered once (idempotent)")


class PreviewOrder(Strict):
    order: Any
