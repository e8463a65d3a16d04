"""Hypothesis strategies shared by the tests: cards, Kingdoms, Legends."""

from __future__ import annotations

from hypothesis import strategies as st

from drako_rules import Card, Kingdom, Legend, Position

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
