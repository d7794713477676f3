"""Fixtures of the server tests: an app over a throwaway store, a client, a live server."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the server tests need the extra: pip install '.[server]'")
pytest.importorskip("httpx", reason="the server tests need httpx (the 'web-test' extra)")

from server_support import LiveServer
from starlette.testclient import TestClient

from wargames.server import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(str(tmp_path / "games.sqlite3"))) as c:
        yield c


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path / "games.sqlite3").start()
    try:
        yield server
    finally:
        server.stop()
