"""The browser client in a real headless Chromium (Debian's package, driven by Playwright):
each title's opening is played through the page against an agent, two browsers play each
other, and the page shows the map, the legal actions and the log in prose.

Screenshots go to the test's temporary folder, and also to ``$WARGAMES_SCREENSHOTS`` when
set (``docs/img`` holds the committed ones)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_support import LiveServer

import wargames

CHROMIUM = os.environ.get("WARGAMES_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
OPENING = 3
"""Own decisions played per title."""

sync_api = pytest.importorskip(
    "playwright.sync_api", reason="the browser tests need Playwright: pip install '.[web-test]'"
)
if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
    pytest.skip(
        f"no Chromium at {CHROMIUM}: apt-get install chromium (the browser tests need it)",
        allow_module_level=True,
    )


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("web") / "games.sqlite3").start()
    try:
        yield live
    finally:
        live.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1200, "height": 720})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    yield pg
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def start(page: Any, server: LiveServer, title: str, opponent: str, side: str = "") -> None:
    page.goto(server.url + "/")
    page.select_option("#title", title)
    if side:
        page.select_option("#side", side)
    page.select_option("#opponent", opponent)
    page.click("#start")
    page.wait_for_selector("#map svg")


def wait_turn(page: Any) -> bool:
    """Wait until this side must act (True) or the game is over (False)."""
    page.wait_for_function(
        "document.body.dataset.toAct === 'true' || document.body.dataset.over === 'true'",
        timeout=120_000,
    )
    return bool(page.evaluate("document.body.dataset.toAct === 'true'"))


def version(page: Any) -> int:
    return int(page.evaluate("Number(document.body.dataset.version)"))


def play_one(page: Any) -> str:
    """One decision through the page: a unit and a highlighted destination on the map if
    some unit has one (``"map"``), or a unit and one of its actions offered beside the map
    (``"unit"``), else an action of the prose list (``"list"``). Returns how."""
    before = version(page)
    how = "list"
    for unit in page.locator("#map rect.movable").all()[:8]:
        unit.dispatch_event("click")
        dest = page.locator("#map [data-loc].dest")
        if dest.count():
            assert page.locator("#map rect.selected").count() >= 1
            dest.first.dispatch_event("click")
            how = "map"
            break
        offered = page.locator("#choice:not([hidden]) li")
        if offered.count():  # the unit's actions that go nowhere (a step loss, an option)
            offered.first.click()
            how = "unit"
            break
    if how == "map" and page.locator("#choice:not([hidden]) li").count():
        page.locator("#choice li").first.click()  # several actions lead there: choose one
    elif how == "list":
        items = page.locator("#actions li")
        assert items.count() > 0, "no legal action listed at this side's decision"
        texts = items.all_inner_texts()
        pick = next((i for i, t in enumerate(texts) if "pass" not in t), 0)
        items.nth(pick).click()
    page.wait_for_function(f"Number(document.body.dataset.version) > {before}", timeout=60_000)
    return how


def shoot(page: Any, tmp_path: Path, name: str) -> None:
    page.screenshot(path=str(tmp_path / f"{name}.jpg"), type="jpeg", quality=70)
    folder = os.environ.get("WARGAMES_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.jpg"), type="jpeg", quality=70)


@pytest.mark.parametrize("title", wargames.titles())
def test_the_opening_of_each_title_is_played_through_the_page(
    page: Any, server: LiveServer, title: str, tmp_path: Path
) -> None:
    start(page, server, title, "random")
    ways = []
    for _ in range(OPENING):
        if not wait_turn(page):
            break
        ways.append(play_one(page))
    assert ways, "the page never offered a decision"
    assert page.inner_text("#error") == ""
    status = page.inner_text("#status")
    assert "your decision" in status or "waiting for" in status or "Game over" in status
    log = page.locator("#log li").all_inner_texts()
    assert len(log) >= len(ways) and any(t.strip() for t in log)
    assert page.locator("#map svg [data-loc]").count() == len(wargames.load_scenario(title).board)
    shoot(page, tmp_path, f"web-{title}")


def test_a_unit_click_highlights_its_legal_destinations(page: Any, server: LiveServer) -> None:
    start(page, server, "minimal", "random", side="blue")
    assert wait_turn(page)
    state = page.evaluate("play.state")
    moves = [a["action"] for a in state["legal"] if a["action"]["type"] == "move"]
    uid = moves[0]["units"][0]
    page.locator(f'#map rect[data-uid="{uid}"]').dispatch_event("click")
    lit = set(page.eval_on_selector_all("#map .dest", "els => els.map(e => e.dataset.loc)"))
    assert lit == {m["path"][-1] for m in moves if m["units"][0] == uid}


def test_against_the_search_agent(page: Any, server: LiveServer, tmp_path: Path) -> None:
    start(page, server, "minimal", "search", side="red")
    for _ in range(2):
        if wait_turn(page):
            play_one(page)
    wait_turn(page)
    assert "search" in page.evaluate("JSON.stringify(play.state.seats)")
    assert page.locator("#log li").count() > 5


def test_two_browsers_play_each_other(browser: Any, server: LiveServer) -> None:
    first = browser.new_page()
    second = browser.new_page()
    try:
        start(first, server, "minimal", "browser", side="blue")
        game = first.evaluate("play.game")
        assert "red" in first.inner_text("#share")
        second.goto(server.url + "/")
        second.fill("#join-id", game)
        second.fill("#join-side", "red")
        second.click("#join-game button")
        second.wait_for_selector("#map svg")
        assert wait_turn(first)
        logged = second.locator("#log li").count()
        play_one(first)
        # The second browser hears of it over its websocket.
        second.wait_for_function(f"document.querySelectorAll('#log li').length > {logged}")
        second.wait_for_function(f"Number(document.body.dataset.version) >= {version(first)}")
        assert second.evaluate("play.state.side") == "red"
    finally:
        first.close()
        second.close()


def position_at(kind: str) -> wargames.Game:
    """A game of ``minimal`` whose next decision is of ``kind`` (random play, seed 0)."""
    from wargames.agents import RandomAgent, step

    game = wargames.new_game("minimal", seed=0)
    agent = RandomAgent(0)
    while game.decision is not None and game.decision.kind != kind:
        step(game, agent)
    assert game.decision is not None, f"no {kind} decision in this game"
    return game


@pytest.mark.parametrize("kind", ["retreat", "allocate-losses"])
def test_retreat_and_loss_decisions_are_answered_through_the_page(
    page: Any, server: LiveServer, kind: str, tmp_path: Path
) -> None:
    import json
    import urllib.request

    game = position_at(kind)
    side = game.decision.side  # type: ignore[union-attr]

    def post(path: str, body: Any) -> Any:
        req = urllib.request.Request(server.url + path, data=json.dumps(body).encode())
        req.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(req, timeout=60) as r:
            return json.loads(r.read())

    loaded = post("/api/games/load", {"save": json.loads(game.to_json())})
    token = post(f"/api/games/{loaded['game']}/join", {"side": side})["token"]
    page.goto(f"{server.url}/#game={loaded['game']}&token={token}")
    assert wait_turn(page)
    assert kind in page.inner_text("#status")
    legal = page.evaluate("play.state.legal")
    assert {a["action"]["type"] for a in legal} <= {kind, "pass", "choose"}
    how = play_one(page)
    # A retreat: the unit, then a highlighted hex; a loss: the unit, then its choice.
    assert how == ("map" if kind == "retreat" else "unit")
    after = page.evaluate("play.state")
    assert after["version"] == len(game.history) + 1
    assert not (after["to_act"] and after["decision"]["kind"] == kind and after["legal"] == legal)
    shoot(page, tmp_path, f"web-minimal-{kind}")
