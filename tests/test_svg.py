"""The SVG picture of a Kingdom: valid XML of a fixed size, 16 cards, and what it marks.

The worked examples of RULES.md say by hand which cards each Portal links, which Tribes
are in conflict and which Dragons are domesticated; the picture must say the same.
"""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drako_rules import (
    CLASSIC,
    POCKET,
    Card,
    Kingdom,
    Legend,
    NotationError,
    Position,
    Ruleset,
    ScoringError,
    score,
)
from drako_rules.svg import HEIGHT, HEIGHT_WITH_SCORE, WIDTH, WIDTH_WITH_SCORE, kingdom_svg
from strategies import kingdoms, legend_sets

SVG = "{http://www.w3.org/2000/svg}"
EXAMPLE_1, EXAMPLE_2, EXAMPLE_3 = (
    "FEOM/HPWM/SGDO/PPHS",
    "HHOE/DHGE/OWDW/SSMF",
    "GOGS/OHOW/GOEO/SSSG",
)

rulesets: st.SearchStrategy[Ruleset] = st.sampled_from([POCKET, CLASSIC])


def draw(text: str | Kingdom, **options: object) -> ET.Element:
    """Parse the picture of a Kingdom (given as notation or as a Kingdom)."""
    kingdom = Kingdom.parse(text) if isinstance(text, str) else text
    return ET.fromstring(kingdom_svg(kingdom, **options))  # type: ignore[arg-type]


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    """The ``<g>`` elements of class ``cls``, in document order."""
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == cls]


def networks(root: ET.Element) -> dict[str, tuple[set[str], set[str], set[str]]]:
    """Per Portal network of the picture: its Portals, linked cards and linked pairs."""
    out = {}
    for g in groups(root, "portal-network"):
        portals, cards, pairs = (
            set(g.get(k, "").split()) for k in ("data-portals", "data-cards", "data-pairs")
        )
        out[g.get("data-network", "")] = (portals, cards, pairs)
    return out


def conflicts(root: ET.Element) -> set[frozenset[str]]:
    """The pairs of cards (``"r,c"``) marked in conflict."""
    return {frozenset((g.get("data-a", ""), g.get("data-b", ""))) for g in groups(root, "conflict")}


def blocked(root: ET.Element) -> set[tuple[str, str]]:
    """The (Portal, Goblin) pairs marked as a Goblin that cannot use the Portal."""
    return {(g.get("data-from", ""), g.get("data-to", "")) for g in groups(root, "portal-blocked")}


def dragons(root: ET.Element) -> dict[str, str]:
    """The Dragons of the picture: position to ``domesticated`` or ``wild``."""
    return {
        g.get("data-pos", ""): g.get("data-dragon", "")
        for g in groups(root, "card")
        if g.get("data-kind") == "dragon"
    }


def pos(text: str) -> Position:
    return Position.parse(text)


# --- the document --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("show_score", "width", "height"),
    [(False, WIDTH, HEIGHT), (True, WIDTH_WITH_SCORE, HEIGHT_WITH_SCORE)],
)
def test_root_scales_with_its_viewbox_and_has_title_and_role(
    show_score: bool, width: int, height: int
) -> None:
    """The root <svg> has the documented viewBox, its natural width and height, a style that
    shrinks it to a narrower page, role=img and a <title>."""
    root = draw(EXAMPLE_1, show_score=show_score)
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == f"0 0 {width} {height}"
    assert (root.get("width"), root.get("height")) == (str(width), str(height))
    assert root.get("style") == "max-width: 100%; height: auto"
    assert root.get("role") == "img"
    assert root[0].tag == f"{SVG}title" and root[0].text == f"Kingdom {EXAMPLE_1}"
    assert root.find(f"{SVG}desc") is not None
    # as the docstring says: one column, the score sheet below the grid
    assert (WIDTH, WIDTH_WITH_SCORE, HEIGHT, HEIGHT_WITH_SCORE) == (530, 530, 626, 956)


#: The width a picture gets on a 390 px phone screen, inside the page's margins.
PHONE_WIDTH = 350


@given(kingdoms(), legend_sets)
def test_names_and_score_read_at_9_5_pixels_or_more_on_a_phone(
    kingdom: Kingdom, legends: tuple[Legend, ...]
) -> None:
    """Shrunk to 350 px wide, every card name and every text of the score sheet is drawn at
    9.5 px or more: font size × 350 / 530, so a 16-unit name is 10.6 px, and "Mountain"
    and the sheet's Legends, the smallest at 14.5 and 15 units, 9.6 and 9.9 px."""
    root = draw(kingdom, show_score=True, legends=legends)
    scale = PHONE_WIDTH / float(root.get("viewBox", "").split()[2])
    names = {"Unexplored", *(card.english for card in Card)}
    card_names = [t for g in groups(root, "card") for t in g.iter(f"{SVG}text") if t.text in names]
    assert len(card_names) == 16
    (sheet,) = groups(root, "score")
    sheet_texts = list(sheet.iter(f"{SVG}text"))
    assert len(sheet_texts) >= 2 * 7 + 2
    small = [
        (t.text, float(t.get("font-size", "0")) * scale)
        for t in [*card_names, *sheet_texts]
        if float(t.get("font-size", "0")) * scale < 9.5
    ]
    assert small == []


@given(kingdoms())
def test_sixteen_cards_row_by_row_with_their_kinds(kingdom: Kingdom) -> None:
    """Any Kingdom gives 16 card groups, row by row, each with its kind (R4.1; ? is unexplored)."""
    cards = groups(draw(kingdom), "card")
    assert [g.get("data-pos") for g in cards] == [f"{r},{c}" for r in range(4) for c in range(4)]
    expected = ["unexplored" if cell is None else cell.english.lower() for cell in kingdom.cells]
    assert [g.get("data-kind") for g in cards] == expected


@given(
    kingdoms(),
    legend_sets,
    rulesets,
    st.booleans(),
    st.one_of(st.none(), st.text(max_size=80)),
)
def test_always_valid_xml(
    kingdom: Kingdom,
    legends: tuple[Legend, ...],
    ruleset: Ruleset,
    show_score: bool,
    title: str | None,
) -> None:
    """Whatever the Kingdom, Legends, ruleset and title text, the picture is well-formed XML."""
    text = kingdom_svg(
        kingdom, legends=legends, ruleset=ruleset, show_score=show_score, title=title
    )
    root = ET.fromstring(text)
    assert len(groups(root, "card")) == 16
    assert root.get("width") == str(WIDTH_WITH_SCORE if show_score else WIDTH)
    assert root.get("height") == str(HEIGHT_WITH_SCORE if show_score else HEIGHT)
    shown = f"Kingdom {kingdom}" if title is None else title
    allowed = "".join(
        ch
        if ch in "\t\n\r"
        or 0x20 <= ord(ch) <= 0xD7FF
        or 0xE000 <= ord(ch) <= 0xFFFD
        or ord(ch) > 0xFFFF
        else "\ufffd"
        for ch in shown
    )
    assert (root[0].text or "") == allowed.replace("\r\n", "\n").replace("\r", "\n")
    assert not any("id" in element.attrib for element in root.iter())  # many per page


def test_text_is_escaped() -> None:
    """Markup and control characters in a title are shown as text, never break the XML."""
    title = '<b>"Tom" & Jerry\'s</b>\x00\x1b'
    root = draw(EXAMPLE_1, title=title)
    assert root[0].text == '<b>"Tom" & Jerry\'s</b>\ufffd\ufffd'
    heading = next(t for t in root.iter(f"{SVG}text") if t.get("class") == "heading")
    assert heading.text == root[0].text


def test_same_input_same_picture() -> None:
    """Drawing is deterministic, so saved pictures can be checked for being up to date."""
    kingdom = Kingdom.parse(EXAMPLE_3)
    assert kingdom_svg(kingdom, show_score=True) == kingdom_svg(
        Kingdom.parse(EXAMPLE_3), show_score=True
    )


def test_repr_svg_is_the_picture() -> None:
    """Notebooks show a Kingdom as its picture (Kingdom._repr_svg_)."""
    kingdom = Kingdom.parse(EXAMPLE_2)
    assert kingdom._repr_svg_() == kingdom_svg(kingdom)


def test_bad_arguments_raise_library_errors() -> None:
    """Notation text instead of a Kingdom, or a Legend twice (R1.4), raise DrakoErrors."""
    with pytest.raises(NotationError, match=r"Kingdom\.parse"):
        kingdom_svg(EXAMPLE_1)  # type: ignore[arg-type]
    with pytest.raises(ScoringError, match="twice"):
        kingdom_svg(Kingdom.parse(EXAMPLE_1), legends=[Legend.TWO_ELVES, Legend.TWO_ELVES])


# --- the worked examples of RULES.md -------------------------------------------------------


def test_worked_example_1_links_conflict_and_wild_dragon() -> None:
    """Example 1: Portal (0,2) links Elf, Mountain, Dwarf; (2,3) links Mountain, Dragon, Swamp
    (R4.2); one Elf–Dwarf conflict through the Portal (R5.2); the Dragon is wild (R5.3)."""
    root = draw(EXAMPLE_1)
    assert networks(root) == {
        "A": ({"0,2"}, {"0,1", "0,3", "1,2"}, {"0,1|0,3", "0,1|1,2", "0,3|1,2"}),
        "B": ({"2,3"}, {"1,3", "2,2", "3,3"}, {"1,3|2,2", "1,3|3,3", "2,2|3,3"}),
    }
    assert conflicts(root) == {frozenset({"0,1", "1,2"})}
    assert [g.get("data-points") for g in groups(root, "conflict")] == ["-2"]
    assert blocked(root) == set()
    assert dragons(root) == {"2,2": "wild"}
    portal_cards = {
        g.get("data-pos"): g.get("data-network")
        for g in groups(root, "card")
        if g.get("data-kind") == "portal"
    }
    assert portal_cards == {"0,2": "A", "2,3": "B"}


def test_worked_example_2_goblin_blocked_and_two_domesticated_dragons() -> None:
    """Example 2: the Goblin (1,2) touches the Portal (0,2) but cannot use it (R4.3); three
    adjacent conflicts (R5.2); both Dragons domesticated (R5.3)."""
    root = draw(EXAMPLE_2)
    assert networks(root) == {
        "A": ({"0,2"}, {"0,1", "0,3"}, {"0,1|0,3"}),
        "B": ({"2,0"}, {"1,0", "2,1", "3,0"}, {"1,0|2,1", "1,0|3,0", "2,1|3,0"}),
    }
    assert blocked(root) == {("0,2", "1,2")}
    assert conflicts(root) == {
        frozenset({"1,1", "1,2"}),  # Goblin–Human
        frozenset({"1,2", "1,3"}),  # Goblin–Elf
        frozenset({"1,3", "2,3"}),  # Elf–Dwarf
    }
    assert dragons(root) == {"1,0": "domesticated", "2,2": "domesticated"}


def test_worked_example_3_five_portals_one_conflict() -> None:
    """Example 3: five separate Portals (R4.2); seven Goblin–Portal contacts, all blocked
    (R4.3); the Elf (2,2) and Dwarf (1,3) are linked by two Portals, one conflict (R4.4)."""
    root = draw(EXAMPLE_3)
    found = networks(root)
    assert sorted(p for portals, _, _ in found.values() for p in portals) == [
        "0,1",
        "1,0",
        "1,2",
        "2,1",
        "2,3",
    ]
    assert all(len(portals) == 1 for portals, _, _ in found.values())
    assert blocked(root) == {
        ("0,1", "0,0"),
        ("0,1", "0,2"),
        ("1,0", "0,0"),
        ("1,0", "2,0"),
        ("1,2", "0,2"),
        ("2,1", "2,0"),
        ("2,3", "3,3"),
    }
    assert conflicts(root) == {frozenset({"2,2", "1,3"})}
    assert dragons(root) == {}


@pytest.mark.parametrize(
    ("text", "values", "legends"),
    [
        (EXAMPLE_1, (2, 4, 3, 3, -3, 0, -2), ()),
        (EXAMPLE_2, (0, 0, 0, 0, 8, 0, -6), ()),
        (EXAMPLE_3, (-2, 0, -1, 9, 0, 4, -2), (Legend.THREE_SWAMPS,)),
    ],
)
def test_score_sheet_beside_the_grid(
    text: str, values: tuple[int, ...], legends: tuple[Legend, ...]
) -> None:
    """With show_score the seven categories (R5.5), their total and the Legends (R5.4) are
    shown: the worked examples' hand-computed values (example 3 with three-swamps, +4)."""
    root = draw(text, show_score=True, legends=legends)
    rows = groups(root, "score-row")
    assert [g.get("data-category") for g in rows] == [
        "elves",
        "dwarves",
        "humans",
        "goblins",
        "dragons",
        "legends",
        "conflicts",
    ]
    assert tuple(int(g.get("data-value", "")) for g in rows) == values
    (total,) = groups(root, "score-total")
    assert int(total.get("data-value", "")) == sum(values)
    assert [g.get("data-legend") for g in groups(root, "score-legend")] == [x.id for x in legends]
    assert groups(draw(text), "score") == []  # not without show_score


def test_classic_goblins_do_not_fight() -> None:
    """Two adjacent Goblins are a conflict in pocket (R5.2) but not in classic (R9.2)."""
    kingdom = Kingdom.parse("GGFF/FFFF/FFFF/FFFF")
    assert conflicts(draw(kingdom)) == {frozenset({"0,0", "0,1"})}
    assert conflicts(draw(kingdom, ruleset=CLASSIC)) == set()


# --- properties any correct picture has ----------------------------------------------------


@given(kingdoms())
def test_each_network_links_every_pair_of_its_cards(kingdom: Kingdom) -> None:
    """Every card touching a Portal network is linked to every other one (R4.2), except
    Goblins, which are shown blocked (R4.3), and Unexplored Lands, which link nothing (R4.6)."""
    root = draw(kingdom)
    found = networks(root)
    marked_blocked = blocked(root)
    for portals, cards, pairs in found.values():
        touching = {
            q for p in portals for q in pos(p).neighbours() if kingdom[q] is not Card.PORTAL
        }
        usable = {q for q in touching if kingdom[q] is not None and kingdom[q] is not Card.GOBLIN}
        assert {pos(c) for c in cards} == usable
        expected = {
            f"{a.row},{a.col}|{b.row},{b.col}" for a, b in itertools.combinations(sorted(usable), 2)
        }
        assert pairs == expected
        goblins = {
            (p, f"{q.row},{q.col}")
            for p in portals
            for q in pos(p).neighbours()
            if kingdom[q] is Card.GOBLIN
        }
        assert goblins <= marked_blocked
    all_portals = sorted(p for portals, _, _ in found.values() for p in portals)
    assert all_portals == sorted(f"{p.row},{p.col}" for p in kingdom.positions_of(Card.PORTAL))


@given(kingdoms(), rulesets)
def test_conflicts_are_hating_tribes(kingdom: Kingdom, ruleset: Ruleset) -> None:
    """Each conflict marked joins two Tribes that hate each other (R5.2, R9.2), and there are
    as many as the Conflicts category counts."""
    root = draw(kingdom, ruleset=ruleset)
    marked = groups(root, "conflict")
    for g in marked:
        a, b = kingdom[pos(g.get("data-a", ""))], kingdom[pos(g.get("data-b", ""))]
        assert a is not None and b is not None and a.is_tribe and b.is_tribe
        assert ruleset.hate(a, b)
        assert int(g.get("data-points", "")) == ruleset.conflict_points
    assert len(marked) * ruleset.conflict_points == score(kingdom, ruleset=ruleset).conflicts


@given(kingdoms(), rulesets)
def test_dragon_marks_agree_with_dragon_points(kingdom: Kingdom, ruleset: Ruleset) -> None:
    """The Dragons marked domesticated give the Dragons category of the score sheet (R5.3)."""
    marks = dragons(draw(kingdom, ruleset=ruleset))
    assert len(marks) == kingdom.count(Card.DRAGON)
    tame = sum(1 for state in marks.values() if state == "domesticated")
    assert set(marks.values()) <= {"domesticated", "wild"}
    assert ruleset.dragon_points(len(marks), tame) == score(kingdom, ruleset=ruleset).dragons


@given(kingdoms(), st.booleans(), legend_sets)
def test_everything_drawn_inside_the_picture(
    kingdom: Kingdom, show_score: bool, legends: tuple[Legend, ...]
) -> None:
    """Every shape and text of the picture lies inside its documented width and height."""
    root = draw(kingdom, show_score=show_score, legends=legends)
    width, height = int(root.get("width", "")), int(root.get("height", ""))
    for element in root.iter():
        a = element.attrib
        for name in ("x", "x1", "x2", "cx"):
            if name in a:
                assert 0 <= float(a[name]) <= width, (element.tag, a)
        for name in ("y", "y1", "y2", "cy"):
            if name in a:
                assert 0 <= float(a[name]) <= height, (element.tag, a)
        if element.tag == f"{SVG}rect":
            assert float(a["x"]) + float(a["width"]) <= width
            assert float(a["y"]) + float(a["height"]) <= height


def test_r9_3_classic_pictures_show_the_goblins_links_through_a_portal() -> None:
    """R4.3, R9.3: in HWMW/HDWM/DHOG/HDSG the Goblin (2,3) beside the Portal (2,2) is a
    crossed-out bar in pocket (one conflict, Goblin–Goblin), a link in classic, whose two
    conflicts are the Dwarf and the Human against it through the Portal."""
    kingdom = Kingdom.parse("HWMW/HDWM/DHOG/HDSG")
    pocket = kingdom_svg(kingdom)
    classic = kingdom_svg(kingdom, ruleset=CLASSIC)
    assert pocket.count('class="portal-blocked"') == 1 and pocket.count('class="conflict"') == 1
    assert classic.count('class="portal-blocked"') == 0 and classic.count('class="conflict"') == 2
    assert 'data-pairs="1,2|2,1 1,2|2,3 1,2|3,2 2,1|2,3 2,1|3,2"' in classic
    assert 'data-pairs="1,2|2,1 1,2|3,2 2,1|3,2"' in pocket
