"""The docstrings are Markdown for mkdocstrings: no Sphinx role is left unrendered."""

from __future__ import annotations

import re
from pathlib import Path

import drako_rules

PACKAGE = Path(drako_rules.__file__).resolve().parent
ROLE = re.compile(r":(?:class|func|meth|data|attr|mod|exc|obj|const):`[^`]*`")


def test_no_sphinx_roles_in_the_source() -> None:
    """Other objects are named as backticked names (`Name`, `module.Name`), which read in
    help() and which the docs build links (docs/hooks/code_crossrefs.py); a Sphinx role
    would show as raw text."""
    found = [
        f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if ROLE.search(line)
    ]
    assert found == []
