"""The app's icons (the web app manifest's), drawn here from one shape: a card with a spade on
the felt. ``python -m web.app_icons`` writes them into ``web/static/web/icons/``; a test checks
that the committed files are what this module draws, so the shape has one home.

No imaging library: the PNGs are rasterised here (2x2 samples a pixel) and written with zlib,
and the SVG says the same shapes in its own words.
"""

from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

ICONS = Path(__file__).resolve().parent / "static" / "web" / "icons"
FELT = (15, 107, 71)  # --felt of arena.css
PAPER = (255, 253, 248)
INK = (27, 27, 27)
#: PNG sizes (px): 192 and 512, the two every installer asks for; all "maskable" too (the
#: card stays inside the middle 80%, the safe zone of a round mask).
SIZES = (192, 512)

# The shapes, in a 100 x 100 box: the card, then the spade's lobes, its point and its stem.
CARD = (26.0, 16.0, 74.0, 84.0, 7.0)  # left, top, right, bottom, corner radius
LOBES = ((40.5, 55.0, 10.0), (59.5, 55.0, 10.0))  # centre x, centre y, radius
POINT = ((50.0, 27.0), (30.4, 53.0), (69.6, 53.0))
STEM = ((50.0, 55.0), (42.0, 72.0), (58.0, 72.0))


def _in_triangle(x: float, y: float, corners: tuple[tuple[float, float], ...]) -> bool:
    (ax, ay), (bx, by), (cx, cy) = corners
    d1 = (x - bx) * (ay - by) - (ax - bx) * (y - by)
    d2 = (x - cx) * (by - cy) - (bx - cx) * (y - cy)
    d3 = (x - ax) * (cy - ay) - (cx - ax) * (y - ay)
    return not ((d1 < 0 or d2 < 0 or d3 < 0) and (d1 > 0 or d2 > 0 or d3 > 0))


def _in_card(x: float, y: float) -> bool:
    left, top, right, bottom, r = CARD
    if not (left <= x <= right and top <= y <= bottom):
        return False
    cx = min(max(x, left + r), right - r)
    cy = min(max(y, top + r), bottom - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def _in_spade(x: float, y: float) -> bool:
    return (
        any((x - cx) ** 2 + (y - cy) ** 2 <= r * r for cx, cy, r in LOBES)
        or _in_triangle(x, y, POINT)
        or _in_triangle(x, y, STEM)
    )


def _colour(x: float, y: float) -> tuple[int, int, int]:
    if not _in_card(x, y):
        return FELT
    return INK if _in_spade(x, y) else PAPER


def png(size: int) -> bytes:
    """The icon as a PNG of ``size`` x ``size`` pixels (RGB, 2x2 samples a pixel)."""
    scale = 100.0 / size
    offsets = (0.25, 0.75)
    rows = bytearray()
    for py in range(size):
        rows.append(0)  # filter: none
        for px in range(size):
            samples = [
                _colour((px + ox) * scale, (py + oy) * scale) for ox in offsets for oy in offsets
            ]
            rows.extend(round(sum(s[i] for s in samples) / 4) for i in range(3))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
        + chunk(b"IEND", b"")
    )


def svg() -> str:
    """The icon as SVG, any size: the same shapes as ``png``."""

    def hex_colour(rgb: tuple[int, int, int]) -> str:
        return "#{:02x}{:02x}{:02x}".format(*rgb)

    def points(corners: tuple[tuple[float, float], ...]) -> str:
        return " ".join(f"{x:g},{y:g}" for x, y in corners)

    left, top, right, bottom, r = CARD
    lobes = "".join(f'<circle cx="{cx:g}" cy="{cy:g}" r="{cr:g}"/>' for cx, cy, cr in LOBES)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        f'<rect width="100" height="100" fill="{hex_colour(FELT)}"/>'
        f'<rect x="{left:g}" y="{top:g}" width="{right - left:g}" height="{bottom - top:g}" '
        f'rx="{r:g}" fill="{hex_colour(PAPER)}"/>'
        f'<g fill="{hex_colour(INK)}">{lobes}<polygon points="{points(POINT)}"/>'
        f'<polygon points="{points(STEM)}"/></g></svg>\n'
    )


def icon_files() -> dict[str, bytes]:
    """Every icon file by name, as this module draws it."""
    files = {f"icon-{size}.png": png(size) for size in SIZES}
    files["icon.svg"] = svg().encode()
    return files


def main() -> int:
    ICONS.mkdir(parents=True, exist_ok=True)
    for name, data in icon_files().items():
        (ICONS / name).write_bytes(data)
        print(ICONS / name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
