"""Docstrings name other objects in a form that reads in ``help()`` and links on the site:
a name in single backticks (docs/hooks/code_crossrefs.py links it when the docs are
built), rewritten from Markdown cross-reference syntax by tools/docrefs.py."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

pytest.importorskip("griffe", reason="the docs extra is not installed")

import griffe
from docs.hooks.code_crossrefs import link_names, resolve
from tools import docrefs

#: A small package: a class with a method, a constant, a function, and a module that
#: imports some of them and names them in cross-reference syntax.
PACKAGE = {
    "__init__.py": '''
        """The package."""

        from pkg.core import CONST, Thing

        __all__ = ["CONST", "Thing"]
        ''',
    "core.py": '''
        """Core: [`Thing`][pkg.core.Thing] and [`make(x)`][pkg.core.make]."""

        import os

        #: A constant; see [`Thing.parse`][pkg.core.Thing.parse].
        CONST = 1


        class Thing:
            """A thing.

            ```python
            `Thing` in a fence
            ```
            """

            def parse(self) -> None:
                """Parse; like [`make`][pkg.core.make], unlike [`Thing`][pkg.core.Thing]."""


        def make(x: int) -> Thing:
            """Make a [`Thing`][pkg.core.Thing]; [`CONST`][pkg.core.CONST]; [`nope`][pkg.core.nope].

            Like [`make`][pkg.core.make]``(x)``.
            """
            return Thing()


        def _hidden() -> None:
            """Private."""
        ''',
    "other.py": '''
        """Other: [`parse`][pkg.core.Thing.parse], [`pkg.core`][pkg.core.make], [`x[0]`][pkg.core.make].

        [`api.helper`][pkg.api.helper]
        """

        from pkg import core
        ''',
    "_impl.py": '''
        """A private module."""


        def helper() -> None:
            """Help."""
        ''',
    "api.py": '''
        """A public module that re-exports a private module's function."""

        from pkg._impl import helper

        __all__ = ["helper"]
        ''',
}


@pytest.fixture
def src(tmp_path: Path) -> Path:
    """A source folder holding the package ``pkg``."""
    folder = tmp_path / "src"
    (folder / "pkg").mkdir(parents=True)
    for name, text in PACKAGE.items():
        (folder / "pkg" / name).write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return folder


def _load(src: Path) -> griffe.Module:
    package = griffe.load("pkg", search_paths=[str(src)], resolve_aliases=False)
    assert isinstance(package, griffe.Module)
    return package


def test_names_resolve_from_the_docstrings_place(src: Path) -> None:
    """A name is looked up in the object, the objects around it, then the package; it
    must end at a public object of the package; a one-word module does not link."""
    package = _load(src)
    core, other = package["core"], package["other"]
    parse = core["Thing"]["parse"]
    assert resolve(parse, "parse") == "pkg.core.Thing.parse"
    assert resolve(parse, "make") == "pkg.core.make"
    assert resolve(other, "Thing") == "pkg.core.Thing"  # through the package
    assert resolve(other, "core.Thing.parse") == "pkg.core.Thing.parse"
    assert resolve(other, "pkg.core.CONST") == "pkg.core.CONST"
    assert resolve(other, "parse") is None
    assert resolve(other, "core") is None  # a one-word module: often a parameter
    assert resolve(core, "os") is None and resolve(core, "os.path") is None
    assert resolve(core, "_hidden") is None
    assert resolve(core, "Thing.nope") is None
    # A name re-exported by a public module from a private one links where it is public.
    assert resolve(other, "api.helper") == "pkg.api.helper"
    assert resolve(package["api"], "helper") == "pkg.api.helper"
    assert resolve(other, "_impl.helper") is None


def test_the_hook_links_backticked_names_only(src: Path) -> None:
    """Single-backticked names that resolve become optional cross-references (calls
    keep their arguments, a class's member falls back on its class); double backticks,
    fences, examples and other names stay."""
    core = _load(src)["core"]
    text = (
        "See `Thing`, `make(2)`, `pkg.core.CONST`, ``Thing``, `x`, `os.path`.\n"
        "`Thing.parse`\n"
        "```\n`Thing`\n```\n"
        ">>> `Thing`\n"
    )
    out = link_names(core, text)
    assert out.splitlines()[0] == (
        'See <autoref identifier="pkg.core.Thing" optional><code>Thing</code></autoref>, '
        '<autoref identifier="pkg.core.make" optional><code>make(2)</code></autoref>, '
        '<autoref identifier="pkg.core.CONST" optional><code>pkg.core.CONST</code></autoref>, '
        "``Thing``, `x`, `os.path`."
    )
    # A class's member links to the class when it has no anchor of its own.
    assert out.splitlines()[1] == (
        '<autoref identifier="pkg.core.Thing.parse" slug="pkg.core.Thing" optional>'
        "<code>Thing.parse</code></autoref>"
    )
    assert out.splitlines()[2:] == text.splitlines()[2:]


def test_the_tool_rewrites_crossrefs_into_names(
    src: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--check lists the cross-references and exits 1; a run rewrites each into a name
    that links to the same object from its place (a longer one when the text does not),
    keeps texts it cannot replace, and leaves nothing for --check."""
    assert docrefs.main(["--check", "--src", str(src), "--package", "pkg"]) == 1
    listed = capsys.readouterr().out
    assert listed.count(" -> ") == 13
    assert "names no public object of the package" in listed  # pkg.core.nope
    before = (src / "pkg" / "core.py").read_text(encoding="utf-8")
    assert docrefs.main(["--src", str(src), "--package", "pkg"]) == 0
    core = (src / "pkg" / "core.py").read_text(encoding="utf-8")
    other = (src / "pkg" / "other.py").read_text(encoding="utf-8")
    assert core.splitlines()[0] == '"""Core: `Thing` and `make(x)`."""'
    assert "#: A constant; see `Thing.parse`." in core
    assert '"""Parse; like `make`, unlike `Thing`."""' in core
    assert '"""Make a `Thing`; `CONST`; `nope`.' in core
    assert "Like `make(x)`." in core
    assert "`Thing` in a fence" in core and core.count("\n") == before.count("\n")
    assert other.splitlines()[0] == '"""Other: `Thing.parse`, `pkg.core`, `x[0]`.'
    assert "`api.helper`" in other
    assert docrefs.main(["--check", "--src", str(src), "--package", "pkg"]) == 0


def test_the_site_links_the_names_of_docstrings(built_site: Path) -> None:
    """On the built scoring page, the description of ``score``'s ``ruleset`` parameter
    links `POCKET` and `CLASSIC` to the rulesets page, and no docstring shows an autoref
    element left unresolved."""
    page = (built_site / "api" / "scoring" / "index.html").read_text(encoding="utf-8")
    entry = page.split('id="drako_rules.scoring.score"', 1)[1].split('class="doc doc-heading"')[1]
    for name in ("POCKET", "CLASSIC"):
        link = f'href="../rulesets/#drako_rules.rulesets.{name}"><code>{name}</code></a>'
        assert link in entry
    assert "<autoref" not in page
