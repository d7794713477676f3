"""Hidden information in the kernel: views without the dice, per-side events, per-side
pictures, determinisation, and games that pickle."""

from __future__ import annotations

import pickle
from collections.abc import Collection
from typing import ClassVar

import pytest
from tiny import scenario

import wargames
from wargames.core.actions import Action, Pass
from wargames.core.context import Context
from wargames.core.events import Event, Redacted
from wargames.core.game import Game
from wargames.core.scenario import parse_scenario
from wargames.core.sequence import Phase, Segment, Step
from wargames.core.state import Frame, GameState
from wargames.core.title import Title
from wargames.testing import check_information


class Secret(Step):
    """Side a passes; it whispers where a1 is, and its pass is told to a only."""

    name: ClassVar[str] = "secret"

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        return "a"

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        ctx.tell("a", "note", "a1 hides in A", unit="a1")
        ctx.emit("note", "a did something")
        ctx.emit_about(["a1"], "move", "a1 moves", others=Redacted("a unit moves"), unit="a1")
        ctx.emit_about(["b1"], "move", "b1 moves", others=Redacted("a unit moves"), unit="b1")
        ctx.done()


class Fog(Title):
    name: ClassVar[str] = "fog"
    sides: ClassVar[tuple[str, ...]] = ("a", "b")
    phases: ClassVar[tuple[Phase, ...]] = (Phase("one", (Segment("secret"), Segment("secret"))),)
    rule_steps: ClassVar[tuple[Step, ...]] = (Secret(),)

    def visible_units(self, state: GameState, side: str) -> Collection[str] | None:
        return None if side == "a" else {"b1"}

    def action_audience(self, ctx: Context, action: Action) -> tuple[str, ...]:
        return ("a",)


def fog() -> Game:
    t = Fog()
    return Game(t, parse_scenario(scenario(), "<fog>", t.sides), seed=1)


def test_no_view_holds_the_dice_and_seeds_alone_do_not_change_a_view() -> None:
    one, two = wargames.new_game("minimal", seed=1), wargames.new_game("minimal", seed=2)
    assert one.to_json() != two.to_json()  # the dice differ
    for side in one.title.sides:
        view = one.view(side)
        assert "rng" not in view and "script" not in view
        assert view == two.view(side)


def test_events_told_to_one_side_are_left_out_of_the_others_log() -> None:
    g = fog()
    g.apply(Pass())
    a_log = [e.text for e in g.events_for("a")]
    b_log = [e.text for e in g.events_for("b")]
    assert "a1 hides in A" in a_log and "a1 hides in A" not in b_log
    assert "a did something" in b_log
    assert not any(e.kind == "action" for e in g.events_for("b"))  # action_audience
    assert any(e.kind == "action" for e in g.events_for("a"))


def test_an_event_naming_a_hidden_unit_is_told_redacted_to_the_side_that_cannot_see_it() -> None:
    g = fog()
    g.apply(Pass())
    a_log = [e.text for e in g.events_for("a")]
    b_log = [e.text for e in g.events_for("b")]
    assert "a1 moves" in a_log and "b1 moves" in a_log
    assert "a1 moves" not in b_log and "a unit moves" in b_log
    assert "b1 moves" in b_log  # every side sees b1: told whole to all
    whole = next(e for e in g.events if e.text == "a1 moves")
    told = whole.for_side("b")
    assert whole.to == ("a",) and told is not None
    assert (told.kind, told.text, told.turn) == ("move", "a unit moves", 1)
    assert not told.seen_by("b")  # still marked as told in part


def test_an_event_no_side_may_see_whole_is_told_redacted_to_all() -> None:
    g = fog()
    ctx = g._ctx()
    ctx.title.visible_units = lambda state, side: {"b1"}  # type: ignore[method-assign]
    ctx.emit_about(["a1"], "move", "a1 moves", others=Redacted("a unit moves", {"n": 1}))
    assert g.events[-1] == Event("move", "a unit moves", 1, {"n": 1})
    with pytest.raises(ValueError, match="at least one side"):
        ctx.tell((), "note", "to nobody")


def test_told_events_survive_a_save() -> None:
    g = fog()
    g.apply(Pass())
    from wargames.core.serialize import events_from_json

    events = events_from_json([e.to_json() for e in g.events], "<save>")
    assert events == g.events
    assert any(e.to == ("a",) for e in events)
    assert any(e.others == Redacted("a unit moves") for e in events)
    back = Game(g.title, g.scenario, g.seed, _state=g.state, _events=events)
    assert back.events_for("b") == g.events_for("b")


def test_a_side_s_picture_shows_only_the_units_it_sees() -> None:
    g = fog()
    assert "a1" in g.svg(side="a") and "a1" not in g.svg(side="b")
    assert "a1" in g.svg()
    assert "a1" not in str(g.view("b")) and "a1" in str(g.view("a"))


def test_determinize_reseeds_the_dice_and_keeps_the_view() -> None:
    g = wargames.new_game("minimal", seed=1)
    other = g.determinize("blue", seed=99)
    assert other.state.rng != g.state.rng
    assert other.view("blue") == g.view("blue")
    assert other.history == [] and other.events == g.events_for("blue")
    check_information(g)


def test_views_of_unknown_sides_are_refused() -> None:
    g = fog()
    for call in (g.view, g.events_for):
        with pytest.raises(ValueError, match="not a side"):
            call("c")


def test_games_pickle_with_their_undo_history() -> None:
    g = wargames.new_game("lines", seed=3)
    from wargames.agents import RandomAgent, play_out

    play_out(g, RandomAgent(3), max_actions=40)
    g.state.occupancy()
    back = pickle.loads(pickle.dumps(g))
    assert back.to_json() == g.to_json()
    assert back.undo() == g.undo() and back.to_json() == g.to_json()


def test_a_side_s_export_holds_what_it_knows_and_nothing_to_reload_the_game() -> None:
    import json

    from wargames.core.errors import SaveError

    g = fog()
    g.apply(Pass())
    text = g.export("b")
    d = json.loads(text)
    assert d["format"] == "wargames-side-export" and d["side"] == "b"
    assert d["view"] == g.view("b") and d["events"] == [e.to_json() for e in g.events_for("b")]
    assert not {"seed", "state", "actions"} & set(d)
    assert "a1 hides" not in text and '"a1"' not in json.dumps(d["view"])
    assert "a1 moves" not in text and "a unit moves" in text
    with pytest.raises(SaveError, match="format"):
        wargames.load_game(text)
    one, two = wargames.new_game("minimal", seed=1), wargames.new_game("minimal", seed=2)
    assert one.export("blue") == two.export("blue")  # the seed and the dice are not in it
