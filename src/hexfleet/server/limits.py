"""The request size limit: a body over ``Settings.max_body_bytes`` gets 413 ``too_large``.

A pure ASGI middleware rather than FastAPI's ``max_body_size``: Starlette's limiter answers a
declared ``Content-Length`` over the limit with its own plain-text 413, replacing the JSON
error body every refused request gets here (:mod:`.errors`).
"""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send


class BodyTooLarge(HTTPException):
    """Raised while a body without a declared length is read; an ``HTTPException``, so FastAPI
    passes it on to the error handlers instead of calling it a malformed body."""

    def __init__(self, limit: int):
        super().__init__(413, f"the request body is over this server's limit of {limit} bytes "
                              "(HEXFLEET_MAX_BODY_BYTES)")


class BodyLimit:
    def __init__(self, app: ASGIApp, limit: int):
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = Headers(scope=scope).get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            error = BodyTooLarge(self.limit)  # refused unread: nothing of it reaches a route
            await JSONResponse({"error": "too_large", "message": error.detail}, 413)(scope, receive, send)
            return
        received = 0

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise BodyTooLarge(self.limit)
            return message

        await self.app(scope, counted, send)
