"""Charts checked against the shape of a title's default charts: a scenario that overrides a
chart must give every value the defaults give, of the same kind (a table, a list, a whole
number, a number, a text, a boolean), so a bad override is refused at load instead of
crashing in play. Keys the defaults do not have are checked against the kind of the table's
other values when those all share one (tables keyed by data, such as units or hexes).

>>> defaults = {"cost": {"foot": 2, "mech": 4}, "cities": ["Elbing"], "ratio": 0.5}
>>> check_shape("my.toml", "charts", {"cost": {"foot": 2}, "cities": [], "ratio": 1}, defaults)
Traceback (most recent call last):
...
wargames.core.errors.ScenarioError: my.toml: charts.cost.mech: missing (the default charts have it)
>>> check_shape("my.toml", "charts", {**defaults, "cities": [1]}, defaults)
Traceback (most recent call last):
...
wargames.core.errors.ScenarioError: my.toml: charts.cities[0]: expected a text, got 1
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from .errors import ScenarioError

_NOTES = frozenset({"provisional", "note", "source"})


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a text"
    if isinstance(value, Mapping):
        return "a table"
    if isinstance(value, (list, tuple)):
        return "a list"
    return type(value).__name__


def _fits(value: Any, template: Any) -> bool:
    want, got = _kind(template), _kind(value)
    return got == want or (want == "a number" and got == "a whole number")


def check_shape(
    file: str,
    path: str,
    value: Any,
    template: Any,
    strict: bool = True,
    free: Collection[str] = (),
) -> None:
    """Raise ScenarioError naming ``file`` and the field where ``value`` (merged charts) does
    not have the shape of ``template`` (the defaults). Every key of a default table must be
    given (``strict``); items of a list are checked against the default list's first item
    (by position when its items differ in kind), only on the keys both have. Notes
    (``provisional``, ``note``, ``source``) and the fields named in ``free`` (the title
    checks those itself) are not checked."""
    if path in free:
        return
    if not _fits(value, template):
        shown = repr(value) if len(repr(value)) <= 40 else _kind(value)
        raise ScenarioError(file, path, f"expected {_kind(template)}, got {shown}")
    if isinstance(template, Mapping):
        kinds = {_kind(v) for k, v in template.items() if k not in _NOTES}
        sample = next((v for k, v in template.items() if k not in _NOTES), None)
        for key, want in template.items():
            if key in _NOTES:
                continue
            if key in value:
                check_shape(file, f"{path}.{key}", value[key], want, strict, free)
            elif strict:
                raise ScenarioError(file, f"{path}.{key}", "missing (the default charts have it)")
        if len(kinds) == 1:  # a table keyed by data (units, hexes): new keys of the same kind
            for key in value:
                if key not in template and key not in _NOTES:
                    check_shape(file, f"{path}.{key}", value[key], sample, strict, free)
    elif isinstance(template, (list, tuple)) and template:
        same = len({_kind(t) for t in template}) == 1
        for i, item in enumerate(value):
            if same or i < len(template):  # a list of one kind, or a fixed tuple by position
                want = template[0] if same else template[i]
                check_shape(file, f"{path}[{i}]", item, want, False, free)
