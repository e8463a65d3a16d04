"""The kernel (``drako_rules._kernel``, issue 23): compiled whole, and what the public types
built from it promise (eager, frozen, slotted values; a readable one-line sheet)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import attrs
import pytest
from hypothesis import given

from drako_rules.kingdom import Kingdom
from drako_rules.rulesets import CLASSIC, POCKET
from drako_rules.scoring import CATEGORIES, ScoreSheet, score
from strategies import kingdoms

ROOT = Path(__file__).resolve().parent.parent


def test_the_compiled_build_lists_every_module_of_the_kernel() -> None:
    """pyproject.toml's mypyc hook compiles the whole kernel package."""
    with open(ROOT / "pyproject.toml", "rb") as file:
        hook = tomllib.load(file)["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    listed = set(hook["include"])
    kernel = ROOT / "src" / "drako_rules" / "_kernel"
    modules = {f"/src/drako_rules/_kernel/{p.name}" for p in kernel.glob("*.py")}
    assert modules and modules <= listed


def test_a_score_sheet_is_an_ordinary_frozen_slotted_value() -> None:
    """Every field is held from the start (R5.5): no instance dictionary, nothing decoded
    on read, and a field cannot be set."""
    sheet = score(Kingdom.parse("FEOM/HPWM/SGDO/PPHS"))
    assert not hasattr(sheet, "__dict__")
    assert "elves" in vars(ScoreSheet)["__slots__"]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        sheet.total = 0  # type: ignore[misc]
    assert attrs.evolve(sheet) == sheet


@given(kingdoms())
def test_str_of_a_sheet_is_one_line_with_the_total_and_every_category(kingdom: Kingdom) -> None:
    """``str(sheet)`` (issue 26): the total, then each category's label and value in sheet
    order (R5.5), on one line; the repr names the class and holds no Kingdom."""
    for ruleset in (POCKET, CLASSIC):
        sheet = score(kingdom, ruleset=ruleset)
        text = str(sheet)
        assert "\n" not in text
        assert text.startswith(f"total {sheet.total}: ")
        expected = ", ".join(f"{c.label} {sheet[c]}" for c in CATEGORIES)
        assert text.endswith(expected)
        assert repr(sheet).startswith("ScoreSheet(elves=") and "Kingdom" not in repr(sheet)
        assert sheet.total == sum(sheet.values)
