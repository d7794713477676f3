"""A live ``wargames serve`` in a subprocess, for the fault and browser tests."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """``wargames serve`` in a subprocess (killed with SIGKILL by :meth:`kill`)."""

    def __init__(self, db: Path, port: int | None = None) -> None:
        self.db, self.port = db, port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> LiveServer:
        cmd = [sys.executable, "-m", "wargames.cli", "serve", "--port", str(self.port)]
        self.proc = subprocess.Popen(
            [*cmd, "--db", str(self.db)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server died: {self.proc.stderr.read().decode()}")  # type: ignore[union-attr]
            try:
                urllib.request.urlopen(f"{self.url}/api/titles", timeout=2).read()
                return self
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("the server did not start within 60 s")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
