"""Prose for people: a line per action for the log and a sentence per decision.

Titles get readable logs and prompts without code of their own: :func:`describe_action` says
who does what from the action's fields (units by their counter names, nodes with their place
names), and :func:`decision_prompt` builds the question of a decision from the side, the step
and the kinds of action it takes. A title overrides ``Title.describe`` or ``Step.prompt``
where it knows more (what a ``Choose`` option means, how many hits are left).
"""

from __future__ import annotations

import typing
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import attrs

from .actions import (
    CHANCE,
    Action,
    Advance,
    AllocateLosses,
    Attack,
    Choose,
    Move,
    Outcome,
    Pass,
    Place,
    Retreat,
)

if TYPE_CHECKING:
    from .context import Context
    from .sequence import Step
    from .state import Frame


def side_label(side: str) -> str:
    """A side as a sentence names it: ``"axis"`` -> ``"Axis"``."""
    return side[:1].upper() + side[1:] if side else side


def words(name: str) -> str:
    """A step or kind name as words: ``"allocate-losses"`` -> ``"allocate losses"``."""
    return name.replace("-", " ").replace("_", " ")


def unit_label(ctx: Context, uid: str) -> str:
    """A unit as people call it: its counter name, else its id."""
    d = ctx.scenario.units.get(uid)
    return d.name if d is not None and d.name else uid


def node_label(ctx: Context, node: str) -> str:
    """A node as people find it: its id, with its place name when it has one."""
    if node not in ctx.board:
        return node
    name = ctx.board.attr(node, "name")
    return f"{node} ({name})" if isinstance(name, str) and name and name != node else node


def listing(items: Iterable[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    seq = list(items)
    if len(seq) <= 1:
        return "".join(seq)
    return f"{', '.join(seq[:-1])} and {seq[-1]}"


def units_label(ctx: Context, units: Iterable[str]) -> str:
    """The units, counted when one appears more than once (``2 x 4th Army``)."""
    counts: dict[str, int] = {}
    for uid in units:
        counts[uid] = counts.get(uid, 0) + 1
    return listing(
        unit_label(ctx, u) if n == 1 else f"{n} x {unit_label(ctx, u)}" for u, n in counts.items()
    )


def route(ctx: Context, path: tuple[str, ...]) -> str:
    """``from A to C via B``."""
    if not path:
        return "nowhere"
    if len(path) == 1:
        return f"in {node_label(ctx, path[0])}"
    text = f"from {node_label(ctx, path[0])} to {node_label(ctx, path[-1])}"
    if len(path) > 2:
        text += f" via {'-'.join(path[1:-1])}"
    return text


def actor(ctx: Context) -> str:
    """Who decides at the top frame: a side, ``"chance"``, or ``""`` when no one does."""
    if not ctx.state.stack:
        return ""
    return ctx.decider() or ""


def describe_action(ctx: Context, action: Action) -> str:
    """One line of prose for ``action`` at the pending decision of ``ctx``."""
    who = actor(ctx)
    step = words(ctx.frame.step) if ctx.state.stack else ""
    if who == CHANCE or isinstance(action, Outcome):
        value = getattr(action, "value", None)
        return f"Chance: {step} gives {value}" if value is not None else f"Chance: {step}"
    return f"{side_label(who)} {_deed(ctx, action, step)}" if who else _deed(ctx, action, step)


_PATH_VERBS = {Move: "moves", Retreat: "retreats", Advance: "advances"}


def _deed(ctx: Context, action: Action, step: str) -> str:
    if isinstance(action, Pass):
        return f"passes ({step})" if step else "passes"
    if isinstance(action, Choose):
        option = action.option.replace(":", " ")
        return f"chooses {option}" + (f" ({step})" if step and step not in option else "")
    if isinstance(action, Attack):
        target = node_label(ctx, action.target)
        if not action.units:
            return f"attacks {target}"
        return f"attacks {target} with {units_label(ctx, action.units)}"
    if isinstance(action, Place):
        return f"places {unit_label(ctx, action.unit)} in {node_label(ctx, action.at)}"
    if isinstance(action, AllocateLosses):
        n = len(action.units)
        losses = "1 step loss" if n == 1 else f"{n} step losses"
        return f"takes {losses}: {units_label(ctx, action.units)}"
    units = getattr(action, "units", None)
    path = getattr(action, "path", None)
    if isinstance(units, tuple) and isinstance(path, tuple):
        verb = _PATH_VERBS.get(type(action))
        if verb is None:
            verb = f"makes a {words(action.kind)} with"
        return f"{verb} {units_label(ctx, units)} {route(ctx, path)}"
    fields = [
        f"{f.name} {_value(ctx, getattr(action, f.name))}"
        for f in attrs.fields(typing.cast(Any, type(action)))
    ]
    return f"{words(action.kind)}" + (f": {', '.join(fields)}" if fields else "")


def _value(ctx: Context, value: Any) -> str:
    if isinstance(value, tuple):
        return listing(_value(ctx, v) for v in value) or "none"
    if isinstance(value, str):
        if value in ctx.scenario.units:
            return unit_label(ctx, value)
        return node_label(ctx, value)
    return str(value)


def addressed(side: str, prompt: str) -> str:
    """A step's prompt as the decision shows it: starting with the side (or ``Chance``) it
    asks, and a capital letter: ``"orders for G4A"`` -> ``"Axis: orders for G4A"``."""
    who = "Chance" if side == CHANCE else side_label(side)
    if prompt.lower().startswith(who.lower()):
        return who + prompt[len(who) :]
    return f"{who}: {prompt}" if prompt else who


_CLAUSES: dict[type[Action], str] = {
    Move: "move",
    Attack: "attack",
    Choose: "choose",
    Place: "place a unit",
    AllocateLosses: "allocate step losses",
    Retreat: "retreat",
    Advance: "advance",
}


def decision_prompt(ctx: Context, frame: Frame, step: Step) -> str:
    """The question of a decision as a sentence, from its side, its step and the kinds of
    action the step takes: ``"Axis, movement: move or pass"``,
    ``"Chance: fire, decided by the dice"``."""
    side = ctx.deciding if frame is ctx.state.stack[-1] else None
    if side is None:
        side = step.actor(ctx, frame)
    topic = words(step.name)
    losses = frame.args.get("losses", frame.args.get("count"))
    if step.kind == "allocate-losses" and isinstance(losses, int) and losses > 0:
        topic += f" {losses} step{'s' if losses > 1 else ''}"
    detail = _detail(ctx, frame)
    if detail:
        topic += f" ({detail})"
    if side == CHANCE:
        return f"Chance: {topic}, decided by the dice"
    clauses = [_CLAUSES.get(cls, words(cls.kind)) for cls in step.actions if cls is not Pass]
    clauses = list(dict.fromkeys(clauses))
    if Pass in step.actions:
        clauses.append("pass")
    what = " or ".join([", ".join(clauses[:-1]), clauses[-1]] if len(clauses) > 2 else clauses)
    who = side_label(side) if side else "Nobody"
    return f"{who}, {topic}: {what}"


def _detail(ctx: Context, frame: Frame) -> str:
    """What a step's frame says of the matter in hand, from the argument names the kernel's
    steps and most titles' use: ``target``, ``attackers``, ``units``, ``unit``, ``origin``."""
    args = frame.args
    parts = []
    target, origin = args.get("target"), args.get("origin")
    attackers, units, unit = args.get("attackers"), args.get("units"), args.get("unit")
    if isinstance(target, str) and target in ctx.board:
        parts.append(f"on {node_label(ctx, target)}")
    if isinstance(attackers, tuple) and attackers and _all_units(ctx, attackers):
        parts.append(f"by {units_label(ctx, attackers)}")
    elif isinstance(units, tuple) and units and _all_units(ctx, units):
        parts.append(units_label(ctx, units))
    elif isinstance(unit, str) and unit in ctx.scenario.units:
        parts.append(unit_label(ctx, unit))
    if isinstance(origin, str) and origin in ctx.board:
        parts.append(f"from {node_label(ctx, origin)}")
    return " ".join(parts)


def _all_units(ctx: Context, ids: tuple[Any, ...]) -> bool:
    return all(isinstance(u, str) and u in ctx.scenario.units for u in ids)
