"""The HTTP and websocket routes of the game server (documented in docs/server.md)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from .. import api
from ..registry import get_title
from ..schema import NAMES, schemas
from .errors import ApiError
from .lobby import Sessions
from .sessions import Session
from .store import Store
from .validation import MAX_MESSAGE, MAX_SAVE, check, parse, read_json

Handler = Callable[[Request], Awaitable[Response]]


def default_static() -> Path | None:
    """The browser client of the source tree (``examples/web``), if this is one."""
    web = Path(__file__).resolve().parents[3] / "examples" / "web"
    return web if (web / "index.html").is_file() else None


def token_of(request: Request | WebSocket) -> str | None:
    """The token of a request: ``Authorization: Bearer <token>`` or ``?token=``."""
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    return request.query_params.get("token")


def create_app(db: str, static: str | Path | None = None) -> Starlette:
    store = Store(db)
    sessions = Sessions(store)

    def publish(session: Session) -> None:
        for queues in session.subscribers.values():
            for q in queues:
                q.put_nowait({"type": "changed"})

    sessions.publish = publish

    async def session_of(request: Request | WebSocket) -> Session:
        return await sessions.get(request.path_params["game"])

    async def titles(request: Request) -> Response:
        out = []
        for name in api.titles():
            t = get_title(name)
            out.append(
                {
                    "name": name,
                    "description": t.description,
                    "sides": list(t.sides),
                    "scenarios": api.scenarios(name),
                    "options": dict(t.options),
                }
            )
        return JSONResponse(out)

    async def schema(request: Request) -> Response:
        name = request.path_params["name"].removesuffix(".json")
        if name not in NAMES:
            raise ApiError(404, "unknown-schema", f"no schema {name!r} ({', '.join(NAMES)})")
        return JSONResponse(schemas()[name])

    async def create(request: Request) -> Response:
        body = await read_json(request)
        check(body, "requests", "create")
        session, owner = sessions.create(
            body["title"],
            body.get("scenario"),
            body.get("seed", 0),
            body.get("options", {}),
            body.get("agents", {}),
        )
        sessions.kick(session)
        return JSONResponse(_created(session, owner), status_code=201)

    async def load(request: Request) -> Response:
        body = await read_json(request, MAX_SAVE)
        check(body, "requests", "load")
        check(body["save"], "save")
        session, owner = sessions.load(api_text(body["save"]), body.get("agents", {}))
        sessions.kick(session)
        return JSONResponse(_created(session, owner), status_code=201)

    async def info(request: Request) -> Response:
        s = await session_of(request)
        d = s.game.decision
        return JSONResponse(
            {
                "game": s.id,
                "title": s.game.title.name,
                "scenario": s.game.scenario.name,
                "seats": s.seats_json(),
                "version": s.version,
                "to_act": None if d is None else d.side,
                "result": None if s.game.result() is None else str(s.game.result()),
            }
        )

    async def join(request: Request) -> Response:
        s = await session_of(request)
        body = await read_json(request)
        check(body, "requests", "join")
        async with s.lock:
            token = s.join(body["side"])
        publish(s)
        return JSONResponse({"game": s.id, "side": body["side"], "token": token}, 201)

    async def state(request: Request) -> Response:
        s = await session_of(request)
        side = s.side_of(token_of(request))
        async with s.lock:
            return JSONResponse(s.state(side, svg=request.query_params.get("svg") == "1"))

    async def events(request: Request) -> Response:
        s = await session_of(request)
        side = s.side_of(token_of(request))
        since = request.query_params.get("since", "0")
        if not since.isdigit():
            raise ApiError(400, "bad-query", "since must be a number of events")
        return JSONResponse({"version": s.version, "events": s.events(side, int(since))})

    async def svg(request: Request) -> Response:
        s = await session_of(request)
        side = s.side_of(token_of(request))
        return Response(s.game.svg(side=side), media_type="image/svg+xml")

    async def act(request: Request) -> Response:
        s = await session_of(request)
        side = s.side_of(token_of(request))
        body = await read_json(request)
        version = await apply_message(
            s, side, {**body, "type": "act"} if isinstance(body, dict) else body
        )
        return JSONResponse({"version": version})

    async def undo(request: Request) -> Response:
        s = await session_of(request)
        side = s.side_of(token_of(request))
        body = await read_json(request)
        version = await apply_message(
            s, side, {**body, "type": "undo"} if isinstance(body, dict) else body
        )
        return JSONResponse({"version": version})

    async def apply_message(s: Session, side: str, message: Any) -> int:
        """An ``act`` or ``undo`` message, checked, applied and recorded; the new version."""
        check(message, "requests", "message")
        kind = message["type"]
        body = {k: v for k, v in message.items() if k != "type"}
        check(body, "requests", kind)
        if kind == "act" and "action" in body:
            check(body["action"], "action", f"title:{s.game.title.name}")
        async with s.lock:
            version = s.act(side, body) if kind == "act" else s.undo(side, body["version"])
        publish(s)
        sessions.kick(s)
        return version

    async def save(request: Request) -> Response:
        s = await session_of(request)
        if not s.is_owner(token_of(request)):
            raise ApiError(403, "not-owner", "only the game's owner token may save it")
        async with s.lock:
            text = s.save()
        return Response(text, media_type="application/json")

    async def export(request: Request) -> Response:
        """A side's own records (``Game.export(side)``): its seat token only, at any time;
        the whole save stays the owner's (the host's), so a player never downloads hidden
        units or the dice's state."""
        s = await session_of(request)
        side = s.side_of(token_of(request))
        async with s.lock:
            text = s.game.export(side)
        return Response(text, media_type="application/json")

    async def websocket(ws: WebSocket) -> None:
        await ws.accept()
        try:
            s = await session_of(ws)
            side = s.side_of(token_of(ws))
        except ApiError as exc:
            await ws.send_json(exc.to_json())
            await ws.close(code=4000 + exc.status)
            return
        await serve_socket(ws, s, side)

    async def serve_socket(ws: WebSocket, s: Session, side: str) -> None:
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        s.subscribers.setdefault(side, set()).add(queue)
        sending = asyncio.Lock()
        sent = 0
        epoch = s.epoch

        async def send(message: dict[str, Any]) -> None:
            async with sending:
                await ws.send_json(message)

        async def update(first: bool = False) -> None:
            nonlocal sent, epoch
            reset = first or epoch != s.epoch
            if reset:
                sent, epoch = 0, s.epoch
            new = s.events(side, sent)
            sent += len(new)
            d = s.game.decision
            await send(
                {
                    "type": "update",
                    "version": s.version,
                    "reset": reset,
                    "to_act": d is not None and d.side == side,
                    "decision": None if d is None else {"side": d.side, "kind": d.kind},
                    "result": None if s.game.result() is None else str(s.game.result()),
                    "events": new,
                }
            )

        async def writer() -> None:
            while True:
                await queue.get()
                while not queue.empty():
                    queue.get_nowait()
                await update()

        await update(first=True)
        task = asyncio.get_running_loop().create_task(writer())
        try:
            while True:
                received = await ws.receive()
                if received["type"] == "websocket.disconnect":
                    break
                text = received.get("text")
                if text is None:  # a binary frame: its bytes, parsed as JSON text
                    text = received.get("bytes") or b""
                try:
                    if len(text) > MAX_MESSAGE:
                        raise ApiError(413, "too-large", f"a message exceeds {MAX_MESSAGE} bytes")
                    message = parse(text)
                    check(message, "requests", "message")
                    if message["type"] == "state":
                        async with s.lock:
                            reply = {"type": "state", **s.state(side)}
                    else:
                        version = await apply_message(s, side, message)
                        reply = {"type": "ack", "version": version}
                except ApiError as exc:
                    reply = {"type": "error", "status": exc.status, **exc.to_json()}
                await send(reply)
        except WebSocketDisconnect:
            pass
        finally:
            task.cancel()
            s.subscribers.get(side, set()).discard(queue)

    async def api_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        return JSONResponse(exc.to_json(), status_code=exc.status)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        code = {404: "not-found", 405: "method-not-allowed"}.get(exc.status_code, "http-error")
        return JSONResponse(
            {"error": {"code": code, "message": str(exc.detail)}}, status_code=exc.status_code
        )

    game = "/api/games/{game}"
    routes: list[Route | WebSocketRoute | Mount] = [
        Route("/api/titles", titles),
        Route("/api/schema/{name}", schema),
        Route("/api/games", create, methods=["POST"]),
        Route("/api/games/load", load, methods=["POST"]),
        Route(game, info),
        Route(f"{game}/join", join, methods=["POST"]),
        Route(f"{game}/state", state),
        Route(f"{game}/events", events),
        Route(f"{game}/svg", svg),
        Route(f"{game}/actions", act, methods=["POST"]),
        Route(f"{game}/undo", undo, methods=["POST"]),
        Route(f"{game}/save", save),
        Route(f"{game}/export", export),
        WebSocketRoute(f"{game}/ws", websocket),
    ]
    folder = Path(static) if static is not None else default_static()
    if folder is not None:
        routes.append(Mount("/", StaticFiles(directory=folder, html=True), name="web"))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        store.close()

    app = Starlette(
        routes=routes,
        exception_handlers={ApiError: api_error, HTTPException: http_error},
        lifespan=lifespan,
    )
    app.state.sessions = sessions
    return app


def api_text(save: Any) -> str:
    import json

    return json.dumps(save)


def _created(session: Session, owner: str) -> dict[str, Any]:
    return {
        "game": session.id,
        "owner": owner,
        "title": session.game.title.name,
        "scenario": session.game.scenario.name,
        "sides": list(session.game.title.sides),
        "seats": session.seats_json(),
        "version": session.version,
    }
