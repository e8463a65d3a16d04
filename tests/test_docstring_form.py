"""Docstrings read well in ``help()``: they name other objects as plain backticked names
(`` `POCKET` ``), which the docs build turns into links (docs/hooks/code_crossrefs.py),
never in Markdown cross-reference syntax (``[`POCKET`][drako_rules.rulesets.POCKET]``)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import pydoc
import re

import pytest

import drako_rules

#: Markdown cross-reference syntax: [`text`][identifier], [`text`][], [text][drako_rules.x].
CROSSREF = re.compile(r"\[`[^`\n]+`\]\[[\w.]*\]|\]\[drako_rules[\w.]*\]")


def help_text(obj: object) -> str:
    """What ``help(obj)`` prints (without the terminal's bold)."""
    return re.sub(".\b", "", pydoc.render_doc(obj))


MODULES = sorted(
    name
    for _, name, _ in pkgutil.walk_packages(drako_rules.__path__, prefix="drako_rules.")
    if not name.endswith("__main__")
)


def _importable(name: str) -> bool:
    try:
        importlib.import_module(name)
    except ImportError:  # drako_rules.env without the rl extra
        return False
    return True


def test_the_pattern_sees_crossref_syntax() -> None:
    """The check finds each form of cross-reference and passes plain names and indexing."""
    for text in ("[`POCKET`][drako_rules.rulesets.POCKET]", "[`X`][]", "[the rules][drako_rules]"):
        assert CROSSREF.search(text), text
    assert CROSSREF.search("`POCKET`, kingdom[0][1], ``[`x`]``") is None


@pytest.mark.parametrize("name", ["drako_rules", *MODULES])
def test_help_of_each_module_shows_no_crossref_syntax(name: str) -> None:
    """``help()`` of the module (its docstring and every function, class and method in
    it) shows no Markdown cross-reference syntax."""
    if not _importable(name):
        pytest.skip(f"{name} needs an optional extra")
    text = help_text(importlib.import_module(name))
    assert len(text) > 100
    assert [m.group(0) for m in CROSSREF.finditer(text)] == []


def test_help_of_each_exported_name_shows_no_crossref_syntax() -> None:
    """Nor does ``help()`` of any function or class of ``drako_rules.__all__``."""
    found = {}
    objects = [getattr(drako_rules, name) for name in drako_rules.__all__]
    shown = [obj for obj in objects if inspect.isroutine(obj) or inspect.isclass(obj)]
    assert len(shown) >= 30
    for obj in shown:
        text = help_text(obj)
        if hits := CROSSREF.findall(text):
            found[obj.__name__] = hits[:3]
    assert found == {}


def test_docrefs_check_finds_nothing_to_rewrite() -> None:
    """``tools/docrefs.py --check`` lists nothing in src/: every docstring is in the form."""
    pytest.importorskip("griffe", reason="the docs extra is not installed")
    from tools import docrefs

    assert docrefs.main(["--check"]) == 0
