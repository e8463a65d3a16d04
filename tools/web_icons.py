"""Draw the web checker's app icons: ``icon.svg``, ``icon-192.png`` and ``icon-512.png`` of
``src/drako_rules/webpage`` (the manifest's icons, issue 25).

The picture is a Kingdom, the example ``FEOM/HPWM/SGDO/PPHS``, as 4 x 4 tiles in the cards'
colours of the page ([`catalogue`][drako_rules.web.catalogue]) on a dark square that fills
the whole icon, the tiles inside its middle 60 %, so that a round or rounded mask (the
manifest's ``maskable`` purpose) never cuts them. Run ``python tools/web_icons.py`` after
changing the colours; tests/test_web_offline.py checks the files are what it draws.
"""

from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path
from typing import Final

from drako_rules.web import catalogue

KINGDOM: Final = "FEOM/HPWM/SGDO/PPHS"
BACKGROUND: Final = "#263238"
PNG_SIZES: Final = (192, 512)
_OUT: Final = Path(__file__).resolve().parent.parent / "src" / "drako_rules" / "webpage"


def tiles(size: int) -> list[tuple[int, int, int, str]]:
    """The tiles as ``(x, y, side, colour)`` in an icon of ``size`` pixels."""
    cards = catalogue()["cards"]
    assert isinstance(cards, list)
    fills = {str(c["letter"]): str(c["fill"]) for c in cards if isinstance(c, dict)}
    margin, gap = round(size * 0.2), max(1, round(size * 0.015))
    side = (size - 2 * margin - 3 * gap) // 4
    start = (size - (4 * side + 3 * gap)) // 2
    return [
        (start + c * (side + gap), start + r * (side + gap), side, fills[letter])
        for r, row in enumerate(KINGDOM.split("/"))
        for c, letter in enumerate(row)
    ]


def svg() -> str:
    """The icon as SVG (100 units square)."""
    rects = "".join(
        f'<rect x="{x}" y="{y}" width="{s}" height="{s}" rx="2" fill="{fill}"/>'
        for x, y, s, fill in tiles(100)
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        f'<rect width="100" height="100" rx="18" fill="{BACKGROUND}"/>{rects}</svg>\n'
    )


def _rgb(colour: str) -> bytes:
    return bytes.fromhex(colour.lstrip("#"))


def png(size: int) -> bytes:
    """The icon as an opaque RGB PNG of ``size`` x ``size`` pixels."""
    rows = [bytearray(_rgb(BACKGROUND) * size) for _ in range(size)]
    for x, y, side, fill in tiles(size):
        for row in rows[y : y + side]:
            row[3 * x : 3 * (x + side)] = _rgb(fill) * side
    raw = b"".join(b"\0" + bytes(row) for row in rows)

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def icons() -> dict[str, bytes]:
    """Every icon file: its name and bytes."""
    files = {"icon.svg": svg().encode()}
    files.update({f"icon-{size}.png": png(size) for size in PNG_SIZES})
    return files


def main() -> int:
    for name, data in icons().items():
        (_OUT / name).write_bytes(data)
        print(f"wrote {_OUT / name} ({len(data)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
