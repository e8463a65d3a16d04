"""The wheel holds what git tracks (issue 24 §3.7): ``tools/hatch_build_tracked.py``, the build
hook of pyproject.toml, stops a build while a file in the package is neither tracked nor
ignored, and checks nothing outside git (``.ci/run`` builds the compiled wheel from a copy
of the tracked files).

Each test builds in a temporary copy of the project's tracked files, with hatchling's own
PEP 517 functions in a child process (no network, no pip); skipped when hatchling or git is
missing, or the tests do not run from a git checkout.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUILD = "import sys; from hatchling.build import build_{0}; print(build_{0}(sys.argv[1]))"

pytest.importorskip("hatchling", reason="hatchling (the build backend) is not installed")
if shutil.which("git") is None:
    pytest.skip("git is not installed", allow_module_level=True)


def git(folder: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", *args], cwd=folder, capture_output=True, text=True, timeout=60, check=True
    )
    return done.stdout


@pytest.fixture(scope="module")
def tracked() -> list[str]:
    """The project's tracked files needed to build (pyproject, README, the hook, the package)."""
    try:
        names = git(ROOT, "ls-files", "-z").split("\0")
    except (subprocess.CalledProcessError, OSError):
        pytest.skip("not a git checkout")
    wanted = ("pyproject.toml", "README.md", "LICENSE", "tools/hatch_build_tracked.py")
    return [n for n in names if n in wanted or n.startswith("src/drako_rules/")]


def copy(tracked: list[str], to: Path, *, with_git: bool = True) -> Path:
    """The tracked files copied into ``to``, added to a new git repository there."""
    for name in tracked:
        if (ROOT / name).is_file():
            (to / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ROOT / name, to / name)
    if with_git:
        git(to, "init", "-q")
        git(to, "add", "-A")
    return to


def build(project: Path, out: Path, kind: str = "wheel") -> subprocess.CompletedProcess[str]:
    out.mkdir(exist_ok=True)
    return subprocess.run(
        [sys.executable, "-c", BUILD.format(kind), str(out)],
        cwd=project, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip


def wheel_names(out: Path) -> set[str]:
    (wheel,) = out.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        return {n for n in archive.namelist() if ".dist-info/" not in n}


def test_a_stray_file_stops_the_build(tracked: list[str], tmp_path: Path) -> None:
    """An editor backup and a .env in the package: the build stops naming both, writes no
    wheel; once tracked, the wheel holds exactly the tracked files of the package."""
    project = copy(tracked, tmp_path / "p")
    package = project / "src" / "drako_rules"
    (package / "scoring.py~").write_text("# an editor backup\n")
    (package / ".env").write_text("TOKEN=secret\n")
    done = build(project, tmp_path / "dist")
    assert done.returncode != 0
    assert "src/drako_rules/.env" in done.stderr and "src/drako_rules/scoring.py~" in done.stderr
    assert "not tracked" in done.stderr
    assert list((tmp_path / "dist").iterdir()) == []
    (package / ".env").unlink()
    (package / "scoring.py~").unlink()
    done = build(project, tmp_path / "dist")
    assert done.returncode == 0, done.stderr[-2000:]
    files = git(project, "ls-files", "src/drako_rules").split()
    assert wheel_names(tmp_path / "dist") == {n.removeprefix("src/") for n in files}


def test_an_ignored_file_never_ships(tracked: list[str], tmp_path: Path) -> None:
    """A file .gitignore lists (byte code, a compiled module) does not stop the build and is
    not in the wheel; one only git's own exclude file lists (which hatch does not read)
    stops it."""
    project = copy(tracked, tmp_path / "p")
    (project / ".gitignore").write_text("*.py[cod]\n*.so\n")
    (project / "src" / "drako_rules" / "kingdom.pyc").write_bytes(b"\0")
    (project / "src" / "drako_rules" / "kingdom.so").write_bytes(b"\0")
    done = build(project, tmp_path / "dist")
    assert done.returncode == 0, done.stderr[-2000:]
    names = wheel_names(tmp_path / "dist")
    assert "drako_rules/kingdom.pyc" not in names and "drako_rules/kingdom.so" not in names
    (project / ".git" / "info" / "exclude").write_text("*.bak\n")
    (project / "src" / "drako_rules" / "kingdom.py.bak").write_text("# ignored by git only\n")
    done = build(project, tmp_path / "dist2")
    assert done.returncode != 0 and "kingdom.py.bak" in done.stderr


def test_a_stray_file_stops_the_sdist(tracked: list[str], tmp_path: Path) -> None:
    """The sdist holds the whole project: a stray file anywhere in it stops the build."""
    project = copy(tracked, tmp_path / "p")
    (project / "notes.txt").write_text("scratch\n")
    done = build(project, tmp_path / "dist", "sdist")
    assert done.returncode != 0 and "'notes.txt'" in done.stderr


def test_outside_git_the_build_works(tracked: list[str], tmp_path: Path) -> None:
    """A copy of the tracked files outside git (as .ci/run's compiled build makes) builds."""
    project = copy(tracked, tmp_path / "p", with_git=False)
    done = build(project, tmp_path / "dist")
    assert done.returncode == 0, done.stderr[-2000:]
    assert "drako_rules/__init__.py" in wheel_names(tmp_path / "dist")
