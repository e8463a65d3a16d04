"""The ``>>>`` examples in every module's docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import pkgutil

import pytest

import drako_rules

MODULES = sorted(
    name
    for _, name, _ in pkgutil.walk_packages(drako_rules.__path__, prefix="drako_rules.")
    if not name.endswith("__main__")
)


#: Whether the optional extra ``rl`` (drako_rules.env's PettingZoo, Gymnasium, NumPy) is here.
RL_EXTRA = all(importlib.util.find_spec(m) for m in ("pettingzoo", "gymnasium", "numpy"))


@pytest.mark.parametrize("name", ["drako_rules", *MODULES])
def test_docstring_examples(name: str) -> None:
    """Every docstring example of the module gives the output it shows (drako_rules.env's
    only with the rl extra installed)."""
    if name.startswith("drako_rules.env") and not RL_EXTRA:
        pytest.skip("drako_rules.env needs the rl extra")
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
