"""benchmarks/masks_bench.py: its passes run on a few games and count what they say (never
timed). Skipped when the optional extra ``rl`` is missing."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from benchmarks import masks_bench

import drako_rules
import drako_rules.env


def test_mask_pass_masks_every_legal_tuple_of_the_games() -> None:
    """A mask pass makes one mask per decision of the games it plays."""
    seeds = range(3)
    _, calls = masks_bench.mask_pass(drako_rules, seeds)
    assert calls == len(masks_bench.legal_tuples(drako_rules, seeds)) > 3 * 24


@pytest.mark.parametrize("kind", masks_bench.LOOPS)
def test_each_loop_plays_whole_games_with_or_without_the_hook(kind: str) -> None:
    """Each loop plays its games to the end, the same steps whether it calls the hook once
    or 11 times a step (the choices come from the same masks)."""
    _, steps = masks_bench.loop_pass(drako_rules, kind, range(2))
    other = kind.removesuffix(" ×11") if kind.endswith("×11") else kind + " ×11"
    assert steps > 2 and steps == masks_bench.loop_pass(drako_rules, other, range(2))[1]


def test_check_same_accepts_equal_sides() -> None:
    """The check of the two sides passes on one package against itself."""
    masks_bench.check_same(drako_rules, drako_rules, range(2))
