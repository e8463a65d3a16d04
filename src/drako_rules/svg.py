"""Pictures of Kingdoms: [`kingdom_svg`][drako_rules.svg.kingdom_svg] draws one as SVG.

The picture shows the 4×4 grid of cards coloured by kind, with each card's letter and
name; Unexplored Lands face down (R2.4); the Portal networks (R4.2), each in its own
colour, with a bar from every Portal to each card it links (a Goblin's bar is grey and
crossed out: Goblins cannot use Portals, R4.3); every conflict (R5.2) as a red dashed
line with its −2; each Dragon marked *domesticated* or *wild* (R5.3); and, on request,
the score sheet below the grid (R5.5).

Only the standard library is used. The picture is drawn on a canvas of
[`WIDTH`][drako_rules.svg.WIDTH] × [`HEIGHT`][drako_rules.svg.HEIGHT] units, or
`WIDTH` × [`HEIGHT_WITH_SCORE`][drako_rules.svg.HEIGHT_WITH_SCORE] with the score sheet,
its ``viewBox``; it scales to the width of the page or cell it is shown in, and stays
readable on a phone: one column, the score sheet under the grid.
It defines no `id` attributes, so many pictures can share one HTML page: a notebook
shows every [`Kingdom`][drako_rules.kingdom.Kingdom] as this picture.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Final
from xml.sax.saxutils import escape, quoteattr

from drako_rules.cards import Card, Legend
from drako_rules.connections import Connections, Link, connections
from drako_rules.errors import NotationError
from drako_rules.kingdom import Kingdom, Position
from drako_rules.rulesets import POCKET, Ruleset
from drako_rules.scoring import Category, ScoreLine, ScoreSheet, domesticated, score

__all__ = [
    "CARD_COLOURS",
    "HEIGHT",
    "HEIGHT_WITH_SCORE",
    "WIDTH",
    "WIDTH_WITH_SCORE",
    "kingdom_svg",
]

# --- geometry (pixels) -----------------------------------------------------------------------

WIDTH: Final = 530
"""Width of the picture, with or without the score sheet, in units of its ``viewBox``
(pixels at its natural size)."""
WIDTH_WITH_SCORE: Final = WIDTH
"""Width of the picture with the score sheet (`show_score=True`): the same as
[`WIDTH`][drako_rules.svg.WIDTH], since the sheet is drawn below the grid."""
HEIGHT: Final = 626
"""Height of the picture without the score sheet, in units of its ``viewBox``."""
HEIGHT_WITH_SCORE: Final = 956
"""Height of the picture with the score sheet below the grid (`show_score=True`)."""

_CARD: Final = 110  # side of a card
_GAP: Final = 14  # space between two cards
_PITCH: Final = _CARD + _GAP
_GRID: Final = 4 * _CARD + 3 * _GAP  # 482
_LEFT: Final = 28  # room for the row numbers; 20 are left on the right of the grid
_TOP: Final = 66  # room for the title and the column numbers
_KEY_TOP: Final = _TOP + _GRID + 18  # the key takes the last 60 pixels
_PANEL: Final = HEIGHT_WITH_SCORE - HEIGHT  # the score sheet's band under the key

# --- colours ---------------------------------------------------------------------------------

#: Per kind: card fill, border, ink (text). ``None`` is the back of an Unexplored Land.
_STYLE: Final[dict[Card | None, tuple[str, str, str]]] = {
    Card.FOREST: ("#a5d6a7", "#2e7d32", "#1b5e20"),
    Card.MOUNTAIN: ("#cfd8dc", "#546e7a", "#263238"),
    Card.PLAIN: ("#fff59d", "#f9a825", "#5d4037"),
    Card.SWAMP: ("#c8c392", "#6b6b2e", "#33331a"),
    Card.ELF: ("#b2dfdb", "#00796b", "#004d40"),
    Card.DWARF: ("#dcc3a8", "#795548", "#3e2723"),
    Card.HUMAN: ("#90caf9", "#1565c0", "#0d47a1"),
    Card.GOBLIN: ("#f8bbd0", "#ad1457", "#560027"),
    Card.DRAGON: ("#ffcc80", "#e65100", "#4e2600"),
    Card.PORTAL: ("#e1bee7", "#7b1fa2", "#4a148c"),
    None: ("#3f4d63", "#1f2a3a", "#e3e8f0"),
}
CARD_COLOURS: Final[Mapping[Card | None, tuple[str, str, str]]] = MappingProxyType(_STYLE)
"""The colours of each kind in the pictures (R1.1), as ``(fill, border, ink)`` CSS colours;
``None`` is the back of an Unexplored Land (R2.4). The web checker's palette uses them."""
#: One colour per Portal network (a 4×4 grid holds at most 8 separate networks).
_NETWORK_COLOURS: Final = (
    "#7b1fa2",
    "#0277bd",
    "#c2185b",
    "#2e7d32",
    "#ef6c00",
    "#283593",
    "#00838f",
    "#5d4037",
)
_CONFLICT: Final = "#d50000"
_BLOCKED: Final = "#757575"
_TAME: Final = "#2e7d32"
_WILD: Final = "#c62828"
_INK: Final = "#263238"
_MUTED: Final = "#607d8b"
_CATEGORY_SWATCH: Final = {
    Category.ELVES: _STYLE[Card.ELF][0],
    Category.DWARVES: _STYLE[Card.DWARF][0],
    Category.HUMANS: _STYLE[Card.HUMAN][0],
    Category.GOBLINS: _STYLE[Card.GOBLIN][0],
    Category.DRAGONS: _STYLE[Card.DRAGON][0],
    Category.LEGENDS: "#ffe082",
    Category.CONFLICTS: "#ef9a9a",
}
_FONT: Final = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif"

# --- markup ----------------------------------------------------------------------------------

# Characters that XML 1.0 does not allow, even escaped.
_NOT_XML: Final = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")

_Point = tuple[float, float]


def _clean(text: str) -> str:
    return _NOT_XML.sub("\ufffd", text)


def _text(text: str) -> str:
    """``text`` as XML character data."""
    return escape(_clean(text))


def _attrs(attributes: dict[str, object]) -> str:
    """Attributes as markup: ``stroke_width`` is written ``stroke-width``, ``class_`` ``class``."""
    out = []
    for name, value in attributes.items():
        if value is None:
            continue
        shown = f"{round(value, 2):g}" if isinstance(value, float) else str(value)
        out.append(f" {name.rstrip('_').replace('_', '-')}={quoteattr(_clean(shown))}")
    return "".join(out)


def _el(tag: str, content: str | None = None, /, **attributes: object) -> str:
    """One element; ``content`` is markup (already escaped), attribute values are escaped here."""
    if content is None:
        return f"<{tag}{_attrs(attributes)}/>"
    return f"<{tag}{_attrs(attributes)}>{content}</{tag}>"


def _line(a: _Point, b: _Point, colour: str, width: float, **more: object) -> str:
    return _el(
        "line", x1=a[0], y1=a[1], x2=b[0], y2=b[1], stroke=colour, stroke_width=width,
        stroke_linecap="round", **more,
    )  # fmt: skip


def _circle(
    centre: _Point, r: float, fill: str, stroke: str | None = None, width: float | None = None
) -> str:
    return _el(
        "circle", cx=centre[0], cy=centre[1], r=r, fill=fill, stroke=stroke, stroke_width=width
    )


def _rect(
    x: float, y: float, w: float, h: float, rx: float, fill: str,
    stroke: str | None = None, width: float | None = None, **more: object,
) -> str:  # fmt: skip
    return _el(
        "rect", x=x, y=y, width=w, height=h, rx=rx, fill=fill, stroke=stroke, stroke_width=width,
        **more,
    )  # fmt: skip


def _label(
    x: float, y: float, text: str, size: float, colour: str, *, bold: bool = False,
    anchor: str = "middle", **more: object,
) -> str:  # fmt: skip
    return _el(
        "text", _text(text), x=float(x), y=float(y), font_size=size, fill=colour,
        font_weight="bold" if bold else None, text_anchor=anchor, **more,
    )  # fmt: skip


def _signed(points: int) -> str:
    """``+2``, ``−3`` (with a true minus sign), ``0``."""
    if points > 0:
        return f"+{points}"
    if points < 0:
        return f"\u2212{-points}"
    return "0"


def _shorten(text: str, most: int) -> str:
    """``text`` on one line of at most ``most`` characters (``…`` marks a cut)."""
    line = " ".join(text.split())
    return line if len(line) <= most else line[: most - 1] + "…"


def _where(pos: Position) -> str:
    """A position as written in the ``data-`` attributes: ``"r,c"``."""
    return f"{pos.row},{pos.col}"


# --- geometry --------------------------------------------------------------------------------


def _corner(pos: Position) -> tuple[int, int]:
    return _LEFT + pos.col * _PITCH, _TOP + pos.row * _PITCH


def _centre(pos: Position) -> _Point:
    x, y = _corner(pos)
    return x + _CARD / 2, y + _CARD / 2


def _toward(a: Position, b: Position, inset: float) -> _Point:
    """The point of card ``a`` at ``inset`` pixels inside its side that faces neighbour ``b``."""
    x, y = _centre(a)
    reach = _CARD / 2 - inset
    return x + (b.col - a.col) * reach, y + (b.row - a.row) * reach


def _between(a: Position, b: Position) -> _Point:
    """The middle of two cards' centres: the gap between neighbours, the crossing of diagonals."""
    (x1, y1), (x2, y2) = _centre(a), _centre(b)
    return (x1 + x2) / 2, (y1 + y2) / 2


def _adjacent(a: Position, b: Position) -> bool:
    return abs(a.row - b.row) + abs(a.col - b.col) == 1


def _walk(network: frozenset[Position], start: Position, goal: Position) -> list[Position]:
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


def _halfway(points: Sequence[_Point]) -> _Point:
    """The point halfway along a polyline."""
    steps = [(a, b, math.dist(a, b)) for a, b in itertools.pairwise(points)]
    left = sum(length for _, _, length in steps) / 2
    for (x1, y1), (x2, y2), length in steps:
        if length and left <= length:
            t = left / length
            return x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
        left -= length
    return points[-1]


def _conflict_path(link: Link, networks: Sequence[frozenset[Position]]) -> tuple[str, _Point]:
    """The SVG path of a conflict line between two Tribes, and where its badge goes.

    Lines run beside the cards' middle lines (where the Portal bars and names are): 14
    pixels below a horizontal stretch, 14 pixels left of a vertical one. Adjacent Tribes
    get a short line across the gap between them; Tribes linked through a Portal network
    get a line through its Portals, bent through the Portal's corner when the two are
    diagonal around one Portal.
    """
    a, b = link.a, link.b
    if link.adjacent:
        points = [_end(a, b), _end(b, a)]
        return _polyline(_beside(points)), _beside([_between(a, b)])[0]
    network = next(n for n in networks if n & link.portals)
    start = min(p for p in network if _adjacent(p, a))
    goal = min(p for p in network if _adjacent(p, b))
    walk = _walk(network, start, goal)
    if len(walk) == 1 and a.row != b.row and a.col != b.col:
        portal = walk[0]
        (px, py), (xx, xy) = _centre(portal), _between(a, b)
        bend = (xx + 0.4 * (px - xx), xy + 0.4 * (py - xy))  # inside the Portal, by the corner
        ends = []
        for card, other in ((a, b), (b, a)):
            x, y = _toward(card, portal, 4)  # on the side facing the Portal, moved toward
            ends.append((x + 16 * (other.col - portal.col), y + 16 * (other.row - portal.row)))
        (x1, y1), (x2, y2) = ends
        cx, cy = 2 * bend[0] - (x1 + x2) / 2, 2 * bend[1] - (y1 + y2) / 2  # through ``bend``
        return f"M{x1:g},{y1:g} Q{cx:g},{cy:g} {x2:g},{y2:g}", bend
    points = _beside([_end(a, start), *map(_centre, walk), _end(b, goal)])
    return _polyline(points), _halfway(points)


def _end(card: Position, toward: Position) -> _Point:
    """Where a conflict line leaves ``card`` for its neighbour ``toward``: off the labels."""
    return _toward(card, toward, 26 if card.row == toward.row else 12)


def _beside(points: Sequence[_Point]) -> list[_Point]:
    """The points moved off the cards' middle lines (left and down)."""
    return [(x - 14, y + 14) for x, y in points]


def _polyline(points: Sequence[_Point]) -> str:
    return "M" + " L".join(f"{round(x, 2):g},{round(y, 2):g}" for x, y in points)


# --- what the picture says -------------------------------------------------------------------


def _letter(network: int) -> str:
    """The name of a Portal network in the picture: A, B, C… in the order of ``networks``."""
    return chr(ord("A") + network)


def _colour(network: int) -> str:
    return _NETWORK_COLOURS[network % len(_NETWORK_COLOURS)]


# --- drawing ---------------------------------------------------------------------------------


def _card(
    pos: Position,
    cell: Card | None,
    *,
    tooltip: str,
    dragon: str | None,
    network: int | None,
    points: int | None,
) -> str:
    """One card: coloured by kind, letter in the corner, name in the middle (R1.1)."""
    x, y = _corner(pos)
    cx, cy = _centre(pos)
    fill, border, ink = _STYLE[cell]
    parts = [_el("title", _text(tooltip))]
    attributes: dict[str, object] = {
        "class": "card",
        "data-pos": _where(pos),
        "data-kind": "unexplored" if cell is None else cell.english.lower(),
    }
    if cell is None:  # face down (R2.4): the back of a card
        d = 30
        diamond = f"M{cx:g},{cy - d:g} L{cx + d:g},{cy:g} L{cx:g},{cy + d:g} L{cx - d:g},{cy:g} Z"
        parts += [
            _rect(x, y, _CARD, _CARD, 10, fill, border, 2.5),
            _rect(x + 8, y + 8, _CARD - 16, _CARD - 16, 6, "none", "#8391a7", 1.5,
                  stroke_dasharray="4 3"),
            _el("path", d=diamond, fill="#566582", stroke="#8391a7", stroke_width=1.5),
            _label(cx, cy + 9, "?", 26, ink, bold=True),
            _label(cx, y + _CARD - 13, "Unexplored", 15, "#b8c2d3"),
        ]  # fmt: skip
        return _el("g", "".join(parts), **attributes)
    parts += [
        _rect(x, y, _CARD, _CARD, 10, fill, border, 2.5),
        _label(cx, y + 80, cell.letter, 70, border, bold=True, fill_opacity=0.18),
        _circle((x + 17, y + 17), 11, "#ffffff", border, 1.5),
        _label(x + 17, y + 21.5, cell.letter, 12, ink, bold=True),
    ]
    if cell is Card.PORTAL:
        colour = _colour(network or 0)
        parts[1] = _rect(x, y, _CARD, _CARD, 10, fill, colour, 4)
        parts += [
            _label(cx, y + 42, cell.english, 16, ink, bold=True),
            _circle((cx, y + 74), 17, "none", colour, 3),
            _circle((cx, y + 74), 9, "none", colour, 2),
            _circle((cx, y + 74), 3.5, colour),
            _circle((x + _CARD - 17, y + 17), 11, colour),
            _label(x + _CARD - 17, y + 21.5, _letter(network or 0), 12, "#ffffff", bold=True),
        ]
        attributes["data-network"] = _letter(network or 0)
    else:
        size = 16 if len(cell.english) <= 6 else 14.5  # "Mountain" clears the Portal bars
        parts.append(_label(cx, cy + 6, cell.english, size, ink, bold=True))
        if dragon is not None:
            colour, width = (_TAME, 92) if dragon == "domesticated" else (_WILD, 50)
            parts += [
                _rect(cx - width / 2, y + _CARD - 33, width, 19, 9.5, colour),
                _label(cx, y + _CARD - 19.5, dragon, 11, "#ffffff", bold=True),
            ]
            attributes["data-dragon"] = dragon
        else:
            kind = "Land" if cell.is_land else "Tribe"
            parts.append(_label(cx, y + _CARD - 14, kind, 11, ink, fill_opacity=0.75))
    if points is not None:
        parts += [
            _rect(x + _CARD - 38, y + 7, 32, 20, 10, "#ffffff", border, 1.5),
            _label(x + _CARD - 22, y + 21.5, _signed(points), 12, ink, bold=True),
        ]
    return _el("g", "".join(parts), **attributes)


def _networks(kingdom: Kingdom, conn: Connections) -> str:
    """Each Portal network: a bar from every Portal to each card it links (R4.2–R4.3, R4.6)."""
    out = []
    through_portals = [link for link in conn.links() if link.portals]
    for i, network in enumerate(conn.networks):
        colour = _colour(i)
        bars: list[str] = []
        cards: set[Position] = set()
        for portal in sorted(network):
            for other in portal.neighbours():
                cell = kingdom[other]
                ends = {"data_from": _where(portal), "data_to": _where(other)}
                if cell is Card.PORTAL:
                    if other > portal:  # the body of the network, once per pair of Portals
                        bars.append(
                            _line(_toward(portal, other, 20), _toward(other, portal, 20), colour,
                                  12, class_="portal-body", **ends)
                        )  # fmt: skip
                elif cell is None:
                    continue  # an Unexplored Land links nothing (R4.6)
                elif not conn.uses_portals(other) and not any(
                    other in (link.a, link.b) and portal in link.portals for link in through_portals
                ):  # Goblins cannot use Portals (R4.3), and here no Tribe reaches it (R9.3)
                    mx, my = _between(portal, other)
                    cross = f"M{mx - 4:g},{my - 4:g} L{mx + 4:g},{my + 4:g} M{mx + 4:g},{my - 4:g} L{mx - 4:g},{my + 4:g}"
                    why = f"the {cell} {other} cannot use the Portal {portal} (R4.3)"
                    bars.append(
                        _el("g",
                            _el("title", _text(why))
                            + _line(_toward(portal, other, 14), _toward(other, portal, 4),
                                    _BLOCKED, 6, stroke_dasharray="5 4")
                            + _circle((mx, my), 9, "#ffffff", _BLOCKED, 2)
                            + _el("path", d=cross, stroke=_BLOCKED, stroke_width=2.5,
                                  stroke_linecap="round"),
                            class_="portal-blocked", **ends)
                    )  # fmt: skip
                else:
                    cards.add(other)
                    tip = _toward(other, portal, 5)
                    bars.append(
                        _el("g",
                            _line(_toward(portal, other, 20), tip, colour, 8)
                            + _circle(tip, 6.5, colour, "#ffffff", 2),
                            class_="portal-link", **ends)
                    )  # fmt: skip
        # The pairs this network connects (R4.2), as the connection relation says.
        pairs = sorted((link.a, link.b) for link in through_portals if link.portals & network)
        names = ", ".join(f"{kingdom[p]} {p}" for p in sorted(cards)) or "no card"
        title = (
            f"Portal network {_letter(i)} ({', '.join(map(str, sorted(network)))}) links {names}"
        )
        out.append(
            _el("g", _el("title", _text(title)) + "".join(bars),
                class_="portal-network", data_network=_letter(i),
                data_portals=" ".join(_where(p) for p in sorted(network)),
                data_cards=" ".join(_where(p) for p in sorted(cards)),
                data_pairs=" ".join(f"{_where(a)}|{_where(b)}" for a, b in pairs))
        )  # fmt: skip
    return "".join(out)


def _conflicts(lines: Sequence[ScoreLine], conn: Connections) -> str:
    """A red dashed line with its points for every conflict of the score sheet (R5.2).

    The lines come first and the badges with the points after them, so that no line hides
    another conflict's badge.
    """
    paths, badges = [], []
    spots: list[_Point] = []
    for line in lines:
        link = line.link
        if link is None:  # pragma: no cover - every conflict line has its link
            continue
        d, (bx, by) = _conflict_path(link, conn.networks)
        while any(abs(bx - ux) < 24 and abs(by - uy) < 24 for ux, uy in spots):
            by += 26  # two conflicts meet at one spot: keep both badges readable
        spots.append((bx, by))
        pair = {"data_a": _where(link.a), "data_b": _where(link.b)}
        paths.append(
            _el("g",
                _el("title", _text(line.text))
                + _el("path", d=d, fill="none", stroke="#ffffff", stroke_width=7,
                      stroke_opacity=0.85, stroke_linejoin="round", stroke_linecap="round")
                + _el("path", d=d, fill="none", stroke=_CONFLICT, stroke_width=3.5,
                      stroke_dasharray="7 5", stroke_linejoin="round", stroke_linecap="round"),
                class_="conflict", data_points=line.points, **pair)
        )  # fmt: skip
        badges.append(
            _el("g",
                _el("title", _text(line.text))
                + _circle((bx, by), 13, "#ffffff", _CONFLICT, 2.5)
                + _label(bx, by + 4.5, _signed(line.points), 12, _CONFLICT, bold=True),
                class_="conflict-points", **pair)
        )  # fmt: skip
    return "".join(paths + badges)


def _key(top: float) -> str:
    """The key under the grid: what the marks mean."""
    x, y1, y2 = _LEFT + 4, top + 14, top + 40
    colour = _NETWORK_COLOURS[0]
    parts = [
        _line((x, y1 - 4), (x + 24, y1 - 4), colour, 8),
        _circle((x + 24, y1 - 4), 6.5, colour, "#ffffff", 2),
        _label(x + 40, y1, "Portal network: linked cards", 11.5, _INK, anchor="start"),
        _line((x + 250, y1 - 4), (x + 274, y1 - 4), _BLOCKED, 6, stroke_dasharray="5 4"),
        _label(x + 288, y1, "Goblins cannot use Portals", 11.5, _INK, anchor="start"),
        _line((x, y2 - 4), (x + 24, y2 - 4), _CONFLICT, 3.5, stroke_dasharray="7 5"),
        _label(x + 40, y2, "conflict", 11.5, _INK, anchor="start"),
        _label(x + 250, y2, "Dragon:", 11.5, _INK, anchor="start"),
        _rect(x + 302, y2 - 13, 20, 12, 6, _TAME),
        _label(x + 327, y2, "domesticated", 11.5, _INK, anchor="start"),
        _rect(x + 418, y2 - 13, 20, 12, 6, _WILD),
        _label(x + 443, y2, "wild", 11.5, _INK, anchor="start"),
    ]  # fmt: skip
    return _el("g", "".join(parts), class_="key")


def _panel(sheet: ScoreSheet, claimed: Sequence[Legend], ruleset: Ruleset) -> str:
    """The score sheet below the grid: seven categories and the total on the left, the
    Legends claimed on the right (R5.4–R5.5), in type large enough for a phone."""
    x0, y0, width = _LEFT, HEIGHT, _GRID
    left, right = x0 + 16, x0 + width - 16
    middle = x0 + 222  # the categories on the left, the Legends on the right
    parts = [
        _rect(x0, y0, width, _PANEL - 14, 12, "#fafafa", "#cfd8dc", 1.5),
        _label(left, y0 + 32, "Score", 20, _INK, bold=True, anchor="start"),
        _label(right, y0 + 32, f"{ruleset.name} rules", 15, _MUTED, anchor="end"),
    ]
    y = y0 + 44
    for category, value in zip(Category, sheet.values, strict=True):
        detail = [line.text for line in sheet.lines_of(category)] or ["nothing"]
        row = (
            _el("title", _text(f"{category.label}: " + "; ".join(detail)))
            + _rect(left, y + 8, 16, 16, 3, _CATEGORY_SWATCH[category], "#90a4ae", 1)
            + _label(left + 24, y + 22, category.label, 17, _INK, anchor="start")
            + _label(middle - 16, y + 22, _signed(value), 17, _INK, bold=True, anchor="end")
        )
        parts.append(
            _el("g", row, class_="score-row", data_category=category.value, data_value=value)
        )
        y += 30
    parts.append(_line((left, y + 8), (middle - 16, y + 8), _INK, 1.5))
    parts.append(
        _el("g",
            _label(left, y + 36, "Total", 20, _INK, bold=True, anchor="start")
            + _label(middle - 16, y + 37, _signed(sheet.total), 24, _INK, bold=True,
                     anchor="end"),
            class_="score-total", data_value=sheet.total)
    )  # fmt: skip
    parts.append(_line((middle, y0 + 52), (middle, y + 40), "#cfd8dc", 1.5))
    x, y = middle + 16, y0 + 70
    parts.append(_label(x, y, "Legends claimed", 16, _INK, bold=True, anchor="start"))
    room = 9  # lines left in the panel
    shown = list(claimed) if len(claimed) <= room else list(claimed[: room - 1])
    for k, legend in enumerate(shown):
        parts.append(
            _el("g",
                _el("title", _text(f"{legend.id}: {legend.requirement}"))
                + _label(x, y + 26 + 24 * k, legend.id, 15, _INK, anchor="start")
                + _label(right, y + 26 + 24 * k, _signed(legend.points), 15, _INK, bold=True,
                         anchor="end"),
                class_="score-legend", data_legend=legend.id)
        )  # fmt: skip
    rest = claimed[len(shown) :]
    if not claimed:
        parts.append(_label(x, y + 26, "none", 15, _MUTED, anchor="start"))
    elif rest:
        parts.append(
            _el("g",
                _el("title", _text(", ".join(x.id for x in rest)))
                + _label(x, y + 26 + 24 * len(shown), f"… and {len(rest)} more", 15, _MUTED,
                         anchor="start")
                + _label(right, y + 26 + 24 * len(shown), _signed(sum(x.points for x in rest)),
                         14, _INK, bold=True, anchor="end"))
        )  # fmt: skip
    return _el("g", "".join(parts), class_="score", data_total=sheet.total)


def kingdom_svg(
    kingdom: Kingdom,
    *,
    legends: Iterable[Legend] = (),
    ruleset: Ruleset = POCKET,
    show_score: bool = False,
    title: str | None = None,
) -> str:
    """Draw ``kingdom`` as an SVG picture (a complete XML document, as text).

    The picture shows each card coloured by kind with its letter and name (R1.1), the
    Unexplored Lands face down (R2.4), every Portal network in its own colour with a bar
    from each of its Portals to each card it links (R4.2; a Goblin's bar is grey and
    crossed out, since Goblins cannot use Portals, R4.3; an Unexplored Land gets none,
    R4.6), every conflict as a red dashed line with its points (R5.2; through the Portals
    when the two Tribes are linked by a network), and each Dragon marked *domesticated*
    or *wild* (R5.3). With ``show_score`` the score sheet is drawn below the grid: the
    seven categories (R5.5), the total and the Legends claimed (R5.4), and each Tribe and
    Dragon shows its own points. Hovering over a card, conflict or category shows the
    score lines behind it.

    The picture is one column, [`WIDTH`][drako_rules.svg.WIDTH] ×
    [`HEIGHT`][drako_rules.svg.HEIGHT] (530 × 626) units, or `WIDTH` ×
    [`HEIGHT_WITH_SCORE`][drako_rules.svg.HEIGHT_WITH_SCORE] (530 × 956) with
    ``show_score``, so that on a phone, at about 350 pixels wide, the cards' names and the
    score still read at 10 pixels or more. The root ``<svg>`` has a ``viewBox`` of that
    size, ``width`` and ``height`` giving its natural size, and a style
    (``max-width: 100%; height: auto``) that shrinks it to fit a narrower page or cell;
    it has a ``<title>``, a ``<desc>`` and ``role="img"`` for screen readers.

    Machine-readable parts, for tests and style sheets:

    - ``<g class="card" data-pos="r,c" data-kind="forest">``: one per cell, row by row;
      ``data-kind`` is the card's English name in lower case, or ``unexplored``. A Dragon
      also has ``data-dragon="domesticated"`` or ``"wild"``, a Portal
      ``data-network="A"``.
    - ``<g class="portal-network" data-network="A" data-portals="0,2"
      data-cards="0,1 0,3 1,2" data-pairs="0,1|0,3 0,1|1,2 0,3|1,2">``: per Portal
      network, its Portals, the cards it links and the pairs of cards it connects (R4.2);
      inside, ``portal-link`` and ``portal-blocked`` groups (``data-from`` the Portal,
      ``data-to`` the card).
    - ``<g class="conflict" data-a="0,1" data-b="1,2" data-points="-2">``: per conflict,
      its line; its badge is a ``conflict-points`` group with the same ``data-a`` and
      ``data-b``, drawn after all the lines.
    - with ``show_score``: ``<g class="score" data-total="7">`` holding
      ``score-row`` groups (``data-category``, ``data-value``).

    Args:
        kingdom: the Kingdom to draw, complete or not.
        legends: the Legends its player claimed (R5.4), listed with the score.
        ruleset: the ruleset that decides conflicts and Dragons (R9).
        show_score: draw the score sheet below the grid.
        title: the picture's title, shown on top and as its ``<title>``; by default
            ``Kingdom`` and the notation.

    Returns:
        The SVG document as a string, starting with ``<svg``.

    Raises:
        NotationError: ``kingdom`` is not a [`Kingdom`][drako_rules.kingdom.Kingdom].
        ScoringError: ``legends`` holds something other than distinct Legends (R1.4).

    Examples:
        >>> from drako_rules import Kingdom
        >>> picture = kingdom_svg(Kingdom.parse("FEOM/HPWM/SGDO/PPHS"), show_score=True)
        >>> picture.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
        True
        >>> 'width="530" height="956" viewBox="0 0 530 956"' in picture
        True
        >>> picture.count('class="card"'), picture.count('class="conflict"')
        (16, 1)
    """
    if not isinstance(kingdom, Kingdom):
        raise NotationError(
            f"kingdom_svg draws a Kingdom, not {type(kingdom).__name__}: "
            "read the notation with Kingdom.parse first"
        )
    claimed = tuple(legends)
    sheet = score(kingdom, claimed, ruleset)  # also checks the Legends (R1.4)
    conn = connections(kingdom, ruleset)
    tame = domesticated(kingdom, ruleset)
    network_of = {p: i for i, network in enumerate(conn.networks) for p in network}
    lines = sheet.lines
    conflicts = [line for line in lines if line.category is Category.CONFLICTS]
    width = WIDTH_WITH_SCORE if show_score else WIDTH
    height = HEIGHT_WITH_SCORE if show_score else HEIGHT
    heading = f"Kingdom {kingdom}" if title is None else title

    said = [f"Kingdom {kingdom}, {ruleset.name} rules."]
    said.append(f"{len(conn.networks)} Portal network(s), {len(conflicts)} conflict(s).")
    said += [
        f"Dragon {p} {'domesticated' if p in tame else 'wild'}."
        for p in kingdom.positions_of(Card.DRAGON)
    ]
    said.append(f"Total {sheet.total}.")
    body = [
        _el("title", _text(heading)),
        _el("desc", _text(" ".join(said))),
        _rect(0, 0, width, height, 0, "#ffffff"),
        _label(
            _LEFT,
            32,
            _shorten(heading, 44),
            19,
            _INK,
            bold=True,
            anchor="start",
            class_="heading",
        ),
    ]
    for i in range(4):
        body.append(_label(_LEFT + i * _PITCH + _CARD / 2, _TOP - 8, str(i), 11, _MUTED))
        body.append(_label(_LEFT - 12, _TOP + i * _PITCH + _CARD / 2 + 4, str(i), 11, _MUTED))
    for pos, cell in kingdom.items():
        own = [x for x in lines if x.card == pos and x.category is not Category.CONFLICTS]
        tip = f"{'Unexplored Land' if cell is None else cell.english} {pos}"
        if own:
            tip += ": " + "; ".join(x.text for x in own)
        dragon = None
        if cell is Card.DRAGON:
            dragon = "domesticated" if pos in tame else "wild"
        points = None
        if show_score and cell is not None and (cell.is_tribe or cell is Card.DRAGON):
            points = sum(x.points for x in own)
        body.append(
            _card(pos, cell, tooltip=tip, dragon=dragon, network=network_of.get(pos), points=points)
        )
    body.append(_networks(kingdom, conn))
    body.append(_conflicts(conflicts, conn))
    body.append(_key(_KEY_TOP))
    if show_score:
        body.append(_panel(sheet, claimed, ruleset))
    root = _attrs(
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "width": width,
            "height": height,
            "viewBox": f"0 0 {width} {height}",
            "style": "max-width: 100%; height: auto",
            "role": "img",
            "font-family": _FONT,
            "class": "drako-kingdom",
            "data-kingdom": str(kingdom),
            "data-ruleset": ruleset.name,
        }
    )
    return f"<svg{root}>\n" + "\n".join(body) + "\n</svg>\n"
