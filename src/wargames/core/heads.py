"""Factored decisions: an action's head, the first of two choices that name it.

A big decision (every move of every unit) is cheaper to answer in two choices: first a
*head*, then one of that head's actions. An action's head is its kind and the unit it is
for: the field ``unit``, or the first of ``units`` in a kind that moves ``units`` along a
``path``; other kinds have no unit (``""``), so every attack or every ``Choose`` of a
decision shares one head. The fixed action encoding (:mod:`wargames.encoding`) numbers the
same heads.

A step that can list its heads without listing every action overrides
:meth:`~wargames.core.sequence.Step.heads` and :meth:`~wargames.core.sequence.Step.head_legal`;
:meth:`Game.legal_heads <wargames.core.game.Game.legal_heads>` otherwise groups the full list.
"""

from __future__ import annotations

import typing
from collections.abc import Iterable
from typing import Any, NamedTuple

import attrs

from .actions import Action

PATH_FIELD = "path"


class Head(NamedTuple):
    """The head of an action: its kind and its unit (``""``: none)."""

    kind: str
    unit: str = ""


PASS = Head("pass")
"""The head of :class:`~wargames.core.actions.Pass`."""

_UNIT_FIELD: dict[type, str | None] = {}


def unit_field(cls: type[Action]) -> str | None:
    """The field of ``cls`` that gives its head's unit: ``unit``, or ``units`` when the kind
    also has a ``path`` (its first unit); None when the kind's head has no unit."""
    try:
        return _UNIT_FIELD[cls]
    except KeyError:
        pass
    names = [f.name for f in attrs.fields(typing.cast(Any, cls))]
    found = None
    for name in names:
        if name == "unit" or (name == "units" and PATH_FIELD in names):
            found = name
            break
    _UNIT_FIELD[cls] = found
    return found


def head_of(action: Action) -> Head:
    """The head of ``action`` (see the module docstring)."""
    field = unit_field(type(action))
    if field is None:
        return Head(action.kind)
    value = getattr(action, field)
    if isinstance(value, tuple):
        value = value[0] if value else ""
    return Head(action.kind, value if isinstance(value, str) else "")


def group(actions: Iterable[Action]) -> dict[Head, list[Action]]:
    """``actions`` by head, heads in order of first appearance, actions in their order."""
    out: dict[Head, list[Action]] = {}
    for a in actions:
        out.setdefault(head_of(a), []).append(a)
    return out
