"""Hostile input: whatever the file or argument, the checker and the CLI end with a report
or the library's error and exit status 2, never an unhandled exception, and write nothing."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

import drako_rules
from drako_rules import DrakoError, InvalidGameError
from drako_rules.checker import GameReport, check_game, parse_game
from drako_rules.cli import EXIT_INVALID, main
from strategies import json_documents, near_valid_documents, toml_documents, toml_dumps

SRC = str(Path(drako_rules.__file__).resolve().parent.parent)


@contextlib.contextmanager
def empty_cwd() -> Iterator[Path]:
    """Run the body in a fresh empty working directory, and check it stays empty."""
    old = os.getcwd()
    with tempfile.TemporaryDirectory() as cwd:
        os.chdir(cwd)
        try:
            yield Path(cwd)
        finally:
            os.chdir(old)
        assert os.listdir(cwd) == [], "something was written in the working directory"


def load_and_check(content: str | bytes, fmt: str) -> GameReport | None:
    """Read and check ``content``: a report, or None when the library refused it."""
    try:
        game = parse_game(content, "json" if fmt == "json" else "toml")
    except InvalidGameError as error:
        assert str(error)
        return None
    report = check_game(game)
    json.dumps(report.to_dict())  # the report is always JSON-able
    return report


def assert_cli_survives(content: bytes, suffix: str, *, as_json: bool = False) -> int:
    """Run ``check`` in-process on a file holding ``content``; check the outcome."""
    with tempfile.TemporaryDirectory() as home, empty_cwd():
        path = Path(home) / f"game{suffix}"
        path.write_bytes(content)
        out, err = io.StringIO(), io.StringIO()
        args = ["check", "--json", str(path)] if as_json else ["check", str(path)]
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(args)
        assert os.listdir(home) == [path.name]
    assert status in (0, 1, 2)
    lines = err.getvalue().splitlines()
    if status == EXIT_INVALID:
        assert lines and all(line.startswith("drako-rules: error: ") for line in lines)
    else:
        assert lines == []
    if as_json and out.getvalue():
        assert isinstance(json.loads(out.getvalue()), dict)
    return status


def has_none(value: object) -> bool:
    """Whether a JSON value holds a null somewhere (TOML has no null)."""
    if value is None:
        return True
    if isinstance(value, dict):
        return any(has_none(v) for v in value.values())
    if isinstance(value, list):
        return any(has_none(v) for v in value)
    return False


@given(st.binary(max_size=300), st.sampled_from(["toml", "json"]))
def test_random_bytes_loader(content: bytes, fmt: str) -> None:
    """Random bytes give a report or InvalidGameError, never another exception."""
    load_and_check(content, fmt)


@given(st.binary(max_size=300), st.sampled_from([".toml", ".json", ".txt"]))
def test_random_bytes_cli(content: bytes, suffix: str) -> None:
    """Random bytes given to `check` end with exit status 0, 1 or 2, writing nothing."""
    assert_cli_survives(content, suffix)


@given(st.text(max_size=200))
def test_random_text_as_toml(text: str) -> None:
    """Any text read as TOML gives a report or InvalidGameError."""
    load_and_check(text, "toml")


@given(json_documents)
def test_random_json_documents(document: dict[str, object]) -> None:
    """Random JSON objects are read (problems and all) and the CLI survives them."""
    text = json.dumps(document)
    assert load_and_check(text, "json") is not None
    assert_cli_survives(text.encode(), ".json", as_json=True)


@given(toml_documents)
def test_random_toml_documents(document: dict[str, object]) -> None:
    """Random TOML documents, dates and all, are read and the CLI survives them."""
    text = toml_dumps(document)
    assert load_and_check(text, "toml") is not None
    assert_cli_survives(text.encode(), ".toml")


@given(near_valid_documents())
def test_near_valid_game_files(document: dict[str, object]) -> None:
    """A valid game file with one field changed gives a report (problems listed) through
    the loader and the CLI, as JSON and, when TOML can hold it, as TOML."""
    text = json.dumps(document)
    report = load_and_check(text, "json")
    assert report is not None
    status = assert_cli_survives(text.encode(), ".json", as_json=True)
    assert status == (2 if report.problems else 1 if report.mismatches else 0)
    event(f"exit status {status}")
    for problem in report.problems:
        event(problem.code)
    if not has_none(document):
        toml = toml_dumps(document)
        assert load_and_check(toml, "toml") is not None
        assert assert_cli_survives(toml.encode(), ".toml") == status


@given(st.text(max_size=80), st.lists(st.text(max_size=20), max_size=3))
def test_random_kingdom_text_for_score_and_explain(text: str, legends: list[str]) -> None:
    """`score` and `explain` on any text and Legend ids: exit 0 or 2 with one error line."""
    for command in ("score", "explain"):
        args = [command, text]
        for legend in legends:
            args += ["--legend", legend]
        out, err = io.StringIO(), io.StringIO()
        with empty_cwd(), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(args)
        assert status in (0, 2)
        if status == 2:
            assert err.getvalue().count("\n") == 1
            assert err.getvalue().startswith("drako-rules: error: ")


@given(st.text(max_size=80))
def test_random_kingdom_text_library(text: str) -> None:
    """Kingdom text from a game file is read or reported as bad-kingdom/unexplored-land."""
    document = {"players": [{"name": "a", "kingdom": text}, {"name": "b", "kingdom": text}]}
    report = load_and_check(json.dumps(document), "json")
    assert report is not None
    assert {p.code for p in report.problems} <= {
        "bad-kingdom",
        "unexplored-land",
        "too-many-cards",
    }


# --- a few runs as a real process ------------------------------------------------------------

HOSTILE_FILES: list[tuple[str, bytes]] = [
    ("bytes.toml", b"\xff\xfe\x00garbage"),
    ("deep.json", b"[" * 100_000),
    ("digits.json", b'{"players": ' + b"1" * 5000 + b"}"),
    ("broken.toml", b"players = [\n"),
    ("list.json", b"[1, 2, 3]"),
    ("empty.toml", b""),
    ("names.json", json.dumps({"players": [{"name": "\x1b[2J", "kingdom": 5}]}).encode()),
]


@pytest.mark.parametrize(("name", "content"), HOSTILE_FILES, ids=[n for n, _ in HOSTILE_FILES])
def test_hostile_file_subprocess(tmp_path: Path, name: str, content: bytes) -> None:
    """As a process: exit status 2, one error line per problem file, no traceback, and
    nothing written in the working directory or beside the file."""
    home = tmp_path / "home"
    cwd = tmp_path / "cwd"
    home.mkdir()
    cwd.mkdir()
    path = home / name
    path.write_bytes(content)
    env = {**os.environ, "PYTHONPATH": SRC, "PYTHONDONTWRITEBYTECODE": "1"}
    for extra in ([], ["--json"]):
        result = subprocess.run(
            [sys.executable, "-m", "drako_rules", "check", *extra, str(path), str(home)],
            capture_output=True,
            env=env,
            cwd=cwd,
            timeout=120,
            check=False,
        )
        assert result.returncode == EXIT_INVALID
        errors = result.stderr.decode("utf-8", "replace").splitlines()
        assert len(errors) == 2  # this file, and the directory given as a file
        assert all(line.startswith("drako-rules: error: ") for line in errors)
        assert b"Traceback" not in result.stderr + result.stdout
        assert b"\x1b" not in result.stdout
        assert os.listdir(cwd) == []
        assert os.listdir(home) == [name]


def test_library_errors_are_drako_errors() -> None:
    """What the loader raises is the library's own error, a ValueError too."""
    with pytest.raises(DrakoError) as info:
        parse_game(b"\x00")
    assert isinstance(info.value, ValueError)
