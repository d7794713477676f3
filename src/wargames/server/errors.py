"""The server's errors: an HTTP status, a short code for programs and a message for people."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """A refused request; the server answers ``{"error": {"code", "message", ...}}``."""

    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.extra = status, code, message, extra

    def to_json(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message, **self.extra}}
