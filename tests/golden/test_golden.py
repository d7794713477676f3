"""Golden playthroughs: recorded seeded games must replay to the same states and results.

A failure means the rules now behave differently. If the change was intended, re-record with
``python tests/golden/regenerate.py`` and say in the commit which rule moved them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wargames.testing import replay_playthrough

FILES = sorted(Path(__file__).parent.glob("*-seed*.json"))


def test_there_is_a_golden_playthrough_per_title() -> None:
    titles = {f.name.split("-seed")[0] for f in FILES}
    assert titles >= {
        "minimal",
        "darkest",
        "konigsberg",
        "krim",
        "darkcrusade-p2p",
        "darkcrusade-hex",
    }


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_golden_playthrough_replays_exactly(path: Path) -> None:
    replay_playthrough(json.loads(path.read_text(encoding="utf-8")))
