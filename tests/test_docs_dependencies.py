"""The README and the docs home say truly what the package depends on (issue 26): every
runtime dependency of pyproject.toml is named where they say what to install."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _dependencies() -> list[str]:
    """The names of the runtime dependencies in pyproject.toml (no versions)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return [re.split(r"[<>=!~\[; ]", spec, maxsplit=1)[0] for spec in project["dependencies"]]


@pytest.mark.parametrize("page", ["README.md", "docs/index.md"])
def test_the_install_sentence_names_every_dependency(page: str) -> None:
    """The paragraph that says what the package depends on names each dependency, and does
    not call any one of them the only ones."""
    text = (ROOT / page).read_text(encoding="utf-8")
    paragraphs = [p for p in re.split(r"\n\s*\n", text) if re.search(r"depend", p)]
    assert paragraphs, f"{page} says nothing of the dependencies"
    names = _dependencies()
    assert len(names) >= 3
    for paragraph in paragraphs:
        flat = " ".join(paragraph.split())
        assert "only dependencies" not in flat
        for name in names:
            assert name in flat, (page, name)
