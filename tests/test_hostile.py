"""The hostile suite: whatever the file, stream or argument, the checker and the CLI end with
a report or the library's error, a documented exit status (0, 1, 2 or 130) and at most one
line on stderr, never a traceback or a raw control character, and write nothing.

Every case is bounded: subprocesses run under a timeout and an address-space limit
(``RLIMIT_AS``), so an unbounded read or a quadratic step fails the test instead of
hanging it. One section per class of failure of issue 9 (numbered as there)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shlex
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
from signals import sigint_as_from_a_terminal
from strategies import json_documents, near_valid_documents, toml_documents, toml_dumps

SRC = str(Path(drako_rules.__file__).resolve().parent.parent)  # where the tested package is
ROOT = Path(__file__).resolve().parent.parent  # the checkout: examples/, docs/


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
        assert not any("internal error" in line for line in lines), lines
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
            assert "internal error" not in err.getvalue()


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


# --- the bounded process harness ---------------------------------------------------------------

#: The address space a hostile run may use: far above what the command needs (about 60 MiB),
#: far below what an unbounded read of /dev/zero or a 1 GiB file would take.
MEMORY_LIMIT = 512 * 1024 * 1024
#: The wall time a hostile run may take before the test fails.
TIME_LIMIT = 60


def _limit_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


#: Characters that must never reach a terminal raw: C0 (but the line break), C1, bidi.
RAW_CONTROLS = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def hostile_run(
    args: list[str],
    cwd: Path,
    *,
    stdin: bytes | int | None = None,
    env: dict[str, str] | None = None,
    shell_redirect: str = "",
) -> tuple[int, bytes, bytes]:
    """Run ``drako-rules ARGS`` as a process, bounded in time and memory, in ``cwd``;
    ``shell_redirect`` (``>&-``, ``2>&-``) is applied by ``/bin/sh``."""
    full_env = {**os.environ, "PYTHONPATH": SRC, "PYTHONDONTWRITEBYTECODE": "1", **(env or {})}
    command = [sys.executable, "-m", "drako_rules", *args]
    if shell_redirect:
        command = [
            "/bin/sh",
            "-c",
            " ".join(shlex.quote(c) for c in command) + " " + shell_redirect,
        ]
    result = subprocess.run(
        command,
        input=stdin if isinstance(stdin, bytes) else None,
        stdin=stdin
        if isinstance(stdin, int)
        else (None if isinstance(stdin, bytes) else subprocess.DEVNULL),
        capture_output=True,
        env=full_env,
        cwd=cwd,
        timeout=TIME_LIMIT,
        preexec_fn=_limit_memory,
        check=False,
    )
    return result.returncode, result.stdout, result.stderr


def assert_refused(status: int, out: bytes, err: bytes, *, expect: str = "") -> str:
    """Exit 2, one escaped error line on stderr, no traceback, nothing raw on stdout."""
    text = err.decode("utf-8", "replace")
    assert status == EXIT_INVALID, (status, text[:300])
    assert text.count("\n") == 1 and text.startswith("drako-rules: error: "), text[:300]
    assert b"Traceback" not in out + err
    assert not RAW_CONTROLS.search(text) and not RAW_CONTROLS.search(out.decode("utf-8", "replace"))
    assert expect in text, text
    assert "internal error" not in text, text
    return text


@pytest.fixture
def scratch(tmp_path: Path) -> Iterator[Path]:
    """An empty working directory that must stay empty."""
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    yield cwd
    assert os.listdir(cwd) == [], "something was written in the working directory"


def bad_record(moves: int) -> bytes:
    """A record whose ``moves`` moves are all malformed (a number where a move goes)."""
    head = b'{"seed": 1, "players": 2, "first_player": 0, "ruleset": "pocket", '
    head += b'"rules_version": "2026.11", "moves": ['
    return head + b",".join([b"1"] * moves) + b"]}"


# --- 1. exit statuses and one line, for every command --------------------------------------

READERS = [["check"], ["replay"], ["score"], ["explain"]]


@pytest.mark.parametrize("command", READERS, ids=lambda c: c[0])
@pytest.mark.parametrize(
    "case", ["missing", "directory", "unreadable", "not-utf8", "deep-json", "deep-json-stdin"]
)
def test_1_bad_sources_exit_2_with_one_line(
    tmp_path: Path, scratch: Path, command: list[str], case: str
) -> None:
    """Every reading command refuses a missing file, a directory, an unreadable file, bytes
    that are not UTF-8 and JSON nested 100,000 deep (file or stdin) with exit 2 and one line."""
    stdin: bytes | None = None
    if case == "missing":
        source = str(tmp_path / "missing.json")
    elif case == "directory":
        source = str(tmp_path)
    elif case == "unreadable":
        source = "/proc/self/mem"  # open succeeds, read fails (EIO), even for root
    elif case == "not-utf8":
        (tmp_path / "latin1.json").write_bytes(b'{"players": "\xe9\xff"}')
        source = str(tmp_path / "latin1.json")
    elif case == "deep-json":
        (tmp_path / "deep.json").write_bytes(b"[" * 100_000)
        source = str(tmp_path / "deep.json")
    else:
        source, stdin = "-", b"[" * 100_000
    if command[0] in ("score", "explain") and source != "-":
        # these take a Kingdom, not a file: the same bytes as an argument or on stdin
        source, stdin = (
            "-",
            (
                Path(source).read_bytes()[:200_000]
                if Path(source).is_file() and case != "unreadable"
                else b"\xff\xfe"
            ),
        )
    assert_refused(*hostile_run([*command, source], scratch, stdin=stdin))


def big_game(players: int) -> bytes:
    """A TOML game file with ``players`` named players without Kingdom: a long report."""
    return b"".join(
        b'[[players]]\nname = "p%d"\nkingdom = "FEOM/HPWM/SGDO/PPHS"\n' % i for i in range(players)
    )


@pytest.mark.parametrize("redirect", [">/dev/full", ">&-"])
def test_1_stdout_full_or_closed_is_exit_2(tmp_path: Path, scratch: Path, redirect: str) -> None:
    """Standard output full (/dev/full) or closed: exit 2 and one line, never 120 or 1."""
    example = str(ROOT / "examples" / "sheet-mistakes.toml")
    for args in (
        ["check", example],
        ["check", "--json", example],
        ["score", "FEOM/HPWM/SGDO/PPHS"],
    ):
        status, out, err = hostile_run(args, scratch, shell_redirect=redirect)
        assert_refused(status, out, err, expect="cannot write the output")


def test_1_broken_pipe_is_exit_2(tmp_path: Path, scratch: Path) -> None:
    """A pipe whose reader has gone: exit 2 and one line (documented), never a traceback."""
    game = tmp_path / "big.toml"
    game.write_bytes(big_game(5000))  # a report far larger than a pipe's buffer
    env = {**os.environ, "PYTHONPATH": SRC, "PYTHONDONTWRITEBYTECODE": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "drako_rules", "check", str(game)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        env=env,
        cwd=scratch,
        preexec_fn=_limit_memory,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.read(10)
    process.stdout.close()
    err = process.stderr.read()
    status = process.wait(timeout=TIME_LIMIT)
    assert_refused(status, b"", err, expect="broken pipe")


def test_1_stderr_closed(tmp_path: Path, scratch: Path) -> None:
    """Standard error closed: the exit status still tells (2), and nothing crashes."""
    status, out, err = hostile_run(
        ["check", str(tmp_path / "missing.toml")], scratch, shell_redirect="2>&-"
    )
    assert status == EXIT_INVALID and out == b"" and err == b""


# --- 2. bounded input -------------------------------------------------------------------------


@pytest.mark.parametrize("command", [["check"], ["replay"], ["check", "--json"]], ids=" ".join)
def test_2_dev_zero_is_refused_at_the_limit(scratch: Path, command: list[str]) -> None:
    """`check /dev/zero` and `replay /dev/zero` stop at the size limit, in bounded memory."""
    assert_refused(*hostile_run([*command, "/dev/zero"], scratch), expect="size limit")


def test_2_sparse_gigabyte_file_is_refused_from_its_size(tmp_path: Path, scratch: Path) -> None:
    """A 1 GiB sparse file is refused before a byte of it is read."""
    big = tmp_path / "big.toml"
    with open(big, "wb") as f:
        f.truncate(1 << 30)
    for command in ("check", "replay"):
        assert_refused(*hostile_run([command, str(big)], scratch), expect="size limit")


def test_2_hundred_megabytes_on_stdin(tmp_path: Path, scratch: Path) -> None:
    """100 MB piped into `score -` is refused at the limit (the rest is never read)."""
    big = tmp_path / "stdin.txt"
    with open(big, "wb") as f:
        f.truncate(100_000_000)
    with open(big, "rb") as stdin:
        status, out, err = hostile_run(["score", "-"], scratch, stdin=stdin.fileno())
    assert_refused(status, out, err, expect="size limit")


def test_2_the_limit_can_be_raised(tmp_path: Path) -> None:
    """--max-input-size raises (or lowers) the limit."""
    example = ROOT / "examples" / "two-players.toml"
    size = example.stat().st_size
    status, _, err = call_main(["check", "--max-input-size", str(size - 1), str(example)])
    assert status == EXIT_INVALID and "size limit" in err
    status, _, err = call_main(["check", "--max-input-size", str(size), str(example)])
    assert status == 0 and err == ""


def call_main(args: list[str]) -> tuple[int, str, str]:
    """``main(args)`` in-process: exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(args)
    return status, out.getvalue(), err.getvalue()


# --- 3. bounded work ---------------------------------------------------------------------------


def test_3_sixteen_thousand_players_are_reported_with_a_capped_problem_list(
    tmp_path: Path, scratch: Path
) -> None:
    """16,000 [[players]] without Kingdom: reported (linear), problems capped in text."""
    game = tmp_path / "many.toml"
    game.write_bytes(b"".join(b'[[players]]\nname = "p%d"\n' % i for i in range(16_000)))
    status, out, err = hostile_run(["check", str(game)], scratch)
    assert_refused(status, b"", err)
    text = out.decode()
    assert "… and 15,991 more problems" in text  # 16,000 missing Kingdoms + player count - 10
    status, out, err = hostile_run(["check", "--json", str(game)], scratch)
    report = json.loads(out)
    assert report["problem_count"] == 16_001 and len(report["problems"]) == 100


def test_3_twenty_thousand_tied_players(tmp_path: Path, scratch: Path) -> None:
    """20,000 players with one Kingdom: a player-count problem, no ranking, no tie scan."""
    game = tmp_path / "tied.json"
    players = [{"name": f"p{i}", "kingdom": "FEOM/HPWM/SGDO/PPHS"} for i in range(20_000)]
    game.write_text(json.dumps({"players": players}, separators=(",", ":")))  # under 1 MiB
    status, out, _err = hostile_run(["check", "--json", str(game)], scratch)
    assert status == EXIT_INVALID
    report = json.loads(out)
    assert report["problems"][0]["code"] == "player-count"
    assert report["tie_breaks"] == [] and all(p["place"] is None for p in report["players"])


# --- 4. bounded output --------------------------------------------------------------------------


def test_4_a_huge_name_does_not_pad_the_table(tmp_path: Path) -> None:
    """A 100 KB name is cut in the table and in every sentence: the output stays small."""
    name = "N" * 100_000
    game = {
        "players": [
            {"name": name, "kingdom": "GFEF/SGHD/FMDH/SWOP", "score": 1},
            {"name": "Bob", "kingdom": "DEMW/EFPO/GOHM/SPP?"},
        ]
    }
    path = tmp_path / "g.json"
    path.write_text(json.dumps(game))
    status, out, err = call_main(["check", str(path)])
    assert status == EXIT_INVALID
    assert len(out) < 5_000 and len(err) < 600
    assert max(len(line) for line in out.splitlines()) <= 320


def test_4_a_huge_bad_kingdom_is_not_echoed(tmp_path: Path) -> None:
    """A 3 MB unreadable Kingdom is quoted by a short prefix, on stdout and stderr."""
    game = {
        "players": [
            {"name": "Ana", "kingdom": "X" * 3_000_000},
            {"name": "Bob", "kingdom": "DEMW/EFPO/GOHM/SPPH"},
        ]
    }
    path = tmp_path / "g.json"
    path.write_text(json.dumps(game))
    status, out, err = call_main(["check", str(path)])
    assert status == EXIT_INVALID
    assert len(out) < 5_000 and len(err) < 600
    status, out, err = call_main(["score", "Y" * 1_000_000])
    assert status == EXIT_INVALID and out == "" and len(err) <= 520


# --- 5. no terminal injection ------------------------------------------------------------------

INJECTIONS = ["\x1b]0;pwned\x07\x1b[2J", "\u202eevil", "a\x85b\x9bc", "x\ry", "bell\x07"]


@pytest.mark.parametrize("evil", INJECTIONS, ids=repr)
def test_5_every_user_string_is_escaped(tmp_path: Path, evil: str) -> None:
    """Names, unknown field names, Legend ids, ruleset and Kingdoms with control or bidi
    characters never reach stdout or stderr raw (problem lines included)."""
    game = {
        "ruleset": evil,
        "players": [
            {
                "name": evil,
                "kingdom": "GFEF/SGHD/FMDH/SWOP",
                "legends": [evil],
                evil: 1,
                "score": 3,
            },
            {"name": "Bob", "kingdom": evil + "/EFPO/GOHM/SPPH"},
        ],
    }
    path = tmp_path / "g.json"
    path.write_text(json.dumps(game))
    for args in (
        ["check", str(path)],
        ["check", "--json", str(path)],
        ["score", evil],
        ["explain", evil],
        ["score", "FEOM/HPWM/SGDO/PPHS", "--legend", evil],
    ):
        status, out, err = call_main(args)
        assert status in (1, 2)
        assert not RAW_CONTROLS.search(out) and not RAW_CONTROLS.search(err), (args, out, err)


def test_5_json_is_valid_in_any_stdout_encoding(tmp_path: Path, scratch: Path) -> None:
    """`--json` with PYTHONIOENCODING=ascii is valid, ASCII-only JSON that keeps every name."""
    game = {
        "players": [
            {"name": "Zoé \u202e", "kingdom": "GFEF/SGHD/FMDH/SWOP"},
            {"name": "Bob", "kingdom": "DEMW/EFPO/GOHM/SPPH"},
        ]
    }
    path = tmp_path / "g.json"
    path.write_text(json.dumps(game))
    status, out, err = hostile_run(
        ["check", "--json", str(path)], scratch, env={"PYTHONIOENCODING": "ascii"}
    )
    assert status == 0 and err == b""
    out.decode("ascii")
    assert json.loads(out)["players"][0]["name"] == "Zoé \u202e"


# --- 6. numbers ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "suffix"),
    [
        (
            b'[[players]]\nname = "A"\nkingdom = "FEOM/HPWM/SGDO/PPHS"\nscore = 0x' + b"f" * 5000,
            ".toml",
        ),
        (
            b'{"players": [{"name": "A", "kingdom": "FEOM/HPWM/SGDO/PPHS", "score": 1'
            + b"0" * 5000
            + b"}]}",
            ".json",
        ),
        (
            b'{"players": [{"name": "A", "kingdom": "FEOM/HPWM/SGDO/PPHS", "sheet": {"elves": -'
            + b"9" * 400
            + b"}}]}",
            ".json",
        ),
    ],
    ids=["toml-hex", "json-5000-digits", "json-sheet-400-digits"],
)
def test_6_huge_integers_are_problems(tmp_path: Path, content: bytes, suffix: str) -> None:
    """A huge integer on the sheet is a not-an-integer problem, in text and --json."""
    path = tmp_path / f"g{suffix}"
    path.write_bytes(content)
    status, out, _err = call_main(["check", str(path)])
    assert status == EXIT_INVALID and "[not-an-integer]" in out and len(out) < 3000
    status, out, _ = call_main(["check", "--json", str(path)])
    assert "not-an-integer" in [p["code"] for p in json.loads(out)["problems"]]


def test_6_a_toml_decimal_beyond_python_s_limit_is_a_problem(tmp_path: Path) -> None:
    """A TOML decimal of 5,000 digits (more than Python converts) on the sheet is a
    not-an-integer problem in text and --json, not a refused file."""
    path = tmp_path / "g.toml"
    path.write_bytes(
        b'[[players]]\nname = "A"\nkingdom = "FEOM/HPWM/SGDO/PPHS"\nscore = ' + b"1" * 5000
    )
    status, out, err = call_main(["check", str(path)])
    assert status == EXIT_INVALID and err.count("\n") == 1 and len(out) < 3000
    assert "[not-an-integer] $.players[0].score:" in out and "an integer of 5000 digits" in out
    status, out, _ = call_main(["check", "--json", str(path)])
    assert "not-an-integer" in [p["code"] for p in json.loads(out)["problems"]]


def test_6_a_toml_decimal_python_cannot_read_exactly_is_one_line(tmp_path: Path) -> None:
    """A file whose 5,000-digit decimal cannot be read as a value exactly (the same digits
    also name a table) is refused with one error line, nothing on stdout."""
    path = tmp_path / "g.toml"
    path.write_bytes(b"[" + b"1" * 5000 + b"]\nscore = " + b"1" * 5000)
    status, out, err = call_main(["check", str(path)])
    assert status == EXIT_INVALID and out == "" and "number too long" in err
    assert err.count("\n") == 1


# --- 7. records ---------------------------------------------------------------------------------


@pytest.mark.parametrize("moves", [100_000, 1_000_000])
def test_7_a_record_is_refused_at_its_first_bad_move(
    tmp_path: Path, scratch: Path, moves: int
) -> None:
    """A record of 100,000 or 1,000,000 bad moves is refused at $.moves[0], in bounded
    memory (the 1,000,000 is over the size limit unless raised)."""
    path = tmp_path / "bad.json"
    path.write_bytes(bad_record(moves))
    text = assert_refused(
        *hostile_run(["replay", "--max-input-size", "10000000", str(path)], scratch)
    )
    assert "$.moves[0]" in text


def test_7_state_from_json_refuses_a_short_legend_row() -> None:
    """A legend row of 7 while the deck still has Legends cannot come from R2.2/R6.2."""
    from drako_rules import RecordError, new_game, state_from_json, state_to_json

    data = json.loads(state_to_json(new_game(2, 1)))
    data["legend_deck"].append(data["legend_row"].pop())
    with pytest.raises(RecordError, match=r"R2\.2") as info:
        state_from_json(json.dumps(data))
    assert info.value.path == "$.legend_row"


def test_7_seeds_are_bounded_so_records_can_be_written_back() -> None:
    """A seed of 2**128 or more is refused; every accepted record is written and read back."""
    from drako_rules import GameRecord, RecordError, record_from_json, record_to_json

    record = GameRecord(seed=2**127 - 1, players=2)
    assert record_from_json(record_to_json(record)) == record
    for seed in (2**128, -(2**128), 10**5000):
        with pytest.raises(RecordError, match="seed"):
            record_to_json(GameRecord(seed=seed, players=2))
        with pytest.raises(RecordError, match="seed"):
            record_from_json(
                json.dumps(
                    {
                        "seed": min(seed, 10**100),
                        "players": 2,
                        "first_player": 0,
                        "ruleset": "pocket",
                        "rules_version": "2026.11",
                        "moves": [],
                    }
                )
            )


# --- 8. the library's own errors -----------------------------------------------------------------


def _public_calls() -> list[tuple[str, object]]:
    from drako_rules import (
        Kingdom,
        Position,
        apply_move,
        final_ranking,
        final_scores,
        legal_action_mask,
        legal_moves,
        new_game,
        player_view,
        rank,
        ranking,
        record_to_json,
        replay,
        save_record,
        score,
    )
    from drako_rules.checker import format_game
    from drako_rules.connections import layout
    from drako_rules.game import Arrange

    return [
        ("legal_moves", lambda: legal_moves("x")),  # type: ignore[arg-type]
        ("legal_action_mask", lambda: legal_action_mask(None)),  # type: ignore[arg-type]
        ("player_view", lambda: player_view("x", 0)),  # type: ignore[arg-type]
        ("player_view seat", lambda: player_view(new_game(2, 1), "a")),  # type: ignore[arg-type]
        ("final_scores", lambda: final_scores("x")),  # type: ignore[arg-type]
        ("final_ranking", lambda: final_ranking(3)),  # type: ignore[arg-type]
        ("replay", lambda: replay("x")),  # type: ignore[arg-type]
        ("record_to_json", lambda: record_to_json("x")),  # type: ignore[arg-type]
        ("save_record", lambda: save_record(3, "x")),  # type: ignore[arg-type]
        ("parse_game", lambda: parse_game(3)),  # type: ignore[arg-type]
        ("parse_game format", lambda: parse_game("", "yaml")),  # type: ignore[arg-type]
        ("format_game", lambda: format_game("x")),  # type: ignore[arg-type]
        ("rank", lambda: rank(3)),  # type: ignore[arg-type]
        ("ranking", lambda: ranking(None)),  # type: ignore[arg-type]
        ("ranking items", lambda: ranking([1])),  # type: ignore[list-item]
        ("score legends", lambda: score(Kingdom.unexplored(), 5)),  # type: ignore[arg-type]
        ("score legends text", lambda: score(Kingdom.unexplored(), "two-elves")),  # type: ignore[arg-type]
        ("Arrange.from_cards", lambda: Arrange.from_cards("x", "y")),  # type: ignore[arg-type]
        ("layout", lambda: layout("x")),  # type: ignore[arg-type]
        ("layout range", lambda: layout(-1)),
        ("Position.from_index", lambda: Position.from_index("x")),  # type: ignore[arg-type]
        ("apply_move", lambda: apply_move(new_game(2, 1), "draw")),  # type: ignore[arg-type]
        ("check_game", lambda: check_game("x")),  # type: ignore[arg-type]
    ]


@pytest.mark.parametrize(("name", "call"), _public_calls(), ids=[n for n, _ in _public_calls()])
def test_8_public_functions_raise_drako_errors(name: str, call: object) -> None:
    """A wrong type or value given to a public function raises a DrakoError subclass."""
    assert callable(call)
    with pytest.raises(DrakoError):
        call()


def test_8_one_type_error_class_that_does_not_clash_with_argparse() -> None:
    """The library's type error is DrakoTypeError, a TypeError, and no ArgumentTypeError."""
    import drako_rules.errors as errors
    from drako_rules.errors import DrakoTypeError

    assert issubclass(DrakoTypeError, TypeError) and issubclass(DrakoTypeError, DrakoError)
    assert not hasattr(errors, "ArgumentTypeError") and not hasattr(
        drako_rules, "ArgumentTypeError"
    )


# --- the arena and simulate commands ---------------------------------------------------------

ARENA_REFUSALS = [
    (["arena", "random", "\x1b]0;pwned\x07\x1b[2J"], "unknown player"),
    (["arena", "random", "no_such_module_xyz:Bot"], "cannot import module 'no_such_module_xyz'"),
    (["arena", "random", "drako_rules:NoSuchPlayer"], "has no callable 'NoSuchPlayer'"),
    (["arena", "random", "x" * 100_000 + ":Bot"], "player spec too long"),
    (["arena", "random"], "2 to 4 players"),
    (["arena", "random", "random", "--games", "0"], "number of games is from 1"),
    (["arena", "random", "random", "--games", "-4"], "number of games is from 1"),
    (["arena", "random", "random", "--games", "10" + "0" * 30], "number of games is from 1"),
    (["arena", "random", "random", "--games", "1" * 5000], "invalid int value"),
    (["arena", "random", "random", "--games", "3"], "multiple of 2"),
    (["arena", "random", "random", "--workers", "0"], "workers are from 1 to 1024"),
    (["arena", "random", "random", "--move-time-limit", "nan"], "move time limit"),
    (["arena", "random", "random", "--seed", str(2**200)], "bad seed"),
    (["arena", "random", "random", "--ruleset", "\x1b[2J"], "unknown ruleset"),
    (["simulate", "--games", "0"], "number of games is from 1"),
    (["simulate", "--games", "10" + "0" * 30], "number of games is from 1"),
    (["simulate", "--players", "9"], ""),
    (["simulate", "--workers", "-1"], "workers are from 1 to 1024"),
]


@pytest.mark.parametrize(("args", "expect"), ARENA_REFUSALS, ids=lambda a: repr(a)[:40])
def test_arena_and_simulate_refuse_bad_arguments(
    scratch: Path, args: list[str], expect: str
) -> None:
    """A bad player spec (unknown, a module that does not import, a missing name, a huge
    one), a bad count of players, games (0, negative, beyond MAX_GAMES, 5,000 digits),
    workers, time limit, seed or ruleset: exit 2 and one escaped line, before any game."""
    assert_refused(*hostile_run(args, scratch), expect=expect)


@pytest.mark.parametrize("redirect", [">/dev/full", ">&-"])
@pytest.mark.parametrize(
    "args",
    [
        ["arena", "random", "random", "--games", "4", "--workers", "1"],
        ["arena", "random", "random", "--games", "4", "--workers", "1", "--json"],
        ["simulate", "--games", "4", "--workers", "1"],
    ],
    ids=" ".join,
)
def test_arena_and_simulate_with_stdout_closed_or_full(
    scratch: Path, args: list[str], redirect: str
) -> None:
    """Standard output closed or full: exit 2 and one line, never a traceback."""
    status, out, err = hostile_run(args, scratch, shell_redirect=redirect)
    assert_refused(status, out, err, expect="cannot write the output")


def test_arena_failed_games_are_status_1_with_one_escaped_line(scratch: Path) -> None:
    """A player that raises in some games: exit 1, the finished games and the failures on
    stdout, one escaped line on stderr naming the player and the first failed game."""
    env = {"PYTHONPATH": SRC + os.pathsep + str(Path(__file__).parent)}
    args = ["arena", "random", "arena_players:Raising", "--games", "6", "--workers", "1"]
    status, out, err = hostile_run(args, scratch, env=env)
    text = err.decode()
    assert status == 1 and text.count("\n") == 1 and b"Traceback" not in out + err
    assert "4 of 6 games failed because of a player" in text and "'arena_players:Raising'" in text
    assert out.decode().startswith("6 games (2 finished)")


ARENA_BIG_RUN = ["--games", "1000000", "--workers", "2"]


def test_arena_ctrl_c_stops_the_workers_with_status_130(scratch: Path) -> None:
    """Ctrl-C (SIGINT to the process group, as a terminal sends it) during a run on 2
    worker processes: exit 130, one line, no traceback from the workers, and soon."""
    import signal
    import time

    env = {**os.environ, "PYTHONPATH": SRC, "PYTHONDONTWRITEBYTECODE": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "drako_rules", "arena", "random", "random", *ARENA_BIG_RUN],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        env=env,
        cwd=scratch,
        start_new_session=True,
        preexec_fn=sigint_as_from_a_terminal,
    )
    time.sleep(3)
    os.killpg(process.pid, signal.SIGINT)
    try:
        out, err = process.communicate(timeout=TIME_LIMIT)
    finally:  # a run that did not stop must not play on after the test
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    assert process.returncode == 130, err[-300:]
    assert err == b"drako-rules: error: interrupted\n" and out == b""
