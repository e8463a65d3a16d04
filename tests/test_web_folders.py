"""``drako-rules web --build-only --dir X`` and ``build_page`` never delete what they did not
create (issue 24, §3.1).

A build goes into a fresh folder beside ``X`` and is moved into place; ``X`` must be new,
empty, or made by an earlier build (it holds ``webserve.MARKER`` listing what it wrote).
Everything else (a folder with the user's files, the current folder, a file, a link, the
download cache) is refused before anything is downloaded, in one escaped stderr line with
exit status 2, and nothing is changed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import drako_rules
from drako_rules import webserve
from drako_rules.cli import EXIT_INVALID, EXIT_OK, main

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache" / "web"  # the downloads, shared with tests/test_web.py and the docs
SRC = str(Path(drako_rules.__file__).resolve().parent.parent)


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` with its bytes."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()
    }


def web(
    args: list[str], capsys: pytest.CaptureFixture[str], cache: Path = CACHE
) -> tuple[int, str]:
    """Run ``drako-rules web --build-only ARGS``: the exit status and standard error."""
    status = main(["web", "--build-only", "--no-browser", "--cache-dir", str(cache), *args])
    return status, capsys.readouterr().err


def assert_one_refusal(err: str, words: str) -> None:
    assert err.count("\n") == 1 and err.startswith("drako-rules: error: "), err
    assert words in err and "Traceback" not in err


@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    files=st.dictionaries(
        st.text(
            st.characters(codec="utf-8", exclude_characters="/\\\x00"), min_size=1, max_size=12
        ).filter(lambda n: n not in {".", ".."}),
        st.binary(max_size=64),
        min_size=1,
        max_size=4,
    )
)
def test_a_folder_of_the_users_files_is_refused_and_kept(
    files: dict[str, bytes],
    tmp_path_factory: pytest.TempPathFactory,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A non-empty folder that no build made is refused: every file stays as it was."""
    folder = tmp_path_factory.mktemp("user")
    for name, data in files.items():
        try:
            (folder / name).write_bytes(data)
        except OSError:  # a name the file system refuses
            continue
    before = snapshot(folder)
    status, err = web(["--dir", str(folder)], capsys, tmp_path_factory.mktemp("cache"))
    assert status == EXIT_INVALID
    assert_one_refusal(err, "not empty and was not made by drako-rules web")
    assert snapshot(folder) == before


def test_the_current_folder_a_file_a_link_and_the_cache_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--dir .`` (even empty), a parent of the current folder, a file, a link and the
    cache folder are each one refusal line, exit status 2, and are left as they were."""
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    cache = tmp_path / "cache"
    cache.mkdir()
    (tmp_path / "notes.txt").write_text("mine")
    (tmp_path / "link").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    cases = {
        ".": "current folder",
        str(here): "current folder",
        str(tmp_path): "current folder",
        str(tmp_path / "notes.txt"): "is a file",
        str(tmp_path / "link"): "is a link",
        str(cache): "download cache",
    }
    for target, words in cases.items():
        status, err = web(["--dir", target], capsys, cache)
        assert status == EXIT_INVALID, target
        assert_one_refusal(err, words)
    assert (tmp_path / "notes.txt").read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "here", "link", "notes.txt"]
    assert list(here.iterdir()) == [] and list(cache.iterdir()) == []


def test_a_refusal_from_the_command_line_is_one_line_without_traceback(tmp_path: Path) -> None:
    """The real process: exit status 2, one escaped line (a control character in the folder
    name is escaped), the user's file kept."""
    folder = tmp_path / "my\x1b[2Jfiles"
    folder.mkdir()
    (folder / "thesis.tex").write_text("years of work")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "drako_rules",
            "web",
            "--build-only",
            "--dir",
            str(folder),
            "--cache-dir",
            str(tmp_path / "cache"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": SRC},
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == EXIT_INVALID
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "\x1b" not in done.stderr and "\\x1b" in done.stderr
    assert (folder / "thesis.tex").read_text() == "years of work"
    assert done.stdout == ""


def test_a_build_replaces_only_its_own_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A new and an empty folder are built into; a folder a build made is replaced by the
    next build; once the user adds a file to it, it is refused and the file kept. No
    temporary folder is left beside it."""
    monkeypatch.chdir(tmp_path)
    empty = tmp_path / "empty"
    empty.mkdir()
    for target in (tmp_path / "new" / "checker", empty):
        status, err = web(["--dir", str(target)], capsys)
        assert (status, err) == (EXIT_OK, "")
        assert (target / webserve.MARKER).is_file() and (target / "index.html").is_file()
    built = tmp_path / "new" / "checker"
    first = snapshot(built)
    (built / "index.html").write_text("stale")
    status, err = web(["--dir", str(built)], capsys)
    assert (status, err) == (EXIT_OK, "")
    assert snapshot(built) == first  # the stale file was the build's own: replaced
    (built / "wheels" / "mine.txt").write_text("keep me")
    status, err = web(["--dir", str(built)], capsys)
    assert status == EXIT_INVALID
    assert_one_refusal(err, "not made by drako-rules web")
    assert (built / "wheels" / "mine.txt").read_text() == "keep me"
    assert sorted(p.name for p in (tmp_path / "new").iterdir()) == ["checker"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty", "new"]


def test_a_failed_build_keeps_the_earlier_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A build that fails half-way leaves the earlier build whole and no temporary folder."""
    target = tmp_path / "checker"
    webserve.build_page(target, cache_dir=CACHE)
    before = snapshot(target)

    def broken(out_dir: Path) -> Path:
        raise OSError(28, "No space left on device")

    # the build's own module (drako_rules.webserve re-exports it) writes the wheel
    monkeypatch.setattr("drako_rules._web.build.drako_wheel", broken)
    with pytest.raises(webserve.WebBuildError, match="No space left"):
        webserve.build_page(target, cache_dir=CACHE)
    assert snapshot(target) == before
    assert [p.name for p in tmp_path.iterdir()] == ["checker"]
