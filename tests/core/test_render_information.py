"""A side's picture draws only what that side may see, with every overlay on, in every
title: its counters are among the units of its view, and titles' own fog (Königsberg's stack
tops, Dark Crusade's face-down counters) holds in the picture (Darkest's hidden set-up:
tests/darkest/test_darkest_setup_sequence.py)."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

import wargames
from wargames.core.game import Game
from wargames.registry import titles

NS = "{http://www.w3.org/2000/svg}"
ACTIONS = {"konigsberg": 120, "darkcrusade-hex": 150}


def play(title: str, actions: int, seed: int = 3) -> Game:
    game = wargames.new_game(title, seed=seed)
    rnd = random.Random(seed)
    for _ in range(actions):
        if game.is_over():
            break
        if game.decision is not None and game.decision.is_chance:
            game.roll()
            continue
        legal = list(game.legal_actions())
        game.apply(rnd.choices(legal, game.playout_weights(legal))[0])
    return game


def drawn(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    return {g.get("data-uid", ""): g for g in root.iter(f"{NS}g") if g.get("class") == "counter"}


@pytest.mark.parametrize("title", titles())
def test_a_side_s_picture_draws_only_units_of_its_view(title: str) -> None:
    game = play(title, ACTIONS.get(title, 200))
    for side in game.title.sides:
        seen = {u["id"] for u in game.view(side)["units"]}
        svg = game.svg(side=side, zoc=True, supply=True, last_move=True)
        assert set(drawn(svg)) <= seen, f"{title}: {side}'s picture draws units it cannot see"
        arrows = re.findall(r"last move: ([^<]*)</title>", svg)
        for names in arrows:
            assert set(names.split(", ")) <= seen


def test_konigsberg_shows_an_enemy_stack_as_its_top_with_the_height() -> None:
    game = wargames.new_game("konigsberg", seed=1)
    stacks: dict[str, list[str]] = {}
    for u in game.state.units.values():
        if u.at is not None and game.scenario.units[u.id].side == "german":
            stacks.setdefault(u.at, []).append(u.id)
    ids = next(ids for _, ids in sorted(stacks.items()) if len(ids) > 1)
    soviet = drawn(game.svg(side="soviet"))
    shown = [uid for uid in ids if uid in soviet]
    assert len(shown) == 1  # K45 0.1e: the top unit only
    german = drawn(game.svg(side="german"))
    assert set(ids) <= set(german)
    svg = game.svg(side="soviet")
    assert f"<title>{len(ids)} units</title>" in svg


def test_dark_crusade_hidden_armies_are_face_down() -> None:
    game = wargames.new_game("darkcrusade-hex", seed=1)
    hidden = [
        uid
        for uid, d in game.scenario.units.items()
        if "hidden" in d.flags and game.state.units[uid].at is not None
    ]
    assert hidden
    for side in (None, "axis", "russian"):
        counters = drawn(game.svg(side=side))
        for uid in hidden:
            values = [t.text for t in counters[uid].iter(f"{NS}text") if t.get("class") == "values"]
            assert values == ["?"]
