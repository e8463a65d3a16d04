"""mkdocs hook: the copy button of a ``>>>`` session copies what a reader pastes into a REPL.

Material's copy button copies the text of the block it sits on, unless an ancestor of the
code has a ``data-copy`` attribute: then it copies that attribute. On every page (the
API reference's docstring examples too), each highlighted block holding ``>>>`` lines gets
``data-copy`` set to ``repl_text`` of its text: the code without its ``>>>`` and ``...``
prompts and without the output, with a blank line after each statement the REPL would
still wait on (an indented block such as a ``for`` or ``while`` loop), and no blank line
inside one (in a REPL a blank line ends the block). Pasted into ``python``, the text runs.

Configured in mkdocs.yml (``hooks:``); tests/test_docs_repl.py checks the text of every
session of the docs, tests/test_site_copy.py what the button copies in a browser.
"""

from __future__ import annotations

import codeop
import html
import re
import warnings

#: A highlighted code block as pymdownx.highlight writes it (an optional title first).
_BLOCK = re.compile(
    r'(?P<open><div class="(?:[^"]*\s)?highlight(?:\s[^"]*)?")'
    r'(?P<rest>>(?:<span class="filename">.*?</span>)?<pre[^>]*>.*?<code[^>]*>)'
    r"(?P<code>.*?)</code></pre></div>",
    re.DOTALL,
)
_TAG = re.compile(r"<[^>]+>")
PROMPT = ">>>"
CONTINUATION = "..."


def is_session(text: str) -> bool:
    """Whether a code block's text is a REPL session (a line starts with ``>>>``)."""
    return any(_prompted(line, PROMPT) is not None for line in text.splitlines())


def _prompted(line: str, prompt: str) -> str | None:
    """The code of a line after ``prompt`` and its space, or None without the prompt."""
    if line == prompt:
        return ""
    if line.startswith(prompt + " "):
        return line[len(prompt) + 1 :]
    return None


def statements(text: str) -> list[list[str]]:
    """The statements of a session, each the code lines of one ``>>>`` line and the
    ``...`` lines after it, prompts removed; output lines are left out."""
    groups: list[list[str]] = []
    for line in text.splitlines():
        first = _prompted(line, PROMPT)
        if first is not None:
            groups.append([first])
            continue
        more = _prompted(line, CONTINUATION)
        if more is not None and groups:
            groups[-1].append(more)
    return groups


def _waits_for_more(source: str) -> bool:
    """Whether the REPL, given these lines, would still wait for more (a compound
    statement, which only a blank line ends). A syntax error counts as not waiting."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return codeop.compile_command(source, "<stdin>", "single") is None
    except (SyntaxError, ValueError, OverflowError):
        return False


def repl_text(text: str) -> str:
    """The text of a session for a REPL: each statement's code lines without prompts or
    output, blank lines inside a statement dropped when an indented line follows (a
    blank line would end the block there), and a blank line after a statement the REPL
    still waits on (an indented block)."""
    out: list[str] = []
    for group in statements(text):
        lines = [
            line
            for k, line in enumerate(group)
            if line.strip() or not any(later[:1].isspace() for later in group[k + 1 :])
        ]
        while len(lines) > 1 and not lines[-1].strip():
            lines.pop()
        out.extend(lines)
        if _waits_for_more("\n".join(lines)):
            out.append("")
    return "\n".join(out) + "\n"


def _with_copy_text(match: re.Match[str]) -> str:
    """The block with ``data-copy`` set to the REPL text of its session, if it is one."""
    text = html.unescape(_TAG.sub("", match["code"]))
    if not is_session(text):
        return match[0]
    copy = html.escape(repl_text(text), quote=True).replace("\n", "&#10;")
    return f'{match["open"]} data-copy="{copy}"{match["rest"]}{match["code"]}</code></pre></div>'


def add_copy_text(page_html: str) -> str:
    """The HTML of a page with every session block's ``data-copy`` set."""
    return _BLOCK.sub(_with_copy_text, page_html)


def on_page_content(page_html: str, **kwargs: object) -> str:
    """mkdocs event: set the copy text of the page's sessions."""
    return add_copy_text(page_html)
