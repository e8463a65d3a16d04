"""Pictures of Kingdoms: `kingdom_svg` draws one as SVG.

The picture shows the 4×4 grid of cards coloured by kind, with each card's letter and
name; Unexplored Lands face down (R2.4); the Portal networks (R4.2), each in its own
colour, with a bar from every Portal to each card it links (a Goblin's bar is grey and
crossed out: Goblins cannot use Portals, R4.3); every conflict (R5.2) as a red dashed
line with its −2; each Dragon marked *domesticated* or *wild* (R5.3); and, on request,
the score sheet below the grid (R5.5).

Only the standard library is used. The picture is drawn on a canvas of
`WIDTH` × `HEIGHT` units, or
`WIDTH` × `HEIGHT_WITH_SCORE` with the score sheet,
its ``viewBox``; it scales to the width of the page or cell it is shown in, and stays
readable on a phone: one column, the score sheet under the grid.
It defines no `id` attributes, so many pictures can share one HTML page: a notebook
shows every `Kingdom` as this picture.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Final

import drako_rules._svg_markup as markup
from drako_rules._svg_sheet import score_panel
from drako_rules.cards import Card, Legend
from drako_rules.connections import Connections, connections
from drako_rules.errors import NotationError
from drako_rules.kingdom import Kingdom, Position
from drako_rules.rulesets import POCKET, Ruleset
from drako_rules.scoring import Category, ScoreLine, domesticated, score

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
`WIDTH`, since the sheet is drawn below the grid."""
HEIGHT: Final = 626
"""Height of the picture without the score sheet, in units of its ``viewBox``."""
HEIGHT_WITH_SCORE: Final = 956
"""Height of the picture with the score sheet below the grid (`show_score=True`)."""

_GRID: Final = 4 * markup.CARD + 3 * markup.GAP  # 482
_KEY_TOP: Final = markup.TOP + _GRID + 18  # the key takes the last 60 pixels
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
_INK: Final = markup.INK
_MUTED: Final = markup.MUTED
#: The colour of each category in the score sheet: the colour of its cards.
_SWATCHES: Final = {
    Category.ELVES: _STYLE[Card.ELF][0],
    Category.DWARVES: _STYLE[Card.DWARF][0],
    Category.HUMANS: _STYLE[Card.HUMAN][0],
    Category.GOBLINS: _STYLE[Card.GOBLIN][0],
    Category.DRAGONS: _STYLE[Card.DRAGON][0],
    Category.LEGENDS: "#ffe082",
    Category.CONFLICTS: "#ef9a9a",
}
_FONT: Final = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif"

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
    x, y = markup.corner(pos)
    cx, cy = markup.centre(pos)
    fill, border, ink = _STYLE[cell]
    parts = [markup.el("title", markup.char_data(tooltip))]
    attributes: dict[str, object] = {
        "class": "card",
        "data-pos": markup.where(pos),
        "data-kind": "unexplored" if cell is None else cell.english.lower(),
    }
    if cell is None:  # face down (R2.4): the back of a card
        d = 30
        diamond = f"M{cx:g},{cy - d:g} L{cx + d:g},{cy:g} L{cx:g},{cy + d:g} L{cx - d:g},{cy:g} Z"
        parts += [
            markup.rect(x, y, markup.CARD, markup.CARD, 10, fill, border, 2.5),
            markup.rect(x + 8, y + 8, markup.CARD - 16, markup.CARD - 16, 6, "none", "#8391a7", 1.5,
                  stroke_dasharray="4 3"),
            markup.el("path", d=diamond, fill="#566582", stroke="#8391a7", stroke_width=1.5),
            markup.label(cx, cy + 9, "?", 26, ink, bold=True),
            markup.label(cx, y + markup.CARD - 13, "Unexplored", 15, "#b8c2d3"),
        ]  # fmt: skip
        return markup.el("g", "".join(parts), **attributes)
    parts += [
        markup.rect(x, y, markup.CARD, markup.CARD, 10, fill, border, 2.5),
        markup.label(cx, y + 80, cell.letter, 70, border, bold=True, fill_opacity=0.18),
        markup.circle((x + 17, y + 17), 11, "#ffffff", border, 1.5),
        markup.label(x + 17, y + 21.5, cell.letter, 12, ink, bold=True),
    ]
    if cell is Card.PORTAL:
        colour = _colour(network or 0)
        parts[1] = markup.rect(x, y, markup.CARD, markup.CARD, 10, fill, colour, 4)
        parts += [
            markup.label(cx, y + 42, cell.english, 16, ink, bold=True),
            markup.circle((cx, y + 74), 17, "none", colour, 3),
            markup.circle((cx, y + 74), 9, "none", colour, 2),
            markup.circle((cx, y + 74), 3.5, colour),
            markup.circle((x + markup.CARD - 17, y + 17), 11, colour),
            markup.label(
                x + markup.CARD - 17, y + 21.5, _letter(network or 0), 12, "#ffffff", bold=True
            ),
        ]
        attributes["data-network"] = _letter(network or 0)
    else:
        size = 16 if len(cell.english) <= 6 else 14.5  # "Mountain" clears the Portal bars
        parts.append(markup.label(cx, cy + 6, cell.english, size, ink, bold=True))
        if dragon is not None:
            colour, width = (_TAME, 92) if dragon == "domesticated" else (_WILD, 50)
            parts += [
                markup.rect(cx - width / 2, y + markup.CARD - 33, width, 19, 9.5, colour),
                markup.label(cx, y + markup.CARD - 19.5, dragon, 11, "#ffffff", bold=True),
            ]
            attributes["data-dragon"] = dragon
        else:
            kind = "Land" if cell.is_land else "Tribe"
            parts.append(markup.label(cx, y + markup.CARD - 14, kind, 11, ink, fill_opacity=0.75))
    if points is not None:
        parts += [
            markup.rect(x + markup.CARD - 38, y + 7, 32, 20, 10, "#ffffff", border, 1.5),
            markup.label(x + markup.CARD - 22, y + 21.5, markup.signed(points), 12, ink, bold=True),
        ]
    return markup.el("g", "".join(parts), **attributes)


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
                ends = {"data_from": markup.where(portal), "data_to": markup.where(other)}
                if cell is Card.PORTAL:
                    if other > portal:  # the body of the network, once per pair of Portals
                        bars.append(
                            markup.line(markup.facing_point(portal, other, 20), markup.facing_point(other, portal, 20), colour,
                                  12, class_="portal-body", **ends)
                        )  # fmt: skip
                elif cell is None:
                    continue  # an Unexplored Land links nothing (R4.6)
                elif not conn.uses_portals(other) and not any(
                    other in (link.a, link.b) and portal in link.portals for link in through_portals
                ):  # Goblins cannot use Portals (R4.3), and here no Tribe reaches it (R9.3)
                    mx, my = markup.between(portal, other)
                    cross = f"M{mx - 4:g},{my - 4:g} L{mx + 4:g},{my + 4:g} M{mx + 4:g},{my - 4:g} L{mx - 4:g},{my + 4:g}"
                    why = f"the {cell} {other} cannot use the Portal {portal} (R4.3)"
                    bars.append(
                        markup.el("g",
                            markup.el("title", markup.char_data(why))
                            + markup.line(markup.facing_point(portal, other, 14), markup.facing_point(other, portal, 4),
                                    _BLOCKED, 6, stroke_dasharray="5 4")
                            + markup.circle((mx, my), 9, "#ffffff", _BLOCKED, 2)
                            + markup.el("path", d=cross, stroke=_BLOCKED, stroke_width=2.5,
                                  stroke_linecap="round"),
                            class_="portal-blocked", **ends)
                    )  # fmt: skip
                else:
                    cards.add(other)
                    tip = markup.facing_point(other, portal, 5)
                    bars.append(
                        markup.el("g",
                            markup.line(markup.facing_point(portal, other, 20), tip, colour, 8)
                            + markup.circle(tip, 6.5, colour, "#ffffff", 2),
                            class_="portal-link", **ends)
                    )  # fmt: skip
        # The pairs this network connects (R4.2), as the connection relation says.
        pairs = sorted((link.a, link.b) for link in through_portals if link.portals & network)
        names = ", ".join(f"{kingdom[p]} {p}" for p in sorted(cards)) or "no card"
        title = (
            f"Portal network {_letter(i)} ({', '.join(map(str, sorted(network)))}) links {names}"
        )
        out.append(
            markup.el("g", markup.el("title", markup.char_data(title)) + "".join(bars),
                class_="portal-network", data_network=_letter(i),
                data_portals=" ".join(markup.where(p) for p in sorted(network)),
                data_cards=" ".join(markup.where(p) for p in sorted(cards)),
                data_pairs=" ".join(f"{markup.where(a)}|{markup.where(b)}" for a, b in pairs))
        )  # fmt: skip
    return "".join(out)


def _conflicts(lines: Sequence[ScoreLine], conn: Connections) -> str:
    """A red dashed line with its points for every conflict of the score sheet (R5.2).

    The lines come first and the badges with the points after them, so that no line hides
    another conflict's badge.
    """
    paths, badges = [], []
    spots: list[markup.Point] = []
    for line in lines:
        link = line.link
        if link is None:  # pragma: no cover - every conflict line has its link
            continue
        d, (bx, by) = markup.conflict_path(link, conn.networks)
        while any(abs(bx - ux) < 24 and abs(by - uy) < 24 for ux, uy in spots):
            by += 26  # two conflicts meet at one spot: keep both badges readable
        spots.append((bx, by))
        pair = {"data_a": markup.where(link.a), "data_b": markup.where(link.b)}
        paths.append(
            markup.el("g",
                markup.el("title", markup.char_data(line.text))
                + markup.el("path", d=d, fill="none", stroke="#ffffff", stroke_width=7,
                      stroke_opacity=0.85, stroke_linejoin="round", stroke_linecap="round")
                + markup.el("path", d=d, fill="none", stroke=_CONFLICT, stroke_width=3.5,
                      stroke_dasharray="7 5", stroke_linejoin="round", stroke_linecap="round"),
                class_="conflict", data_points=line.points, **pair)
        )  # fmt: skip
        badges.append(
            markup.el("g",
                markup.el("title", markup.char_data(line.text))
                + markup.circle((bx, by), 13, "#ffffff", _CONFLICT, 2.5)
                + markup.label(bx, by + 4.5, markup.signed(line.points), 12, _CONFLICT, bold=True),
                class_="conflict-points", **pair)
        )  # fmt: skip
    return "".join(paths + badges)


def _key(top: float) -> str:
    """The key under the grid: what the marks mean."""
    x, y1, y2 = markup.LEFT + 4, top + 14, top + 40
    colour = _NETWORK_COLOURS[0]
    parts = [
        markup.line((x, y1 - 4), (x + 24, y1 - 4), colour, 8),
        markup.circle((x + 24, y1 - 4), 6.5, colour, "#ffffff", 2),
        markup.label(x + 40, y1, "Portal network: linked cards", 11.5, _INK, anchor="start"),
        markup.line((x + 250, y1 - 4), (x + 274, y1 - 4), _BLOCKED, 6, stroke_dasharray="5 4"),
        markup.label(x + 288, y1, "Goblins cannot use Portals", 11.5, _INK, anchor="start"),
        markup.line((x, y2 - 4), (x + 24, y2 - 4), _CONFLICT, 3.5, stroke_dasharray="7 5"),
        markup.label(x + 40, y2, "conflict", 11.5, _INK, anchor="start"),
        markup.label(x + 250, y2, "Dragon:", 11.5, _INK, anchor="start"),
        markup.rect(x + 302, y2 - 13, 20, 12, 6, _TAME),
        markup.label(x + 327, y2, "domesticated", 11.5, _INK, anchor="start"),
        markup.rect(x + 418, y2 - 13, 20, 12, 6, _WILD),
        markup.label(x + 443, y2, "wild", 11.5, _INK, anchor="start"),
    ]  # fmt: skip
    return markup.el("g", "".join(parts), class_="key")


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

    The picture is one column, `WIDTH` ×
    `HEIGHT` (530 × 626) units, or `WIDTH` ×
    `HEIGHT_WITH_SCORE` (530 × 956) with
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
        NotationError: ``kingdom`` is not a `Kingdom`.
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
        markup.el("title", markup.char_data(heading)),
        markup.el("desc", markup.char_data(" ".join(said))),
        markup.rect(0, 0, width, height, 0, "#ffffff"),
        markup.label(
            markup.LEFT,
            32,
            markup.shorten(heading, 44),
            19,
            _INK,
            bold=True,
            anchor="start",
            class_="heading",
        ),
    ]
    for i in range(4):
        body.append(
            markup.label(
                markup.LEFT + i * markup.PITCH + markup.CARD / 2, markup.TOP - 8, str(i), 11, _MUTED
            )
        )
        body.append(
            markup.label(
                markup.LEFT - 12,
                markup.TOP + i * markup.PITCH + markup.CARD / 2 + 4,
                str(i),
                11,
                _MUTED,
            )
        )
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
        body.append(score_panel(sheet, claimed, ruleset, HEIGHT, _GRID, _PANEL, _SWATCHES))
    root = markup.attrs(
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
