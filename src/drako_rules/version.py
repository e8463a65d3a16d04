"""The version of the installed drako-rules distribution, read once when first asked for.

Kept out of the package's ``__init__`` so that ``import drako_rules`` reads no package
metadata; ``drako_rules.__version__`` is the same value, looked up on first use.
"""

from __future__ import annotations

from functools import cache

__all__ = ["library_version"]


@cache
def library_version() -> str:
    """The version of the installed ``drako-rules`` (``"0.0.0+unknown"`` from a source tree
    that was never installed)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("drako-rules")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree
        return "0.0.0+unknown"
