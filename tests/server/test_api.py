"""The game server's HTTP and websocket API: playing, per-side information, and bad input
refused with a clear JSON error that changes nothing."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from starlette.testclient import TestClient

import wargames
from wargames.registry import get_title

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def create(client: TestClient, title: str = "minimal", **body: Any) -> dict[str, Any]:
    r = client.post("/api/games", json={"title": title, "seed": 3, **body})
    assert r.status_code == 201, r.text
    return dict(r.json())


def join(client: TestClient, game: str, side: str) -> str:
    r = client.post(f"/api/games/{game}/join", json={"side": side})
    assert r.status_code == 201, r.text
    return str(r.json()["token"])


def state(client: TestClient, game: str, token: str, **params: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{game}/state", params={"token": token, **params})
    assert r.status_code == 200, r.text
    return dict(r.json())


def saved(client: TestClient, game: dict[str, Any]) -> str:
    r = client.get(f"/api/games/{game['game']}/save", params={"token": game["owner"]})
    assert r.status_code == 200
    return r.text


def two_humans(client: TestClient, title: str = "minimal", **body: Any) -> tuple[dict, dict]:
    g = create(client, title, **body)
    return g, {side: join(client, g["game"], side) for side in g["sides"]}


def act(client: TestClient, game: str, token: str, body: Any) -> Any:
    return client.post(f"/api/games/{game}/actions", params={"token": token}, json=body)


def wait_until(check: Any, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.05)
    pytest.fail("timed out")


def error_of(r: Any, status: int, code: str) -> str:
    assert r.status_code == status, r.text
    err = r.json()["error"]
    assert err["code"] == code, err
    assert err["message"]
    return str(err["message"])


def test_play_by_index_and_json(client: TestClient) -> None:
    g, tokens = two_humans(client)
    s = state(client, g["game"], tokens["blue"])
    assert s["to_act"] and s["version"] == 0 and s["decision"]["side"] == "blue"
    assert state(client, g["game"], tokens["red"])["legal"] == []  # not red's decision
    reference = wargames.new_game("minimal", seed=3)
    first = s["legal"][1]
    assert act(
        client, g["game"], tokens["blue"], {"version": 0, "index": first["index"]}
    ).json() == {"version": 1}
    reference.apply(wargames.action_from_json("minimal", first["action"]))
    s = state(client, g["game"], tokens["blue"])
    second = s["legal"][-1]
    r = act(client, g["game"], tokens["blue"], {"version": 1, "action": second["action"]})
    assert r.json() == {"version": 2}
    reference.apply(wargames.action_from_json("minimal", second["action"]))
    assert saved(client, g) == reference.to_json().replace(
        reference.scenario.file, json.loads(saved(client, g))["scenario_file"]
    )
    assert state(client, g["game"], tokens["blue"])["view"] == reference.view("blue")


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"version": 0, "index": 10**9}, 422, "illegal-action"),
        (
            {"version": 0, "action": {"type": "move", "units": ["B1"], "path": ["0102", "0806"]}},
            422,
            "illegal-action",
        ),
        ({"version": 0, "action": {"type": "move", "units": ["B1"]}}, 400, "invalid"),
        ({"version": 0, "action": {"type": "teleport"}}, 400, "invalid"),
        ({"version": 0, "action": {"type": "pass", "extra": 1}}, 400, "invalid"),
        ({"version": 0, "action": {"type": "move", "units": "B1", "path": []}}, 400, "invalid"),
        ({"version": 0}, 400, "invalid"),
        ({"version": 0, "index": 0, "action": {"type": "pass"}}, 400, "invalid"),
        ({"version": "0", "index": 0}, 400, "invalid"),
        ({"version": 0, "index": True}, 400, "invalid"),
        ([1, 2], 400, "invalid"),
        ({"version": 5, "index": 0}, 409, "stale"),
    ],
)
def test_bad_actions_are_refused_and_change_nothing(
    client: TestClient, body: Any, status: int, code: str
) -> None:
    g, tokens = two_humans(client)
    before = saved(client, g)
    error_of(act(client, g["game"], tokens["blue"], body), status, code)
    assert saved(client, g) == before
    assert state(client, g["game"], tokens["blue"])["version"] == 0


def test_stale_action_is_refused_after_the_game_moved_on(client: TestClient) -> None:
    g, tokens = two_humans(client)
    legal = state(client, g["game"], tokens["blue"])["legal"]
    assert (
        act(
            client, g["game"], tokens["blue"], {"version": 0, "index": legal[1]["index"]}
        ).status_code
        == 200
    )
    before = saved(client, g)
    # The same request again (a double click): version 0 is stale now.
    message = error_of(
        act(client, g["game"], tokens["blue"], {"version": 0, "index": legal[1]["index"]}),
        409,
        "stale",
    )
    assert "version 1" in message
    assert saved(client, g) == before


def test_a_side_acting_out_of_turn_is_refused(client: TestClient) -> None:
    g, tokens = two_humans(client)
    before = saved(client, g)
    error_of(
        act(client, g["game"], tokens["red"], {"version": 0, "index": 0}), 409, "not-your-turn"
    )
    assert saved(client, g) == before


def test_malformed_and_oversize_bodies_are_refused(client: TestClient) -> None:
    g, tokens = two_humans(client)
    before = saved(client, g)
    url = f"/api/games/{g['game']}/actions?token={tokens['blue']}"
    for text in (b"{bad", b"", b'{"version": NaN, "index": 0}', b"\xff\xfe", b"[" * 100_000):
        r = client.post(url, content=text, headers={"content-type": "application/json"})
        assert r.status_code in (400, 413), r.text
        assert r.json()["error"]["code"] in ("malformed-json", "too-large")
    big = json.dumps({"version": 0, "action": {"type": "pass", "x": "a" * 100_000}})
    error_of(client.post(url, content=big), 413, "too-large")
    error_of(client.post("/api/games", content=b"x" * 70_000), 413, "too-large")
    assert saved(client, g) == before


def test_unknown_games_titles_scenarios_sides_and_tokens(client: TestClient) -> None:
    error_of(client.get("/api/games/nope/state", params={"token": "x"}), 404, "unknown-game")
    error_of(client.post("/api/games", json={"title": "chess"}), 404, "unknown-title")
    r = client.post("/api/games", json={"title": "minimal", "scenario": "nope"})
    assert "skirmish" in error_of(r, 404, "unknown-scenario")
    error_of(
        client.post("/api/games", json={"title": "minimal", "agents": {"green": "random"}}),
        404,
        "unknown-side",
    )
    error_of(
        client.post("/api/games", json={"title": "minimal", "agents": {"red": "human"}}),
        400,
        "invalid",
    )
    error_of(client.post("/api/games", json={"title": "minimal", "seed": -1}), 400, "invalid")
    error_of(
        client.post("/api/games", json={"title": "minimal", "options": {"nope": 1}}),
        422,
        "bad-scenario",
    )
    g, tokens = two_humans(client)
    error_of(
        client.post(f"/api/games/{g['game']}/join", json={"side": "green"}), 404, "unknown-side"
    )
    error_of(client.post(f"/api/games/{g['game']}/join", json={"side": "blue"}), 409, "seat-taken")
    error_of(
        client.get(f"/api/games/{g['game']}/state", params={"token": "forged"}), 403, "bad-token"
    )
    error_of(client.get(f"/api/games/{g['game']}/state"), 403, "bad-token")
    error_of(
        client.get(f"/api/games/{g['game']}/save", params={"token": tokens["blue"]}),
        403,
        "not-owner",
    )
    error_of(client.get("/api/nothing"), 404, "not-found")
    a = create(client, agents={"red": "random"})
    error_of(client.post(f"/api/games/{a['game']}/join", json={"side": "red"}), 409, "seat-taken")


def test_bearer_token_header_works_like_the_query(client: TestClient) -> None:
    g, tokens = two_humans(client)
    r = client.get(
        f"/api/games/{g['game']}/state", headers={"Authorization": f"Bearer {tokens['red']}"}
    )
    assert r.json()["side"] == "red"


def test_undo_takes_back_only_the_own_last_action(client: TestClient) -> None:
    g, tokens = two_humans(client)
    game = g["game"]
    start = saved(client, g)
    assert not state(client, game, tokens["blue"])["can_undo"]
    legal = state(client, game, tokens["blue"])["legal"]
    act(client, game, tokens["blue"], {"version": 0, "index": legal[1]["index"]})
    assert state(client, game, tokens["blue"])["can_undo"]
    assert not state(client, game, tokens["red"])["can_undo"]
    undo = f"/api/games/{game}/undo"
    error_of(
        client.post(undo, params={"token": tokens["red"]}, json={"version": 1}), 409, "no-undo"
    )
    error_of(client.post(undo, params={"token": tokens["blue"]}, json={"version": 0}), 409, "stale")
    r = client.post(undo, params={"token": tokens["blue"]}, json={"version": 1})
    assert r.json() == {"version": 0}
    assert saved(client, g) == start
    error_of(
        client.post(undo, params={"token": tokens["blue"]}, json={"version": 0}), 409, "no-undo"
    )


def test_chance_is_rolled_by_the_server_with_the_games_dice_and_cannot_be_undone(
    client: TestClient,
) -> None:
    # Königsberg opens with a chance decision (the barrage dice): the server rolls it.
    g, tokens = two_humans(client, "konigsberg")
    s = acting(client, g["game"], tokens)
    log = json.loads(saved(client, g))
    reference = wargames.new_game("konigsberg", seed=3)
    while reference.decision.is_chance:
        reference.roll()
    assert log["actions"] == [a.to_dict() for a in reference.history]
    assert log["actions"] and log["actions"][-1]["type"] == "outcome"
    assert s["version"] == len(reference.history)
    for t in tokens.values():
        assert not state(client, g["game"], t)["can_undo"]


def acting(client: TestClient, game: str, tokens: dict[str, str]) -> dict[str, Any]:
    """The state of the side to act, once chance (rolled in the background) is done."""
    found: list[dict[str, Any]] = []

    def ready() -> bool:
        found[:] = [s for t in tokens.values() if (s := state(client, game, t))["to_act"]]
        return bool(found)

    wait_until(ready)
    return found[0]


def test_each_side_sees_only_its_own_view_events_and_picture(client: TestClient) -> None:
    # DC: Secret Setup: the Russian sets up hidden from the Axis.
    g, tokens = two_humans(client, "darkest", options={"secret_setup": True})
    game = g["game"]
    for _ in range(3):
        s = state(client, game, tokens["russian"])
        assert s["to_act"], s["decision"]
        act(
            client,
            game,
            tokens["russian"],
            {"version": s["version"], "index": s["legal"][0]["index"]},
        )
    full = wargames.load_game(saved(client, g))
    hidden = set(full.state.vars["hidden"])
    placed = {u.id for u in full.state.units.values() if u.at is not None}
    russians = {u for u in placed if full.scenario.units[u].side == "russian"}
    assert len(russians) == 3 and russians <= hidden  # every Russian unit hidden from the start
    axis = state(client, game, tokens["axis"], svg="1")
    russian = state(client, game, tokens["russian"], svg="1")
    assert axis["view"] == full.view("axis") and russian["view"] == full.view("russian")
    # The Russian's prompt is told to the Russian only.
    assert axis["decision"]["side"] == "russian" and axis["decision"]["prompt"] == ""
    assert russian["decision"]["prompt"] == full.decision.prompt
    shown = {u["id"] for u in axis["view"]["units"]}
    for uid in hidden:
        assert uid not in shown
        assert f'data-uid="{uid}"' not in axis["svg"]
    for uid in russians:  # the placed ones are drawn for their own side
        assert f'data-uid="{uid}"' in russian["svg"]
    events = client.get(f"/api/games/{game}/events", params={"token": tokens["axis"]}).json()
    assert [e["text"] for e in events["events"]] == [e.text for e in full.events_for("axis")]
    assert not any(uid in json.dumps(events) for uid in hidden)
    assert any(
        uid
        in json.dumps(
            client.get(f"/api/games/{game}/events", params={"token": tokens["russian"]}).json()
        )
        for uid in hidden
    )


def test_agents_play_their_seats(client: TestClient) -> None:
    g = create(client, agents={"blue": "random", "red": "random"})
    info = f"/api/games/{g['game']}"
    wait_until(lambda: client.get(info).json()["result"] is not None)
    final = wargames.load_game(saved(client, g))
    assert final.is_over()
    replay = wargames.new_game("minimal", seed=3)
    for a in final.history:
        replay.apply(a)
    assert replay.result() == final.result()


def test_the_search_agent_answers_a_human(client: TestClient) -> None:
    g = create(client, agents={"red": "search"})
    game, blue = g["game"], join(client, g["game"], "blue")
    s = state(client, game, blue)
    while s["to_act"]:  # blue passes its movement and its combat: red's turn
        act(client, game, blue, {"version": s["version"], "index": 0})
        s = state(client, game, blue)
    assert s["decision"]["side"] == "red"
    handed = s["version"]
    wait_until(lambda: state(client, game, blue)["to_act"])
    assert state(client, game, blue)["version"] > handed
    assert s["seats"] == {"blue": "joined", "red": "search"}


def test_the_websocket_streams_each_side_its_own_events_and_takes_actions(
    client: TestClient,
) -> None:
    g, tokens = two_humans(client, "darkest", options={"secret_setup": True})
    game = g["game"]
    with (
        client.websocket_connect(f"/api/games/{game}/ws?token={tokens['russian']}") as rus,
        client.websocket_connect(f"/api/games/{game}/ws?token={tokens['axis']}") as axis,
    ):
        hello_r, hello_a = rus.receive_json(), axis.receive_json()
        assert hello_r["type"] == hello_a["type"] == "update" and hello_r["reset"]
        assert hello_r["to_act"] and not hello_a["to_act"]
        rus.send_json({"type": "state"})
        s = rus.receive_json()
        assert s["type"] == "state" and s["side"] == "russian"
        pick = s["legal"][0]
        rus.send_json({"type": "act", "version": 0, "index": pick["index"]})
        got = [rus.receive_json(), rus.receive_json()]
        assert {m["type"] for m in got} == {"ack", "update"}
        update_r = next(m for m in got if m["type"] == "update")
        update_a = axis.receive_json()
        assert update_r["version"] == update_a["version"] == 1
        uid = pick["action"]["unit"]
        assert any(
            uid in e["text"] or uid in json.dumps(e.get("data", {})) for e in update_r["events"]
        )
        assert not any(uid in json.dumps(e) for e in update_a["events"])
        # Bad messages: a clear error, the game unchanged.
        for bad in (
            "{bad",
            json.dumps({"type": "act", "version": 0, "index": 0}),
            json.dumps({"type": "fly"}),
        ):
            axis.send_text(bad)
            reply = axis.receive_json()
            assert reply["type"] == "error" and reply["error"]["message"]
        axis.send_bytes(b"\xff\x00")
        assert axis.receive_json()["error"]["code"] == "malformed-json"
        axis.send_text(json.dumps({"type": "state", "x": "a" * 70_000}))
        assert axis.receive_json()["error"]["code"] == "too-large"
        assert client.get(f"/api/games/{game}").json()["version"] == 1


def test_a_websocket_with_a_bad_token_is_told_and_closed(client: TestClient) -> None:
    g, _ = two_humans(client)
    with client.websocket_connect(f"/api/games/{g['game']}/ws?token=forged") as ws:
        assert ws.receive_json()["error"]["code"] == "bad-token"


def test_save_and_load_continue_the_same_game(client: TestClient) -> None:
    g, tokens = two_humans(client)
    s = state(client, g["game"], tokens["blue"])
    act(client, g["game"], tokens["blue"], {"version": 0, "index": s["legal"][2]["index"]})
    text = saved(client, g)
    r = client.post("/api/games/load", json={"save": json.loads(text), "agents": {"red": "random"}})
    assert r.status_code == 201, r.text
    loaded = r.json()
    assert loaded["version"] == 1 and loaded["seats"] == {"blue": "open", "red": "random"}
    assert saved(client, loaded) == text
    # A tampered save is refused: a bad field, or actions that do not reproduce the state.
    bad = json.loads(text)
    bad["seed"] = "x"
    error_of(client.post("/api/games/load", json={"save": bad}), 400, "invalid")
    bad = json.loads(text)
    bad["state"]["turn"] = 2
    error_of(client.post("/api/games/load", json={"save": bad}), 422, "bad-save")


def test_titles_and_schemas_are_published(client: TestClient) -> None:
    titles = {t["name"]: t for t in client.get("/api/titles").json()}
    assert set(titles) == set(wargames.titles())
    assert titles["minimal"]["scenarios"] == wargames.scenarios("minimal")
    assert client.get("/api/schema/action.json").json()["$id"].endswith("action.json")
    error_of(client.get("/api/schema/nope"), 404, "unknown-schema")


def test_undo_is_refused_after_an_action_that_revealed_hidden_units(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    g, tokens = two_humans(client)
    title = get_title("minimal")
    start = wargames.new_game("minimal", seed=3).state.units
    # A stand-in fog of war: a side sees only the units that have left their start hex.
    monkeypatch.setattr(
        title,
        "visible_units",
        lambda state, side: {k for k, u in state.units.items() if u.at != start[k].at},
        raising=False,
    )
    s = state(client, g["game"], tokens["blue"])
    move = next(m for m in s["legal"] if m["action"]["type"] == "move")
    act(client, g["game"], tokens["blue"], {"version": 0, "index": move["index"]})
    assert not state(client, g["game"], tokens["blue"])["can_undo"]
    r = client.post(
        f"/api/games/{g['game']}/undo", params={"token": tokens["blue"]}, json={"version": 1}
    )
    assert "revealed" in error_of(r, 409, "no-undo")


def test_a_player_downloads_its_own_export_never_the_whole_save(client: TestClient) -> None:
    # DC: Secret Setup: the Russian sets up hidden from the Axis; the Axis player's download
    # is its export (Game.export), which names no hidden unit and holds no dice state.
    g, tokens = two_humans(client, "darkest", options={"secret_setup": True})
    game = g["game"]
    for _ in range(3):
        s = state(client, game, tokens["russian"])
        act(
            client,
            game,
            tokens["russian"],
            {"version": s["version"], "index": s["legal"][0]["index"]},
        )
    full = wargames.load_game(saved(client, g))
    hidden = full.state.vars["hidden"]
    for side, token in tokens.items():
        r = client.get(f"/api/games/{game}/export", params={"token": token})
        assert r.status_code == 200, r.text
        record = json.loads(r.text)
        assert record["view"] == full.view(side)
        assert record["events"] == json.loads(full.export(side))["events"]
        assert "rng" not in r.text and "seed" not in record
        error_of(client.get(f"/api/games/{game}/save", params={"token": token}), 403, "not-owner")
    axis = json.loads(
        client.get(f"/api/games/{game}/export", params={"token": tokens["axis"]}).text
    )
    told = json.dumps({k: v for k, v in axis.items() if k != "scenario"})  # the OOB is public
    assert hidden and not any(f'"{uid}"' in told for uid in hidden)
    # The owner token is the host's: it saves the whole game, and plays no side to export.
    error_of(
        client.get(f"/api/games/{game}/export", params={"token": g["owner"]}), 403, "bad-token"
    )
