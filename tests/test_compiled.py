"""The compiled build (docs/performance.md, "The compiled build"): which modules it compiles,
and that the copy under test is the build it is meant to be.

CI runs the whole suite twice more: on the default, pure-Python package, and on a wheel built
with ``HATCH_BUILD_HOOK_ENABLE_MYPYC=true`` and installed, with
``DRAKO_RULES_EXPECT_COMPILED=1`` so that these tests fail if that wheel came out
uncompiled. Every other test is the same on both builds: the compiled modules must keep
every promise of the pure ones, hostile input included.
"""

from __future__ import annotations

import importlib
import os
import tomllib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import drako_rules
from drako_rules.version import compiled_modules

ROOT = Path(__file__).resolve().parent.parent
EXPECT_COMPILED = os.environ.get("DRAKO_RULES_EXPECT_COMPILED") == "1"


def _listed() -> tuple[str, ...]:
    """The modules that pyproject.toml's mypyc hook compiles, by dotted name."""
    with open(ROOT / "pyproject.toml", "rb") as file:
        config = tomllib.load(file)
    paths = config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]["include"]
    assert all(p.startswith("/src/") and p.endswith(".py") for p in paths)
    return tuple(sorted(p[len("/src/") : -len(".py")].replace("/", ".") for p in paths))


def test_the_hook_is_off_by_default_and_lists_modules_that_exist() -> None:
    """A plain ``pip install`` builds the pure package, and needs neither mypy nor a
    compiler; the hook lists only modules of the package."""
    with open(ROOT / "pyproject.toml", "rb") as file:
        hook = tomllib.load(file)["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    assert hook["enable-by-default"] is False
    listed = _listed()
    assert listed and len(set(listed)) == len(listed)
    for name in listed:
        assert (ROOT / "src" / (name.replace(".", "/") + ".py")).is_file(), name


def test_the_copy_under_test_is_the_build_it_is_meant_to_be() -> None:
    """Compiled exactly as listed when CI says so; otherwise pure Python (a checkout where
    the compiled build left its modules beside the sources would test them instead: remove
    them with ``git clean -fX src``)."""
    if EXPECT_COMPILED:
        assert compiled_modules() == _listed()
    else:
        assert compiled_modules() == (), (
            "compiled modules beside the sources: remove them with git clean -fX src"
        )


def test_each_compiled_module_is_imported_from_its_compiled_file() -> None:
    """``compiled_modules`` names modules that Python loads compiled, and no others."""
    package = Path(drako_rules.__file__).parent
    for name in compiled_modules():
        module = importlib.import_module(name)
        assert module.__file__ is not None
        assert module.__file__.endswith(tuple(EXTENSION_SUFFIXES)), name
        assert Path(module.__file__).resolve().is_relative_to(package.resolve())
    for name in ("drako_rules.kingdom", "drako_rules.errors"):  # never compiled
        module = importlib.import_module(name)
        assert module.__file__ is not None and module.__file__.endswith(".py")


def test_release_wheels_are_built_compiled_and_tested_as_compiled() -> None:
    """pyproject.toml's cibuildwheel settings turn the mypyc hook on for every wheel they
    build, and run the suite on the installed wheel (not on ``src/``) expecting it compiled,
    for 64-bit Linux, macOS and Windows on the Pythons the package supports."""
    with open(ROOT / "pyproject.toml", "rb") as file:
        config = tomllib.load(file)
    wheels = config["tool"]["cibuildwheel"]
    assert wheels["environment"]["HATCH_BUILD_HOOK_ENABLE_MYPYC"] == "true"
    assert wheels["environment"]["DRAKO_RULES_EXPECT_COMPILED"] == "1"
    command = wheels["test-command"]
    assert command.startswith("pytest {project}/tests") and "-o pythonpath=." in command
    assert "tests" in wheels["test-extras"]
    requires = config["project"]["requires-python"]
    assert requires == ">=3.11" and "cp311-*" in wheels["build"]
    for platform, arch in (("linux", "x86_64"), ("macos", "arm64"), ("windows", "AMD64")):
        assert arch in wheels[platform]["archs"]
