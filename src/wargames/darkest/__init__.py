"""Darkest Crusade (being written: see docs/rules/darkest.md)."""
