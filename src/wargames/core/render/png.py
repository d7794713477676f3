"""PNG export of a picture through the optional ``png`` extra (``pip install
'wargames[png]'``: resvg, a self-contained renderer shipped as a wheel, no system library)."""

from __future__ import annotations

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png(svg: str, zoom: float = 1.0, background: str = "#ffffff") -> bytes:
    """The PNG bytes of the SVG text ``svg``, scaled by ``zoom``.

    ImportError naming the extra when it is not installed."""
    try:
        import resvg_py
    except ImportError as exc:  # pragma: no cover - the message is the point
        raise ImportError(
            "PNG output needs the optional 'png' extra: pip install 'wargames[png]'"
        ) from exc
    data = resvg_py.svg_to_bytes(svg_string=svg, zoom=zoom, background=background)
    return bytes(data)
