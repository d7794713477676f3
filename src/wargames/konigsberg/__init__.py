"""Königsberg '45 (being written: see docs/rules/konigsberg.md)."""
