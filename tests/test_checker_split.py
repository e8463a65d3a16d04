"""The checker split by question (issue 24 §1) and the one schema of a game file (§2).

The old module ``drako_rules.checker.gamefile`` still offers every name it had, each the
very object of the module that now owns it; game files round-trip as before; no module of
the checker is over 500 lines; and the schema the web page reads from
[`catalogue`][drako_rules.web.catalogue] is the library's own: every letter of its
alphabet reads as its card, every field it lists is one the reader reads and the writer
writes, every limit it gives is the one the reader applies.
"""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import drako_rules.checker
from drako_rules import Card, Kingdom, web
from drako_rules.cards import check_player_count
from drako_rules.checker import (
    Game,
    PlayerEntry,
    check_game,
    format_game,
    gamefile,
    load_game,
    longints,
    model,
    notation,
    parse_game,
    reader,
    writer,
)
from drako_rules.checker.report import MAX_JSON_PROBLEMS
from drako_rules.cli import main
from drako_rules.errors import InvalidGameError, PlayerCountError
from drako_rules.scoring import Category
from strategies import near_valid_documents

ROOT = Path(__file__).resolve().parent.parent
CHECKER = ROOT / "src" / "drako_rules" / "checker"
EXAMPLES = sorted((ROOT / "examples").glob("*.toml"))
ANA = "FEOM/HPWM/SGDO/PPHS"
BOB = "EEWW/FFOG/MHDS/WGSM"

#: Every name ``gamefile`` exported before the split, with the module that owns it now.
OLD_NAMES = {
    "MAX_WRITTEN_DIGITS": model,
    "Game": model,
    "GameFormat": model,
    "PlayerEntry": model,
    "format_game": writer,
    "guess_format": reader,
    "kingdom_message": notation,
    "legend_message": notation,
    "load_game": reader,
    "parse_game": reader,
    "read_kingdom": notation,
    "read_legend": notation,
}


def cat() -> Any:
    """The catalogue as the page reads it: through JSON."""
    return json.loads(json.dumps(web.catalogue()))


# --- the split ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(OLD_NAMES))
def test_gamefile_keeps_every_old_name(name: str) -> None:
    """``from drako_rules.checker.gamefile import X`` gives the owner's very object."""
    assert name in gamefile.__all__
    assert getattr(gamefile, name) is getattr(OLD_NAMES[name], name)
    assert name in OLD_NAMES[name].__all__


def test_gamefile_exports_nothing_new() -> None:
    """The re-export module is the old list of names, no more."""
    assert sorted(gamefile.__all__) == sorted(OLD_NAMES)


def test_the_package_exports_are_unchanged() -> None:
    """``drako_rules.checker``'s public names are those it had before the split."""
    assert sorted(drako_rules.checker.__all__) == sorted(
        [
            "FIELDS",
            "PROBLEM_CODES",
            "Game",
            "GameFormat",
            "GameReport",
            "JSONValue",
            "Mismatch",
            "PlayerEntry",
            "PlayerReport",
            "Problem",
            "Verdict",
            "check_game",
            "format_game",
            "load_game",
            "parse_game",
        ]
    )
    assert drako_rules.checker.parse_game is reader.parse_game
    assert drako_rules.checker.format_game is writer.format_game
    assert drako_rules.checker.Game is model.Game


@pytest.mark.parametrize("path", sorted(CHECKER.glob("*.py")), ids=lambda p: p.name)
def test_no_checker_module_is_over_500_lines(path: Path) -> None:
    """Each module of the checker answers one question, in at most 500 lines."""
    lines = path.read_text(encoding="utf-8").count("\n")
    assert lines <= 500, f"{path.name}: {lines} lines"


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
@pytest.mark.parametrize("fmt", ["toml", "json"])
def test_example_games_round_trip(path: Path, fmt: model.GameFormat) -> None:
    """Each example game, written and read back in either format, is the same game and
    gets the same report; written again, the same text."""
    game = attrs.evolve(load_game(path), source=None)
    text = format_game(game, fmt)
    again = parse_game(text, fmt)
    assert again == game
    assert format_game(again, fmt) == text
    assert check_game(again).to_dict() == check_game(game).to_dict()


def test_the_writer_follows_the_schema_order() -> None:
    """The JSON form lists the game's and each player's fields in the schema's order."""
    game = Game(
        [
            PlayerEntry("Ana", ANA, ["four-tribes"], 11, {"dragons": -3, "elves": 2}),
            PlayerEntry("Bob", BOB),
        ]
    )
    document = json.loads(format_game(game, "json"))
    assert list(document) == list(model.GAME_FIELDS)
    assert list(document["players"][0]) == list(model.PLAYER_FIELDS)
    assert list(document["players"][0]["sheet"]) == ["elves", "dragons"]
    assert list(document["players"][1]) == ["name", "kingdom"]


def test_the_model_is_the_schema() -> None:
    """PlayerEntry's attributes are the player's fields in order; the sheet's fields are the
    categories (R5.5); a Game without a ruleset gets the default (R9)."""
    assert [a.name for a in attrs.fields(PlayerEntry)] == list(model.PLAYER_FIELDS)
    assert list(model.SHEET_FIELDS) == [c.value for c in Category]
    assert set(model.GAME_FIELDS) <= {a.name for a in attrs.fields(Game)}
    assert Game([]).ruleset == model.DEFAULT_RULESET == "pocket"
    with pytest.raises(TypeError):
        model.PLAYER_FIELDS["x"] = "text"  # type: ignore[index]


def test_over_long_integers_are_read_as_their_digits() -> None:
    """longints: an integer of 5,000 digits is one not-an-integer problem where it stands,
    in TOML and in JSON, never a refused file."""
    long = "9" * 5000
    toml = f'[[players]]\nname = "Ana"\nkingdom = "{ANA}"\nscore = {long}\n'
    jsn = json.dumps({"players": [{"name": "Ana", "kingdom": ANA}]}).replace(
        '"Ana"', f'"Ana", "score": {long}'
    )
    for text, fmt in ((toml, "toml"), (jsn, "json")):
        game = parse_game(text, fmt)  # type: ignore[arg-type]
        assert [(p.code, p.where) for p in game.problems] == [
            ("not-an-integer", "$.players[0].score")
        ]
        assert "5000 digits" in game.problems[0].message
    assert longints.json_int("-" + long) == longints.Oversized(5000)
    assert longints.toml_with_long_ints(f"{long} = 1") == {long: 1}  # a key stays a key


# --- the catalogue is the schema ------------------------------------------------------------


def test_catalogue_fields_are_the_model_schema() -> None:
    """``fields`` is the model's schema, table by table, in order."""
    fields = cat()["fields"]
    assert list(fields) == ["game", "player", "sheet"]
    assert fields["game"] == dict(model.GAME_FIELDS)
    assert list(fields["game"]) == list(model.GAME_FIELDS)
    assert list(fields["player"].items()) == list(model.PLAYER_FIELDS.items())
    assert list(fields["sheet"]) == [name for name, _ in cat()["categories"]]
    kinds = set(model.FieldKind.__args__)  # type: ignore[attr-defined]
    assert {k for table in fields.values() for k in table.values()} <= kinds


def test_every_catalogue_field_is_read_without_problem() -> None:
    """A file that writes every field the catalogue lists, each of its kind, reads with no
    problem; a field it does not list is an unknown field whose message lists the table's."""
    c = cat()
    values = {
        "text": "Ana",
        "kingdom": ANA,
        "legend-ids": ["four-tribes"],
        "integer": 3,
    }
    sheet = {name: values[kind] for name, kind in c["fields"]["sheet"].items()}
    player = {
        name: sheet if kind == "sheet" else values[kind]
        for name, kind in c["fields"]["player"].items()
    }
    other = dict(player, name="Bob", kingdom=BOB, legends=[])
    document = {"ruleset": c["default_ruleset"], "players": [player, other]}
    assert list(document) == list(c["fields"]["game"])
    assert parse_game(json.dumps(document), "json").problems == ()
    bad = parse_game(json.dumps({**document, "players": [dict(player, colour=1), other]}), "json")
    (problem,) = bad.problems
    assert problem.code == "unknown-field"
    assert ", ".join(c["fields"]["player"]) in problem.message


def test_catalogue_alphabet_is_the_notation() -> None:
    """``alphabet`` is the ten cards in notation order (R1.1) and agrees with ``cards``."""
    c = cat()
    assert list(c["alphabet"]) == [card.letter for card in Card]
    assert c["alphabet"] == {x["letter"]: x["name"] for x in c["cards"]}
    assert c["unexplored"] not in c["alphabet"]
    assert c["kingdom_size"] ** 2 == len(Kingdom.unexplored().cells)


LETTERS = [*cat()["alphabet"], cat()["unexplored"]]


@given(st.lists(st.sampled_from(LETTERS), min_size=16, max_size=16), st.booleans())
def test_every_alphabet_letter_parses_to_its_card(cells: list[str], lower: bool) -> None:
    """A Kingdom written in the catalogue's compact notation (its letters, its size, its
    row separator) reads through the library as the cards the alphabet names, and the
    library writes it back the same."""
    c = cat()
    size, sep = c["kingdom_size"], c["row_separator"]
    text = sep.join("".join(cells[r * size : (r + 1) * size]) for r in range(size))
    kingdom = Kingdom.parse(text.lower() if lower else text)
    for letter, cell in zip(cells, kingdom.cells, strict=True):
        if letter == c["unexplored"]:
            assert cell is None
        else:
            assert cell is not None and cell.english == c["alphabet"][letter]
            assert Card.parse(letter) is cell
    assert str(kingdom) == text


def test_catalogue_limits_are_the_readers() -> None:
    """The player counts are those the rules allow (R1.3); the widest written integer and
    the longest game text are the ones the reader and the page apply."""
    c = cat()
    counts = c["player_counts"]
    assert counts == sorted(counts) and all(check_player_count(n) == n for n in counts)
    for n in (min(counts) - 1, max(counts) + 1):
        with pytest.raises(PlayerCountError):
            check_player_count(n)
    digits = c["max_written_digits"]

    def score_problems(score: int) -> list[str]:
        document = {"players": [{"name": "Ana", "kingdom": ANA, "score": score}]}
        return [p.code for p in parse_game(json.dumps(document), "json").problems]

    assert score_problems(int("9" * digits)) == []
    assert score_problems(int("1" + "0" * digits)) == ["not-an-integer"]
    assert c["max_game_chars"] == web.MAX_GAME_CHARS
    game = json.dumps({"players": [{"name": "Ana", "kingdom": ANA}]})
    padded = game[:-1] + " " * (c["max_game_chars"] - len(game)) + "}"
    assert len(padded) == c["max_game_chars"]
    assert "error" not in json.loads(web.check_page(padded))
    assert "error" in json.loads(web.check_page(padded + " "))
    with pytest.raises(InvalidGameError):
        web.page_result(padded + " ")


def test_catalogue_default_ruleset_is_the_readers() -> None:
    """A file that names no ruleset is read with the catalogue's default (R9), which is one
    of the catalogue's rulesets."""
    c = cat()
    assert c["default_ruleset"] in c["rulesets"]
    game = parse_game(json.dumps({"players": [{"name": "Ana", "kingdom": ANA}]}), "json")
    assert game.ruleset == c["default_ruleset"]


# --- a library user gets the problems the command line and the page get ----------------------


@settings(max_examples=25, deadline=None)
@given(near_valid_documents())
def test_check_game_gives_the_problems_of_the_json_and_the_page(
    tmp_path_factory: pytest.TempPathFactory, document: dict[str, object]
) -> None:
    """Property: ``check_game``'s problems, as data, are those of ``check --json`` and of
    the page's report, fact for fact and in order."""
    text = json.dumps(document)
    report = check_game(parse_game(text, "json"))
    mine = [p.to_dict() for p in report.problems]
    path = tmp_path_factory.mktemp("g") / "game.json"
    path.write_text(text, "utf-8")
    with redirect_stdout(io.StringIO()) as out, redirect_stderr(io.StringIO()):
        main(["check", "--json", str(path)])
    printed = json.loads(out.getvalue())["problems"]
    shown = min(len(mine), MAX_JSON_PROBLEMS)  # the JSON keeps the first ones
    assert printed == mine[:shown]
    page = json.loads(web.check_page(text))
    if "error" not in page:
        assert page["report"]["problems"] == mine[:shown]
        assert [m["code"] for m in page["marks"]] == [p.code for p in report.problems]


@pytest.mark.parametrize(
    ("document", "kind"),
    [
        ({"players": 3}, "players"),
        ({"players": [{"name": "Ana", "kingdom": 7}]}, "kingdom"),
        ({"players": [{"name": "Ana", "kingdom": ANA, "legends": "x"}]}, "legend-ids"),
        ({"players": [{"name": "Ana", "kingdom": ANA, "score": "7"}]}, "integer"),
        ({"players": [{"name": "Ana", "kingdom": ANA, "sheet": [1]}]}, "sheet"),
    ],
)
def test_a_value_of_the_wrong_kind_is_named_in_the_schemas_words(
    document: dict[str, object], kind: model.FieldKind
) -> None:
    """The reader says what a value of each kind is in the words of the schema
    ([`KIND_WORDS`][drako_rules.checker.model.KIND_WORDS]); so does the model."""
    (problem,) = parse_game(json.dumps(document), "json").problems
    assert model.KIND_WORDS[kind] in problem.message
    if kind in ("legend-ids", "integer"):
        with pytest.raises(InvalidGameError) as caught:
            bad: dict[str, Any] = {"legends": "x"} if kind == "legend-ids" else {"score": 1.5}
            PlayerEntry("Ana", ANA, **bad)
        assert model.KIND_WORDS[kind] in str(caught.value)
