"""Every refused request gets a 4xx with a JSON body ``{"error": code, "message": ...}``.

Rule and format errors keep the engine's fields (rule ID, unit, field path), so a client shows
"TOB-M1-SYS-03: B3S is a burn and the fighter has no working thruster" as the engine said it.
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from ..engine.errors import FormatError, RuleError
from .service import ApiError


def install(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def _api(_: Request, exc: ApiError) -> JSONResponse:
        headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
        return JSONResponse(exc.body, status_code=exc.status, headers=headers)

    @app.exception_handler(RuleError)
    async def _rule(_: Request, exc: RuleError) -> JSONResponse:
        return JSONResponse(exc.to_json(), status_code=422)

    @app.exception_handler(FormatError)
    async def _format(_: Request, exc: FormatError) -> JSONResponse:
        return JSONResponse(exc.to_json(), status_code=422)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        details = [{"field": ".".join(str(p) for p in e["loc"]), "message": e["msg"]} for e in exc.errors()]
        first = details[0] if details else {"field": "", "message": "invalid request"}
        return JSONResponse({"error": "request", "message": f"{first['field']}: {first['message']}",
                             "details": details}, status_code=422)

    @app.exception_handler(HTTPException)
    async def _http(_: Request, exc: HTTPException) -> JSONResponse:
        codes = {404: "not_found", 405: "method_not_allowed", 401: "no_token", 403: "forbidden"}
        return JSONResponse({"error": codes.get(exc.status_code, "http"), "message": str(exc.detail)},
                            status_code=exc.status_code, headers=getattr(exc, "headers", None))
