"""Hatch build hook: the wheel and the sdist hold what git tracks (issue 24 §3.7).

Configured in pyproject.toml (``[tool.hatch.build.hooks.custom]``), it runs before every
build of a wheel or an sdist. In a git checkout whose top folder is the project's, a file
the build would take that git does not track (an editor backup such as
``scoring.py~``, a ``.env``, a scratch module never added) stops the build with one message
naming it: add it (``git add``), delete it, or ignore it in ``.gitignore`` (which hatch
honours; a file ignored only by ``.git/info/exclude`` or a global excludes file would still
be taken, so it stops the build too). The folders checked are the
target's ``packages`` (``src/drako_rules`` for the wheel), or the whole project for the
sdist.

Outside git (an unpacked sdist, or the copy of the tracked files that ``.ci/run`` builds
the compiled wheel from) there is nothing to compare with, and the hook does nothing; an
editable install (a ``.pth`` file, no copy of the sources) is not checked either.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

_SHOWN = 10  # the stray files named in the message


def untracked_files(root: Path, folders: list[str]) -> list[str]:
    """The files under ``folders`` of ``root`` (all of it when empty) that git does not
    track, ignored ones too; none when ``root`` is not the top folder of a git checkout or
    git is missing."""
    try:
        top = subprocess.run(
            ["git", "rev-parse", "--show-toplevel"],
            cwd=root, capture_output=True, text=True, timeout=60, check=False,
        )  # fmt: skip
        if top.returncode != 0 or Path(top.stdout.strip()).resolve() != root.resolve():
            return []
        listed = subprocess.run(
            ["git", "ls-files", "--others", "-z", "--", *folders],
            cwd=root, capture_output=True, timeout=60, check=True,
        )  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return []
    return sorted(name for name in listed.stdout.decode("utf-8", "replace").split("\0") if name)


class TrackedFilesOnly(BuildHookInterface):  # type: ignore[type-arg]
    """Refuse to build while a file the build would take is not tracked by git."""

    PLUGIN_NAME = "tracked-files-only"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Raise before the build when the package folders hold an untracked file."""
        if version == "editable":
            return
        folders = [str(p) for p in getattr(self.build_config, "packages", []) or []]
        # what git does not track and the build would take: hatch leaves out what
        # .gitignore lists, but not what .git/info/exclude or a global excludes file does
        stray = [
            name
            for name in untracked_files(Path(self.root), folders)
            if self.build_config.include_path(name)
        ]
        if stray:
            shown = ", ".join(repr(name) for name in stray[:_SHOWN])
            more = f" and {len(stray) - _SHOWN} more" if len(stray) > _SHOWN else ""
            raise RuntimeError(
                f"drako-rules builds only the files git tracks, and {len(stray)} "
                f"file(s) in the package are not tracked: {shown}{more}; "
                "git add, delete or .gitignore them"
            )
