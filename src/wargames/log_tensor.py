"""A fixed-size numpy encoding of the log as one side is told it (perfect recall for tensors).

:func:`encode_log` is built only from ``game.events_for(side)`` (the events told to the side,
whole or redacted), so two games the side cannot tell apart give the same vector. Its
:data:`LOG_WINDOW` * 2 + 2 + :data:`DIGEST_BYTES` float32 entries, in order:

- ``window``: the last :data:`LOG_WINDOW` action events of the side's log, the latest last,
  two entries each: the action's factors (its index in the fixed action encoding with
  variant 0, :meth:`ActionEncoding.key`, plus 1, divided by ``num_distinct_actions``; a
  redacted action's hidden units count as none), and 1 if the side was told the action whole
  (0.5 if redacted); both 0 for an empty slot (fewer actions so far);
- ``events``, ``actions``: how many events and action events the side's log holds;
- ``digest``: the BLAKE2b digest of the side's whole log (canonical JSON), one byte per entry
  divided by 255: an identity, not a meaning, so that two logs differing before the window
  still give different vectors (as the information state string does), barring a collision
  of a 64-bit hash.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

import numpy as np

from .core.actions import action_from_dict
from .core.errors import SaveError
from .core.game import Game
from .core.jsonvalue import dumps
from .encoding import ActionEncoding, action_encoding

__all__ = ["DIGEST_BYTES", "LOG_WINDOW", "encode_log", "log_names", "log_size"]

LOG_WINDOW = 32
"""How many of the latest action events the window holds."""
DIGEST_BYTES = 8

Array = np.ndarray[Any, np.dtype[np.float32]]


def log_size() -> int:
    """The length of :func:`encode_log`'s vector."""
    return 2 * LOG_WINDOW + 2 + DIGEST_BYTES


def log_names() -> list[str]:
    """The meaning of each entry, in order."""
    names = [f"window:{i}:{part}" for i in range(LOG_WINDOW) for part in ("action", "whole")]
    return [*names, "events", "actions", *(f"digest:{i}" for i in range(DIGEST_BYTES))]


def _key(enc: ActionEncoding, game: Game, data: Any) -> int:
    """The action's factors as an encoding index (variant 0); -1 if it does not decode."""
    if not isinstance(data, Mapping):
        return -1
    try:
        return enc.key(action_from_dict(game.title.action_table, data))
    except (SaveError, ValueError, TypeError):
        return -1


def encode_log(game: Game, side: str) -> Array:
    """The log tensor of ``side`` (see the module docstring)."""
    enc = action_encoding(game)
    out = np.zeros(log_size(), dtype=np.float32)
    told = [(e, e.for_side(side)) for e in game.events]
    seen = [(e.seen_by(side), s) for e, s in told if s is not None]
    actions = [(whole, s) for whole, s in seen if s.kind == "action"]
    for slot, (whole, event) in enumerate(actions[-LOG_WINDOW:]):
        at = 2 * (LOG_WINDOW - min(LOG_WINDOW, len(actions)) + slot)
        out[at] = (_key(enc, game, event.data.get("action")) + 1) / enc.num_distinct_actions
        out[at + 1] = 1.0 if whole else 0.5
    base = 2 * LOG_WINDOW
    out[base] = len(seen)
    out[base + 1] = len(actions)
    text = dumps([s.to_json() for _, s in seen])
    digest = hashlib.blake2b(text.encode(), digest_size=DIGEST_BYTES).digest()
    out[base + 2 :] = np.frombuffer(digest, dtype=np.uint8).astype(np.float32) / 255
    return out
