"""Prose for people: logs without JSON and decision prompts that are sentences, every title."""

from __future__ import annotations

import re

import pytest

import wargames
from wargames.agents import RandomAgent, step
from wargames.cli import main
from wargames.core.actions import Move
from wargames.core.prose import addressed, decision_prompt

TITLES = wargames.titles()
JSON = re.compile(r"[{}]|\[\"|\":")


@pytest.mark.parametrize("title", TITLES)
def test_prompts_are_sentences_naming_the_side(title: str) -> None:
    seen: dict[str, str] = {}
    for seed in range(2):
        game = wargames.new_game(title, seed=seed)
        agent = RandomAgent(seed)
        for _ in range(150):
            if game.is_over():
                break
            d = game.decision
            assert d is not None
            seen.setdefault(d.step, d.prompt)
            who = "Chance" if d.is_chance else d.side[0].upper() + d.side[1:]
            assert d.prompt.startswith(who), d.prompt
            assert d.prompt != d.step and len(d.prompt.split()) >= 2, d.prompt
            step(game, agent)
    assert seen


@pytest.mark.parametrize("title", TITLES)
def test_every_action_is_described_in_prose(title: str) -> None:
    game = wargames.new_game(title, seed=3)
    agent = RandomAgent(3)
    for _ in range(150):
        if game.is_over():
            break
        for action in list(game.legal_actions())[:8]:
            text = game.describe(action)
            assert text and not JSON.search(text), text
            assert "\n" not in text
        step(game, agent)
    for event in game.events:
        assert not JSON.search(event.text), event.text


@pytest.mark.parametrize("title", TITLES)
def test_play_prints_no_json(title: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", title, "--seed", "2", "--max-turns", "1"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") > 5
    for line in out.splitlines():
        assert not JSON.search(line), line


def test_describe_names_units_and_places() -> None:
    game = wargames.new_game("darkest", seed=1)
    ctx = game.rules_context()
    text = game.title.describe(ctx, Move(("G18A",), ("D3", "A6")))
    assert "18. Armee" in text and "A6 (Helsinki)" in text


def test_default_prompt_lists_what_the_step_takes() -> None:
    game = wargames.new_game("minimal", seed=7)
    assert game.decision is not None
    assert game.decision.prompt == "Blue, movement: move or pass"
    frame = game.state.stack[-1]
    step_ = game.title.step(frame.step)
    assert decision_prompt(game.rules_context(), frame, step_) == game.decision.prompt


def test_addressed_prefixes_the_side_once() -> None:
    assert addressed("axis", "orders for G4A") == "Axis: orders for G4A"
    assert addressed("axis", "axis movement") == "Axis movement"
    assert addressed("chance", "") == "Chance"
