"""The checker's contract, through its Python API: the documented JSON keys and every problem code.

``drako-rules check --json`` prints ``GameReport.to_dict()``; docs/howto/cli.md lists its
keys. These tests call ``parse_game``, ``check_game`` and ``to_dict`` directly (not the
CLI), so the checker's own tests catch a renamed key or a problem reported under the
wrong code, place or rule.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import drako_rules
from drako_rules import RULES_VERSION, Legend
from drako_rules.checker import (
    PROBLEM_CODES,
    Game,
    GameReport,
    JSONValue,
    PlayerEntry,
    check_game,
    parse_game,
)

DOCS = Path(__file__).resolve().parent.parent / "docs" / "howto" / "cli.md"

REPORT_KEYS = [
    "file",
    "ruleset",
    "rules_version",
    "library_version",
    "verdict",
    "verdict_text",
    "verified",
    "valid",
    "players",
    "tie_breaks",
    "problems",
    "problem_count",
]
PLAYER_KEYS = [
    "name",
    "kingdom",
    "claimed",
    "scored",
    "elves",
    "dwarves",
    "humans",
    "goblins",
    "dragons",
    "legends",
    "conflicts",
    "total",
    "place",
    "written",
    "mismatches",
    "lines",
]
TIE_BREAK_KEYS = [
    "players",
    "total",
    "shared",
    "higher_category",
    "higher_value",
    "lower_category",
    "lower_value",
    "text",
]
PROBLEM_KEYS = [
    "code",
    "where",
    "message",
    "rule",
    "player",
    "field",
    "cells",
    "card",
    "legend",
    "seats",
    "count",
    "limit",
]
MISMATCH_KEYS = ["field", "written", "expected", "rule", "player", "message", "seat"]
LINE_KEYS = ["category", "points", "rule", "text"]

# Worked example 1 (Ana, a wrong Dragons value written) against Bob, who claimed two
# Legends. Ana: 2 + 4 + 3 + 3 − 3 + 0 − 2 = 7. Bob: Elves 4 (two Elves on Forests),
# Dwarves 2, Humans 2, Goblins 6, Dragons −3, Legends 2 + 2, Conflicts −8 (four pairs):
# 4 + 2 + 2 + 6 − 3 + 4 − 8 = 7. Tie on 7 (R5.6): Bob's values sorted 6, 4, 4, 2, 2, −3,
# −8 against Ana's 4, 3, 3, 2, 0, −2, −3: Bob wins on the first, 6 (Goblins) against 4
# (Dwarves).
TIE_GAME = """
[[players]]
name = "Ana"
kingdom = "FEOM/HPWM/SGDO/PPHS"
score = 7
[players.sheet]
dragons = 3

[[players]]
name = "Bob"
kingdom = "EEWW/FFOG/MHDS/WGSM"
legends = ["two-elves", "two-dwarves"]
"""


def as_dict(value: JSONValue) -> dict[str, JSONValue]:
    """A JSON object of the report (fails the test if it is not one)."""
    assert isinstance(value, dict), value
    return value


def as_list(value: JSONValue) -> list[JSONValue]:
    """A JSON array of the report (fails the test if it is not one)."""
    assert isinstance(value, list), value
    return value


def tie_report() -> dict[str, JSONValue]:
    return check_game(parse_game(TIE_GAME, source="tie.toml")).to_dict()


def test_report_keys_are_the_documented_ones_in_order() -> None:
    """docs/howto/cli.md: a report has exactly the documented keys, in the documented order."""
    report = tie_report()
    assert list(report) == REPORT_KEYS
    for player in as_list(report["players"]):
        assert list(as_dict(player)) == PLAYER_KEYS
        for line in as_list(as_dict(player)["lines"]):
            assert list(as_dict(line)) == LINE_KEYS
    (tie,) = as_list(report["tie_breaks"])
    assert list(as_dict(tie)) == TIE_BREAK_KEYS
    (mismatch,) = as_list(as_dict(as_list(report["players"])[0])["mismatches"])
    assert list(as_dict(mismatch)) == MISMATCH_KEYS


def test_report_values_of_a_tie_worked_by_hand() -> None:
    """R5.1–R5.6: the values of every key for the tie game above (arithmetic in its comment)."""
    report = tie_report()
    assert report["file"] == "tie.toml"
    assert report["ruleset"] == "pocket"
    assert report["rules_version"] == RULES_VERSION
    assert report["library_version"] == drako_rules.__version__
    assert report["valid"] is True
    assert report["verified"] is False  # Ana wrote Dragons 3, the rules give −3
    assert report["verdict"] == "disagrees"
    assert report["verdict_text"] == "the sheet disagrees with the rules (1 mismatch)"
    assert report["problems"] == []
    ana, bob = (as_dict(p) for p in as_list(report["players"]))
    assert {k: ana[k] for k in PLAYER_KEYS[:13]} == {
        "name": "Ana",
        "kingdom": "FEOM/HPWM/SGDO/PPHS",
        "claimed": [],
        "scored": True,
        "elves": 2,
        "dwarves": 4,
        "humans": 3,
        "goblins": 3,
        "dragons": -3,
        "legends": 0,
        "conflicts": -2,
        "total": 7,
        "place": 2,
    }
    assert ana["written"] == {"dragons": 3, "total": 7}
    assert ana["mismatches"] == [
        {
            "field": "dragons",
            "written": 3,
            "expected": -3,
            "rule": "R5.3",
            "player": "Ana",
            "message": "Ana: dragons: written 3, the rules give -3 (R5.3)",
            "seat": 0,
        }
    ]
    lines = [as_dict(x) for x in as_list(ana["lines"])]
    assert len(lines) == 11  # 1 Elf, 2 Dwarf, 5 Human, 1 Goblin, 1 Dragon, 1 conflict line
    assert lines[0] == {
        "category": "elves",
        "points": 2,
        "rule": "R5.1",
        "text": "Elf (0,1) + Forest (0,0), adjacent: +2",
    }
    assert [x["rule"] for x in lines if x["category"] == "dragons"] == ["R5.3"]
    assert sum(int(str(x["points"])) for x in lines) == 7
    assert (bob["claimed"], bob["legends"], bob["goblins"], bob["conflicts"]) == (
        ["two-elves", "two-dwarves"],
        4,
        6,
        -8,
    )
    assert (bob["total"], bob["place"], bob["written"], bob["mismatches"]) == (7, 1, {}, [])
    assert [as_dict(x)["rule"] for x in as_list(bob["lines"])].count("R5.4") == 2
    assert report["tie_breaks"] == [
        {
            "players": ["Bob", "Ana"],
            "total": 7,
            "shared": False,
            "higher_category": "goblins",
            "higher_value": 6,
            "lower_category": "dwarves",
            "lower_value": 4,
            "text": "Bob and Ana tie on 7; Bob wins on the 1st highest category: "
            "6 (Goblins) against 4 (Dwarves) (R5.6)",
        }
    ]


def test_a_shared_place_has_no_deciding_category() -> None:
    """R5.6: two equal sheets share the place: ``shared`` true, the categories null."""
    # At most 2 cards of a kind: two copies fit the 2-player deck (R1.3).
    kingdom = "FEOM/HPWS/GDFE/OMHW"
    report = check_game(Game([PlayerEntry("Ana", kingdom), PlayerEntry("Bob", kingdom)])).to_dict()
    assert report["verified"] is True and report["valid"] is True
    players = [as_dict(p) for p in as_list(report["players"])]
    assert [p["place"] for p in players] == [1, 1]
    (tie,) = (as_dict(t) for t in as_list(report["tie_breaks"]))
    assert (tie["total"], tie["shared"]) == (players[0]["total"], True)
    assert [tie[k] for k in TIE_BREAK_KEYS[3:7]] == [None, None, None, None]
    assert report["file"] is None  # a Game built in Python has no file


def test_unscored_players_have_null_values() -> None:
    """An unknown ruleset scores no one: ruleset, categories, total and place are null, no lines."""
    text = TIE_GAME.replace("[[players]]", 'ruleset = "chess"\n[[players]]', 1)
    report = check_game(parse_game(text)).to_dict()
    assert report["ruleset"] is None and report["valid"] is False
    assert report["tie_breaks"] == []
    for player in (as_dict(p) for p in as_list(report["players"])):
        assert player["scored"] is False
        assert [player[k] for k in PLAYER_KEYS[4:13]] == [None] * 9
        assert player["lines"] == [] and player["mismatches"] == []
    ana = as_dict(as_list(report["players"])[0])
    assert ana["written"] == {"dragons": 3, "total": 7}  # the sheet as written, still


def test_an_unreadable_kingdom_is_reported_as_written() -> None:
    """A Kingdom that cannot be read keeps its text under ``kingdom``; its player is not scored."""
    report = check_game(
        Game([PlayerEntry("Ana", "FEOM/HPWM"), PlayerEntry("Bob", "FEOM/HPWM/SGDO/PPHS")])
    )
    ana, bob = (as_dict(p) for p in as_list(report.to_dict()["players"]))
    assert (ana["kingdom"], ana["scored"], ana["total"], ana["place"]) == (
        "FEOM/HPWM",
        False,
        None,
        None,
    )
    assert (bob["scored"], bob["total"], bob["place"]) == (
        True,
        7,
        None,
    )  # no place unless all scored


def test_the_documented_tables_list_the_same_keys() -> None:
    """docs/howto/cli.md's two key tables name exactly the keys ``to_dict`` writes."""
    text = DOCS.read_text(encoding="utf-8")
    report_table = text.split("A report has these keys", 1)[1].split("Each player has", 1)
    player_table = report_table[1].split("\n## ", 1)[0]

    def keys(table: str) -> list[str]:
        return [
            k
            for row in re.findall(r"^\| (`.*?) \|", table, re.M)
            for k in re.findall(r"`(\w+)`", row)
        ]

    assert keys(report_table[0]) == REPORT_KEYS
    assert keys(player_table) == PLAYER_KEYS
    for key in TIE_BREAK_KEYS + PROBLEM_KEYS + MISMATCH_KEYS + LINE_KEYS:
        assert f"`{key}`" in text, key


# --- every problem code ---------------------------------------------------------------------

# A complete Kingdom with at most 2 cards of a kind, so that two or four players may all
# hold it without more cards of a kind than the deck has (R1.2–R1.3).
FULL = "FEOM/HPWS/GDFE/OMHW"


def player(name: str = "Ana", kingdom: str = FULL, extra: str = "") -> str:
    return f'[[players]]\nname = "{name}"\nkingdom = "{kingdom}"\n{extra}\n'


TWO = player() + player("Bob")

# (code, game file, where, rule): the problem each file must report (with its code, place
# and rule), among possibly others.
PROBLEMS: list[tuple[str, str, str, str | None]] = [
    ("missing-field", "", "$.players", None),
    (
        "missing-field",
        '[[players]]\nkingdom = "FEOM/HPWM/SGDO/PPHS"\n' + player("Bob"),
        "$.players[0].name",
        None,
    ),
    ("missing-field", '[[players]]\nname = "Ana"\n' + player("Bob"), "$.players[0].kingdom", None),
    ("unknown-field", 'rulset = "pocket"\n' + TWO, "$.rulset", None),
    ("unknown-field", player(extra="total = 7") + player("Bob"), "$.players[0].total", None),
    (
        "unknown-field",
        player(extra="[players.sheet]\nelfs = 2") + player("Bob"),
        "$.players[0].sheet.elfs",
        None,
    ),
    ("bad-field", "ruleset = 3\n" + TWO, "$.ruleset", None),
    ("bad-field", "players = 3\n", "$.players", None),
    ("bad-field", "players = [1, 2]\n", "$.players[0]", None),
    (
        "bad-field",
        player(extra='legends = "two-elves"') + player("Bob"),
        "$.players[0].legends",
        None,
    ),
    ("bad-field", player(extra="legends = [2]") + player("Bob"), "$.players[0].legends[0]", None),
    (
        "bad-field",
        '[[players]]\nname = ""\nkingdom = "FEOM/HPWM/SGDO/PPHS"\n' + player("Bob"),
        "$.players[0].name",
        None,
    ),
    (
        "bad-field",
        '[[players]]\nname = "Ana"\nkingdom = 3\n' + player("Bob"),
        "$.players[0].kingdom",
        None,
    ),
    ("bad-field", player(extra="sheet = 3") + player("Bob"), "$.players[0].sheet", None),
    ("not-an-integer", player(extra='score = "7"') + player("Bob"), "$.players[0].score", "R5.5"),
    (
        "not-an-integer",
        player(extra="[players.sheet]\nelves = 2.5") + player("Bob"),
        "$.players[0].sheet.elves",
        "R5.5",
    ),
    ("not-an-integer", player(extra="score = true") + player("Bob"), "$.players[0].score", "R5.5"),
    ("unknown-ruleset", 'ruleset = "chess"\n' + TWO, "$.ruleset", "R9"),
    ("player-count", player(), "$.players", "R1.3"),
    ("player-count", "".join(player(f"P{i}") for i in range(5)), "$.players", "R1.3"),
    ("bad-kingdom", player(kingdom="FEOM/HPWM") + player("Bob"), "$.players[0].kingdom", None),
    (
        "bad-kingdom",
        player("Bob") + player(kingdom="FEOX/HPWM/SGDO/PPHS"),
        "$.players[1].kingdom",
        None,
    ),
    (
        "unexplored-land",
        player(kingdom="FEOM/HPWM/SGDO/PPH?") + player("Bob"),
        "$.players[0].kingdom",
        "R7.2",
    ),
    (
        "unknown-legend",
        player(extra='legends = ["three-elves"]') + player("Bob"),
        "$.players[0].legends[0]",
        "R1.4",
    ),
    (
        "legend-claimed-twice",
        player(extra='legends = ["four-tribes"]')
        + player("Bob", extra='legends = ["four-tribes"]'),
        "$.players[1].legends",
        "R6.3",
    ),
    (
        "legend-claimed-twice",
        player(extra='legends = ["two-elves", "two-elves"]') + player("Bob"),
        "$.players[0].legends",
        "R6.3",
    ),
    (
        "too-many-legends",
        player(extra="legends = [" + ", ".join(f'"{x.value}"' for x in Legend) + ', "two-elves"]')
        + player("Bob"),
        "$.players",
        "R1.4",
    ),
    # 2 players use the 40 2-diamond cards, 4 of each kind (R1.3): 5 Elves are too many.
    (
        "too-many-cards",
        player(kingdom="EEEE/EFFF/MMMM/PPPP") + player("Bob", "SSSS/WWWW/HHHH/GGGG"),
        "$.players",
        "R1.3",
    ),
]


def _problems(text: str) -> GameReport:
    return check_game(parse_game(text))


@pytest.mark.parametrize(
    ("code", "text", "where", "rule"), PROBLEMS, ids=[f"{c[0]} at {c[2]}" for c in PROBLEMS]
)
def test_each_problem_is_reported_with_code_place_and_rule(
    code: str, text: str, where: str, rule: str | None
) -> None:
    """Each problem of the table: its code, place (``where``) and rule, in the report and its JSON."""
    report = _problems(text)
    found = [p for p in report.problems if p.code == code and p.where == where]
    assert found, [str(p) for p in report.problems]
    assert found[0].rule == rule
    assert found[0].message.startswith(f"{where}: ")
    assert not report.valid and not report.verified
    as_json = [as_dict(p) for p in as_list(report.to_dict()["problems"])]
    assert {"code": code, "where": where, "message": found[0].message, "rule": rule} in [
        {k: p[k] for k in PROBLEM_KEYS[:4]} for p in as_json
    ]
    assert all(list(p) == PROBLEM_KEYS for p in as_json)


def test_every_problem_code_is_triggered() -> None:
    """PROBLEM_CODES: the table above triggers every code, and only documented codes occur."""
    assert {c[0] for c in PROBLEMS} == set(PROBLEM_CODES)
    for _, text, _, _ in PROBLEMS:
        assert {p.code for p in _problems(text).problems} <= set(PROBLEM_CODES)


def test_a_valid_game_has_no_problem() -> None:
    """The near-misses of the table: 2 and 4 players, 4 Elves, 15 different Legends, no problem."""
    for text in (
        TWO,
        "".join(player(f"P{i}") for i in range(4)),
        player(kingdom="EEEE/FFFF/MMMM/PPPP") + player("Bob", "SSSS/WWWW/HHHH/GGGG"),
        player(extra="legends = [" + ", ".join(f'"{x.value}"' for x in Legend) + "]")
        + player("Bob"),
        'ruleset = "classic"\n' + TWO,
    ):
        report = _problems(text)
        assert report.problems == () and report.valid, [str(p) for p in report.problems]


def test_too_many_legends_comes_with_claimed_twice() -> None:
    """R1.4: 16 claims repeat a Legend, so ``too-many-legends`` comes with ``legend-claimed-twice``."""
    report = _problems(PROBLEMS[-2][1])
    codes = [p.code for p in report.problems]
    assert "too-many-legends" in codes and "legend-claimed-twice" in codes
    assert "$.players: 16 Legend claims in the game, but only 15 Legends exist (R1.4)" in [
        p.message for p in report.problems
    ]


def test_too_many_cards_message_counts_the_cards() -> None:
    """R1.2–R1.3: the message says how many cards of the kind, and what the deck holds."""
    (problem,) = _problems(PROBLEMS[-1][1]).problems
    assert problem.message == (
        "$.players: 5 Elves across the Kingdoms, but the deck for 2 players holds 4 of each kind (R1.2-R1.3)"
    )
