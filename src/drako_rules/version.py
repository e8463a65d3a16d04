"""The version of drako-rules, in one place: the package build reads it from here
(``[tool.hatch.version]`` in ``pyproject.toml``), and ``drako_rules.__version__``, the
command line and the JSON outputs read it without loading ``importlib.metadata``."""

from __future__ import annotations

import os

__all__ = ["__version__", "compiled_modules", "library_version"]

__version__ = "0.1.0"


def library_version() -> str:
    """The version of drako-rules (the value of ``drako_rules.__version__``), for records,
    reports and ``--version``."""
    return __version__


def compiled_modules() -> tuple[str, ...]:
    """The modules of this copy of drako-rules that are compiled, by dotted name, sorted.

    ``()`` for the default build, which is pure Python. The opt-in compiled build
    (``HATCH_BUILD_HOOK_ENABLE_MYPYC=true``, see ``docs/performance.md``)
    compiles the rules' hot modules with mypyc from the same typed sources; Python imports
    a compiled module in place of its source. Read from the files installed in the
    package's folder, without importing anything.

    Examples:
        >>> from drako_rules.version import compiled_modules
        >>> all(name.startswith("drako_rules.") for name in compiled_modules())
        True
    """
    from importlib.machinery import EXTENSION_SUFFIXES

    root = os.path.dirname(os.path.abspath(__file__))
    names = set()
    for folder, _, files in os.walk(root):
        package = os.path.relpath(folder, root).replace(os.sep, ".")
        prefix = "drako_rules." if package == "." else f"drako_rules.{package}."
        for file in files:
            suffix = next((s for s in EXTENSION_SUFFIXES if file.endswith(s)), None)
            if suffix is not None:
                names.add(prefix + file[: -len(suffix)])
    return tuple(sorted(names))
