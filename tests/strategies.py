"""Hypothesis strategies shared by the tests: cards, Kingdoms, notations, Legends, sheets."""

from __future__ import annotations

import itertools

from hypothesis import strategies as st

from drako_rules import Card, Kingdom, Legend, Position, ScoreSheet

cards: st.SearchStrategy[Card] = st.sampled_from(list(Card))
cells: st.SearchStrategy[Card | None] = st.one_of(st.none(), cards)
positions: st.SearchStrategy[Position] = st.builds(Position, st.integers(0, 3), st.integers(0, 3))
legends: st.SearchStrategy[Legend] = st.sampled_from(list(Legend))
legend_sets: st.SearchStrategy[tuple[Legend, ...]] = st.lists(legends, unique=True, max_size=6).map(
    tuple
)


@st.composite
def full_kingdoms(draw: st.DrawFn) -> Kingdom:
    """A Kingdom with every card revealed, kinds drawn uniformly."""
    return Kingdom(tuple(draw(st.lists(cards, min_size=16, max_size=16))))


@st.composite
def kingdoms(draw: st.DrawFn) -> Kingdom:
    """Any Kingdom, Unexplored Lands included."""
    return Kingdom(tuple(draw(st.lists(cells, min_size=16, max_size=16))))


@st.composite
def portal_free_kingdoms(draw: st.DrawFn) -> Kingdom:
    """A full Kingdom without any Portal."""
    kinds = [c for c in Card if c is not Card.PORTAL]
    return Kingdom(tuple(draw(st.lists(st.sampled_from(kinds), min_size=16, max_size=16))))


@st.composite
def clustered_kingdoms(draw: st.DrawFn, unexplored: bool = True) -> Kingdom:
    """A Kingdom drawn from a small palette of kinds (repeats weight them).

    Few kinds per Kingdom make what uniform Kingdoms rarely show common: Portal
    networks, three Lands of a kind together, Tribes surrounding a Dragon, battles.
    """
    palette = draw(st.lists(cells if unexplored else cards, min_size=1, max_size=6))
    return Kingdom(tuple(draw(st.lists(st.sampled_from(palette), min_size=16, max_size=16))))


@st.composite
def portal_rich_kingdoms(draw: st.DrawFn) -> Kingdom:
    """A Kingdom where about a third of the cells are Portals: large, branching networks."""
    palette = draw(st.lists(cells, min_size=1, max_size=5))
    portals = draw(st.integers(1, 4))
    choice = st.sampled_from([*palette, *[Card.PORTAL] * portals])
    return Kingdom(tuple(draw(st.lists(choice, min_size=16, max_size=16))))


#: Every kind of Kingdom the properties are checked on.
any_kingdoms: st.SearchStrategy[Kingdom] = st.one_of(
    kingdoms(), full_kingdoms(), clustered_kingdoms(), portal_rich_kingdoms()
)


def _without_portals(kingdom: Kingdom) -> Kingdom:
    return Kingdom(tuple(Card.PLAIN if c is Card.PORTAL else c for c in kingdom.cells))


#: A Kingdom without any revealed Portal (each Portal became a Plain); Unexplored Lands
#: allowed (R4.6).
no_portal_kingdoms: st.SearchStrategy[Kingdom] = any_kingdoms.map(_without_portals)


@st.composite
def goblin_beside_portal(draw: st.DrawFn) -> tuple[Kingdom, Position, Position]:
    """A Kingdom with a Goblin at the first position and a Portal beside it at the second."""
    kingdom = draw(any_kingdoms)
    goblin = draw(positions)
    portal = draw(st.sampled_from(goblin.neighbours()))
    kingdom = kingdom.replace(goblin, Card.GOBLIN).replace(portal, Card.PORTAL)
    return kingdom, goblin, portal


@st.composite
def notations(draw: st.DrawFn, kingdom: Kingdom) -> str:
    """Some way of writing ``kingdom`` in the Kingdom notation of RULES.md.

    Each card is its letter or English name in any case (``?`` for an Unexplored Land);
    letters may be run together, names are separated by spaces; rows are separated by
    ``/`` or new lines, with optional spaces and blank lines around.
    """
    lines = []
    for row in kingdom.rows:
        tokens: list[str] = []
        for cell in row:
            word = "?" if cell is None else draw(st.sampled_from([cell.letter, cell.english]))
            word = "".join(
                ch.upper() if draw(st.booleans()) else ch.lower() for ch in word
            )  # any case
            tokens.append(word)
        text = tokens[0]
        for previous, token in itertools.pairwise(tokens):
            run_together = len(previous) == 1 and len(token) == 1 and draw(st.booleans())
            text += ("" if run_together else " " * draw(st.integers(1, 3))) + token
        lines.append(" " * draw(st.integers(0, 2)) + text + " " * draw(st.integers(0, 2)))
    out = lines[0]
    for line in lines[1:]:
        out += draw(st.sampled_from(["/", " / ", "\n", "\r\n", "\r", "\n\n"])) + line
    return draw(st.sampled_from(["", "\n", "  \n"])) + out + draw(st.sampled_from(["", "\n"]))


#: One score-sheet value: small, so that ties on totals and on sequences are common.
_values = st.integers(-3, 3)


@st.composite
def score_sheets(draw: st.DrawFn) -> ScoreSheet:
    """A ScoreSheet with small category values (total = their sum, R5.5), for ranking."""
    elves, dwarves, humans, goblins, dragons = draw(st.lists(_values, min_size=5, max_size=5))
    legends = draw(st.integers(0, 4))
    conflicts = draw(st.integers(-4, 0))
    values = (elves, dwarves, humans, goblins, dragons, legends, conflicts)
    return ScoreSheet(*values, total=sum(values), kingdom=Kingdom.unexplored())
