"""Errors as `{"error": "<a sentence>"}` with a 4xx code, everywhere, FastAPI's own included.

Where a person in a room may meet an error (joining with a code, forming crews, starting), it
also carries a `code` and its `params`, so that a client says it in its own language; the
sentence stays, in English, for everybody else."""

from __future__ import annotations

import json
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match


class ErrorBody(BaseModel):
    error: str
    code: str | None = None
    params: dict[str, Any] | None = None


class ErrorResponse(JSONResponse):
    """An error's JSON in ASCII: a sentence may quote what was sent, and what was sent may hold
    what UTF-8 cannot carry (a lone surrogate), which must not turn a 422 into a 500."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=True, separators=(",", ":")).encode("ascii")


class ApiError(Exception):
    """An answer to a request that cannot be done, in a sentence for a person; `code` and
    `params` say it for a client that translates it."""

    def __init__(self, status: int, message: str, code: str | None = None,
                 params: dict[str, Any] | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.code = code
        self.params = params
        self.headers = headers

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {"error": self.message}
        if self.code is not None:
            out["code"] = self.code
            out["params"] = self.params or {}
        return out


def not_found(what: str, code: str | None = None, **params: Any) -> ApiError:
    return ApiError(404, f"there is no {what}", code, params)


def forbidden(message: str = "that token does not give access to this",
              code: str | None = None, **params: Any) -> ApiError:
    return ApiError(403, message, code, params)


def conflict(message: str, code: str | None = None, **params: Any) -> ApiError:
    return ApiError(409, message, code, params)


def invalid(message: str, code: str | None = None, **params: Any) -> ApiError:
    return ApiError(422, message, code, params)


def describe_validation(errors: list[Any]) -> str:
    """FastAPI's list of validation errors as one sentence naming each field."""
    parts = []
    for error in errors[:5]:
        where = ".".join(str(p) for p in error.get("loc", ()) if p not in ("body", "query"))
        message = str(error.get("msg", "is not valid"))
        parts.append(f"{where or 'the request'}: {message}")
    return "invalid request: " + "; ".join(parts)


# The documented error answers of every route, so the OpenAPI schema tells the truth.
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorBody, "description": text}
    for code, text in [
        (400, "Bad request"),
        (403, "Wrong or missing token"),
        (404, "No such match or session"),
        (409, "Not possible in the match's present state"),
        (413, "The request's body is too large"),
        (422, "Invalid input, named in the sentence"),
        (429, "Too many tries from this address: wait as long as Retry-After says"),
    ]
}


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def api_error(_: Request, exc: ApiError) -> JSONResponse:
        return ErrorResponse(exc.body(), status_code=exc.status, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def validation_error(_: Request, exc: RequestValidationError) -> JSONResponse:
        return ErrorResponse({"error": describe_validation(list(exc.errors()))},
                             status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code == 405 and request.method == "OPTIONS":
            return options_answer(app, request)
        message = exc.detail if isinstance(exc.detail, str) else "the request cannot be served"
        headers = dict(exc.headers or {})
        if exc.status_code == 404 and message == "Not Found":
            message = "there is nothing at this address"
        elif exc.status_code == 405:
            allowed = ", ".join(allowed_methods(app, request))
            headers["Allow"] = allowed
            message = f"this address does not accept that method; it accepts {allowed}"
        return ErrorResponse({"error": message}, status_code=exc.status_code, headers=headers)


METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")


def options_answer(app: FastAPI, request: Request) -> Response:
    """OPTIONS (a browser's CORS preflight, or a client asking): 204 with the methods the
    address takes. No Access-Control header: the API serves this server's own pages, so a
    browser keeps other sites' pages from calling it."""
    allowed = ", ".join([*allowed_methods(app, request), "OPTIONS"])
    return Response(status_code=204, headers={"Allow": allowed})


def allowed_methods(app: FastAPI, request: Request) -> list[str]:
    """Every method some route of this path takes (a router answers 405 with the first such
    route's own alone), found by asking the routes as if the request came with each."""
    def takes(method: str) -> bool:
        scope = {**request.scope, "method": method}
        return any(route.matches(scope)[0] is Match.FULL for route in app.router.routes)

    return [method for method in METHODS if takes(method)]
