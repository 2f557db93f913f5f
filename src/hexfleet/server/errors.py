"""Every refused request gets a 4xx with a JSON body ``{"error": code, "message": ...}``.

Rule and format errors keep the engine's fields (rule ID, unit, field path), so a client shows
"TOB-M1-SYS-03: B3S is a burn and the fighter has no working thruster" as the engine said it.

Messages often quote what was sent ("got 'xxx…'"), so every string in an error body is cut
(:func:`clip`): a huge value is not sent back whole.
"""

from __future__ import annotations

import re
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from ..engine.errors import FormatError, RuleError
from ..engine.sheet import SheetErrors
from .service import ApiError

WORD_LIMIT = 200
"""Characters kept of one run without spaces: a quoted value, a field path, a seat name."""
TEXT_LIMIT = 1000
"""Characters kept of a whole message (lists of known names fit)."""
_LONG_WORD = re.compile(rf"\S{{{WORD_LIMIT + 1},}}")


def clip(text: str) -> str:
    """``text`` with each run of non-space characters over :data:`WORD_LIMIT` and the whole over
    :data:`TEXT_LIMIT` cut short, each cut marked with an ellipsis."""
    text = _LONG_WORD.sub(lambda m: m[0][:WORD_LIMIT] + "…", text)
    return text if len(text) <= TEXT_LIMIT else text[:TEXT_LIMIT] + "…"


def _clipped(value: Any) -> Any:
    if isinstance(value, str):
        return clip(value)
    if isinstance(value, dict):
        return {k: _clipped(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_clipped(v) for v in value]
    return value


def _respond(body: dict[str, Any], status: int, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(_clipped(body), status_code=status, headers=headers)


def install(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def _api(_: Request, exc: ApiError) -> JSONResponse:
        headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
        return _respond(exc.body, exc.status, headers)

    @app.exception_handler(SheetErrors)
    async def _sheet(_: Request, exc: SheetErrors) -> JSONResponse:
        return _respond(exc.to_json(), 422)

    @app.exception_handler(RuleError)
    async def _rule(_: Request, exc: RuleError) -> JSONResponse:
        return _respond(exc.to_json(), 422)

    @app.exception_handler(FormatError)
    async def _format(_: Request, exc: FormatError) -> JSONResponse:
        return _respond(exc.to_json(), 422)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        details = [{"field": _field(e), "message": e["msg"]} for e in exc.errors()]
        first = details[0] if details else {"field": "", "message": "invalid request"}
        return _respond({"error": "request", "message": f"{first['field']}: {first['message']}",
                               "details": details}, 422)

    @app.exception_handler(HTTPException)
    async def _http(_: Request, exc: HTTPException) -> JSONResponse:
        codes = {404: "not_found", 405: "method_not_allowed", 401: "no_token", 403: "forbidden", 413: "too_large"}
        return _respond({"error": codes.get(exc.status_code, "http"), "message": str(exc.detail)},
                              exc.status_code, getattr(exc, "headers", None))


def _field(error: Any) -> str:
    """The error's location as a dotted path, down to the value inside a JSON field
    (``body.order.R1.0.speed``) where the validator said where (``ctx.path``)."""
    path = (*error["loc"], *(error.get("ctx") or {}).get("path", ()))
    return ".".join(str(p) for p in path)
