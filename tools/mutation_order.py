"""A pytest plugin for mutation runs: the example tests first, the Hypothesis properties last.

``tools/mutate.py`` copies this file into each module's scratch directory and runs every
mutant's tests with ``-x -p mutation_order``. Nothing is left out and no test changes: the
same tests run, in an order where a mutant is most often killed by a quick example test
before any property spends its examples. A survivor still runs every test.
"""

from __future__ import annotations

import pytest


def _is_property(item: pytest.Item) -> bool:
    return bool(getattr(getattr(item, "obj", None), "is_hypothesis_test", False))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Move the Hypothesis tests after the others, each group in its collected order."""
    items.sort(key=_is_property)
