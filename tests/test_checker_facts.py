"""The checker's problems are data (issue 24 §2): every Problem carries the facts a renderer
needs (the player's seat, the field, the cells, the card kind, the Legend, the count and
its limit), the report has one Verdict that the command line, the JSON and the web page
share, and the exit status is derived from it.
"""

from __future__ import annotations

import io
import json
import re
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drako_rules import web
from drako_rules.cards import CARDS_PER_KIND, Card, Legend
from drako_rules.checker import (
    FIELDS,
    Game,
    GameReport,
    PlayerEntry,
    Problem,
    Verdict,
    check_game,
    parse_game,
)
from drako_rules.cli import EXIT_INVALID, EXIT_MISMATCH, EXIT_OK, main
from drako_rules.cli.check import EXIT_STATUS
from drako_rules.errors import InvalidGameError
from drako_rules.kingdom import Position
from strategies import game_document, games, near_valid_documents

ANA = "FEOM/HPWM/SGDO/PPHS"
BOB = "EEWW/FFOG/MHDS/WGSM"


def player(name: str, kingdom: str = ANA, extra: str = "") -> str:
    return f'[[players]]\nname = "{name}"\nkingdom = "{kingdom}"\n{extra}\n'


def problems_of(text: str) -> tuple[Problem, ...]:
    return check_game(parse_game(text)).problems


def only(text: str, code: str) -> Problem:
    found = [p for p in problems_of(text) if p.code == code]
    assert len(found) == 1, [str(p) for p in problems_of(text)]
    return found[0]


# (code, game text, player, field) for a problem of each kind and each field
SEATED = [
    ("missing-field", "[[players]]\nkingdom = 'FEOM/HPWM/SGDO/PPHS'\n" + player("Bob"), 0, "name"),
    ("missing-field", player("Ana") + "[[players]]\nname = 'Bob'\n", 1, "kingdom"),
    ("missing-field", 'ruleset = "pocket"\n', None, "players"),
    ("unknown-field", "rulset = 'pocket'\n" + player("Ana") + player("Bob"), None, "game"),
    ("unknown-field", player("Ana", extra="nmae = 'x'") + player("Bob"), 0, "player"),
    ("unknown-field", player("Ana") + player("Bob", extra="[players.sheet]\nelfs = 2"), 1, "sheet"),
    ("bad-field", "ruleset = 3\n" + player("Ana") + player("Bob"), None, "ruleset"),
    ("bad-field", "players = 3\n", None, "players"),
    ("bad-field", "players = [3]\n", 0, "player"),
    ("bad-field", player("Ana", extra="legends = 'two-elves'") + player("Bob"), 0, "legends"),
    ("bad-field", player("Ana", extra="legends = [3]") + player("Bob"), 0, "legends"),
    (
        "bad-field",
        "[[players]]\nname = ''\nkingdom = 'FEOM/HPWM/SGDO/PPHS'\n" + player("B"),
        0,
        "name",
    ),
    ("bad-field", "[[players]]\nname = 'A'\nkingdom = 3\n" + player("Bob"), 0, "kingdom"),
    ("bad-field", player("Ana", extra="sheet = 3") + player("Bob"), 0, "sheet"),
    ("not-an-integer", player("Ana", extra="score = 'x'") + player("Bob"), 0, "total"),
    (
        "not-an-integer",
        player("Ana") + player("Bob", extra="[players.sheet]\ndwarves = 1.5"),
        1,
        "sheet.dwarves",
    ),
    ("unknown-ruleset", "ruleset = 'poket'\n" + player("Ana") + player("Bob"), None, "ruleset"),
    ("player-count", player("Ana"), None, "players"),
    ("bad-kingdom", player("Ana") + player("Bob", "EEWW/FFOG/MHDS/WGSX"), 1, "kingdom"),
    ("unexplored-land", player("Ana", "FEOM/HPWM/SG?O/PPHS") + player("Bob"), 0, "kingdom"),
    ("unknown-legend", player("Ana", extra="legends = ['two-elfs']") + player("Bob"), 0, "legends"),
]


@pytest.mark.parametrize(("code", "text", "seat", "field"), SEATED)
def test_each_problem_names_its_player_and_field(
    code: str, text: str, seat: int | None, field: str
) -> None:
    """The seat and the field of each problem are facts, not words to search for."""
    problem = only(text, code)
    assert (problem.player, problem.field) == (seat, field)
    assert problem.seats == ((seat,) if seat is not None else ())
    assert field in FIELDS


def test_unexplored_lands_are_cells_of_their_player() -> None:
    """unexplored-land (R7.2): the cells are the Unexplored Lands, named 1-based in words."""
    problem = only(player("Ana") + player("Bob", "EEWW/F?OG/MHDS/WGS?"), "unexplored-land")
    assert problem.cells == ((1, Position(1, 1)), (1, Position(3, 3)))
    assert "row 2, column 2; row 4, column 4" in problem.message


def test_a_bad_card_is_the_cell_of_the_problem() -> None:
    """bad-kingdom: the card that cannot be read is the problem's cell (Kingdom notation)."""
    problem = only(player("Ana") + player("Bob", "EEWW/FFOG/MHDS/WGSX"), "bad-kingdom")
    assert problem.cells == ((1, Position(3, 3)),)
    assert "'X' at row" in problem.message


def test_too_many_cards_names_the_kind_every_card_and_the_limit() -> None:
    """too-many-cards (R1.3): the card kind, its count, the deck's limit and every cell."""
    dragons = "DDDD/DDDD/DDDD/DDDD"
    problem = only(player("Ana", dragons) + player("Bob"), "too-many-cards")
    assert problem.card is Card.DRAGON
    assert (problem.count, problem.limit) == (17, CARDS_PER_KIND[2])
    assert problem.player is None and problem.seats == (0, 1)
    assert len(problem.cells) == 17 and problem.cells[-1] == (1, Position(2, 2))
    assert "17 Dragons" in problem.message


def test_a_legend_claimed_twice_names_the_legend_and_every_claimer() -> None:
    """legend-claimed-twice (R1.4, R6.3): the Legend and every player who claims it."""
    legends = "legends = ['two-elves']"
    text = player("Ana", extra=legends) + player("Bob") + player("Cy", BOB, legends)
    problem = only(text, "legend-claimed-twice")
    assert problem.legend is Legend.TWO_ELVES
    assert (problem.player, problem.seats) == (2, (0, 2))


def test_too_many_legends_counts_the_claims() -> None:
    """too-many-legends (R1.4): the number of claims and the 15 Legends."""
    every = ", ".join(f"'{x.value}'" for x in Legend)
    text = player("Ana", extra=f"legends = [{every}, 'two-elves']") + player("Bob")
    problem = only(text, "too-many-legends")
    assert (problem.count, problem.limit) == (16, 15)


def test_player_count_is_counted() -> None:
    """player-count (R1.3): the count, no single limit."""
    problem = only("".join(player(f"P{i}") for i in range(5)), "player-count")
    assert (problem.count, problem.limit) == (5, None)


def test_mismatches_carry_the_seat() -> None:
    """A mismatch names its player by name and by seat, with written and expected values."""
    report = check_game(Game([PlayerEntry("Ana", ANA), PlayerEntry("Bob", BOB, score=5)]))
    (mismatch,) = report.mismatches
    assert (mismatch.seat, mismatch.player, mismatch.field) == (1, "Bob", "total")
    assert (mismatch.written, mismatch.expected) == (5, 3)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"player": -1},
        {"player": True},
        {"field": "nmae"},
        {"cells": ((0, (1, 2)),)},
        {"cells": "0-1-2"},
        {"card": "D"},
        {"legend": "two-elves"},
        {"seats": (0, "1")},
        {"count": 1.5},
    ],
)
def test_a_problem_refuses_facts_of_the_wrong_kind(kwargs: dict[str, Any]) -> None:
    """Facts of the wrong type are refused with the library's error."""
    with pytest.raises(InvalidGameError):
        Problem("bad-field", "$", "$: x", **kwargs)


def test_a_problem_built_in_code_keeps_its_old_form() -> None:
    """Problem(code, where, message, rule) still builds, with empty facts."""
    problem = Problem("bad-field", "$.ruleset", "$.ruleset: x", "R9")
    assert (problem.player, problem.field, problem.cells, problem.seats) == (None, None, (), ())


# --- properties ---------------------------------------------------------------------------

_SEAT = re.compile(r"\$\.players\[(\d+)\]")


def assert_facts_agree(problem: Problem, report: GameReport) -> None:
    """The facts of ``problem`` say what its path and its message say."""
    seat = _SEAT.match(problem.where)
    if problem.player is not None:
        assert seat is not None and int(seat.group(1)) == problem.player
        assert problem.player in problem.seats
    if problem.field is not None:
        assert problem.field in FIELDS
    if problem.field in ("name", "kingdom", "legends"):
        assert f".{problem.field}" in problem.where
    if problem.field == "total":
        assert problem.where.endswith(".score")
    if problem.field is not None and problem.field.startswith("sheet."):
        assert problem.where.endswith(problem.field)
    if problem.card is not None:
        assert f"{problem.count} {problem.card.plural}" in problem.message
        assert len(problem.cells) == problem.count
        for s, position in problem.cells:
            kingdom = report.players[s].kingdom
            assert kingdom is not None and kingdom[position] is problem.card
    if problem.legend is not None:
        assert f"the Legend {problem.legend.value} is claimed" in problem.message
        assert len(problem.seats) >= 1
    if problem.code == "unexplored-land":
        assert problem.cells
        for s, position in problem.cells:
            assert s == problem.player and position.describe() in problem.message
            kingdom = report.players[s].kingdom
            assert kingdom is not None and kingdom[position] is None
    if problem.count is not None:
        assert f"{problem.count:,}" in problem.message
    if problem.limit is not None:
        assert str(problem.limit) in problem.message
    assert list(problem.seats) == sorted(set(problem.seats))


@settings(max_examples=150, deadline=None)
@given(near_valid_documents())
def test_every_problems_facts_agree_with_its_message(document: dict[str, object]) -> None:
    """Property: for any near-valid game file, each problem's facts agree with its words."""
    report = check_game(parse_game(json.dumps(document), "json"))
    for problem in report.problems:
        assert_facts_agree(problem, report)


def status_of(path: Path) -> tuple[int, Any]:
    with redirect_stdout(io.StringIO()) as out, redirect_stderr(io.StringIO()):
        status = main(["check", "--json", str(path)])
    return status, json.loads(out.getvalue())


@settings(max_examples=25, deadline=None)
@given(st.one_of(games(), near_valid_documents()), st.integers(-3, 3))
def test_verdict_exit_status_and_json_agree(
    tmp_path_factory: pytest.TempPathFactory, value: Game | dict[str, object], shift: int
) -> None:
    """Property: the verdict, the exit status, the JSON and the page agree for any game."""
    document = game_document(value) if isinstance(value, Game) else value
    players = document.get("players")
    if shift and isinstance(players, list) and players and isinstance(players[0], dict):
        players[0]["score"] = shift  # most often a mismatch
    text = json.dumps(document)
    report = check_game(parse_game(text, "json"))
    path = tmp_path_factory.mktemp("g") / "game.json"
    path.write_text(text, "utf-8")
    status, out = status_of(path)
    assert status == EXIT_STATUS[report.verdict]
    assert out["verdict"] == report.verdict.value and out["verdict_text"] == report.verdict_text
    assert out["verified"] == (report.verdict is Verdict.VERIFIED)
    assert out["valid"] == (report.verdict is not Verdict.INVALID)
    page = json.loads(web.check_page(text))
    if "error" not in page:
        assert page["verdict"] == f"{report.verdict.value}: {report.verdict_text}"
        assert page["report"]["verdict"] == report.verdict.value


def test_each_verdict_has_its_documented_exit_status() -> None:
    """0 verified, 1 disagrees, 2 invalid (docs/howto/cli.md)."""
    assert EXIT_STATUS == {
        Verdict.VERIFIED: EXIT_OK,
        Verdict.DISAGREES: EXIT_MISMATCH,
        Verdict.INVALID: EXIT_INVALID,
    }
    assert [v.value for v in Verdict] == ["verified", "disagrees", "invalid"]


def test_the_page_marks_come_from_the_facts() -> None:
    """web.problem_marks is the facts in the page's form; web.py reads no message."""
    legends = "legends = ['two-elves']"
    text = player("Ana", "FEOM/HPWM/SG?O/PPHS", legends) + player("Bob", BOB, legends)
    report = check_game(parse_game(text))
    marks = web.problem_marks(report)
    by_code = {m["code"]: m for m in marks if isinstance(m, dict)}
    assert by_code["unexplored-land"]["cells"] == ["0-2-2"]
    assert by_code["legend-claimed-twice"]["legends"] == [[0, "two-elves"], [1, "two-elves"]]
    source = Path(web.__file__).read_text("utf-8")
    assert "import re" not in source and "re.compile" not in source
