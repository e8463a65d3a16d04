"""The version of drako-rules, in one place: the package build reads it from here
(``[tool.hatch.version]`` in ``pyproject.toml``), and ``drako_rules.__version__`` and the
command line read it without loading ``importlib.metadata``."""

__version__ = "0.1.0"
