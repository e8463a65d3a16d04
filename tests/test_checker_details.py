"""The score checker's edges, each pinned by an example: the bounds of a written integer,
the messages a player reads, the paths of fields, the format of a game file, the names and
counts in problems (R1.3, R1.4, R5.5, R6.3). Found by mutation testing of the checker: each
test fails for a changed checker that the other tests let through."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from drako_rules import Category, InvalidGameError, Kingdom, Position
from drako_rules.checker import Game, PlayerEntry, check_game, format_game, load_game, parse_game
from drako_rules.checker.gamefile import guess_format, kingdom_message
from drako_rules.checker.problems import field_path
from drako_rules.errors import NotationError

ANA = "FEOM/HPWM/SGDO/PPHS"  # worked example 1: total 7
BOB = "EEWW/FFOG/MHDS/WGSM"  # total 3


def report_of(document: dict[str, object]) -> list[tuple[str, str, str]]:
    """(code, where, message) of each problem of the game file ``document`` (as JSON)."""
    report = check_game(parse_game(json.dumps(document), "json"))
    return [(p.code, p.where, p.message) for p in report.problems]


def two_players(**ana: object) -> dict[str, object]:
    """A valid game of Ana and Bob, Ana's fields updated with ``ana``."""
    return {"players": [{"name": "Ana", "kingdom": ANA, **ana}, {"name": "Bob", "kingdom": BOB}]}


def message_of(text: str) -> str:
    """What the checker says of the Kingdom ``text``, which Kingdom.parse refuses."""
    with pytest.raises(NotationError) as caught:
        Kingdom.parse(text)
    return kingdom_message(caught.value, text)


# --- a written integer: at most 18 digits ---------------------------------------------------


@pytest.mark.parametrize("value", [10**18 - 1, -(10**18 - 1), 0, 29])
def test_an_integer_of_18_digits_is_a_written_score(value: int) -> None:
    """R5.5: the largest written values, ±(10**18 − 1) (18 nines), and small ones such as
    29 are integers a sheet may hold: no problem, and the score is kept."""
    game = parse_game(json.dumps(two_players(score=value)), "json")
    assert game.problems == () and game.players[0].score == value
    assert PlayerEntry("Ana", ANA, score=value).score == value


@pytest.mark.parametrize("value", [10**18, -(10**18), 10**19, 10**19 - 1])
def test_an_integer_of_19_digits_is_not_an_integer_of_the_sheet(value: int) -> None:
    """R5.5: ±10**18, the first values of 19 digits (computed, so not the checker's own
    bound object), and larger ones (10**19 − 1, 10**19) are refused: not-an-integer in a
    file, InvalidGameError in code."""
    value = int(str(value))
    (problem,) = report_of(two_players(score=value))
    assert problem[:2] == ("not-an-integer", "$.players[0].score")
    with pytest.raises(InvalidGameError, match="at most 18 digits"):
        PlayerEntry("Ana", ANA, score=value)
    with pytest.raises(InvalidGameError, match="at most 18 digits"):
        PlayerEntry("Ana", ANA, sheet={"elves": value})


# --- the model in code ----------------------------------------------------------------------


def test_a_sheet_pair_of_three_items_is_refused_in_words() -> None:
    """A sheet given as pairs refuses an item of three values with InvalidGameError naming
    the (category, value) pairs, never Python's unpacking ValueError."""
    with pytest.raises(InvalidGameError, match=r"\(category, value\) pairs"):
        PlayerEntry("Ana", ANA, sheet=[("elves", 2, 3)])
    with pytest.raises(InvalidGameError, match=r"\(category, value\) pairs"):
        PlayerEntry("Ana", ANA, sheet=[("elves",)])


def test_written_gives_each_category_its_own_value() -> None:
    """``written`` finds the value of the category asked for, None for a blank one: with
    elves 2 and dragons −3 written, Elves 2, Dragons −3, Dwarves and the others blank."""
    entry = PlayerEntry("Ana", ANA, sheet={"dragons": -3, "elves": 2})
    assert [entry.written(c) for c in Category] == [2, None, None, None, -3, None, None]


def test_an_unnamed_player_is_called_by_their_seat_from_1() -> None:
    """A Game built in code with unnamed players: seats 0, 1 and 3 are ``player 1``,
    ``player 2`` and ``player 4`` (seats counted from 1 for people), in the report and its
    problems."""
    game = Game(
        [
            PlayerEntry(None, ANA),
            PlayerEntry(None, BOB),
            PlayerEntry("Cy", "HHOE/DHGE/OWDW/SSMF"),
            PlayerEntry(None, "FEOM/HPWM/SGDO/PPH"),
        ]
    )
    report = check_game(game)
    assert report.names == ("player 1", "player 2", "Cy", "player 4")
    assert any(p.message.startswith("$.players[3].kingdom: player 4's") for p in report.problems)


# --- the messages of a Kingdom that cannot be read ------------------------------------------


def test_a_bad_card_in_a_row_of_five_is_the_whole_row() -> None:
    """A row of five letters, one of them unknown ("PPHSX"), is named whole: the one-letter
    narrowing is for a row of four, where the bad letter can only be a card. Rows and
    columns count from 1, as a player counts them."""
    text = message_of("FEOM/HPWM/SGDO/PPHSX")
    assert text.startswith("unknown card 'PPHSX' at row 4, column 1:")


def test_the_bad_card_is_worded_by_the_notation_reader_alone() -> None:
    """The checker does not word a bad card again: its message is Kingdom.parse's own (the
    one wording, drako_rules.notation.unknown_card), with only "did you mean" added."""
    for text in ("FEOM/HPWM/SGDO/PXHS", "forest elf portal mountian/HPWM/SGDO/PPHS"):
        with pytest.raises(NotationError) as caught:
            Kingdom.parse(text)
        message = kingdom_message(caught.value, text)
        assert message.startswith(str(caught.value))
        assert message[len(str(caught.value)) :] in ("", "; did you mean 'mountain'?")
    assert message.endswith("; did you mean 'mountain'?")


def test_a_bad_letter_in_a_row_of_four_is_named_by_itself() -> None:
    """In "PXHS" only X is no card letter: the message names 'X' at row 4, column 2."""
    assert message_of("FEOM/HPWM/SGDO/PXHS").startswith("unknown card 'X' at row 4, column 2:")


def test_a_short_row_keeps_the_notation_message() -> None:
    """A row of 3 cards: the notation's own short message is kept word for word."""
    assert message_of("FEOM/HPWM/SGDO/PPH") == "row 3 ('PPH') has 3 cards, expected 4"


def test_a_long_text_is_not_split_into_rows_for_its_message() -> None:
    """Up to 400 characters the checker counts the rows itself ("got 1"); past that it
    gives Kingdom.parse's message, which quotes a short prefix of the text (40 characters,
    then "…")."""
    assert message_of("X" * 400).startswith("expected 4 rows of 4 cards separated by '/'")
    assert "got 1 in" in message_of("X" * 400)
    long = message_of("X" * 100_000)
    assert long == f"expected 4 rows separated by '/' or new lines, got 1 in '{'X' * 40}'…"


# --- unknown fields: their paths and hints ---------------------------------------------------


def test_a_field_with_a_hyphen_is_written_as_a_plain_name() -> None:
    """Paths write a key of letters and hyphens plainly (``$.max-depth``), an identifier
    too (``$.date``), and quote any other key (``$['x y']``)."""
    assert field_path("$", "max-depth") == "$.max-depth"
    assert field_path("$", "date") == "$.date"
    assert field_path("$", "x y") == "$['x y']"
    assert field_path("$.players[0]", 3) == "$.players[0]['3']"  # a key that is no text
    (problem,) = report_of({**two_players(), "max-depth": 3})
    assert problem[:2] == ("unknown-field", "$.max-depth")


def test_a_total_on_the_sheet_is_pointed_to_the_score() -> None:
    """R5.5: a ``total`` written in the sheet table is an unknown field whose hint says to
    write it as the player's score; a misspelt category there gets "did you mean"."""
    ((_, where, total),) = report_of(two_players(sheet={"total": 7}))
    assert where == "$.players[0].sheet.total"
    assert total.endswith("; write the total as the player's 'score'")
    ((_, _, elvs),) = report_of(two_players(sheet={"elvs": 2}))
    assert elvs.endswith("; did you mean 'elves'?") and "'score'" not in elvs


def test_only_the_first_hundred_problems_get_a_suggestion() -> None:
    """A table of 150 misspelt fields: each is an unknown-field; the first 100 carry "did
    you mean 'name'?", the others none (a fuzzy match each would not stay linear)."""
    ana = {f"nme{i}": 1 for i in range(150)}
    problems = report_of(two_players(**ana))
    assert len(problems) == 150 and {p[0] for p in problems} == {"unknown-field"}
    hinted = ["did you mean 'name'?" in p[2] for p in problems]
    assert hinted == [True] * 100 + [False] * 50


# --- the text of a game file ----------------------------------------------------------------


def test_an_unknown_format_is_refused_by_name() -> None:
    """Only 'toml' and 'json' are formats: 'csv' and 'TOML' (which sort before 'json'),
    'yaml' and 'xml' (after it) are refused, never read as one of them."""
    for bad in ("csv", "TOML", "abc", "yaml", "xml"):
        with pytest.raises(InvalidGameError, match="unknown game file format"):
            parse_game('{"players": []}', bad)  # type: ignore[arg-type]


def test_a_toml_error_is_quoted_without_its_quotes() -> None:
    """Invalid TOML: the message is the source, "not valid TOML:" and tomllib's words with
    their place, unquoted and whole."""
    with pytest.raises(InvalidGameError) as caught:
        parse_game("x = ")
    assert str(caught.value) == "game file: not valid TOML: Invalid value (at end of document)"


def test_a_json_error_is_quoted_without_its_quotes() -> None:
    """Invalid JSON: the same shape, with the json module's words and place."""
    with pytest.raises(InvalidGameError) as caught:
        parse_game("{", "json", source="g.json")
    assert str(caught.value) == (
        "g.json: not valid JSON: Expecting property name enclosed in double quotes: "
        "line 1 column 2 (char 1)"
    )


@pytest.mark.parametrize(
    ("path", "data", "expected"),
    [
        ("game", b'{"players": []}', "json"),
        ("game.dat", b'{"players": []}', "json"),
        ("game.dat", b"[[players]]", "toml"),
        ("game.toml", b'{"players": []}', "toml"),
        ("game.JSON", b"[[players]]", "json"),
    ],
)
def test_the_format_comes_from_the_suffix_then_the_first_character(
    path: str, data: bytes, expected: str
) -> None:
    """A ``.json`` or ``.toml`` suffix (any case) decides; any other suffix, or none, gives
    JSON when the text starts with ``{`` and TOML otherwise."""
    assert guess_format(path, data) == expected


def test_a_lone_surrogate_in_the_ruleset_cannot_be_written_as_toml() -> None:
    """TOML cannot hold a lone surrogate: one in the ruleset's name is refused with
    InvalidGameError, as one in a name is; JSON writes it escaped."""
    game = Game([PlayerEntry("Ana", ANA), PlayerEntry("Bob", BOB)], ruleset="pocket\ud800")
    with pytest.raises(InvalidGameError, match="lone surrogate"):
        format_game(game)
    assert "\\ud800" in format_game(game, "json")


# --- the words of problems ------------------------------------------------------------------


@pytest.mark.parametrize(("count", "words"), [(0, "0 players"), (1, "1 player"), (5, "5 players")])
def test_a_player_count_problem_counts_in_words(count: int, words: str) -> None:
    """R1.3: the player-count message counts the players, singular for one: "1 player,
    but Drako is played by 2, 3 or 4 (R1.3)", "0 players", "5 players"."""
    report = check_game(Game([PlayerEntry(f"P{i}", ANA) for i in range(count)]))
    (message,) = [p.message for p in report.problems if p.code == "player-count"]
    assert message == f"$.players: {words}, but Drako is played by 2, 3 or 4 (R1.3)"


def test_a_legend_claimed_twice_by_one_player_says_more_than_once() -> None:
    """R1.4, R6.3: Ana claiming four-tribes twice is "claimed more than once by Ana"; Ana
    and Bob claiming it is "claimed by Ana and Bob"."""
    game = Game([PlayerEntry("Ana", ANA, ["four-tribes"] * 2), PlayerEntry("Bob", BOB)])
    (problem,) = check_game(game).problems
    assert problem.code == "legend-claimed-twice" and problem.rule == "R6.3"
    assert "the Legend four-tribes is claimed more than once by Ana;" in problem.message
    game = Game(
        [PlayerEntry("Ana", ANA, ["four-tribes"]), PlayerEntry("Bob", BOB, ["four-tribes"])]
    )
    (problem,) = check_game(game).problems
    assert "the Legend four-tribes is claimed by Ana and Bob;" in problem.message


@pytest.mark.parametrize("winner", [0, 1])
def test_both_tied_players_hold_their_tie_break(winner: int) -> None:
    """R5.6: in a tie on total the tie-break is in both players' reports, whichever seat
    wins it: A, worked example 1 (7, highest category Dwarves 4), against B, whose two
    Legends also make 7 with Goblins 6: B wins, seated first or second."""
    kingdoms = ["FEOM/HPWM/SGDO/PPHS", "EEWW/FFOG/MHDS/WGSM"]
    legends = [(), ("two-elves", "two-dwarves")]
    players = [PlayerEntry(n, k, list(x)) for n, k, x in zip("AB", kingdoms, legends, strict=True)]
    if winner == 0:
        players.reverse()
    report = check_game(Game(players))
    (tie,) = report.ranking.tie_breaks if report.ranking else ()
    assert report.players[tie.higher].name == "B"
    assert report.players[0].tie_breaks == (tie,) and report.players[1].tie_breaks == (tie,)


def test_a_legend_claimed_by_three_names_all_three() -> None:
    """R1.4, R6.3: a Legend claimed by Ana, Bob and Cy is "claimed by Ana, Bob and Cy", at
    the second claimer's legends; names of more than 24 characters are cut to 24 and "…"."""
    long = "Bartholomew-Alexander-Smith"  # 27 characters
    players = [
        PlayerEntry(name, kingdom, ["four-tribes"])
        for name, kingdom in (("Ana", ANA), ("Bob", BOB), (long, "HHOE/DHGE/OWDW/SSMF"))
    ]
    (problem,) = [p for p in check_game(Game(players)).problems if p.code != "too-many-cards"]
    assert problem.where == "$.players[1].legends"
    assert f"claimed by Ana, Bob and {long[:24]}…;" in problem.message


def test_the_added_categories_are_noted_only_when_they_differ_from_the_score() -> None:
    """R5.5: all seven categories written: a wrong score that is their sum gets no note;
    a score that is not their sum gets "the written categories add up to N" (worked
    example 1, total 7: categories 2, 4, 3, 3, −3, 0, −2 written)."""
    sheet = dict(zip((c.value for c in Category), (2, 4, 3, 3, -3, 0, -2), strict=True))
    right_sum = {**sheet, "elves": 3}  # adds up to 8, written as the score 8
    game = Game([PlayerEntry("Ana", ANA, score=8, sheet=right_sum), PlayerEntry("Bob", BOB)])
    mismatches = check_game(game).mismatches
    assert [(m.field, m.note) for m in mismatches] == [("elves", ""), ("total", "")]
    for written in (6, 9):  # the categories add up to 7, the score says otherwise
        game = Game([PlayerEntry("Ana", ANA, score=written, sheet=sheet), PlayerEntry("Bob", BOB)])
        (total,) = check_game(game).mismatches
        assert (total.field, total.note) == ("total", "the written categories add up to 7")


def test_a_toml_slip_is_found_on_its_own_line() -> None:
    """A name without quotes on line 3 of a TOML file gets the quotes hint from line 3
    itself (line 2 is fine): "text is written in quotes"."""
    text = '[[players]]\nkingdom = "FEOM/HPWM/SGDO/PPHS"\nname = Ana\n'
    with pytest.raises(InvalidGameError) as caught:
        parse_game(text)
    assert "(at line 3, column 8)" in str(caught.value)
    assert str(caught.value).endswith('; text is written in quotes: name = "Ana"')


@pytest.mark.parametrize("surrogate", ["\ud800", "\udc80", "\udfff"])
@pytest.mark.parametrize("where", ["name", "kingdom", "legend"])
def test_a_lone_surrogate_anywhere_cannot_be_written_as_toml(where: str, surrogate: str) -> None:
    """A lone surrogate (U+D800 to U+DFFF, both ends included) in a player's name, Kingdom
    text or Legend id is refused when writing TOML, with InvalidGameError saying to use
    JSON."""
    bad = "x" + surrogate
    entry = {
        "name": PlayerEntry(bad, ANA),
        "kingdom": PlayerEntry("Ana", bad),
        "legend": PlayerEntry("Ana", ANA, [bad]),
    }[where]
    with pytest.raises(InvalidGameError, match="format='json'"):
        format_game(Game([entry, PlayerEntry("Bob", BOB)]))


@pytest.mark.parametrize("bad", ["yaml", "xml", "TOML", "csv"])
def test_format_game_writes_toml_or_json_only(bad: str) -> None:
    """format_game refuses any format but 'toml' and 'json', whatever it sorts as."""
    with pytest.raises(InvalidGameError, match="unknown game file format"):
        format_game(Game([PlayerEntry("Ana", ANA)]), bad)  # type: ignore[arg-type]


def test_three_rows_are_counted_in_the_message() -> None:
    """Three rows where four are needed: "expected 4 rows of 4 cards ..., got 3 in ...";
    the count is given for any number of rows but four."""
    for text, rows in (("FEOM/HPWM/SGDO", 3), ("FEOM/HPWM", 2), ("FEOM/HPWM/SGDO/PPHS/FFFF", 5)):
        message = message_of(text)
        assert message.startswith("expected 4 rows of 4 cards separated by '/' or new lines")
        assert f"got {rows} in {text!r}" in message


def test_legend_message_takes_suggest_by_keyword_only() -> None:
    """``legend_message(text, suggest=False)`` leaves out "did you mean"; ``suggest`` is
    keyword-only, so a stray positional argument is an error, not a silent switch."""
    from drako_rules.checker.gamefile import legend_message

    assert "did you mean 'four-tribes'?" in legend_message("four-tribez")
    assert "did you mean" not in legend_message("four-tribez", suggest=False)
    with pytest.raises(TypeError):
        legend_message("four-tribez", False)  # type: ignore[call-arg]


@pytest.mark.parametrize(("before", "hinted"), [(99, True), (100, False), (150, False)])
def test_an_unknown_legend_is_suggested_among_the_first_hundred_problems(
    before: int, hinted: bool
) -> None:
    """R1.4: an unknown Legend id after 99 other problems still gets "did you mean"; after
    100 or 150 it gets the plain pointer to R1.4 (suggestions stop at the hundredth)."""
    ana = {f"zz{i}": 1 for i in range(before)}
    problems = report_of(two_players(legends=["four-tribez"], **ana))
    assert len(problems) == before + 1
    code, where, message = problems[-1]
    assert (code, where) == ("unknown-legend", "$.players[0].legends[0]")
    assert ("did you mean 'four-tribes'?" in message) is hinted
    assert message.endswith("(R1.4)")


def test_an_unknown_legend_does_not_hide_the_next_claims() -> None:
    """R1.4: Ana claims "nope" then four-tribes: "nope" is an unknown-legend, and
    four-tribes and two-elves, the ids after it, are still scored for her."""
    game = Game(
        [PlayerEntry("Ana", ANA, ["nope", "four-tribes", "two-elves"]), PlayerEntry("Bob", BOB)]
    )
    report = check_game(game)
    assert [p.code for p in report.problems] == ["unknown-legend"]
    sheet = report.players[0].sheet
    assert sheet is not None
    assert [x.value for x in sheet.claimed] == ["four-tribes", "two-elves"]
    assert sheet.legends == sum(x.points for x in sheet.claimed)


def test_a_fifth_card_of_four_letters_is_named_whole() -> None:
    """ "F E O M Xwww": the fifth card (column 5) is the unknown one and is named whole,
    'Xwww'; the one-letter narrowing is for a row of four letters (columns 1 to 4)."""
    text = message_of("F E O M Xwww/HPWM/SGDO/PPHS")
    assert text.startswith("unknown card 'Xwww' at row 1, column 5:")


def test_a_row_of_letters_that_grow_in_upper_case_is_named_by_its_first() -> None:
    """ "ßßßß" is four characters whose upper case, "SSSSSSSS", holds only card letters:
    the first is named as written, never an IndexError."""
    assert message_of("ßßßß/HPWM/SGDO/PPHS").startswith("unknown card 'ß' at row 1, column 1:")


@pytest.mark.parametrize(
    ("cards", "quoted"),
    [
        (5, "'FFFFF'"),
        (40, repr("F" * 40)),
        (41, repr("F" * 40) + "…"),
        (10_000, repr("F" * 40) + "…"),
    ],
)
def test_a_notation_message_quotes_a_short_prefix_of_a_long_row(cards: int, quoted: str) -> None:
    """The notation's message for a row of ``cards`` Forests names the row by its first 40
    characters (then "…"), whatever its length, and counts all its cards."""
    text = "FEOM/HPWM/SGDO/" + "F" * cards
    assert message_of(text) == f"row 3 ({quoted}) has {cards} cards, expected 4"


def test_a_toml_slip_on_the_first_line_gets_its_hint() -> None:
    """A name without quotes on line 1 gets the quotes hint too (lines count from 1)."""
    with pytest.raises(InvalidGameError) as caught:
        parse_game("name = Ana\n")
    assert "(at line 1, column 8)" in str(caught.value)
    assert str(caught.value).endswith('; text is written in quotes: name = "Ana"')


@pytest.mark.parametrize(("length", "shown"), [(200, 200), (201, 200)])
def test_a_source_name_is_cut_to_200_characters(length: int, shown: int) -> None:
    """The source named in a message is cut to 200 characters, then "…": a name of 200 is
    shown whole, one of 201 as its first 200 and "…"."""
    source = "g" * length
    with pytest.raises(InvalidGameError) as caught:
        parse_game("x = ", source=source)
    cut = "…" if length > shown else ""
    assert str(caught.value).startswith(f"{'g' * shown}{cut}: not valid TOML: ")


@pytest.mark.parametrize(("spaces", "expected"), [(63, "json"), (64, "toml")])
def test_the_format_of_text_is_guessed_from_its_first_64_characters(
    spaces: int, expected: str
) -> None:
    """Without a known suffix, text is JSON when its first non-blank character within the
    first 64 is ``{``: after 63 spaces it is, after 64 it is past the look and TOML."""
    assert guess_format("game", " " * spaces + '{"players": []}') == expected


def test_a_mismatch_knows_its_category_or_the_total() -> None:
    """A total mismatch has no category; a category mismatch has its Category; the words
    name the player, cut to 24 characters then "…"."""
    from drako_rules.checker import Mismatch

    long = "Bartholomew-Alexander-Smith"
    total = Mismatch("total", 9, 7, "R5.5", player=long)
    assert total.category is None
    assert Mismatch("elves", 3, 2, "R5.1").category is Category.ELVES
    assert total.describe() == f"{long[:24]}…: total: written 9, the rules give 7 (R5.5)"


def test_a_partial_sheet_gets_no_note_about_its_sum() -> None:
    """R5.5: with only some categories written, a wrong score is a total mismatch without
    "the written categories add up to" (they are not all there to add)."""
    game = Game([PlayerEntry("Ana", ANA, score=9, sheet={"elves": 2}), PlayerEntry("Bob", BOB)])
    (total,) = check_game(game).mismatches
    assert (total.field, total.written, total.note) == ("total", 9, "")


def test_a_large_sum_of_the_categories_is_compared_by_value() -> None:
    """R5.5: seven written categories adding up to 999 (Elves 994), with the score 999
    written too (read from the file, a different int object from the sum): the note
    is left out, since they agree; only Elves and the total mismatch."""
    sheet = dict(zip((c.value for c in Category), (994, 4, 3, 3, -3, 0, -2), strict=True))
    report = check_game(parse_game(json.dumps(two_players(score=999, sheet=sheet)), "json"))
    assert [(m.field, m.note) for m in report.mismatches] == [
        ("elves", ""),
        ("total", ""),
    ]


def test_two_bad_letters_in_a_row_of_four_name_the_first() -> None:
    """ "XYHS" has two letters that are no card: the message names the first, 'X', where
    it is, and the problem's cell is that one."""
    assert message_of("FEOM/HPWM/SGDO/XYHS").startswith("unknown card 'X' at row 4, column 1:")
    document = two_players(kingdom="FEOM/HPWM/SGDO/XYHS")
    (problem,) = check_game(parse_game(json.dumps(document), "json")).problems
    assert problem.cells == ((0, Position(3, 0)),)


def test_a_legend_id_with_spaces_and_hyphens_mixed_is_still_suggested() -> None:
    """R1.4: "btjle-gnblik elf", a badly misspelt id written half with a hyphen and half
    with a space, is too far from every id as written, but read with spaces it is near the
    name "battle goblin elf": did you mean 'battle-goblin-elf'?"""
    from drako_rules.checker.gamefile import legend_message

    assert "did you mean 'battle-goblin-elf'?" in legend_message("btjle-gnblik elf")


def test_a_json_game_file_is_written_in_ascii() -> None:
    """The JSON form of a game is ASCII-safe: "Zoë" is written as "Zo\\u00eb", and read
    back as "Zoë"."""
    game = Game([PlayerEntry("Zoë", ANA), PlayerEntry("Bob", BOB)])
    text = format_game(game, "json")
    assert text.isascii() and '"Zo\\u00eb"' in text
    assert parse_game(text, "json") == game


@pytest.mark.parametrize(
    ("category", "rule"), [("legends", "R5.4"), ("elves", "R5.1"), ("dragons", "R5.3")]
)
def test_a_mismatch_on_a_category_without_lines_names_its_rule(category: str, rule: str) -> None:
    """R5: in a Kingdom of 16 Mountains every category is 0 and has no line to take a rule
    id from; 1 written in Legends, Elves or Dragons is still a mismatch (1 against 0) that
    names the category's rule: R5.4, R5.1, R5.3."""
    kingdom = "MMMM/MMMM/MMMM/MMMM"  # no Tribe, no Dragon: every category 0
    game = Game([PlayerEntry("Ana", kingdom, sheet={category: 1}), PlayerEntry("Bob", BOB)])
    (mismatch,) = check_game(game).mismatches
    assert (mismatch.field, mismatch.written, mismatch.expected, mismatch.rule) == (
        category,
        1,
        0,
        rule,
    )


def test_a_two_letter_word_gets_its_did_you_mean() -> None:
    """ "El" in a row of space-separated cards is no card, but close to "elf" (2 of its 3
    letters): the message names 'El' and asks "did you mean 'elf'?"."""
    message = message_of("F E O El/HPWM/SGDO/PPHS")
    assert message.startswith("unknown card 'El' at row 1, column 4:")
    assert message.endswith("; did you mean 'elf'?")


@pytest.mark.parametrize("pair", [5, ["elves", 2]])
def test_a_sheet_item_that_is_no_tuple_is_refused_in_words(pair: object) -> None:
    """A sheet given as pairs holds tuples: a number or a list item is refused with
    InvalidGameError naming the (category, value) pairs, never a TypeError."""
    with pytest.raises(InvalidGameError, match=r"\(category, value\) pairs"):
        PlayerEntry("Ana", ANA, sheet=[pair])


HUGE = "1" + "0" * 4400  # a decimal integer of 4,401 digits: Python will not convert it


def test_a_deeply_nested_toml_file_after_a_huge_integer_is_refused_in_words() -> None:
    """A TOML file with an integer of 4,401 digits, then arrays nested 3,000 deep: the
    second reading (the integer as a problem) meets the nesting and refuses the file with
    InvalidGameError, never a RecursionError."""
    text = f"x = {HUGE}\ny = {'[' * 3000}{']' * 3000}\n"
    with pytest.raises(InvalidGameError, match="not valid TOML: a number too long to read"):
        parse_game(text)


def test_a_float_written_like_a_rewritten_integer_refuses_the_file() -> None:
    """A huge integer is read as a float "D.0" and turned back into a problem; if the
    file also holds that very float "D.0", the rewrite cannot tell the two apart, so the
    file is refused whole rather than the float misread as an integer."""
    text = f'[[players]]\nname = "Ana"\nscore = {HUGE}\nx = {HUGE}.0\n'
    with pytest.raises(InvalidGameError, match="not valid TOML: a number too long to read"):
        parse_game(text)
    # without the float the huge score is one problem where it is written
    game = parse_game(f'[[players]]\nname = "Ana"\nscore = {HUGE}\n')
    assert [(p.code, p.where) for p in game.problems] == [
        ("missing-field", "$.players[0].kingdom"),
        ("not-an-integer", "$.players[0].score"),
    ]


def test_a_slip_on_a_players_line_gets_the_double_bracket_hint() -> None:
    """A TOML error on a line that opens ``[players]`` (here "[players] x") gets the hint
    to write [[players]], whatever the error says."""
    with pytest.raises(InvalidGameError) as caught:
        parse_game("[players] x\n")
    assert str(caught.value).endswith(
        "; write [[players]] (two brackets) above each player, not [players]"
    )


@pytest.mark.parametrize("length", [60, 110, 300])
def test_a_long_toml_message_is_cut_short(length: int) -> None:
    """tomllib's message quotes a table name; with a name of 300 characters the message
    of the file keeps at most 120 characters of it (and one mark of the cut): at most 121
    after "not valid TOML: "; a name of 60 fits whole, one of 110 does not."""
    name = "k" * length
    with pytest.raises(InvalidGameError) as caught:
        parse_game(f"[{name}]\n[{name}]\n")
    prefix = "game file: not valid TOML: "
    text = str(caught.value)
    assert text.startswith(prefix + "Cannot declare (")
    assert len(text) - len(prefix) <= 121
    assert (name in text) is (length == 60)


def test_a_long_toml_message_keeps_exactly_its_first_120_characters() -> None:
    """A TOML error of more than 120 characters: the first 120 of tomllib's words, then "…"."""
    import tomllib

    name = "k" * 300
    content = f"[{name}]\n[{name}]\n"
    with pytest.raises(tomllib.TOMLDecodeError) as raw:
        tomllib.loads(content)
    words = str(raw.value)  # "Cannot declare ('kkk…',) twice (at line 2, column 303)"
    assert len(words) > 121
    with pytest.raises(InvalidGameError) as caught:
        parse_game(content)
    # 120 characters kept, not 119 or 121; no hint for a table line.
    assert str(caught.value) == f"game file: not valid TOML: {words[:120]}…"


def test_the_json_report_lists_the_first_hundred_problems_and_counts_all() -> None:
    """A report's JSON lists the first 100 problems (MAX_JSON_PROBLEMS) and gives the
    count of all of them: 150 unknown fields give 100 listed, problem_count 150."""
    from drako_rules.checker.report import MAX_JSON_PROBLEMS

    document = two_players(**{f"zz{i}": 1 for i in range(150)})
    report = check_game(parse_game(json.dumps(document), "json"))
    data = report.to_dict()
    problems = data["problems"]
    assert MAX_JSON_PROBLEMS == 100 and isinstance(problems, list) and len(problems) == 100
    assert data["problem_count"] == 150
    assert [p["where"] for p in problems if isinstance(p, dict)][-1] == "$.players[0].zz99"


def test_a_legend_claimed_by_four_names_the_first_three() -> None:
    """R1.4, R6.3: four players claiming four-tribes: the message names the first three
    claimers ("by Ana, Bob and Cy"); a fourth name adds nothing."""
    kingdoms = (ANA, BOB, "HHOE/DHGE/OWDW/SSMF", "GOGS/OHOW/GOEO/SSSG")
    players = [
        PlayerEntry(name, kingdom, ["four-tribes"])
        for name, kingdom in zip(("Ana", "Bob", "Cy", "Dee"), kingdoms, strict=True)
    ]
    (problem,) = [p for p in check_game(Game(players)).problems if p.code == "legend-claimed-twice"]
    assert "is claimed by Ana, Bob and Cy;" in problem.message and "Dee" not in problem.message


def test_the_json_form_of_a_game_is_indented_by_two() -> None:
    """The JSON form of a game (format_game(game, "json")) is indented by two spaces,
    keys in the documented order, with a final new line."""
    game = Game([PlayerEntry("Ana", ANA, score=7)])
    assert format_game(game, "json") == (
        '{\n  "ruleset": "pocket",\n  "players": [\n    {\n      "name": "Ana",\n'
        '      "kingdom": "FEOM/HPWM/SGDO/PPHS",\n      "score": 7\n    }\n  ]\n}\n'
    )


def test_three_hundred_long_integers_are_each_a_problem() -> None:
    """A TOML file with a 4,401-digit score and 300 more integers of 20 digits (in
    unknown fields): all 301 are rewritten and read back, so the file is read, with its
    300 unknown fields and the score's not-an-integer (the counts compared by value)."""
    fields = "".join(f"x{i} = {10**19 + i}\n" for i in range(300))
    game = parse_game(f'[[players]]\nname = "Ana"\nkingdom = "{ANA}"\nscore = {HUGE}\n{fields}')
    codes = [p.code for p in game.problems]
    assert codes.count("unknown-field") == 300 and codes.count("not-an-integer") == 1


def test_the_source_and_the_size_limit_are_keyword_only(tmp_path: Path) -> None:
    """``parse_game(text, format, source=...)`` and ``load_game(path, format, limit=...)``:
    a third positional argument is a TypeError, never taken for the source or the limit."""
    path = tmp_path / "g.toml"
    path.write_text("[[players]]\n", encoding="utf-8")
    with pytest.raises(TypeError):
        parse_game("[[players]]\n", "toml", "g.toml")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        load_game(path, None, 10)  # type: ignore[call-arg]
    assert parse_game("[[players]]\n", "toml", source="g.toml").source == "g.toml"
    assert load_game(path, None, limit=100).source == str(path)


@pytest.mark.parametrize("bad", [5, "ab"])
def test_a_game_and_a_sheet_refuse_what_is_no_list_in_words(bad: object) -> None:
    """A Game's players and a player's sheet given as a number or a string are refused
    with InvalidGameError saying what they must be, never a TypeError from iterating."""
    with pytest.raises(InvalidGameError, match="players are a list of PlayerEntry, not"):
        Game(bad)
    with pytest.raises(InvalidGameError, match="a sheet is a mapping of categories"):
        PlayerEntry("Ana", ANA, sheet=bad)


def test_a_sixth_card_of_four_letters_is_named_whole() -> None:
    """ "F E O M P Xwww": the unknown card at column 6 is named whole, as at column 5."""
    text = message_of("F E O M P Xwww/HPWM/SGDO/PPHS")
    assert text.startswith("unknown card 'Xwww' at row 1, column 6:")


def test_the_rows_of_a_text_of_400_characters_are_all_counted() -> None:
    """398 X's, '/' and Y: 400 characters, two rows, and the message says "got 2"."""
    assert "got 2 in " in message_of("X" * 398 + "/Y")


def test_an_unknown_sheet_key_after_total_gets_no_total_hint() -> None:
    """Only ``total`` in the sheet gets the hint to write it as the score: "wolves",
    which sorts after "total", is an unknown field without it."""
    ((code, where, message),) = report_of(two_players(sheet={"wolves": 1}))
    assert (code, where) == ("unknown-field", "$.players[0].sheet.wolves")
    assert "'score'" not in message


def test_a_toml_message_of_120_characters_is_kept_whole() -> None:
    """A table name of 69 characters makes tomllib's message, quoted, exactly 120
    characters long: it is kept whole, down to its place "(at line 2, column 71)"."""
    name = "k" * 69
    with pytest.raises(InvalidGameError) as caught:
        parse_game(f"[{name}]\n[{name}]\n")
    assert str(caught.value).endswith(") twice (at line 2, column 71)")
