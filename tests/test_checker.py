"""The score checker: game files, validation problems (R1.3, R1.4, R7.2), reports (R5)."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import drako_rules
from drako_rules import (
    RULES_VERSION,
    Card,
    Category,
    InvalidGameError,
    Kingdom,
    Legend,
    cards_per_kind,
    ranking,
    score,
)
from drako_rules.checker import (
    PROBLEM_CODES,
    Game,
    PlayerEntry,
    Problem,
    check_game,
    format_game,
    load_game,
    parse_game,
)
from drako_rules.errors import quote
from strategies import full_kingdoms, game_document, games, toml_dumps

EXAMPLES = Path(__file__).parent.parent / "examples"


def base_document() -> dict[str, object]:
    """The document of examples/two-players.toml: a valid, verified 2-player game."""
    document: dict[str, object] = parse_toml(EXAMPLES / "two-players.toml")
    return document


def parse_toml(path: Path) -> dict[str, object]:
    """The document of a TOML file."""
    import tomllib

    return tomllib.loads(path.read_text(encoding="utf-8"))


def players_of(document: dict[str, object]) -> list[dict[str, object]]:
    players = document["players"]
    assert isinstance(players, list)
    return players


def codes(document: dict[str, object]) -> list[str]:
    """The problem codes of the game file whose document is ``document`` (as JSON)."""
    report = check_game(parse_game(json.dumps(document), "json"))
    return [p.code for p in report.problems]


# --- reading game files ---------------------------------------------------------------------


def test_base_document_is_valid() -> None:
    """The game every problem test starts from has no problem and no mismatch."""
    assert check_game(load_game(EXAMPLES / "two-players.toml")).verified


@given(games())
def test_format_then_parse_gives_the_same_game(game: Game) -> None:
    """format_game and parse_game round-trip, in TOML and in JSON."""
    assert parse_game(format_game(game)) == game
    assert parse_game(format_game(game, "json"), "json") == game


@given(games())
def test_toml_and_json_files_of_a_game_give_the_same_report(game: Game) -> None:
    """A TOML file and the JSON file of the same shape are checked alike."""
    document = game_document(game)
    from_toml = check_game(parse_game(toml_dumps(document)))
    from_json = check_game(parse_game(json.dumps(document), "json"))
    assert from_toml.to_dict() == from_json.to_dict()


def test_load_game_reads_json_by_suffix_and_by_content(tmp_path: Path) -> None:
    """A .json file is JSON; a file with another suffix starting with '{' is JSON too."""
    document = base_document()
    for name in ("game.json", "game.txt"):
        path = tmp_path / name
        path.write_text(json.dumps(document), encoding="utf-8")
        assert load_game(path).players == load_game(EXAMPLES / "two-players.toml").players


def test_kingdom_as_a_list_of_rows() -> None:
    """A Kingdom may be written as a list of four row texts (Kingdom notation)."""
    document = base_document()
    players_of(document)[0]["kingdom"] = ["GFEF", "SGHD", "FMDH", "SWOP"]
    assert codes(document) == []


@pytest.mark.parametrize(
    ("text", "fmt", "what"),
    [
        ("players = [", "toml", "not valid TOML"),
        ("[1, 2]", "json", "a table of fields"),
        ('{"players": ', "json", "not valid JSON"),
        ("[" * 100_000, "json", "nested too deeply"),
        ("1" * 5000, "json", "an integer of 5000 digits"),
    ],
)
def test_text_that_is_no_game_file_raises_invalid_game_error(
    text: str, fmt: str, what: str
) -> None:
    """Text that is not a table of fields raises InvalidGameError saying why."""
    with pytest.raises(InvalidGameError, match=what):
        parse_game(text, "json" if fmt == "json" else "toml")


_FIELDS_OF_A_HUGE_INTEGER = [
    ("ruleset", "$.ruleset", "bad-field"),
    ("name", "$.players[0].name", "bad-field"),
    ("kingdom", "$.players[0].kingdom", "bad-field"),
    ("score", "$.players[0].score", "not-an-integer"),
]


@pytest.mark.parametrize(("field", "where", "code"), _FIELDS_OF_A_HUGE_INTEGER)
@pytest.mark.parametrize("fmt", ["toml", "json"])
@pytest.mark.parametrize("digits", [19, 4301, 20_000])
def test_a_huge_integer_is_a_problem_where_it_is_written(
    field: str, where: str, code: str, fmt: str, digits: int
) -> None:
    """An integer of more than 18 digits in any field, TOML or JSON, even beyond the 4,300
    digits Python converts, is one problem at its own path saying how many digits it has
    (never the whole file refused, and never taken for text)."""
    number = "-" + "7" * digits
    document = base_document()
    target = document if field == "ruleset" else players_of(document)[0]
    target[field] = "@"  # replaced by the number, in the file's text
    text = toml_dumps(document) if fmt == "toml" else json.dumps(document)
    assert text.count('"@"') == 1
    game = parse_game(text.replace('"@"', number), "json" if fmt == "json" else "toml")
    found = [(p.code, p.where) for p in game.problems]
    assert (code, where) in found, found
    # TOML converts what Python can (up to 4,300 digits): the message quotes that number
    converted = fmt == "toml" and digits <= 4300
    said = quote(int(number)) if converted else f"an integer of {digits} digits"
    assert any(said in p.message for p in game.problems), said
    report = check_game(game)
    assert report.problems and len(str(report.to_dict())) < 20_000


def test_a_huge_toml_integer_in_sheet_and_legends_is_a_problem_each() -> None:
    """TOML integers of 5,000 digits (with a sign and underscores) on the sheet and in the
    Legends are one problem each, while the same digits in a string, a comment and a key
    stay what they are."""
    big = "9" * 5000
    text = (
        f"# {big}\n"
        f'"{big}" = 1\n'
        "[[players]]\n"
        f'name = "{big}"\n'
        'kingdom = "FEOM/HPWM/SGDO/PPHS"\n'
        f'legends = [{big}, "four-tribes"]\n'
        "[players.sheet]\n"
        f"elves = +{'1_' * 2499}1\n"
        f"dwarves = -{big}\n"
    )
    game = parse_game(text)
    assert game.players[0].name == big and game.players[0].legends == ("four-tribes",)
    messages = [p.message for p in game.problems]
    assert [p.code for p in game.problems] == [
        "unknown-field",
        "bad-field",
        "not-an-integer",
        "not-an-integer",
    ], messages
    assert (
        "$.players[0].legends[0]: a Legend id is text, not an integer of 5000 digits"
        in (messages[1])
    )
    assert "an integer of 2500 digits" in messages[2] and "an integer of 5000 digits" in messages[3]


def test_a_huge_toml_integer_that_is_also_a_table_name_refuses_the_file() -> None:
    """When a digit run that would be rewritten is in fact a table name (not a value), the
    file is refused as one error, as before, rather than read wrongly."""
    big = "9" * 5000
    with pytest.raises(InvalidGameError, match="a number too long to read"):
        parse_game(f"[{big}]\nx = {big}\n")


def test_bytes_that_are_not_utf8_raise_invalid_game_error() -> None:
    """A file that is not UTF-8 text is reported, with the byte where it fails."""
    with pytest.raises(InvalidGameError, match="not UTF-8"):
        parse_game(b"name = '\xff'")


def test_missing_file_raises_invalid_game_error(tmp_path: Path) -> None:
    """A file that cannot be opened raises InvalidGameError naming it."""
    with pytest.raises(InvalidGameError, match="cannot read"):
        load_game(tmp_path / "nope.toml")
    with pytest.raises(InvalidGameError, match="cannot read"):
        load_game(tmp_path)


def test_model_rejects_wrong_types() -> None:
    """Building the model by hand with wrong types raises InvalidGameError."""
    with pytest.raises(InvalidGameError):
        PlayerEntry(5, "FEOM/HPWM/SGDO/PPHS")  # type: ignore[arg-type]
    with pytest.raises(InvalidGameError):
        PlayerEntry("Ana", "FEOM/HPWM/SGDO/PPHS", score=True)
    with pytest.raises(InvalidGameError):
        PlayerEntry("Ana", "FEOM/HPWM/SGDO/PPHS", sheet={"dragon": 3})
    with pytest.raises(InvalidGameError):
        PlayerEntry("Ana", "FEOM/HPWM/SGDO/PPHS", legends="two-elves")
    with pytest.raises(InvalidGameError):
        Game(["Ana"])
    with pytest.raises(InvalidGameError):
        Problem("no-such-code", "players", "players: ?")
    with pytest.raises(InvalidGameError):
        check_game("game.toml")  # type: ignore[arg-type]


# --- each validation problem, alone -----------------------------------------------------------


def test_problem_codes_are_documented() -> None:
    """Every code has a meaning in PROBLEM_CODES and a row in Problem's docstring table."""
    assert Problem.__doc__ is not None
    for code in PROBLEM_CODES:
        assert f"| `{code}` |" in Problem.__doc__


def test_unexplored_land_alone() -> None:
    """A Kingdom with an Unexplored Land gives unexplored-land only (R7.2)."""
    document = base_document()
    players_of(document)[1]["kingdom"] = "DEMW/EFPO/GOHM/SPP?"
    assert codes(document) == ["unexplored-land"]


@pytest.mark.parametrize(
    "kingdom", ["GFEF/SGHD/FMDH", "GFEF/SGHD/FMDH/SWOPP", "GFEF/SGHD/FMDH/SWOX", ""]
)
def test_bad_kingdom_alone(kingdom: str) -> None:
    """A Kingdom of the wrong shape or with an unknown card gives bad-kingdom only."""
    document = base_document()
    players_of(document)[0]["kingdom"] = kingdom
    assert codes(document) == ["bad-kingdom"]


def test_unknown_legend_alone() -> None:
    """A Legend id that names no Legend gives unknown-legend only (R1.4)."""
    document = base_document()
    players_of(document)[0]["legends"] = ["alliance-human-elf", "three-dragons"]
    assert codes(document) == ["unknown-legend"]


def test_legend_claimed_by_two_players_alone() -> None:
    """A Legend claimed by two players gives legend-claimed-twice only (R1.4, R6.3)."""
    document = base_document()
    players_of(document)[1]["legends"] = ["four-tribes", "alliance-human-elf"]
    assert codes(document) == ["legend-claimed-twice"]


def test_legend_claimed_twice_by_one_player_alone() -> None:
    """A Legend listed twice by one player gives legend-claimed-twice only, scored once."""
    document = base_document()
    players_of(document)[0]["legends"] = ["alliance-human-elf", "Alliance_Human_Elf"]
    report = check_game(parse_game(json.dumps(document), "json"))
    assert [p.code for p in report.problems] == ["legend-claimed-twice"]
    assert report.players[0].sheet is not None and report.players[0].sheet.legends == 2


def test_too_many_legends_comes_only_with_claimed_twice() -> None:
    """16 claims exceed the 15 Legends (R1.4); by pigeonhole one is claimed twice, so
    too-many-legends comes with legend-claimed-twice and nothing else."""
    document = base_document()
    every = [legend.value for legend in Legend]
    players_of(document)[0]["legends"] = every[:8]
    players_of(document)[1]["legends"] = [*every[8:], every[0]]
    assert sorted(codes(document)) == ["legend-claimed-twice", "too-many-legends"]


def test_fifteen_legends_is_no_problem() -> None:
    """All 15 Legends claimed once between the players is allowed (R1.4, R6.2)."""
    document = base_document()
    every = [legend.value for legend in Legend]
    players_of(document)[0]["legends"] = every[:8]
    players_of(document)[1]["legends"] = every[8:]
    assert codes(document) == []


def test_too_many_cards_alone() -> None:
    """A fifth card of a kind in a 2-player game gives too-many-cards only (R1.3: 4 each)."""
    document = base_document()
    kingdoms = [Kingdom.parse(str(p["kingdom"])) for p in players_of(document)]
    full = next(c for c in Card if sum(k.count(c) for k in kingdoms) == 4)
    ana = kingdoms[0]
    target = next(pos for pos, card in ana.items() if card is not full)
    players_of(document)[0]["kingdom"] = str(ana.replace(target, full))
    assert codes(document) == ["too-many-cards"]


@pytest.mark.parametrize("count", [0, 1, 5])
def test_player_count_alone(count: int) -> None:
    """A game of 0, 1 or 5 players gives player-count only (R1.3)."""
    document = base_document()
    players = players_of(document)
    extra = {"name": "Zoe", "kingdom": "FFFF/FFFF/FFFF/FFFF"}
    document["players"] = (players * 3)[:count] if count < 5 else [*players, *[extra] * 3]
    for i, player in enumerate(players_of(document)):
        player.pop("legends", None)
        player["name"] = f"player {i}"
    assert codes(document) == ["player-count"]


@pytest.mark.parametrize(
    ("where", "value"),
    [("score", 22.5), ("score", "22"), ("score", True), ("elves", 4.0), ("conflicts", [])],
)
def test_not_an_integer_alone(where: str, value: object) -> None:
    """A written total or category that is no integer gives not-an-integer only (R5.5)."""
    document = base_document()
    player = players_of(document)[0]
    if where == "score":
        player["score"] = value
    else:
        sheet = player["sheet"]
        assert isinstance(sheet, dict)
        sheet[where] = value
    assert codes(document) == ["not-an-integer"]


def test_unknown_ruleset_alone() -> None:
    """An unknown ruleset gives unknown-ruleset only, and nothing is scored (R9)."""
    document = base_document()
    document["ruleset"] = "deluxe"
    report = check_game(parse_game(json.dumps(document), "json"))
    assert [p.code for p in report.problems] == ["unknown-ruleset"]
    assert all(p.sheet is None and p.place is None for p in report.players)
    assert report.ruleset is None


@pytest.mark.parametrize("path", ["players[0].colour", "date", "players[0].sheet.total"])
def test_unknown_field_alone(path: str) -> None:
    """A field the format does not define gives unknown-field only, at its path."""
    document = base_document()
    ana = players_of(document)[0]
    sheet = ana["sheet"]
    assert isinstance(sheet, dict)
    {"players[0].colour": ana, "date": document, "players[0].sheet.total": sheet}[path][
        path.rsplit(".", 1)[-1]
    ] = "red"
    report = check_game(parse_game(json.dumps(document), "json"))
    assert [(p.code, p.where) for p in report.problems] == [("unknown-field", f"$.{path}")]


def test_misspelt_field_is_named_with_a_suggestion() -> None:
    """A misspelt 'score' is reported as unknown-field with the likely field named."""
    document = base_document()
    players_of(document)[1]["scroe"] = players_of(document)[1].pop("score")
    (problem,) = check_game(parse_game(json.dumps(document), "json")).problems
    assert problem.code == "unknown-field"
    assert problem.message.endswith("did you mean 'score'?")


@pytest.mark.parametrize("field", ["name", "kingdom"])
def test_missing_field_alone(field: str) -> None:
    """A player without a name or a Kingdom gives missing-field only."""
    document = base_document()
    del players_of(document)[1][field]
    report = check_game(parse_game(json.dumps(document), "json"))
    assert [(p.code, p.where) for p in report.problems] == [
        ("missing-field", f"$.players[1].{field}")
    ]


def test_missing_players_alone() -> None:
    """A file without players gives missing-field only (the player count is unknown)."""
    assert codes({"ruleset": "pocket"}) == ["missing-field"]


@pytest.mark.parametrize(
    ("field", "value"),
    [("name", 7), ("name", "  "), ("kingdom", 7), ("legends", "four-tribes"), ("sheet", 3)],
)
def test_bad_field_alone(field: str, value: object) -> None:
    """A field holding the wrong kind of value gives bad-field only."""
    document = base_document()
    players_of(document)[1][field] = value
    assert codes(document) == ["bad-field"]


def test_problems_are_all_reported_at_once() -> None:
    """Several defects give one problem each, in one report."""
    document = base_document()
    document["ruleset"] = 3
    players_of(document)[0]["kingdom"] = "GFEF/SGHD/FMDH/SWO?"
    players_of(document)[0]["score"] = "a lot"
    players_of(document)[1]["legends"] = ["four-tribes", "five-tribes"]
    assert sorted(codes(document)) == [
        "bad-field",
        "not-an-integer",
        "unexplored-land",
        "unknown-legend",
    ]


def test_problem_messages_say_where() -> None:
    """Every problem message starts with its place in the file, and names the rule."""
    document = base_document()
    players_of(document)[1]["kingdom"] = "DEMW/EFPO/GOHM/SPP?"
    (problem,) = check_game(parse_game(json.dumps(document), "json")).problems
    assert problem.where == "$.players[1].kingdom"
    assert problem.message.startswith("$.players[1].kingdom: ")
    assert "row 4, column 4" in problem.message and "R7.2" in problem.message
    assert problem.rule == "R7.2"


@given(st.integers(2, 4), st.lists(full_kingdoms(), min_size=4, max_size=4))
def test_too_many_cards_exactly_when_a_kind_exceeds_the_deck(
    players: int, kingdoms: list[Kingdom]
) -> None:
    """too-many-cards is reported once per kind with more cards than the deck holds (R1.3)."""
    game = Game([PlayerEntry(f"p{i}", k) for i, k in enumerate(kingdoms[:players])])
    counts = Counter(card for k in kingdoms[:players] for card in k.cells)
    over = sum(1 for n in counts.values() if n > cards_per_kind(players))
    report = check_game(game)
    assert [p.code for p in report.problems] == ["too-many-cards"] * over


# --- scores, places, mismatches ---------------------------------------------------------------


@given(games())
def test_a_right_sheet_is_verified(game: Game) -> None:
    """A valid game whose written values are the rules' ones is verified (R5)."""
    report = check_game(game)
    assert report.problems == ()
    assert report.mismatches == ()
    assert report.verified


@given(games(), st.data())
def test_a_wrong_value_is_exactly_one_mismatch(game: Game, data: st.DataObject) -> None:
    """Changing one written category by a non-zero amount gives exactly that mismatch."""
    i = data.draw(st.integers(0, len(game.players) - 1))
    category = data.draw(st.sampled_from(list(Category)))
    delta = data.draw(st.integers(-20, 20).filter(bool))
    entry = game.players[i]
    expected = check_game(game).players[i].sheet
    assert expected is not None
    sheet = {c.value: v for c, v in entry.sheet}
    sheet[category.value] = expected[category] + delta
    players = list(game.players)
    players[i] = PlayerEntry(entry.name, entry.kingdom, entry.legends, entry.score, sheet)
    report = check_game(Game(players, game.ruleset))
    assert report.valid
    (mismatch,) = report.mismatches
    assert mismatch.category is category
    assert (mismatch.written, mismatch.expected) == (expected[category] + delta, expected[category])
    assert report.players[i].mismatches == (mismatch,)


@given(games(sheets=False))
def test_report_agrees_with_score_and_ranking(game: Game) -> None:
    """Each player's sheet is score() of their Kingdom and Legends, places are ranking()'s."""
    report = check_game(game)
    ruleset = drako_rules.get_ruleset(game.ruleset or "pocket")
    sheets = []
    for entry, player in zip(game.players, report.players, strict=True):
        assert entry.kingdom is not None
        legends = [Legend.parse(x) for x in entry.legends]
        expected = score(Kingdom.parse(entry.kingdom), legends, ruleset)
        assert player.sheet == expected
        sheets.append(expected)
    expected_ranking = ranking(sheets)
    assert tuple(p.place for p in report.players) == expected_ranking.places
    assert len(report.tie_break_texts()) == len(expected_ranking.tie_breaks)


def test_tie_break_example_names_the_deciding_category() -> None:
    """examples/tie-break.toml: 15 each; sorted 6 4 4 3 2 0 -4 against 6 6 3 2 2 0 -4,
    so Kai wins on the 2nd highest category (R5.6)."""
    report = check_game(load_game(EXAMPLES / "tie-break.toml"))
    assert [(p.name, p.sheet.total if p.sheet else None, p.place) for p in report.players] == [
        ("Jun", 15, 2),
        ("Kai", 15, 1),
    ]
    (text,) = report.tie_break_texts()
    assert text.startswith("Kai and Jun tie on 15; Kai wins on the 2nd highest category: 6")
    assert report.players[0].tie_breaks == report.players[1].tie_breaks


def test_mistakes_example_finds_each_mistake() -> None:
    """examples/sheet-mistakes.toml: Lea's Goblin through a Portal (R4.3) and forgotten
    Goblin fight (R5.2), Max's Dragons at 3 instead of 4 (R5.3) and his addition."""
    report = check_game(load_game(EXAMPLES / "sheet-mistakes.toml"))
    assert report.valid and not report.verified
    found = {(p.name, m.field, m.written, m.expected) for p in report.players for m in p.mismatches}
    assert found == {
        ("Lea", "goblins", 6, 3),
        ("Lea", "conflicts", 0, -2),
        ("Lea", "total", 21, 16),
        ("Max", "dragons", 6, 8),
        ("Max", "total", 17, 18),
    }
    (max_total,) = [m for m in report.players[1].mismatches if m.field == "total"]
    assert "add up to 16" in max_total.describe()


def test_game_with_problems_is_scored_as_far_as_it_can_be() -> None:
    """An unreadable Kingdom leaves that player unscored and no places; the others are
    scored and compared with their sheet."""
    document = base_document()
    players_of(document)[0]["kingdom"] = "nonsense"
    players_of(document)[1]["score"] = 26
    report = check_game(parse_game(json.dumps(document), "json"))
    assert [p.code for p in report.problems] == ["bad-kingdom"]
    assert report.players[0].sheet is None
    assert report.players[1].sheet is not None and report.players[1].sheet.total == 27
    assert [m.field for m in report.mismatches] == ["total"]
    assert report.ranking is None and all(p.place is None for p in report.players)


def test_unexplored_lands_are_scored_blank() -> None:
    """A Kingdom with Unexplored Lands is still scored, the Lands counting as blank (R4.6)."""
    document = base_document()
    players_of(document)[1]["kingdom"] = "DEMW/EFPO/GOHM/SPP?"
    report = check_game(parse_game(json.dumps(document), "json"))
    assert report.players[1].sheet == score(
        Kingdom.parse("DEMW/EFPO/GOHM/SPP?"), [Legend.FOUR_TRIBES]
    )


# --- the report as JSON --------------------------------------------------------------------------


@given(games())
def test_report_dict_is_json_and_round_trips(game: Game) -> None:
    """to_dict() gives plain JSON values: dumping and loading it changes nothing."""
    data = check_game(game).to_dict()
    assert json.loads(json.dumps(data)) == data


def test_report_carries_versions_and_ruleset() -> None:
    """A verdict names the ruleset, the rules version and the library version."""
    game = load_game(EXAMPLES / "four-players.toml")
    data = check_game(game).to_dict()
    assert data["ruleset"] == "pocket"
    assert data["rules_version"] == RULES_VERSION
    assert data["library_version"] == drako_rules.__version__
    classic = check_game(Game(game.players, "classic"))
    assert classic.ruleset == "classic"


def test_report_dict_players_have_the_issue_fields() -> None:
    """Each player in the JSON has name, the seven categories, total, place, mismatches."""
    data = check_game(load_game(EXAMPLES / "sheet-mistakes.toml")).to_dict()
    players = data["players"]
    assert isinstance(players, list)
    for player in players:
        assert isinstance(player, dict)
        for key in ["name", *(c.value for c in Category), "total", "place", "mismatches"]:
            assert key in player
    assert data["verified"] is False and data["valid"] is True


def test_report_dict_keeps_the_claimed_legend_ids_beside_the_legends_category() -> None:
    """In the JSON, ``claimed`` lists the Legend ids written in the file and ``legends`` is
    the category (R5.4): Lea claims two-dwarves, worth 2, Nora claims nothing."""
    data = check_game(load_game(EXAMPLES / "sheet-mistakes.toml")).to_dict()
    players = data["players"]
    assert isinstance(players, list)
    assert [(p["name"], p["claimed"], p["legends"]) for p in players if isinstance(p, dict)] == [
        ("Lea", ["two-dwarves"], 2),
        ("Max", ["alliance-human-elf"], 2),
        ("Nora", [], 0),
    ]


def test_check_game_does_not_change_the_game() -> None:
    """Checking a game leaves the Game value as it was (functions never mutate input)."""
    game = load_game(EXAMPLES / "sheet-mistakes.toml")
    before = copy.deepcopy(game)
    check_game(game)
    assert game == before


def test_tomli_w_is_imported_by_the_game_file_writer_only() -> None:
    """Reading and checking a game, and the rules core, never import tomli-w; writing TOML
    does."""
    code = (
        "import sys, drako_rules, drako_rules.checker as c\n"
        "g = c.parse_game(open('examples/two-players.toml').read()); c.check_game(g)\n"
        "assert 'tomli_w' not in sys.modules, 'imported too early'\n"
        "c.format_game(g); assert 'tomli_w' in sys.modules\n"
    )
    root = Path(__file__).parent.parent
    env = {**os.environ, "PYTHONPATH": str(root / "src")}
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=root,
        env=env,
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr.decode()[-500:]
