"""The game server under load: N concurrent games driven over the websocket.

Run ``python benchmarks/server.py [GAMES] [SECONDS] [TITLE]`` (defaults: 4 games of
``minimal`` for 5 seconds). It starts ``wargames serve`` on a free port with a fresh store,
creates the games over HTTP, joins both sides of each, and then every side's client asks for
its state and sends a random legal action (by index) whenever it must act, all over its
websocket. It prints the accepted actions per second and the latency of an action (sent ->
acknowledged, which includes the durable SQLite commit) at the 50th, 90th and 99th
percentiles. Needs the ``server`` extra.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(url: str, body: dict[str, Any]) -> Any:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST")
    req.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())


class Side:
    """One side's websocket client: updates wake it, replies come back in order."""

    def __init__(self, ws: Any, rng: random.Random) -> None:
        self.ws, self.rng = ws, rng
        self.replies: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.changed = asyncio.Event()
        self.over = False

    async def read(self) -> None:
        async for text in self.ws:
            m = json.loads(text)
            if m["type"] == "update":
                self.over = m["result"] is not None
                self.changed.set()
            else:
                self.replies.put_nowait(m)

    async def play(self, until: float, latencies: list[float]) -> int:
        done = 0
        while time.monotonic() < until and not self.over:
            await self.ws.send(json.dumps({"type": "state"}))
            s = await self.replies.get()
            if not s.get("to_act"):
                self.changed.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.changed.wait(), max(0.01, until - time.monotonic()))
                continue
            pick = self.rng.choice(s["legal"])
            body = {"type": "act", "version": s["version"]}
            if pick["index"] is None:
                body["action"] = pick["action"]
            else:
                body["index"] = pick["index"]
            start = time.perf_counter()
            await self.ws.send(json.dumps(body))
            reply = await self.replies.get()
            if reply["type"] == "ack":
                latencies.append(time.perf_counter() - start)
                done += 1
        return done


async def run(url: str, games: int, seconds: float, title: str) -> tuple[int, list[float], float]:
    sides = []
    for g in range(games):
        made = post(f"{url}/api/games", {"title": title, "seed": g})
        for side in made["sides"]:
            token = post(f"{url}/api/games/{made['game']}/join", {"side": side})["token"]
            ws_url = url.replace("http", "ws") + f"/api/games/{made['game']}/ws?token={token}"
            sides.append((ws_url, random.Random(f"{g}{side}")))
    latencies: list[float] = []
    async with asyncio.TaskGroup() as tg:
        clients = []
        for ws_url, rng in sides:
            ws = await websockets.connect(ws_url, max_size=None)
            client = Side(ws, rng)
            clients.append(client)
            tg.create_task(client.read())
        start = time.monotonic()
        until = start + seconds
        counts = await asyncio.gather(*(c.play(until, latencies) for c in clients))
        elapsed = time.monotonic() - start
        for c in clients:
            await c.ws.close()
    return sum(counts), latencies, elapsed


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 5.0
    title = sys.argv[3] if len(sys.argv) > 3 else "minimal"
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite3"
        cmd = [sys.executable, "-m", "wargames.cli", "serve", "--port", str(port), "--db", str(db)]
        server = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(f"{url}/api/titles", timeout=1).read()
                    break
                except OSError:
                    time.sleep(0.1)
            actions, latencies, elapsed = asyncio.run(run(url, games, seconds, title))
        finally:
            server.terminate()
            server.wait()
    print(f"{title}: {games} concurrent games over websockets, {elapsed:.1f} s")
    print(f"  accepted actions: {actions} ({actions / elapsed:.0f} actions/s)")
    if len(latencies) >= 2:
        q = statistics.quantiles([x * 1000 for x in latencies], n=100)
        print(f"  latency ms: p50 {q[49]:.1f}  p90 {q[89]:.1f}  p99 {q[98]:.1f}")


if __name__ == "__main__":
    main()
