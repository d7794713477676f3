"""wargames: rules enforcement for wargames of the German-Soviet war.

A shared kernel (``wargames.core``) plus one plugin per title. Start with :func:`titles`,
:func:`new_game` and the :class:`~wargames.core.game.Game` it returns.
"""

from __future__ import annotations

from .api import (
    action_from_json,
    load_game,
    load_record,
    load_scenario,
    new_game,
    scenarios,
    titles,
)
from .core.actions import Action, Decision
from .core.errors import IllegalAction, SaveError, ScenarioError, WargamesError
from .core.game import Game
from .core.state import Result
from .registry import register

__version__ = "0.1.0"

__all__ = [
    "Action",
    "Decision",
    "Game",
    "IllegalAction",
    "Result",
    "SaveError",
    "ScenarioError",
    "WargamesError",
    "action_from_json",
    "load_game",
    "load_record",
    "load_scenario",
    "new_game",
    "register",
    "scenarios",
    "titles",
]
