"""The pictures render in a real browser: headless Chromium takes a screenshot of each worked
example, and the screenshot has the picture's size, is not blank, and shows every card in
the colour of its kind where the SVG puts it.

Skipped only when no Chromium binary is on PATH (``.ci/run`` installs Debian's package).
The PNG is read with the standard library (zlib and struct).
"""

from __future__ import annotations

import struct
import subprocess
import xml.etree.ElementTree as ET
import zlib
from collections import Counter
from pathlib import Path

import pytest

from browser import CHROMIUM, CHROMIUM_ARGS
from drako_rules import Kingdom, Legend
from drako_rules.svg import kingdom_svg

SVG = "{http://www.w3.org/2000/svg}"

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary on PATH")

Pixel = tuple[int, int, int]


class Png:
    """An 8-bit RGB or RGBA PNG, decoded: ``width``, ``height`` and ``pixel(x, y)``."""

    def __init__(self, data: bytes) -> None:
        assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG file"
        chunks: dict[bytes, list[bytes]] = {}
        at = 8
        while at < len(data):
            (length,) = struct.unpack(">I", data[at : at + 4])
            kind = data[at + 4 : at + 8]
            chunks.setdefault(kind, []).append(data[at + 8 : at + 8 + length])
            at += 12 + length
        width, height, depth, colour, _, _, interlace = struct.unpack(
            ">IIBBBBB", chunks[b"IHDR"][0]
        )
        assert depth == 8 and colour in (2, 6) and interlace == 0, "only plain 8-bit RGB(A)"
        self.width, self.height = width, height
        self.channels = 4 if colour == 6 else 3
        raw = zlib.decompress(b"".join(chunks[b"IDAT"]))
        self.rows = self._unfilter(raw)

    def _unfilter(self, raw: bytes) -> list[bytearray]:
        bpp, stride = self.channels, self.width * self.channels
        rows: list[bytearray] = []
        previous = bytearray(stride)
        for y in range(self.height):
            start = y * (stride + 1)
            kind, row = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
            if kind == 1:
                for i in range(bpp, stride):
                    row[i] = (row[i] + row[i - bpp]) & 0xFF
            elif kind == 2:
                row = bytearray((a + b) & 0xFF for a, b in zip(row, previous, strict=True))
            elif kind == 3:
                for i in range(stride):
                    left = row[i - bpp] if i >= bpp else 0
                    row[i] = (row[i] + (left + previous[i]) // 2) & 0xFF
            elif kind == 4:
                for i in range(stride):
                    a = row[i - bpp] if i >= bpp else 0
                    b = previous[i]
                    c = previous[i - bpp] if i >= bpp else 0
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    guess = a if pa <= pb and pa <= pc else b if pb <= pc else c
                    row[i] = (row[i] + guess) & 0xFF
            else:
                assert kind == 0, f"unknown PNG filter {kind}"
            rows.append(row)
            previous = row
        return rows

    def pixel(self, x: int, y: int) -> Pixel:
        i = x * self.channels
        r, g, b = self.rows[y][i : i + 3]
        return r, g, b


def screenshot(svg: str, width: int, height: int, folder: Path, name: str = "kingdom.svg") -> Png:
    """Open the SVG file (or an HTML page, ``name="page.html"``) in headless Chromium and
    read the screenshot it takes."""
    assert CHROMIUM is not None
    picture, shot, profile = folder / name, folder / "kingdom.png", folder / "profile"
    picture.write_text(svg, encoding="utf-8")
    profile.mkdir()
    command = [
        CHROMIUM,
        *CHROMIUM_ARGS,
        f"--user-data-dir={profile}",
        "--hide-scrollbars",
        "--force-device-scale-factor=1",
        f"--screenshot={shot}",
        f"--window-size={width},{height}",
        picture.as_uri(),
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=180, check=False)
    assert shot.exists(), (
        f"Chromium took no screenshot (exit {done.returncode}): {done.stderr[-2000:]}"
    )
    return Png(shot.read_bytes())


def rgb(colour: str) -> Pixel:
    """``#a5d6a7`` as an (r, g, b) triple."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


@pytest.mark.parametrize(
    ("text", "show_score"),
    [
        ("FEOM/HPWM/SGDO/PPHS", True),
        ("HHOE/DHGE/OWDW/SSMF", False),
        ("GOGS/OHOW/GOEO/SSSG", True),
        ("?EOM/H?WM/SGD?/PP??", False),
    ],
)
def test_chromium_renders_every_card_in_its_colour(
    text: str, show_score: bool, tmp_path: Path
) -> None:
    """The screenshot has the SVG's size, is not blank, and the main colour inside each
    card's frame is the fill the SVG gives that card, one fill per kind (R1.1)."""
    svg = kingdom_svg(Kingdom.parse(text), show_score=show_score, legends=[Legend.FOUR_TRIBES])
    root = ET.fromstring(svg)
    width, height = int(root.get("width", "")), int(root.get("height", ""))
    png = screenshot(svg, width, height, tmp_path)

    assert (png.width, png.height) == (width, height)
    everywhere = Counter(png.pixel(x, y) for y in range(0, height, 3) for x in range(0, width, 3))
    assert len(everywhere) >= 50, "the screenshot is (nearly) blank"
    assert everywhere.most_common(1)[0][0] == (255, 255, 255)  # the white background

    fills: dict[str, str] = {}
    for card in (g for g in root.iter(f"{SVG}g") if g.get("class") == "card"):
        frame = card.find(f"{SVG}rect")
        assert frame is not None
        x, y = int(float(frame.get("x", ""))), int(float(frame.get("y", "")))
        size = int(float(frame.get("width", "")))
        fill = frame.get("fill", "")
        kind = card.get("data-kind", "")
        assert fills.setdefault(kind, fill) == fill  # one fill per kind
        inside = Counter(
            png.pixel(x + dx, y + dy)
            for dy in range(8, size - 8, 2)
            for dx in range(8, size - 8, 2)
        )
        seen = inside.most_common(1)[0][0]
        assert all(abs(s - e) <= 3 for s, e in zip(seen, rgb(fill), strict=True)), (
            f"card {card.get('data-pos')} ({kind}): main colour {seen}, expected {fill}"
        )
    assert len(set(fills.values())) == len(fills)  # kinds are told apart by colour


def test_a_picture_in_a_narrow_page_shrinks_to_its_width(tmp_path: Path) -> None:
    """Inline in an HTML page 350 px wide, a 530-unit picture with its score sheet is drawn
    350 px wide and 631 px high (956 × 350 / 530), and every card shows the fill of its
    kind at its scaled place: the picture scales, it is not cropped."""
    svg = kingdom_svg(Kingdom.parse("FEOM/HPWM/SGDO/PPHS"), show_score=True)
    root = ET.fromstring(svg)
    page = f'<!doctype html><body style="margin:0;background:#000">{svg}</body>'
    width, scale = 350, 350 / 530
    png = screenshot(page, width, 700, tmp_path, name="page.html")
    assert (png.width, png.height) == (width, 700)
    white = (255, 255, 255)
    assert png.pixel(2, round(956 * scale) - 3) == white  # inside the picture, bottom left
    assert png.pixel(width // 2, round(956 * scale) + 4) == (0, 0, 0)  # the page below it
    for card in (g for g in root.iter(f"{SVG}g") if g.get("class") == "card"):
        frame = card.find(f"{SVG}rect")
        assert frame is not None
        x, y = float(frame.get("x", "")), float(frame.get("y", ""))
        size = float(frame.get("width", ""))
        inside = Counter(
            png.pixel(round((x + dx) * scale), round((y + dy) * scale))
            for dy in range(10, int(size) - 10, 3)
            for dx in range(10, int(size) - 10, 3)
        )
        seen = inside.most_common(1)[0][0]
        fill = rgb(frame.get("fill", ""))
        assert all(abs(a - b) <= 6 for a, b in zip(seen, fill, strict=True)), (
            f"card {card.get('data-pos')}: main colour {seen}, expected {fill}"
        )
