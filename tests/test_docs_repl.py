"""A ``>>>`` example a reader pastes runs when pasted: the text the copy button copies
(docs/hooks/pycon_copy.py's ``repl_text``) of every session of the docs, the README and
the built site's API reference goes into the REPL line by line as
``code.InteractiveConsole`` reads it, and no line is a syntax error (an indented block
followed directly by the next statement is one: the REPL needs a blank line between)."""

from __future__ import annotations

import codeop
import html
import re
import warnings
from pathlib import Path

import pytest
from docs.hooks.pycon_copy import add_copy_text, is_session, repl_text

from test_docs import PAGES, ROOT, fenced_blocks


def repl_errors(text: str) -> list[str]:
    """The syntax errors of a text pasted into a REPL: each line is added to what the REPL
    holds, which is compiled as ``code.InteractiveConsole.push`` does (``'single'`` mode);
    a complete statement empties it, an incomplete one waits for the next line."""
    errors: list[str] = []
    held: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        held.append(line)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                compiled = codeop.compile_command("\n".join(held), "<stdin>", "single")
        except (SyntaxError, ValueError, OverflowError) as error:
            errors.append(
                f"line {number} {line!r}: {error.msg if isinstance(error, SyntaxError) else error}"
            )
            held = []
            continue
        if compiled is not None:
            held = []
    if held and any(line.strip() for line in held):
        errors.append(f"unfinished at the end: {held!r}")
    return errors


def test_the_repl_check_sees_a_loop_followed_by_a_statement() -> None:
    """Without the blank line a loop followed by a statement is an error; with it, none."""
    assert repl_errors("for i in range(2):\n    print(i)\nprint(3)\n") != []
    assert repl_errors("for i in range(2):\n    print(i)\n\nprint(3)\n") == []
    assert repl_errors("class A:\n    x = 1\n\n    y = 2\n") != []
    assert repl_errors("x = [\n1,\n]\nx\n") == []


def test_the_copy_text_is_the_code_for_a_repl() -> None:
    """Prompts and output go, a blank line follows a block, blank lines inside one go."""
    session = (
        ">>> total = 0\n"
        ">>> for i in range(3):\n"
        "...     total += i\n"
        ">>> total\n"
        "3\n"
        ">>> class A:\n"
        "...     x = 1\n"
        "...\n"
        "...     y = 2\n"
        "...\n"
        ">>> while False: pass\n"
        ">>> A.y\n"
        "2\n"
    )
    assert repl_text(session) == (
        "total = 0\nfor i in range(3):\n    total += i\n\ntotal\n"
        "class A:\n    x = 1\n    y = 2\n\nwhile False: pass\n\nA.y\n"
    )
    assert repl_errors(repl_text(session)) == []
    assert not is_session("x = 1\nprint(x)\n")


def test_the_hook_sets_the_copy_text_of_sessions_only() -> None:
    """A highlighted block holding ``>>>`` gets ``data-copy`` (HTML-escaped, unescaped by
    the browser to the REPL text); a block without prompts is left as it is."""
    session = (
        '<div class="highlight"><pre><span></span><code>'
        '<span class="gp">&gt;&gt;&gt; </span><span class="n">x</span> = &quot;a&lt;b&quot;\n'
        '<span class="go">1</span>\n</code></pre></div>'
    )
    plain = '<div class="highlight"><pre><span></span><code>x = 1\n</code></pre></div>'
    out = add_copy_text(session + plain)
    copies = re.findall(r'data-copy="([^"]*)"', out)
    assert [html.unescape(c) for c in copies] == ['x = "a<b"\n']
    assert out.endswith(plain)


SESSIONS = [
    (f"{page.relative_to(ROOT)}:{block.line}", block.code)
    for page in PAGES
    for block in fenced_blocks(page.read_text(encoding="utf-8"))
    if block.is_python and is_session(block.code)
]


def test_the_docs_have_sessions() -> None:
    """The check reads the docs' sessions (several pages hold some)."""
    assert len(SESSIONS) >= 20
    assert len({where.rpartition(":")[0] for where, _ in SESSIONS}) >= 10


@pytest.mark.parametrize(("where", "code"), SESSIONS, ids=[w for w, _ in SESSIONS])
def test_a_pasted_session_of_the_docs_runs(where: str, code: str) -> None:
    """The copy text of the session has no syntax error in a REPL (the session as written,
    copied by hand, is tests/test_docs_paste.py's)."""
    assert repl_errors(repl_text(code)) == []


def test_every_copy_text_of_the_site_pastes_into_a_repl(built_site: Path) -> None:
    """Every ``data-copy`` text of the built site (the API reference's docstring examples
    too) has no syntax error in a REPL."""
    copies = {}
    for page in sorted(built_site.rglob("*.html")):
        for k, copy in enumerate(re.findall(r'data-copy="([^"]*)"', page.read_text("utf-8"))):
            copies[f"{page.relative_to(built_site)}#{k}"] = html.unescape(copy)
    assert len(copies) >= 40
    errors = {where: e for where, text in copies.items() if (e := repl_errors(text))}
    assert errors == {}
