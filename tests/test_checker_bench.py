"""benchmarks/checker_speed.py runs on this checkout and reports every call (never timed)."""

from __future__ import annotations

import pytest
from benchmarks import checker_speed, side_by_side

import drako_rules.checker
import drako_rules.web


def test_checker_speed_compares_two_copies_call_by_call() -> None:
    """A second copy of this checkout's package gives the same output as the one imported,
    and each call is timed on both (no time asserted)."""
    other = side_by_side.load(side_by_side.ROOT / "src", ["drako_rules.checker", "drako_rules.web"])
    old, new = checker_speed.Side(other), checker_speed.Side(drako_rules)
    assert old.parse_game is not new.parse_game
    assert len(new.games) == len(checker_speed.EXAMPLES) >= 3
    assert old.outputs() == new.outputs()
    figures = checker_speed.compare(old, new, checker_speed.CALLS, rounds=1, clock="cpu")
    assert list(figures) == list(checker_speed.CALLS)
    assert all(a >= 0 and b >= 0 for a, b in figures.values())


def test_checker_speed_refuses_an_unknown_call(capsys: pytest.CaptureFixture[str]) -> None:
    """The command line names the calls it knows when given another."""
    with pytest.raises(SystemExit):
        checker_speed.main(["parse"])
    assert "unknown call 'parse'" in capsys.readouterr().err
