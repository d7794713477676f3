"""The title registry: built-in titles and third-party ones from the ``wargames.titles``
entry-point group (``name = "package.module:TITLE"``)."""

from __future__ import annotations

import importlib
import warnings
from importlib.metadata import entry_points

from .core.title import Title

ENTRY_POINT_GROUP = "wargames.titles"

# Built-in titles: name -> "module:attribute". Each lands with its plugin package.
BUILTIN: dict[str, str] = {
    "darkcrusade-hex": "wargames.darkcrusade.hex:TITLE",
    "darkest": "wargames.darkest:TITLE",
    "darkcrusade-p2p": "wargames.darkcrusade.p2p:TITLE",
    "krim": "wargames.krim:TITLE",
    "konigsberg": "wargames.konigsberg:TITLE",
}

_registered: dict[str, Title] = {}
_loaded = False


def register(title: Title) -> Title:
    """Register a title instance under its name (replacing one of the same name)."""
    if not isinstance(title, Title):
        raise TypeError(f"expected a Title instance, got {type(title).__name__}")
    if not title.name:
        raise ValueError("a title needs a name")
    _registered[title.name] = title
    return title


def _load(target: str) -> Title:
    module, _, attr = target.partition(":")
    obj = getattr(importlib.import_module(module), attr or "TITLE")
    if not isinstance(obj, Title):
        raise TypeError(f"{target} is not a Title instance")
    return obj


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for name, target in BUILTIN.items():
        _registered.setdefault(name, _load(target))
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        if ep.name in _registered:
            continue
        try:
            title = ep.load()
        except Exception as exc:  # a broken plugin must not break the others
            warnings.warn(f"title plugin {ep.name!r} failed to load: {exc}", stacklevel=2)
            continue
        if isinstance(title, Title):
            _registered[ep.name] = title
        else:
            warnings.warn(f"title plugin {ep.name!r} is not a Title instance", stacklevel=2)


def titles() -> list[str]:
    """Names of every available title, sorted."""
    _load_all()
    return sorted(_registered)


def get_title(name: str) -> Title:
    """The title registered as ``name``; KeyError listing the known ones otherwise."""
    _load_all()
    try:
        return _registered[name]
    except KeyError:
        known = ", ".join(sorted(_registered))
        raise KeyError(f"unknown title {name!r} (known: {known})") from None
