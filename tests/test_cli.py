"""The ``drako-rules`` command: check, score, explain, help, exit statuses, progress."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import drako_rules
from drako_rules import Category, Kingdom, Legend, score
from drako_rules.checker import check_game, load_game
from drako_rules.cli import (
    EXIT_INTERRUPTED,
    EXIT_INVALID,
    EXIT_MISMATCH,
    EXIT_OK,
    commands,
    main,
)
from drako_rules.cli.check import HEADINGS
from drako_rules.cli.console import Console, print_summary, run_with_progress

ROOT = Path(__file__).parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.toml")) + sorted((ROOT / "examples").glob("*.json"))
SRC = str(Path(drako_rules.__file__).resolve().parent.parent)


def run(
    *args: str, stdin: str | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m drako_rules ARGS`` on this tree's code, as a user would."""
    env = {
        **os.environ,
        "PYTHONPATH": SRC,
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONIOENCODING": "utf-8",
    }
    return subprocess.run(
        [sys.executable, "-m", "drako_rules", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=cwd or ROOT,
        timeout=120,
        check=False,
    )


class TTY(io.StringIO):
    """A captured stream that claims to be a terminal."""

    def isatty(self) -> bool:
        return True


def call(*args: str, err: io.StringIO | None = None) -> tuple[int, str, str]:
    """Run ``main(args)`` in-process; return the exit status, stdout and stderr."""
    out = io.StringIO()
    err = err if err is not None else io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    return status, out.getvalue(), err.getvalue()


def expected_status(path: Path) -> int:
    """The exit status the rules call for: 2 problems, 1 mismatches, 0 verified."""
    report = check_game(load_game(path))
    if report.problems:
        return EXIT_INVALID
    return EXIT_MISMATCH if report.mismatches else EXIT_OK


# --- check on every example --------------------------------------------------------------------


def test_examples_cover_the_issue() -> None:
    """examples/ has a 2-, 3- and 4-player game, a tie-break (R5.6) and a wrong sheet,
    all valid (no problem: card counts fit R1.3)."""
    reports = [check_game(load_game(path)) for path in EXAMPLES]
    assert all(r.valid for r in reports)
    assert {len(r.players) for r in reports} >= {2, 3, 4}
    assert any(r.ranking and any(not t.shared for t in r.ranking.tie_breaks) for r in reports)
    assert any(r.mismatches for r in reports)
    assert sum(r.verified for r in reports) >= 3


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_check_example_subprocess(path: Path) -> None:
    """`drako-rules check FILE` prints every player's categories, total and place, every
    tie-break and mismatch, and exits 0 when verified, 1 when the sheet is wrong."""
    report = check_game(load_game(path))
    result = run("check", str(path))
    assert result.returncode == expected_status(path)
    assert result.stderr == ""
    out = result.stdout
    header = next(line for line in out.splitlines() if line.startswith("Player"))
    assert header.split() == list(HEADINGS)
    assert len(header) <= 80  # the table fits 80 columns for names of up to 12 characters
    for player in report.players:
        assert player.sheet is not None
        row = next(line for line in out.splitlines() if line.startswith(player.name + " "))
        values = row[len(player.name) :].split()
        assert values[:8] == [str(v) for v in (*player.sheet.values, player.sheet.total)]
        assert values[-1] == str(player.place)
        for mismatch in player.mismatches:
            assert f"  {player.name}: {mismatch.describe().split(': ', 1)[1]}" in out
    for text in report.tie_break_texts():
        assert f"Tie-break: {text}" in out
    verdict = out.strip().splitlines()[-1]
    assert verdict == f"Verdict: {report.verdict.value}, {report.verdict_text}"


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_check_json_subprocess_matches_check_game(path: Path) -> None:
    """`check --json` prints only JSON on stdout, equal to check_game's report."""
    result = run("check", "--json", str(path))
    assert result.returncode == expected_status(path)
    assert json.loads(result.stdout) == check_game(load_game(str(path))).to_dict()


def test_table_columns_are_aligned() -> None:
    """The numbers of the check table are right-aligned under their headings."""
    status, out, _ = call("check", str(ROOT / "examples" / "four-players.toml"))
    assert status == EXIT_OK
    lines = [
        line
        for line in out.splitlines()
        if line.startswith(("Player", "Farid", "Greta", "Hana", "Ivo"))
    ]
    assert len(lines) == 5
    ends = [[m.end() for m in re.finditer(r"\S+", line)][1:] for line in lines]
    assert all(e == ends[0] for e in ends)


def test_check_several_files_status_is_the_worst() -> None:
    """With several files, the exit status is the worst of them; --json gives a list."""
    paths = [str(p) for p in EXAMPLES]
    status, out, err = call("check", "--json", *paths)
    assert status == max(expected_status(p) for p in EXAMPLES)
    data = json.loads(out)
    assert [d["file"] for d in data] == paths
    assert err == ""


def test_check_unreadable_file_is_one_error_line(tmp_path: Path) -> None:
    """A missing file gives exit 2 and one 'drako-rules: error:' line, in both modes; the
    other files are still checked."""
    missing = str(tmp_path / "missing.toml")
    good = str(ROOT / "examples" / "two-players.toml")
    for extra in ([], ["--json"]):
        status, out, err = call("check", *extra, missing, good)
        assert status == EXIT_INVALID
        assert err.count("\n") == 1 and err.startswith("drako-rules: error: cannot read")
        assert "Ana" in out
    status, out, err = call("check", "--json", missing)
    assert (status, out) == (EXIT_INVALID, "")


def test_check_game_with_problems_prints_report_and_exits_2(tmp_path: Path) -> None:
    """A game with problems is still reported on stdout; stderr has one error line."""
    path = tmp_path / "game.toml"
    text = (ROOT / "examples" / "two-players.toml").read_text(encoding="utf-8")
    path.write_text(text.replace('"DEMW/EFPO/GOHM/SPPH"', '"DEMW/EFPO/GOHM/SPP?"'), "utf-8")
    status, out, err = call("check", str(path))
    assert status == EXIT_INVALID
    assert "[unexplored-land] $.players[1].kingdom" in out
    assert "Verdict: invalid, the game has 1 problem;" in out
    assert err.count("\n") == 1 and err.startswith("drako-rules: error: ")


# --- progress bar ---------------------------------------------------------------------------------


def test_progress_bar_on_a_terminal() -> None:
    """With several files and stderr a terminal, a progress bar is drawn and erased."""
    err = TTY()
    paths = [str(p) for p in EXAMPLES]
    _, out, _ = call("check", *paths, err=err)
    drawn = err.getvalue()
    assert f"{len(paths)}/{len(paths)} files" in drawn
    assert "[" + "#" * 24 + "]" in drawn
    assert drawn.endswith("\r")
    assert "files" not in out


def test_no_progress_bar_when_piped() -> None:
    """When stderr is not a terminal, nothing is written there for valid files."""
    _, _, err = call("check", *[str(p) for p in EXAMPLES])
    assert err == ""
    result = run("check", *[str(p) for p in EXAMPLES])
    assert result.stderr == ""


def test_no_progress_bar_for_one_file() -> None:
    """One file needs no progress bar, even on a terminal."""
    err = TTY()
    call("check", str(EXAMPLES[0]), err=err)
    assert err.getvalue() == ""


# --- score and explain ------------------------------------------------------------------------------


def test_score_prints_the_seven_categories_and_total() -> None:
    """`score` with two Legends: worked example 1 (total 7) plus four-tribes 4 and
    two-elves 2 gives 13 (R5.4)."""
    status, out, _ = call(
        "score", "FEOM/HPWM/SGDO/PPHS", "--legend", "four-tribes", "--legend", "two-elves"
    )
    assert status == EXIT_OK
    values = dict(line.split() for line in out.splitlines()[1:9])
    assert values == {
        "Elves": "2",
        "Dwarves": "4",
        "Humans": "3",
        "Goblins": "3",
        "Dragons": "-3",
        "Legends": "6",
        "Conflicts": "-2",
        "Total": "13",
    }
    assert "two-elves (+2, requirement not met now, R6.3)" in out


def test_score_reads_multiline_kingdom_from_stdin() -> None:
    """`score -` reads the Kingdom from stdin, in the multi-line notation."""
    text = "forest elf portal mountain\nhuman plain dwarf mountain\nswamp goblin dragon portal\nplain plain human swamp\n"
    result = run("score", "-", "--ruleset", "classic", stdin=text)
    assert result.returncode == EXIT_OK, result.stderr
    expected = score(Kingdom.parse(text), ruleset=drako_rules.CLASSIC)
    values = dict(line.split() for line in result.stdout.splitlines()[1:9])
    assert values["Total"] == str(expected.total)
    assert "ruleset classic" in result.stdout


def test_explain_shows_grid_lines_and_legends() -> None:
    """`explain` shows the grid, every scoring line with its rule and link, the Portal
    networks, and the Legends met with their requirement (worked example 1)."""
    kingdom = Kingdom.parse("FEOM/HPWM/SGDO/PPHS")
    status, out, _ = call("explain", str(kingdom))
    assert status == EXIT_OK
    assert "  0  forest   elf      portal   mountain" in out
    for line in score(kingdom).lines:
        assert f"[{line.rule}] {line.text}" in out
    assert "through the Portal (0,2)" in out
    assert "Portal (0,2) links: Elf (0,1), Mountain (0,3), Dwarf (1,2)" in out
    assert f"four-tribes (+4): {Legend.FOUR_TRIBES.requirement}" in out
    assert "Total 7 (R5.5)" in out


def test_explain_lists_what_the_connections_link() -> None:
    """A Portal network lists the cards the connections link through it: the Goblin
    beside the Portal (0,2) is not among them (R4.3)."""
    _, out, _ = call("explain", "HHOE/DHGE/OWDW/SSMF")
    assert "Portal (0,2) links: Human (0,1), Elf (0,3)\n" in out
    assert "Goblin (1,2)" not in out.split("Portal networks")[1].split("Elves")[0]


def test_explain_svg_writes_the_picture(tmp_path: Path) -> None:
    """`explain --svg FILE` writes the picture of the Kingdom with its score (16 cards, the
    claimed Legends counted), and still prints the explanation."""
    from xml.etree import ElementTree

    from drako_rules.svg import WIDTH_WITH_SCORE

    target = tmp_path / "k.svg"
    status, out, _ = call(
        "explain", "FEOM/HPWM/SGDO/PPHS", "--legend", "four-tribes", "--svg", str(target)
    )
    assert status == EXIT_OK
    assert "Total 11 (R5.5)" in out  # 7 + 4 for four-tribes
    root = ElementTree.fromstring(target.read_text(encoding="utf-8"))
    assert root.get("width") == str(WIDTH_WITH_SCORE)
    cards = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "card"]
    assert len(cards) == 16


def test_explain_svg_to_stdout_prints_only_the_picture() -> None:
    """`explain --svg -` prints the SVG alone on stdout, so it can be piped to a file."""
    status, out, _ = call("explain", "HHOE/DHGE/OWDW/SSMF", "--svg", "-")
    assert status == EXIT_OK
    assert out.startswith("<svg") and out.rstrip().endswith("</svg>")


def test_explain_svg_unwritable_file_is_invalid_input(tmp_path: Path) -> None:
    """A picture that cannot be written gives exit status 2 and one line on stderr."""
    status, out, err = call(
        "explain", "FEOM/HPWM/SGDO/PPHS", "--svg", str(tmp_path / "missing" / "k.svg")
    )
    assert status == EXIT_INVALID
    assert out == ""
    assert err.count("\n") == 1 and "cannot write the picture" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["score", "FEOM"], "expected 4 rows"),
        (["score", "FEOM/HPWM/SGDO/PPHS", "--ruleset", "deluxe"], "unknown ruleset 'deluxe'"),
        (["score", "FEOM/HPWM/SGDO/PPHS", "--legend", "three-dragons"], "which is no Legend"),
        (
            ["score", "FEOM/HPWM/SGDO/PPHS", "--legend", "two-elves", "--legend", "two-elves"],
            "twice",
        ),
        (["explain", "FEOM/HPWM/SGDO/PPHX"], "unknown card"),
        ([], "choose a command"),
        (["frobnicate"], "invalid choice"),
        (["check"], "required: GAME_FILE"),
        (["check", "--jsn", "x"], "unrecognized arguments"),
    ],
)
def test_invalid_input_or_usage_is_exit_2_and_one_line(args: list[str], message: str) -> None:
    """Bad input or usage: exit 2, nothing on stdout, one 'drako-rules: error:' line."""
    status, out, err = call(*args)
    assert status == EXIT_INVALID
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("drako-rules: error: ")
    assert message in err


# --- help, version, entry points ------------------------------------------------------------------


@pytest.mark.parametrize("command", [[], *[[c.name] for c in commands()]])
def test_help_on_every_command(command: list[str]) -> None:
    """`--help` works on the program and every command, exits 0 and lists exit statuses."""
    status, out, err = call(*command, "--help")
    assert status == EXIT_OK
    assert out.startswith("usage: drako-rules")
    assert "exit status:" in out and "a score sheet disagrees with the rules" in out
    assert err == ""


def test_version() -> None:
    """`--version` prints the library version and the rules version."""
    status, out, _ = call("--version")
    assert status == EXIT_OK
    assert (
        out.strip() == f"drako-rules {drako_rules.__version__} (rules {drako_rules.RULES_VERSION})"
    )


def test_python_dash_m_and_version_subprocess() -> None:
    """`python -m drako_rules --version` runs the same command."""
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.startswith("drako-rules ")


def test_hostile_names_cannot_drive_the_terminal(tmp_path: Path) -> None:
    """Control characters in a name are printed escaped, not sent to the terminal."""
    path = tmp_path / "game.json"
    document = json.loads(
        json.dumps(
            {
                "players": [
                    {"name": "\x1b[31mEve", "kingdom": "GFEF/SGHD/FMDH/SWOP"},
                    {"name": "Bob\ud800", "kingdom": "DEMW/EFPO/GOHM/SPPH"},
                ]
            }
        )
    )
    path.write_text(json.dumps(document), encoding="utf-8")
    status, out, _ = call("check", str(path))
    assert status == EXIT_OK
    assert "\x1b" not in out
    assert "\\x1b[31mEve" in out


def test_readme_documents_the_command_and_exit_statuses() -> None:
    """README.md runs the CLI on an existing example and lists exit statuses 0, 1, 2."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(r"drako-rules check (examples/\S+\.toml)", readme)
    assert match is not None and (ROOT / match.group(1)).is_file()
    for status in (EXIT_OK, EXIT_MISMATCH, EXIT_INVALID):
        assert re.search(rf"^\| *`?{status}`? *\|", readme, re.MULTILINE)


class ClosedPipe(io.StringIO):
    """A stdout whose reader has gone away (``drako-rules check ... | head``)."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_closed_pipe_is_no_traceback() -> None:
    """When stdout is closed early, main returns without raising."""
    err = io.StringIO()
    with contextlib.redirect_stdout(ClosedPipe()), contextlib.redirect_stderr(err):
        status = main(["check", str(EXAMPLES[0])])
    assert status == EXIT_INVALID
    assert "Traceback" not in err.getvalue()


def test_interrupt_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C during a check gives exit status 130 and one line, no traceback."""

    def interrupted(path: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr("drako_rules.cli.check.check_game", interrupted)
    status, _, err = call("check", str(EXAMPLES[0]))
    assert status == EXIT_INTERRUPTED == 130
    assert err == "drako-rules: error: interrupted\n"


# --- replay and simulate ------------------------------------------------------------------


def _saved_game(tmp_path: Path, players: int = 3, seed: int = 5, moves: int | None = None) -> Path:
    """Save the record of a random game (cut after ``moves`` moves if given)."""
    from drako_rules import GameRecord, play_random_game, save_record

    record = play_random_game(players, seed=seed).record
    if moves is not None:
        record = GameRecord(
            record.seed,
            record.players,
            record.first_player,
            record.ruleset,
            record.rules_version,
            record.moves[:moves],
        )
    path = tmp_path / "record.json"
    save_record(path, record)
    return path


def test_replay_prints_the_final_scores_of_the_record(tmp_path: Path) -> None:
    """`replay RECORD` replays the engine's record and prints each player's seven categories,
    total and place exactly as final_scores/final_ranking give them (R7.3, R5.6)."""
    from drako_rules import final_ranking, final_scores, load_record, replay

    path = _saved_game(tmp_path)
    state = replay(load_record(path))
    sheets, places = final_scores(state), final_ranking(state).places
    status, out, err = call("replay", str(path))
    assert (status, err) == (EXIT_OK, "")
    for seat, (sheet, place) in enumerate(zip(sheets, places, strict=True)):
        row = next(line for line in out.splitlines() if line.startswith(f"seat {seat} "))
        assert row.split()[2:] == [*(str(v) for v in sheet.values), str(sheet.total), str(place)]
    assert "Places (R5.6): 1." in out


def test_replay_json_agrees_with_the_engine(tmp_path: Path) -> None:
    """`replay --json` gives, per seat, the categories, total and place of the replayed game."""
    from drako_rules import final_ranking, final_scores, load_record, replay

    path = _saved_game(tmp_path, players=4, seed=11)
    state = replay(load_record(path))
    result = run("replay", str(path), "--json")
    assert result.returncode == EXIT_OK, result.stderr
    data = json.loads(result.stdout)
    assert data["over"] is True and data["ruleset"] == "pocket"
    for seat, (sheet, place) in enumerate(
        zip(final_scores(state), final_ranking(state).places, strict=True)
    ):
        player = data["players"][seat]
        assert {c.value: player[c.value] for c in Category} == {c.value: sheet[c] for c in Category}
        assert (player["total"], player["place"]) == (sheet.total, place)
        assert player["kingdom"] == str(state.players[seat].kingdom)
        assert player["claimed"] == [legend.value for legend in sheet.claimed]
        # the sheet's one JSON form, between the Kingdom and the claimed Legends
        assert list(player) == ["seat", "kingdom", *sheet.as_dict(), "claimed", "place"]


def test_replay_of_an_unfinished_game_says_so(tmp_path: Path) -> None:
    """A record cut in the middle replays to a game that is not over (R7.1): no places, the
    scores of the revealed cards only, and --moves lists each move with its seat."""
    path = _saved_game(tmp_path, moves=20)
    status, out, _ = call("replay", str(path), "--moves")
    assert status == EXIT_OK
    assert "The game is not over (R7.1)" in out
    assert " 1. seat 0: arrange " in out and "20. seat " in out
    assert "Places (R5.6)" not in out


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.pop("seed"), "$.seed"),
        (lambda d: d["moves"].__setitem__(5, {"type": "fly"}), "$.moves[5]"),
        (lambda d: d.__setitem__("players", 7), "players"),
    ],
)
def test_replay_of_a_tampered_record_is_invalid_input(
    tmp_path: Path, edit: Callable[[dict[str, object]], object], message: str
) -> None:
    """A malformed or tampered record gives exit status 2 and one line naming where."""
    path = _saved_game(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = call("replay", str(path))
    assert status == EXIT_INVALID
    assert out == ""
    assert err.count("\n") == 1 and message in err


def test_replay_reads_the_record_from_stdin(tmp_path: Path) -> None:
    """`replay -` reads the record from standard input."""
    path = _saved_game(tmp_path, players=2, seed=3)
    result = run("replay", "-", stdin=path.read_text(encoding="utf-8"))
    assert result.returncode == EXIT_OK, result.stderr
    assert "2-player game, seed 3" in result.stdout


def test_simulate_json_summary_is_reproducible_and_consistent() -> None:
    """`simulate --json` plays the games of consecutive seeds: the same arguments give the
    same summary (R2.8), the seats' win shares add up to 1, and the means are those of the
    games played one by one."""
    from statistics import fmean

    from drako_rules import final_scores, play_random_game

    args = ("simulate", "--players", "3", "--games", "6", "--seed", "40", "--json")
    status, out, _ = call(*args)
    assert status == EXIT_OK
    assert call(*args)[1] == out
    data = json.loads(out)
    assert data["games"] == 6 and data["players"] == 3
    assert sum(seat["win_share"] for seat in data["seats"]) == pytest.approx(1, abs=1e-3)
    totals = [
        [s.total for s in final_scores(play_random_game(3, seed=40 + k).state)] for k in range(6)
    ]
    for seat in range(3):
        expected = fmean(game[seat] for game in totals)
        assert data["seats"][seat]["mean_total"] == pytest.approx(expected, abs=0.01)


def test_simulate_progress_bar_only_on_a_terminal() -> None:
    """`simulate` draws its progress bar on stderr when it is a terminal, never when piped."""
    status, _, piped = call("simulate", "--games", "3")
    assert status == EXIT_OK and piped == ""
    tty = TTY()
    status, _, shown = call("simulate", "--games", "3", err=tty)
    assert status == EXIT_OK
    assert "3/3 games" in shown and "[" in shown


@pytest.mark.parametrize(
    "args",
    [["simulate", "--players", "5"], ["simulate", "--games", "0"], ["simulate", "--ruleset", "x"]],
)
def test_simulate_bad_arguments_are_invalid_usage(args: list[str]) -> None:
    """A player count outside 2–4 (R1.3), no games or an unknown ruleset: exit status 2."""
    status, out, err = call(*args)
    assert status == EXIT_INVALID
    assert out == "" and err.count("\n") == 1


# --- for the player at the table -------------------------------------------------------------


def test_a_bad_card_is_named_by_itself_with_how_positions_count() -> None:
    """The X of 'HEFX' is named alone, at row 4, column 4, counted from 1 as a player does."""
    status, _, err = call("score", "FEOM/HPWM/SGDO/HEFX")
    assert status == EXIT_INVALID
    assert "unknown card 'X' at row 4, column 4: a card is one of" in err


@pytest.mark.parametrize(
    ("word", "suggestion"), [("mountian", "mountain"), ("dwarves", "dwarf"), ("Portals", "portal")]
)
def test_did_you_mean_for_card_names_and_plurals(word: str, suggestion: str) -> None:
    """A misspelt card name or a plural gets 'did you mean' the card."""
    kingdom = f"forest elf portal {word}/human plain dwarf mountain/swamp goblin dragon portal/plain plain human swamp"
    status, _, err = call("score", kingdom)
    assert status == EXIT_INVALID
    assert f"did you mean '{suggestion}'?" in err


def test_did_you_mean_for_legends_or_the_ids() -> None:
    """A near Legend id or name gets 'did you mean'; a far one gets the 15 ids, on the one
    line (issue 26: the ids, not a pointer to the rules)."""
    _, _, err = call("score", "FEOM/HPWM/SGDO/PPHS", "--legend", "four-tribe")
    assert "did you mean 'four-tribes'?" in err
    _, _, err = call("score", "FEOM/HPWM/SGDO/PPHS", "--legend", "alliance human elves")
    assert "did you mean 'alliance-human-elf'?" in err
    _, _, err = call("score", "FEOM/HPWM/SGDO/PPHS", "--legend", "zzz")
    assert "two-dwarves" in err and "four-tribes" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ('[[players]]\nname = Ana\nkingdom = "FEOM/HPWM/SGDO/PPHS"\n', "text is written in quotes"),
        ('[players]\nname = "Ana"\n[players]\nname = "Bob"\n', "[[players]] (two brackets)"),
        (
            '[players]\nname = "Ana"\nkingdom = "FEOM/HPWM/SGDO/PPHS"\n',
            "[[players]] (two brackets)",
        ),
    ],
    ids=["unquoted-name", "players-twice", "players-once"],
)
def test_toml_slips_get_the_line_and_a_hint(tmp_path: Path, text: str, hint: str) -> None:
    """An unquoted name and [players] for [[players]] are explained, with the line."""
    path = tmp_path / "game.toml"
    path.write_text(text)
    _, out, err = call("check", str(path))
    assert hint in out + err
    if "not valid TOML" in err:
        assert "line" in err


def test_check_reads_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    """`check -` reads the game from standard input (TOML here)."""
    text = (ROOT / "examples" / "two-players.toml").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text)))
    status, out, err = call("check", "-")
    assert (status, err) == (EXIT_OK, "")
    assert out.startswith("-: 2 players")


def test_a_disagreeing_sheet_shows_the_kingdom_in_words() -> None:
    """The player whose sheet disagrees has their Kingdom written in card names; the
    others do not."""
    _, out, _ = call("check", str(ROOT / "examples" / "sheet-mistakes.toml"))
    assert "Lea's Kingdom GMMH/SOWP/WWOM/SOGG, in words:" in out
    assert "    row 1: Swamp, Portal, Dwarf, Plain" in out
    assert "Nora's Kingdom" not in out


def test_check_help_shows_its_json_as_json() -> None:
    """`check --help` writes the error object in JSON's own quotes."""
    status, out, _ = call("check", "--help")
    assert status == EXIT_OK
    assert '{"file": ..., "error": ...}' in " ".join(out.split())


def test_an_unknown_move_is_called_unknown() -> None:
    """Move.parse('jump') says 'unknown move', not that it needs an argument."""
    from drako_rules import InvalidMoveError, Move

    with pytest.raises(InvalidMoveError, match="unknown move 'jump'"):
        Move.parse("jump")


class _Result:
    """A summary with a two-line table and a small JSON form."""

    def to_json(self) -> dict[str, object]:
        return {"games": 2}

    def table(self) -> str:
        return "Games  2\nSeat \x1b[2J 0"


def test_run_with_progress_draws_the_bar_and_erases_it_even_when_the_run_fails() -> None:
    """The bar is redrawn at each ``progress(done, total)`` call on a terminal's stderr and
    erased after the run, also when it raises; the run's result is returned."""
    err = TTY()
    console = Console(io.StringIO(), err, None)

    def run(progress: Callable[[int, int], None]) -> str:
        progress(1, 3)
        progress(3, 3)
        return "done"

    assert run_with_progress(console, 3, "games", run) == "done"
    drawn = err.getvalue()
    assert "1/3 games" in drawn and "3/3 games" in drawn and drawn.endswith("\r")
    err = TTY()
    console = Console(io.StringIO(), err, None)

    def failing(progress: Callable[[int, int], None]) -> str:
        progress(2, 3)
        raise ValueError("stop")

    with pytest.raises(ValueError, match="stop"):
        run_with_progress(console, 3, "games", failing)
    assert "2/3 games" in err.getvalue() and err.getvalue().endswith("\r")


def test_print_summary_prints_json_or_the_escaped_table() -> None:
    """``--json`` prints only the JSON; otherwise each line of the table, escaped."""
    out = io.StringIO()
    print_summary(Console(out, io.StringIO(), None), _Result(), True)
    assert json.loads(out.getvalue()) == {"games": 2}
    out = io.StringIO()
    print_summary(Console(out, io.StringIO(), None), _Result(), False)
    assert out.getvalue() == "Games  2\nSeat \\x1b[2J 0\n"
