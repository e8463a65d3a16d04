"""The copy button of a ``>>>`` session, in a real browser, copies what runs in a REPL:
the code without its prompts and output, a blank line after a loop (docs/hooks/pycon_copy.py
sets the text; Material's button copies it). A block without prompts still copies its own
text. Headless Chromium (Debian's, driven by Playwright) clicks the button and the test
reads the clipboard. Skipped only when Chromium or Playwright is missing."""

from __future__ import annotations

import pytest

from browser import CHROMIUM
from test_docs_repl import repl_errors

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary on PATH")

#: The code blocks of a page that are sessions (the hook gave them their copy text), and
#: the others.
SESSION = "article div.highlight[data-copy]"
PROGRAM = "article div.highlight:not([data-copy])"


def copied(browser: object, url: str, blocks: str) -> tuple[str, str]:
    """(what the copy button of the first of the page's code blocks matching the CSS
    selector ``blocks`` puts on the clipboard, the text the block shows)."""
    context = browser.new_context(  # type: ignore[attr-defined]
        viewport={"width": 1280, "height": 900},
        permissions=["clipboard-read", "clipboard-write"],
    )
    try:
        page = context.new_page()
        page.goto(url, wait_until="networkidle")
        code = page.locator(blocks).first
        code.hover()
        code.locator("button[data-md-type='copy']").click()
        text = ""
        for _ in range(100):  # the copy is done when the clipboard holds text (10 s at most)
            text = page.evaluate("navigator.clipboard.readText()")
            if text:
                break
            page.wait_for_timeout(100)
        shown: str = code.locator("code").inner_text()
    finally:
        context.close()
    return text, shown


def test_the_copy_button_of_a_session_copies_the_code_for_a_repl(
    browser: object, site_url: str
) -> None:
    """The engine page's session (a ``while`` loop between statements): the clipboard
    holds its statements without ``>>>``, ``...`` or output, a blank line after the loop,
    and pastes into a REPL without a syntax error."""
    text, shown = copied(browser, site_url + "api/engine/index.html", SESSION)
    assert shown.startswith(">>> from drako_rules import"), shown
    assert "('ARRANGE', 24)" in shown
    assert text.startswith("from drako_rules import apply_move"), text
    assert ">>>" not in text and "..." not in text
    assert "('ARRANGE', 24)" not in text  # the output is not copied
    assert "    state = apply_move(state, legal_moves(state)[-1])\n\nlen(" in text
    assert repl_errors(text) == []


def test_the_copy_button_of_a_program_copies_it_as_shown(browser: object, site_url: str) -> None:
    """A block without prompts (the first of the bot tutorial) copies its text."""
    text, shown = copied(browser, site_url + "tutorials/write-a-bot/index.html", PROGRAM)
    assert ">>>" not in shown
    assert text.strip() == shown.strip()
    assert len(text.strip()) > 20
