"""The version of drako-rules, in one place: the package build reads it from here
(``[tool.hatch.version]`` in ``pyproject.toml``), and ``drako_rules.__version__``, the
command line and the JSON outputs read it without loading ``importlib.metadata``."""

from __future__ import annotations

__all__ = ["__version__", "library_version"]

__version__ = "0.1.0"


def library_version() -> str:
    """The version of drako-rules (the value of ``drako_rules.__version__``), for records,
    reports and ``--version``."""
    return __version__
