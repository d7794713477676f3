"""Example third-party title (being written)."""
