"""A game server for web front-ends (the ``wargames[server]`` extra): Starlette over uvicorn.

Games live in an SQLite file (:mod:`.store`): the scenario, the seed and every accepted
action, written before the action is acknowledged, so a crash loses nothing acknowledged.
Each side joins with a token of its own and sees only its own view, legal actions, events and
picture (:mod:`.sessions`; games are created, loaded and replayed by :mod:`.lobby`); chance
is decided by the game's seeded dice and agent seats are played by the server.
``docs/server.md`` documents the HTTP and websocket API.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from starlette.applications import Starlette

__all__ = ["create_app", "serve"]


def create_app(db: str = "wargames.sqlite3", static: str | None = None) -> Starlette:
    """The ASGI application over the store ``db`` (``":memory:"`` for a throwaway one),
    serving the browser client from ``static`` (None: ``examples/web`` when present)."""
    from .app import create_app as create

    return create(db, static)


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str = "wargames.sqlite3",
    static: str | None = None,
) -> None:
    """Run the server until interrupted (``wargames serve``)."""
    import uvicorn

    uvicorn.run(create_app(db, static), host=host, port=port, log_level="warning")
