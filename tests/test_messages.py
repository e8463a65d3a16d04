"""One message per mistake, from one place (issue 26): a text that names no Legend is
refused in the same words by ``Legend(...)``, ``Legend.parse``, the checker and the CLI, and
every reader of Legend ids applies the same normalisation (R1.4)."""

from __future__ import annotations

import contextlib
import io
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drako_rules import DrakoError, Legend, NotationError
from drako_rules.cards import no_legend
from drako_rules.checker import check_game, parse_game
from drako_rules.cli import EXIT_INVALID, EXIT_OK, main

KINGDOM = "FEOM/HPWM/SGDO/PPHS"
BAD = ["for-tribes", "4-tribes", "four tribe", "2 elves", "zzz", "", "three-elves", "x" * 500]


def _cli(legend: str) -> tuple[int, str]:
    """The exit status and stderr of ``drako-rules score KINGDOM --legend legend``."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["score", KINGDOM, "--legend", legend])
    return status, err.getvalue()


def _checker(legend: str) -> str:
    """The message of the checker's one problem for Ana claiming ``legend``."""
    document = {
        "players": [
            {"name": "Ana", "kingdom": KINGDOM, "legends": [legend]},
            {"name": "Bob", "kingdom": KINGDOM},
        ]
    }
    problems = check_game(parse_game(json.dumps(document), "json")).problems
    (message,) = [p.message for p in problems if p.code == "unknown-legend"]
    return message


@pytest.mark.parametrize("text", BAD)
def test_every_reader_refuses_a_bad_legend_in_the_same_words(text: str) -> None:
    """R1.4: ``Legend(text)`` and ``Legend.parse(text)`` raise the same NotationError (a
    DrakoError and a ValueError); the checker and ``--legend`` say the same after their subject."""
    message = no_legend(text)
    for read in (Legend, Legend.parse):
        with pytest.raises(NotationError) as caught:
            read(text)
        assert isinstance(caught.value, DrakoError) and isinstance(caught.value, ValueError)
        assert str(caught.value) == message
    assert _checker(text).endswith(f": Ana claims {message}")
    status, err = _cli(text)
    assert status == EXIT_INVALID
    assert err == f"drako-rules: error: --legend {message}\n"


@pytest.mark.parametrize(
    ("text", "close"),
    [
        ("for-tribes", ["four-tribes"]),
        ("4-tribes", ["four-tribes"]),
        ("2 goblins", ["two-goblins"]),
        ("alliance human elves", ["alliance-human-elf"]),
    ],
)
def test_the_message_names_the_close_ids(text: str, close: list[str]) -> None:
    """R1.4: a near miss is answered with the close ids, digits read as the ids' words."""
    names = " or ".join(f"'{x}'" for x in close)
    assert f"did you mean {names}?" in no_legend(text)


def test_a_far_miss_lists_the_ids() -> None:
    """R1.4: with no close id, the message lists the 15 ids (and stays one bounded line)."""
    message = no_legend("zzz" * 10_000)
    assert all(legend.value in message for legend in Legend)
    assert "\n" not in message and len(message) < 400


_SEPARATOR = st.sampled_from(["-", "_", " ", "  ", "-_", " - "])


@given(st.sampled_from(list(Legend)), st.data())
def test_one_normalisation_for_legend_ids(legend: Legend, data: st.DataObject) -> None:
    """R1.4: any case, surrounding blanks and any run of spaces, ``_`` and ``-`` between the
    words: every reader finds the same Legend, the CLI included."""
    words = legend.value.split("-")
    text = words[0]
    for word in words[1:]:
        text += data.draw(_SEPARATOR) + word
    text = data.draw(st.sampled_from([text, text.upper(), text.title(), f"  {text} "]))
    assert Legend(text) is Legend.parse(text) is Legend.find(text) is legend
    status, err = _cli(text)
    assert (status, err) == (EXIT_OK, "")
