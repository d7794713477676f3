"""Request input: bodies read within a size limit, parsed as JSON and checked against the
published schemas (:mod:`wargames.schema`) with ``jsonschema`` before anything else runs."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
from referencing import Registry, Resource
from starlette.requests import Request

from ..schema import schemas
from .errors import ApiError

MAX_BODY = 64 * 1024
"""Bytes of a request body (an action, a new game)."""
MAX_SAVE = 16 * 1024 * 1024
"""Bytes of a saved game sent to be loaded."""
MAX_MESSAGE = 64 * 1024
"""Bytes of one websocket message."""


async def read_json(request: Request, limit: int = MAX_BODY) -> Any:
    """The request's JSON body; 413 past ``limit`` bytes, 400 if it is not JSON."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise ApiError(413, "too-large", f"the body exceeds {limit} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise ApiError(413, "too-large", f"the body exceeds {limit} bytes")
    return parse(bytes(body))


def parse(text: bytes | str) -> Any:
    """JSON text (400 ``malformed-json`` if it is not, or holds NaN or Infinity)."""

    def constant(name: str) -> Any:
        raise ValueError(f"{name} is not JSON")

    try:
        return json.loads(text, parse_constant=constant)
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        raise ApiError(400, "malformed-json", f"the body is not JSON: {exc}") from None


@cache
def _registry() -> Registry[Any]:
    published = schemas()
    return Registry().with_resources(
        (s["$id"], Resource.from_contents(s)) for s in published.values()
    )


@cache
def validator(name: str, ref: str = "") -> Draft202012Validator:
    """A validator of schema ``name`` (``ref``: one of its ``$defs``)."""
    schema = schemas()[name]
    if ref:
        schema = {"$defs": schema["$defs"], "$ref": f"#/$defs/{ref}"}
    return Draft202012Validator(schema, registry=_registry())


def check(data: Any, name: str, ref: str = "") -> None:
    """400 ``invalid`` naming the first place where ``data`` breaks the schema."""
    error = next(iter(validator(name, ref).iter_errors(data)), None)
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path) or "(the body)"
        raise ApiError(400, "invalid", f"{where}: {error.message}", schema=f"{name}.json", at=where)
