"""The base of the title's decision steps: the kernel's :class:`SideStep`, which finishes at
once when there is nothing to decide (so every pending decision has a legal action)."""

from __future__ import annotations

from wargames.core.steps import SideStep

__all__ = ["SideStep"]
