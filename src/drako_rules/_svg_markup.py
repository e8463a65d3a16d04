"""The markup and the geometry of the pictures of `drako_rules.svg`:
SVG elements with escaped text and attributes, where each card of the grid lies, and the
paths the picture draws between cards. Drawing only: no rule is decided here.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Sequence
from typing import Final
from xml.sax.saxutils import escape, quoteattr

from drako_rules.connections import Link
from drako_rules.kingdom import Position

__all__ = [
    "CARD",
    "GAP",
    "INK",
    "LEFT",
    "MUTED",
    "PITCH",
    "TOP",
    "Point",
    "adjacent",
    "attrs",
    "beside",
    "between",
    "centre",
    "char_data",
    "circle",
    "clean",
    "conflict_path",
    "corner",
    "el",
    "facing_point",
    "halfway",
    "label",
    "leaving_point",
    "line",
    "polyline",
    "rect",
    "shorten",
    "shortest_walk",
    "signed",
    "where",
]

#: The colour of the text, and of the text said in passing.
INK: Final = "#263238"
MUTED: Final = "#607d8b"

# --- geometry (pixels) -----------------------------------------------------------------------

CARD: Final = 110  # side of a card
GAP: Final = 14  # space between two cards
PITCH: Final = CARD + GAP
LEFT: Final = 28  # room for the row numbers; 20 are left on the right of the grid
TOP: Final = 66  # room for the title and the column numbers

# --- markup ----------------------------------------------------------------------------------

# Characters that XML 1.0 does not allow, even escaped.
NOT_XML: Final = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")

Point = tuple[float, float]


def clean(text: str) -> str:
    return NOT_XML.sub("\ufffd", text)


def char_data(text: str) -> str:
    """``text`` as XML character data."""
    return escape(clean(text))


def attrs(attributes: dict[str, object]) -> str:
    """Attributes as markup: ``stroke_width`` is written ``stroke-width``, ``class_`` ``class``."""
    out = []
    for name, value in attributes.items():
        if value is None:
            continue
        shown = f"{round(value, 2):g}" if isinstance(value, float) else str(value)
        out.append(f" {name.rstrip('_').replace('_', '-')}={quoteattr(clean(shown))}")
    return "".join(out)


def el(tag: str, content: str | None = None, /, **attributes: object) -> str:
    """One element; ``content`` is markup (already escaped), attribute values are escaped here."""
    if content is None:
        return f"<{tag}{attrs(attributes)}/>"
    return f"<{tag}{attrs(attributes)}>{content}</{tag}>"


def line(a: Point, b: Point, colour: str, width: float, **more: object) -> str:
    return el(
        "line", x1=a[0], y1=a[1], x2=b[0], y2=b[1], stroke=colour, stroke_width=width,
        stroke_linecap="round", **more,
    )  # fmt: skip


def circle(
    centre: Point, r: float, fill: str, stroke: str | None = None, width: float | None = None
) -> str:
    return el(
        "circle", cx=centre[0], cy=centre[1], r=r, fill=fill, stroke=stroke, stroke_width=width
    )


def rect(
    x: float, y: float, w: float, h: float, rx: float, fill: str,
    stroke: str | None = None, width: float | None = None, **more: object,
) -> str:  # fmt: skip
    return el(
        "rect", x=x, y=y, width=w, height=h, rx=rx, fill=fill, stroke=stroke, stroke_width=width,
        **more,
    )  # fmt: skip


def label(
    x: float, y: float, text: str, size: float, colour: str, *, bold: bool = False,
    anchor: str = "middle", **more: object,
) -> str:  # fmt: skip
    return el(
        "text", char_data(text), x=float(x), y=float(y), font_size=size, fill=colour,
        font_weight="bold" if bold else None, text_anchor=anchor, **more,
    )  # fmt: skip


def signed(points: int) -> str:
    """``+2``, ``−3`` (with a true minus sign), ``0``."""
    if points > 0:
        return f"+{points}"
    if points < 0:
        return f"\u2212{-points}"
    return "0"


def shorten(text: str, most: int) -> str:
    """``text`` on one line of at most ``most`` characters (``…`` marks a cut)."""
    line = " ".join(text.split())
    return line if len(line) <= most else line[: most - 1] + "…"


def where(pos: Position) -> str:
    """A position as written in the ``data-`` attributes: ``"r,c"``."""
    return f"{pos.row},{pos.col}"


# --- geometry --------------------------------------------------------------------------------


def corner(pos: Position) -> tuple[int, int]:
    return LEFT + pos.col * PITCH, TOP + pos.row * PITCH


def centre(pos: Position) -> Point:
    x, y = corner(pos)
    return x + CARD / 2, y + CARD / 2


def facing_point(a: Position, b: Position, inset: float) -> Point:
    """The point of card ``a`` at ``inset`` pixels inside its side that faces neighbour ``b``."""
    x, y = centre(a)
    reach = CARD / 2 - inset
    return x + (b.col - a.col) * reach, y + (b.row - a.row) * reach


def between(a: Position, b: Position) -> Point:
    """The middle of two cards' centres: the gap between neighbours, the crossing of diagonals."""
    (x1, y1), (x2, y2) = centre(a), centre(b)
    return (x1 + x2) / 2, (y1 + y2) / 2


def adjacent(a: Position, b: Position) -> bool:
    return abs(a.row - b.row) + abs(a.col - b.col) == 1


def shortest_walk(network: frozenset[Position], start: Position, goal: Position) -> list[Position]:
    """A shortest walk from Portal ``start`` to Portal ``goal`` inside one network."""
    previous: dict[Position, Position | None] = {start: None}
    queue = [start]
    for here in queue:
        for step in here.neighbours():
            if step in network and step not in previous:
                previous[step] = here
                queue.append(step)
    walk: list[Position] = []
    at: Position | None = goal
    while at is not None:
        walk.append(at)
        at = previous[at]
    return walk[::-1]


def halfway(points: Sequence[Point]) -> Point:
    """The point halfway along a polyline."""
    steps = [(a, b, math.dist(a, b)) for a, b in itertools.pairwise(points)]
    left = sum(length for _, _, length in steps) / 2
    for (x1, y1), (x2, y2), length in steps:
        if length and left <= length:
            t = left / length
            return x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
        left -= length
    return points[-1]


def conflict_path(link: Link, networks: Sequence[frozenset[Position]]) -> tuple[str, Point]:
    """The SVG path of a conflict line between two Tribes, and where its badge goes.

    Lines run beside the cards' middle lines (where the Portal bars and names are): 14
    pixels below a horizontal stretch, 14 pixels left of a vertical one. Adjacent Tribes
    get a short line across the gap between them; Tribes linked through a Portal network
    get a line through its Portals, bent through the Portal's corner when the two are
    diagonal around one Portal.
    """
    a, b = link.a, link.b
    if link.adjacent:
        points = [leaving_point(a, b), leaving_point(b, a)]
        return polyline(beside(points)), beside([between(a, b)])[0]
    network = next(n for n in networks if n & link.portals)
    start = min(p for p in network if adjacent(p, a))
    goal = min(p for p in network if adjacent(p, b))
    walk = shortest_walk(network, start, goal)
    if len(walk) == 1 and a.row != b.row and a.col != b.col:
        portal = walk[0]
        (px, py), (xx, xy) = centre(portal), between(a, b)
        bend = (xx + 0.4 * (px - xx), xy + 0.4 * (py - xy))  # inside the Portal, by the corner
        ends = []
        for card, other in ((a, b), (b, a)):
            x, y = facing_point(card, portal, 4)  # on the side facing the Portal, moved toward
            ends.append((x + 16 * (other.col - portal.col), y + 16 * (other.row - portal.row)))
        (x1, y1), (x2, y2) = ends
        cx, cy = 2 * bend[0] - (x1 + x2) / 2, 2 * bend[1] - (y1 + y2) / 2  # through ``bend``
        return f"M{x1:g},{y1:g} Q{cx:g},{cy:g} {x2:g},{y2:g}", bend
    points = beside([leaving_point(a, start), *map(centre, walk), leaving_point(b, goal)])
    return polyline(points), halfway(points)


def leaving_point(card: Position, toward: Position) -> Point:
    """Where a conflict line leaves ``card`` for its neighbour ``toward``: off the labels."""
    return facing_point(card, toward, 26 if card.row == toward.row else 12)


def beside(points: Sequence[Point]) -> list[Point]:
    """The points moved off the cards' middle lines (left and down)."""
    return [(x - 14, y + 14) for x, y in points]


def polyline(points: Sequence[Point]) -> str:
    return "M" + " L".join(f"{round(x, 2):g},{round(y, 2):g}" for x, y in points)
