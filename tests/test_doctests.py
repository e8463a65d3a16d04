"""The ``>>>`` examples in every module's docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import drako_rules

MODULES = sorted(
    name
    for _, name, _ in pkgutil.walk_packages(drako_rules.__path__, prefix="drako_rules.")
    if not name.endswith("__main__")
)


@pytest.mark.parametrize("name", ["drako_rules", *MODULES])
def test_docstring_examples(name: str) -> None:
    """Every docstring example of the module gives the output it shows."""
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
