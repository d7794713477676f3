"""The title registry: entry points, register(), broken plugins."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

import wargames
from wargames import registry
from wargames.core.title import Title


class Dummy(Title):
    name: ClassVar[str] = "dummy-title"
    sides: ClassVar[tuple[str, ...]] = ("a", "b")


def test_the_example_title_comes_from_its_entry_point() -> None:
    from importlib.metadata import entry_points

    names = {ep.name for ep in entry_points(group=registry.ENTRY_POINT_GROUP)}
    assert "minimal" in names
    assert registry.get_title("minimal").name == "minimal"


def test_register_adds_a_title(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_registered", dict(registry._registered))
    wargames.register(Dummy())
    assert "dummy-title" in wargames.titles()
    with pytest.raises(TypeError):
        wargames.register("not a title")  # type: ignore[arg-type]


def test_unknown_titles_list_the_known_ones() -> None:
    with pytest.raises(KeyError, match="minimal"):
        registry.get_title("chess")


class BrokenEntryPoint:
    name = "broken"

    def load(self) -> Any:
        raise ImportError("no module named broken_title")


def test_a_broken_plugin_warns_and_the_others_still_load(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_registered", {})
    monkeypatch.setattr(registry, "_loaded", False)
    real = registry.entry_points

    def fake(group: str) -> list[Any]:
        return [BrokenEntryPoint(), *real(group=group)]

    monkeypatch.setattr(registry, "entry_points", fake)
    with pytest.warns(UserWarning, match="broken"):
        names = registry.titles()
    assert "minimal" in names and "broken" not in names
