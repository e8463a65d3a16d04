"""The web checker's Python side (drako_rules.web), its build and server
(drako_rules.webserve) and the ``web`` command (drako_rules.cli.web), without a browser.

The page shows what [`page_result`][drako_rules.web.page_result] returns, so these tests
show that it is the checker's report unchanged, that each problem lands on the cells and
fields it concerns, and that the game round-trips through the page's JSON and TOML.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import json
import subprocess
import urllib.request
import zipfile
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from drako_rules import Kingdom, web, webserve
from drako_rules.checker import Game, check_game, format_game, load_game, parse_game
from drako_rules.cli import web as cli_web
from drako_rules.cli.console import Console
from drako_rules.errors import DrakoError
from strategies import games, near_valid_documents

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.toml"))


def result(text: str, pictures: str = "") -> Any:
    """What the page's JavaScript gets: check_page's JSON, read back."""
    return json.loads(web.check_page(text, "json", pictures))


def normalized(game: Game) -> Game:
    """The game as the page keeps it: compact Kingdom notation, no source."""
    players = tuple(
        attrs.evolve(p, kingdom=str(Kingdom.parse(p.kingdom))) if p.kingdom is not None else p
        for p in game.players
    )
    return attrs.evolve(game, players=players, source=None)


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_the_report_is_the_checkers(path: Path) -> None:
    """For each example the page's report is check_game's to_dict, but for the file name."""
    game = load_game(path)
    out = result(format_game(game, "json"))
    expected = check_game(normalized(game)).to_dict()
    assert out["report"] == expected
    assert isinstance(out["report"], dict) and out["report"]["file"] is None


@given(games())
def test_game_round_trips(game: Game) -> None:
    """The page's game, its JSON and its TOML download all read back as the same game."""
    out = result(format_game(game, "json"))
    expected = normalized(game)
    assert parse_game(json.dumps(out["game"]), "json") == expected
    assert out["toml"] == format_game(expected)
    assert parse_game(str(out["toml"])) == expected
    cells = out["cells"]
    assert isinstance(cells, list)
    for entry, row in zip(expected.players, cells, strict=True):
        assert isinstance(row, list) and "".join(map(str, row)) == (entry.kingdom or "").replace(
            "/", ""
        )


@given(games())
def test_verdict_follows_the_report(game: Game) -> None:
    """The verdict starts with verified exactly when check_game verifies the game."""
    out = result(format_game(game, "json"))
    report = check_game(normalized(game))
    verdict = str(out["verdict"])
    word = "invalid" if not report.valid else "verified" if report.verified else "disagrees"
    assert verdict.split(":")[0] == word


@given(near_valid_documents())
def test_every_problem_gets_one_mark(document: dict[str, object]) -> None:
    """Each problem of the report has one mark, in order, whose cells are real cells of the
    player it names; a too-many-cards mark's cells all hold its kind (R1.3)."""
    out = result(json.dumps(document))
    if "error" in out:
        return  # not a game file at all: the page shows the message
    report = out["report"]
    marks = out["marks"]
    problems = report["problems"]
    assert [m["message"] for m in marks] == [p["message"] for p in problems]
    cells = out["cells"]
    for mark in marks:
        for cell in mark["cells"]:
            i, r, c = map(int, str(cell).split("-"))
            row = cells[i]
            assert 0 <= r < 4 and 0 <= c < 4
            if mark["code"] == "too-many-cards":
                assert row[4 * r + c] == mark["card"]


def test_problems_are_placed() -> None:
    """An empty cell, too many Dragons and a Legend claimed twice land on their cells/fields."""
    text = json.dumps(
        {
            "players": [
                {"name": "Ana", "kingdom": "DDDD/DDFF/?FFF/FFFF", "legends": ["two-elves"]},
                {"name": "Bob", "kingdom": "EEWW/FFOG/MHDS/WGSM", "legends": ["two-elves"]},
            ]
        }
    )
    marks = {m["code"]: m for m in result(text)["marks"]}
    assert marks["unexplored-land"]["cells"] == ["0-2-0"]
    assert marks["unexplored-land"]["field"] == "kingdom"
    assert marks["legend-claimed-twice"]["legends"] == [[0, "two-elves"], [1, "two-elves"]]
    assert marks["legend-claimed-twice"]["player"] == 1
    # 7 Dragons (Ana's 6, Bob's at (2,2)) where the 2-player deck holds 4 of each (R1.3)
    dragons = [m for m in result(text)["marks"] if m["card"] == "D"]
    assert len(dragons) == 1
    assert dragons[0]["cells"] == ["0-0-0", "0-0-1", "0-0-2", "0-0-3", "0-1-0", "0-1-1", "1-2-2"]


def test_name_and_sheet_problems_name_their_field() -> None:
    """A blank name and a written value that is not a number point at those fields."""
    text = json.dumps(
        {
            "players": [
                {"name": "", "kingdom": "FEOM/HPWM/SGDO/PPHS", "score": "7x"},
                {"name": "Bob", "kingdom": "EEWW/FFOG/MHDS/WGSM", "sheet": {"elves": "x"}},
            ]
        }
    )
    marks = result(text)["marks"]
    assert isinstance(marks, list)
    assert [(m["player"], m["field"]) for m in marks] == [
        (0, "name"),
        (0, "score"),
        (1, "sheet.elves"),
    ]


def test_check_page_turns_bad_text_into_an_error() -> None:
    """Text that is not a game file, or is too long, gives {"error": ...}, not an exception."""
    assert "not valid JSON" in json.loads(web.check_page("{"))["error"]
    long = json.loads(web.check_page(" " * (web.MAX_GAME_CHARS + 1)))["error"]
    assert str(web.MAX_GAME_CHARS) in long


def test_pictures_only_for_the_players_asked() -> None:
    """pictures="1" draws only player 1's Kingdom; the default draws every scored one."""
    text = format_game(load_game(ROOT / "examples" / "three-players.toml"), "json")
    every = json.loads(web.check_page(text))["pictures"]
    one = json.loads(web.check_page(text, "json", "1"))["pictures"]
    assert all(str(svg).startswith("<svg") for svg in every)
    assert one[0] is None and one[2] is None and one[1] == every[1]


def test_catalogue_has_the_cards_and_legends() -> None:
    """The palette's ten kinds carry the pictures' colours; the 15 Legends their points."""
    catalogue: Any = json.loads(json.dumps(web.catalogue()))
    cards = catalogue["cards"]
    legends = catalogue["legends"]
    assert [c["letter"] for c in cards] == list("FMPSEWHGDO")
    assert all(str(c["fill"]).startswith("#") for c in cards)
    assert sum(int(x["points"]) for x in legends) == 2 * 4 + 4 * 4 + 2 * 2 + 3 * 4 + 4


# --- building and serving -------------------------------------------------------------------


def test_drako_wheel_is_a_valid_wheel(tmp_path: Path) -> None:
    """The drako-rules wheel holds the package and a RECORD whose hashes match every file."""
    path = webserve.drako_wheel(tmp_path)
    with zipfile.ZipFile(path) as wheel:
        names = wheel.namelist()
        assert "drako_rules/web.py" in names and "drako_rules/webpage/checker.js" in names
        assert "drako_rules/checker.py" in names or "drako_rules/checker/__init__.py" in names
        assert not any("__pycache__" in n for n in names)
        info = next(n for n in names if n.endswith(".dist-info/RECORD"))
        for line in wheel.read(info).decode().splitlines():
            name, digest, size = line.split(",")
            if name == info:
                continue
            data = wheel.read(name)
            expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            assert digest == "sha256=" + expected.decode() and int(size) == len(data)
    assert webserve.drako_wheel(tmp_path / "again").read_bytes() == path.read_bytes()


def test_a_tarball_with_another_hash_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Pyodide tarball that is not the pinned one (sha512) is never used."""

    def fake(url: str, timeout: float) -> io.BytesIO:
        assert url.startswith("https://registry.npmjs.org/pyodide/-/pyodide-")
        return io.BytesIO(b"not the tarball")

    monkeypatch.setattr(urllib.request, "urlopen", fake)
    with pytest.raises(webserve.WebBuildError, match="pinned integrity"):
        webserve.fetch_pyodide(tmp_path)
    assert not any(tmp_path.iterdir())


def test_a_cached_file_with_another_hash_is_fetched_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A damaged cached wheel is downloaded again (here pip fails: the error says so)."""
    folder = tmp_path / "wheels"
    folder.mkdir()
    for _, name, _ in webserve.WHEELS:
        (folder / name).write_bytes(b"damaged")
    monkeypatch.setenv("PIP_INDEX_URL", "http://127.0.0.1:9/simple")
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("PIP_FIND_LINKS", str(tmp_path / "nowhere"))
    monkeypatch.setenv("PIP_EXTRA_INDEX_URL", "")
    with pytest.raises(webserve.WebBuildError, match="pip download"):
        webserve.fetch_wheels(tmp_path)


def test_serve_gives_the_types_browsers_need(tmp_path: Path) -> None:
    """The server answers on 127.0.0.1 with JavaScript, WebAssembly and JSON types."""
    for name in ("a.mjs", "b.wasm", "c.json", "index.html"):
        (tmp_path / name).write_bytes(b"x")
    server = webserve.serve(tmp_path).start()
    try:
        assert server.url.startswith("http://127.0.0.1:")
        types = {}
        for name in ("a.mjs", "b.wasm", "c.json", "index.html"):
            with urllib.request.urlopen(server.url + name, timeout=10) as response:
                types[name] = response.headers["Content-Type"]
        assert types == {
            "a.mjs": "text/javascript",
            "b.wasm": "application/wasm",
            "c.json": "application/json",
            "index.html": "text/html",
        }
    finally:
        server.shutdown()


def test_default_cache_dir_follows_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """$DRAKO_WEB_CACHE wins, then $XDG_CACHE_HOME/drako-rules/web."""
    monkeypatch.setenv("DRAKO_WEB_CACHE", "/x/y")
    assert webserve.default_cache_dir() == Path("/x/y")
    monkeypatch.delenv("DRAKO_WEB_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", "/c")
    assert webserve.default_cache_dir() == Path("/c/drako-rules/web")


def test_web_command_builds_serves_and_opens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``web`` builds the page, serves it on 127.0.0.1, opens the browser unless told not to."""
    built: list[Path] = []
    opened: list[str] = []
    fetched: list[bytes] = []

    def build(directory: Path, *, cache_dir: Path) -> Path:
        directory.mkdir(parents=True, exist_ok=True)
        (directory / "index.html").write_text("<p>checker</p>")
        built.append(directory)
        return directory

    def serve_once(self: webserve.PageServer) -> None:
        self.start()
        with urllib.request.urlopen(self.url, timeout=10) as response:
            fetched.append(response.read())
        raise KeyboardInterrupt

    monkeypatch.setattr(webserve, "build_page", build)
    monkeypatch.setattr(webserve.PageServer, "serve_forever", serve_once)
    monkeypatch.setattr("webbrowser.open", opened.append)
    parser = argparse.ArgumentParser()
    cli_web.add_arguments(parser)
    for extra, browsers in (([], 1), (["--no-browser"], 0)):
        args = parser.parse_args(["--port", "0", "--cache-dir", str(tmp_path / "c"), *extra])
        opened.clear()
        assert cli_web.run(args, Console.standard()) == 0
        assert len(opened) == browsers
    assert built == [tmp_path / "c" / "page"] * 2
    assert fetched == [b"<p>checker</p>"] * 2
    assert "http://127.0.0.1:" in capsys.readouterr().out
    # --build-only builds into --dir and serves nothing
    args = parser.parse_args(["--build-only", "--dir", str(tmp_path / "site"), "--no-browser"])
    assert cli_web.run(args, Console.standard()) == 0
    assert built[-1] == tmp_path / "site" and len(fetched) == 2
    assert str(tmp_path / "site") in capsys.readouterr().out


@given(st.integers().filter(lambda p: not 0 <= p <= 65535))
def test_web_command_refuses_a_bad_port(port: int) -> None:
    """A port outside 0-65535 is one clear DrakoError, before anything is built."""
    parser = argparse.ArgumentParser()
    cli_web.add_arguments(parser)
    args = parser.parse_args(["--port", str(port), "--no-browser"])
    with pytest.raises(DrakoError, match="port"):
        cli_web.run(args, Console.standard())


def test_a_second_build_fetches_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Once the cache holds the downloads, a build works with the network and pip cut off,
    and gives the same files (the cache is ``.cache/web``, as for the docs build)."""
    cache = ROOT / ".cache" / "web"
    first = webserve.build_page(tmp_path / "one", cache_dir=cache)

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a cached build downloads nothing")

    monkeypatch.setattr(urllib.request, "urlopen", refuse)
    monkeypatch.setattr(subprocess, "run", refuse)
    second = webserve.build_page(tmp_path / "two", cache_dir=cache)
    files = sorted(p.relative_to(first) for p in first.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(second) for p in second.rglob("*") if p.is_file())
    assert all((first / f).read_bytes() == (second / f).read_bytes() for f in files)
    assert Path("pyodide/pyodide.asm.wasm") in files
    # the page files (3 and a message catalogue per language) + 6 of Pyodide + 4 pinned
    # wheels and drako-rules' own + wheels.json + catalogue.json + the build's marker
    assert len(files) == len(webserve.PAGE_FILES) + 6 + 5 + 1 + 1 + 1
