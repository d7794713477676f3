"""Fault tests: ``wargames serve`` killed with SIGKILL mid-game and restarted on the same
store loses no acknowledged action, and the game continues exactly as it would have."""

from __future__ import annotations

import http.client
import json
import threading
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from server_support import LiveServer

import wargames


def call(server: LiveServer, method: str, path: str, body: Any = None, token: str = "") -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(server.url + path, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def new_game(server: LiveServer) -> tuple[str, str, dict[str, str]]:
    g = call(server, "POST", "/api/games", {"title": "minimal", "seed": 11})
    tokens = {
        side: call(server, "POST", f"/api/games/{g['game']}/join", {"side": side})["token"]
        for side in g["sides"]
    }
    return g["game"], g["owner"], tokens


def turn(server: LiveServer, game: str, tokens: dict[str, str]) -> tuple[str, dict[str, Any]]:
    for side, token in tokens.items():
        s = call(server, "GET", f"/api/games/{game}/state", token=token)
        if s["to_act"]:
            return side, s
    raise AssertionError("nobody to act (chance is rolled before an action is acknowledged)")


def pick(s: dict[str, Any], n: int) -> dict[str, Any]:
    """A fixed, varied choice: the (n mod k)-th legal action."""
    return dict(s["legal"][(n * 7 + 3) % len(s["legal"])])


def test_kill_minus_9_mid_game_loses_no_acknowledged_action(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "games.sqlite3").start()
    acked: list[dict[str, Any]] = []
    try:
        game, owner, tokens = new_game(server)
        # A player submits actions as fast as the server takes them; the server is killed
        # while requests are in flight.
        stop = threading.Event()
        failure: list[BaseException] = []

        def player() -> None:
            n = 0
            try:
                while not stop.is_set():
                    side, s = turn(server, game, tokens)
                    choice = pick(s, n)
                    body = {"version": s["version"], "index": choice["index"]}
                    call(server, "POST", f"/api/games/{game}/actions", body, tokens[side])
                    acked.append({"version": s["version"] + 1, "action": choice["action"]})
                    n += 1
            except (
                urllib.error.URLError,
                http.client.HTTPException,  # e.g. IncompleteRead: killed mid-response
                ConnectionError,
                OSError,
                AssertionError,
            ):
                return  # the server died under us
            except BaseException as exc:  # pragma: no cover - reported below
                failure.append(exc)

        t = threading.Thread(target=player)
        t.start()
        while len(acked) < 8 and t.is_alive():
            t.join(0.05)
        server.kill()
        stop.set()
        t.join(30)
        assert not failure, failure
        assert len(acked) >= 8
    finally:
        server.kill()

    restarted = LiveServer(server.db).start()
    try:
        text = urllib.request.urlopen(
            f"{restarted.url}/api/games/{game}/save?token={owner}", timeout=30
        ).read()
        saved = wargames.load_game(text)
        history = [a.to_dict() for a in saved.history]
        # Every acknowledged action is there, in order (an action whose reply was lost in
        # the kill may be there too: it was recorded before the reply).
        assert len(history) >= acked[-1]["version"]
        assert [history[a["version"] - 1] for a in acked] == [a["action"] for a in acked]
        # The replay is the library's own game, byte for byte.
        reference = wargames.new_game("minimal", seed=11)
        for a in saved.history:
            reference.apply(a)
        assert json.loads(reference.to_json())["state"] == json.loads(text)["state"]
        # And the game continues: both sides' tokens still work.
        side, s = turn(restarted, game, tokens)
        assert s["version"] == len(history)
        choice = pick(s, 0)
        body = {"version": s["version"], "index": choice["index"]}
        assert call(restarted, "POST", f"/api/games/{game}/actions", body, tokens[side]) == {
            "version": len(history) + 1
        }
        reference.apply(wargames.action_from_json("minimal", choice["action"]))
        after = urllib.request.urlopen(
            f"{restarted.url}/api/games/{game}/save?token={owner}", timeout=30
        ).read()
        assert json.loads(after)["state"] == json.loads(reference.to_json())["state"]
    finally:
        restarted.stop()
