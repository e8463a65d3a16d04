"""Ranking (R5.6): places, shared places, and how each tie on total was broken."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drako_rules import (
    Category,
    DrakoTypeError,
    Kingdom,
    ScoreSheet,
    ScoringError,
    TieBreak,
    rank,
    ranking,
    score,
)
from strategies import any_kingdoms, score_sheets


def sheet(*values: int) -> ScoreSheet:
    """A sheet with the seven category values given (R5.5 order) and their sum as total."""
    assert len(values) == 7
    return ScoreSheet(*values, sum(values), Kingdom.unexplored())


def beats(a: ScoreSheet, b: ScoreSheet) -> bool:
    """R5.6 written out: higher total; if tied, the first difference of the sorted values."""
    if a.total != b.total:
        return a.total > b.total
    for x, y in zip(sorted(a.values, reverse=True), sorted(b.values, reverse=True), strict=True):
        if x != y:
            return x > y
    return False


# --- by hand --------------------------------------------------------------------------------


def test_highest_total_wins() -> None:
    """R5.6: totals 5, 9, 2: places 2, 1, 3, whatever the categories."""
    sheets = [sheet(5, 0, 0, 0, 0, 0, 0), sheet(3, 3, 3, 0, 0, 0, 0), sheet(8, 0, 0, 0, 0, 0, -6)]
    r = ranking(sheets)
    assert r.places == (2, 1, 3) == rank(sheets)
    assert r.order == (1, 0, 2)
    assert r.winners == (1,)
    assert r.tie_breaks == ()


def test_tie_broken_on_the_highest_category() -> None:
    """R5.6: totals 10 = 10 = 10; sorted values 5,5,… / 6,4,… / 3,3,2,2,…: 6 > 5 > 3: places 2, 1, 3."""
    a = sheet(5, 5, 0, 0, 0, 0, 0)
    b = sheet(6, 4, 0, 0, 0, 0, 0)
    c = sheet(0, 3, 2, 3, 2, 0, 0)
    r = ranking([a, b, c])
    assert r.places == (2, 1, 3)
    assert r.order == (1, 0, 2)
    first, second = r.tie_breaks
    assert (first.higher, first.lower, first.total, first.step) == (1, 0, 10, 0)
    assert (first.higher_value, first.lower_value) == (6, 5)
    assert (first.higher_category, first.lower_category) == (Category.ELVES, Category.ELVES)
    assert not first.shared
    assert (second.higher, second.lower, second.step) == (0, 2, 0)
    assert (second.higher_value, second.lower_value) == (5, 3)
    assert second.lower_category is Category.DWARVES  # the first of c's two 3s, in sheet order
    assert first.describe() == (
        "player 2 and player 1 tie on 10; player 2 wins on the 1st highest category: "
        "6 (Elves) against 5 (Elves) (R5.6)"
    )


def test_tie_broken_on_the_second_category() -> None:
    """R5.6: totals 9 = 9; sorted 5,4,0… against 5,3,1,…: equal first, 4 > 3 second: Ann wins."""
    ann = sheet(5, 4, 0, 0, 0, 0, 0)
    bob = sheet(0, 0, 5, 3, 1, 0, 0)
    r = ranking([bob, ann])
    assert r.places == (2, 1)
    (tie,) = r.tie_breaks
    assert (tie.higher, tie.lower, tie.step) == (1, 0, 1)
    assert (tie.higher_value, tie.higher_category) == (4, Category.DWARVES)
    assert (tie.lower_value, tie.lower_category) == (3, Category.GOBLINS)
    text = tie.describe(["Bob", "Ann"])
    assert text.startswith("Ann and Bob tie on 9; Ann wins on the 2nd highest category")
    assert "4 (Dwarves) against 3 (Goblins)" in text


def test_negative_categories_sort_last() -> None:
    """R5.6: totals 2 = 2; sorted 4,0,…,−2 against 2,0,…: 4 > 2 decides at the first step."""
    r = ranking([sheet(0, 0, 2, 0, 0, 0, 0), sheet(4, 0, 0, 0, 0, 0, -2)])
    assert r.places == (2, 1)
    assert r.tie_breaks[0].step == 0


def test_equal_sequences_share_the_place() -> None:
    """R5.6: 5,3 in Elves/Dwarves and 3,5 in Dwarves/Elves are the same sequence: places 1, 1, 3."""
    r = ranking(
        [sheet(5, 3, 0, 0, 0, 0, 0), sheet(3, 5, 0, 0, 0, 0, 0), sheet(1, 0, 0, 0, 0, 0, 0)]
    )
    assert r.places == (1, 1, 3)
    assert r.winners == (0, 1)
    (tie,) = r.tie_breaks
    assert tie.shared and tie.step is None and tie.higher_value is None
    assert tie.describe() == (
        "player 1 and player 2 tie on 8 with equal category values, and share the place (R5.6)"
    )


def test_shared_place_is_competition_ranking() -> None:
    """R5.6: two players share 2nd place, the next is 4th (1, 2, 2, 4)."""
    r = ranking([sheet(9, 0, 0, 0, 0, 0, 0), sheet(4, 0, 0, 0, 0, 0, 0), sheet(4, 0, 0, 0, 0, 0, 0),
                 sheet(1, 0, 0, 0, 0, 0, 0)])  # fmt: skip
    assert r.places == (1, 2, 2, 4)


def test_worked_examples_ranked() -> None:
    """R5.6: worked examples 1, 2, 3 (totals 7, 2, 4) rank 1, 3, 2."""
    texts = ("FEOM/HPWM/SGDO/PPHS", "HHOE/DHGE/OWDW/SSMF", "GOGS/OHOW/GOEO/SSSG")
    assert rank(score(Kingdom.parse(t)) for t in texts) == (1, 3, 2)


def test_no_players() -> None:
    """R5.6: ranking nobody gives empty places."""
    assert ranking([]).places == () and rank([]) == ()


@pytest.mark.parametrize("bad", [7, None, "sheet"])
def test_rank_takes_score_sheets(bad: object) -> None:
    """R5.6: ranking anything but ScoreSheets raises ScoringError (a ValueError)."""
    with pytest.raises(ScoringError):
        ranking([sheet(0, 0, 0, 0, 0, 0, 0), bad])  # type: ignore[list-item]


def test_tie_break_is_frozen() -> None:
    """Immutability: a TieBreak cannot be changed."""
    tie = TieBreak(0, 1, 5, None)
    with pytest.raises(AttributeError):
        tie.step = 2  # type: ignore[misc]


# --- properties ----------------------------------------------------------------------------

sheet_lists = st.lists(score_sheets(), min_size=1, max_size=6)


@given(sheet_lists)
def test_places_follow_r5_6(sheets: list[ScoreSheet]) -> None:
    """R5.6: each place is 1 + the number of players that beat this one (competition ranking)."""
    places = rank(sheets)
    assert len(places) == len(sheets)
    for i, s in enumerate(sheets):
        assert places[i] == 1 + sum(beats(other, s) for other in sheets)
    assert min(places) == 1


@given(sheet_lists)
def test_winner_has_the_highest_total(sheets: list[ScoreSheet]) -> None:
    """R5.6: every player in 1st place has the highest total."""
    r = ranking(sheets)
    best = max(s.total for s in sheets)
    assert r.winners and all(sheets[i].total == best for i in r.winners)


@given(st.data())
def test_permuting_players_permutes_places(data: st.DataObject) -> None:
    """R5.6: shuffling the players shuffles their places the same way."""
    sheets = data.draw(sheet_lists)
    order = data.draw(st.permutations(range(len(sheets))))
    places = rank(sheets)
    assert rank([sheets[i] for i in order]) == tuple(places[i] for i in order)


@given(sheet_lists)
def test_order_and_tie_breaks_explain_the_places(sheets: list[ScoreSheet]) -> None:
    """R5.6: order lists players by place; one TieBreak per consecutive equal total, saying what decided."""
    r = ranking(sheets)
    assert sorted(r.order) == list(range(len(sheets)))
    assert [r.places[i] for i in r.order] == sorted(r.places)
    pairs = [(a, b) for a, b in zip(r.order, r.order[1:], strict=False)]
    tied = [(a, b) for a, b in pairs if sheets[a].total == sheets[b].total]
    assert [(t.higher, t.lower) for t in r.tie_breaks] == tied
    for tie in r.tie_breaks:
        hi = sorted(sheets[tie.higher].values, reverse=True)
        lo = sorted(sheets[tie.lower].values, reverse=True)
        assert tie.total == sheets[tie.higher].total
        if tie.shared:
            assert hi == lo and r.places[tie.higher] == r.places[tie.lower]
        else:
            assert tie.step is not None
            assert tie.higher_value is not None and tie.lower_value is not None
            assert hi[: tie.step] == lo[: tie.step]
            assert hi[tie.step] == tie.higher_value > lo[tie.step] == tie.lower_value
            assert tie.higher_category is not None and tie.lower_category is not None
            assert sheets[tie.higher][tie.higher_category] == tie.higher_value
            assert sheets[tie.lower][tie.lower_category] == tie.lower_value
            assert r.places[tie.higher] < r.places[tie.lower]
        assert "R5.6" in tie.describe()


@given(st.lists(any_kingdoms, min_size=1, max_size=4))
def test_real_sheets_rank_by_total_first(kingdoms_: list[Kingdom]) -> None:
    """R5.6: for scored Kingdoms, a higher total always means a better (lower) place."""
    sheets = [score(k) for k in kingdoms_]
    places = rank(sheets)
    for i, j in itertools.product(range(len(sheets)), repeat=2):
        if sheets[i].total > sheets[j].total:
            assert places[i] < places[j]


def test_describe_needs_a_name_for_each_tied_player() -> None:
    """TieBreak.describe with too few names is the library's ScoringError, not IndexError."""
    from drako_rules import ScoringError, TieBreak

    tie = TieBreak(higher=0, lower=2, total=7, step=None)
    for names in ([], ["Ana"], ["Ana", "Bo"]):  # player 2 needs a third name
        with pytest.raises(ScoringError, match=f"{len(names)} names given"):
            tie.describe(names)
    assert "Ana" in tie.describe(["Ana", "Bo", "Cy"])


@pytest.mark.parametrize("bad", [7, "sheets", None])
def test_ranking_takes_an_iterable_that_is_not_a_string(bad: object) -> None:
    """R5.6: ``ranking`` of something that is not an iterable of sheets (a number, a
    string, None) raises DrakoTypeError, never a TypeError from Python or a ScoringError
    about each character of a string."""
    with pytest.raises(DrakoTypeError, match="an iterable of ScoreSheets"):
        ranking(bad)  # type: ignore[arg-type]


def test_a_tie_break_compares_values_not_their_objects() -> None:
    """R5.6 compares numbers: two sheets tied on 305 whose highest categories are both 300
    (equal values computed apart, so two different int objects) are told apart at the 2nd
    highest category, 5 against 4, not at the 1st."""
    high = sheet(int("300"), 5, 0, 0, 0, 0, 0), sheet(int("300"), 4, 1, 0, 0, 0, 0)
    (tie,) = ranking(high).tie_breaks
    assert (tie.higher, tie.lower, tie.total, tie.step) == (0, 1, 305, 1)
    assert (tie.higher_value, tie.lower_value) == (5, 4)


def test_ranking_many_sheets_is_not_quadratic() -> None:
    """Bounded work on hostile input: 40,000 sheets of two totals (7 and 2) rank in one
    pass over their sorted keys: the 20,000 sevens share 1st place, the 20,000 twos share
    place 20,001 (counting, for each sheet, the sheets above it took 1.6 billion steps)."""
    seven = score(Kingdom.parse("FEOM/HPWM/SGDO/PPHS"))
    two = score(Kingdom.parse("HHOE/DHGE/OWDW/SSMF"))
    places = ranking([seven, two] * 20_000).places
    assert places[:4] == (1, 20_001, 1, 20_001) and set(places) == {1, 20_001}
