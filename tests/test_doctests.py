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


def installed(module: str) -> bool:
    """Whether ``module`` can be imported."""
    try:
        importlib.import_module(module)
    except ImportError:
        return False
    return True


#: Whether the optional extra ``rl`` (drako_rules.env's PettingZoo, Gymnasium, NumPy) is here.
RL_EXTRA = all(installed(m) for m in ("pettingzoo", "gymnasium", "numpy"))


@pytest.mark.parametrize("name", ["drako_rules", *MODULES])
def test_docstring_examples(name: str) -> None:
    """Every docstring example of the module gives the output it shows (drako_rules.env's
    only with the rl extra installed)."""
    if name.startswith("drako_rules.env") and not RL_EXTRA:
        pytest.skip("drako_rules.env needs the rl extra")
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
