"""Over-long integers in a game file: read as their number of digits, never converted.

A game file may hold an integer of thousands of digits (by mistake or on purpose). Python
takes time quadratic in the digits to convert one and refuses one of more than 4,300
digits (``sys.get_int_max_str_digits``), which would refuse the whole file. The reader
(`drako_rules.checker.reader`) reads every integer of more
than `MAX_WRITTEN_DIGITS` digits as an
`Oversized` value instead, so that the field
holding it becomes one problem (R5.5) and the rest of the file is read.
"""

from __future__ import annotations

import re
import tomllib
from typing import Final

import attrs

from drako_rules.checker.model import MAX_WRITTEN_DIGITS

__all__ = ["Oversized", "json_int", "toml_with_long_ints"]


@attrs.frozen
class Oversized:
    """An integer of more than MAX_WRITTEN_DIGITS digits, read from a game file as its
    number of digits only. It is neither a number nor text, so that every field reports
    it as what it is.

    Attributes:
        digits: how many digits the integer has (its sign and ``_`` separators left out).
    """

    digits: int

    @classmethod
    def of(cls, text: str) -> Oversized:
        """The over-long integer written as ``text`` (``-123_456...``)."""
        return cls(len(text.lstrip("+-").replace("_", "")))


def json_int(text: str) -> int | Oversized:
    """An integer of a JSON game file (the ``parse_int`` hook of ``json.loads``): an
    `Oversized` when it has more than
    MAX_WRITTEN_DIGITS digits."""
    if len(text.lstrip("-")) > MAX_WRITTEN_DIGITS:
        return Oversized.of(text)
    return int(text)


#: A TOML decimal integer of more than MAX_WRITTEN_DIGITS digits that is not a bare key
#: (followed by ``=``), after skipping strings and comments, which the alternatives before it
#: consume; compiled on first use.
_TOML_LONG_INT: Final = (
    r'"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*'
    rf"|(?<![\w.+-])[+-]?[1-9](?:_?[0-9]){{{MAX_WRITTEN_DIGITS},}}(?![\w.:+-]|[ \t]*=)"
)


def toml_with_long_ints(content: str) -> dict[str, object] | None:
    """The TOML ``content`` read with each decimal integer of more than MAX_WRITTEN_DIGITS
    digits as an `Oversized` value, or None if
    that cannot be done exactly.

    ``tomllib`` converts every integer as it reads it. Each over-long integer is written
    as a float instead (``D`` becomes ``D.0``, a TOML float), which ``tomllib`` hands, as
    text, to its ``parse_float`` hook; the hook gives back the ``Oversized`` value. The
    rewrite is exact only if every rewritten integer reaches the hook: one that was in fact
    part of a key, say, does not, and then None is returned (the caller refuses the file).

    Examples:
        >>> toml_with_long_ints("score = " + "9" * 5000)
        {'score': Oversized(digits=5000)}
    """
    rewritten: dict[str, str] = {}  # the float written for an integer -> the integer
    count = 0
    parts: list[str] = []
    last = 0
    for found in re.finditer(_TOML_LONG_INT, content, re.S):
        token = found.group()
        if token[0] in "\"'#":
            continue
        parts += (content[last : found.end()], ".0")
        last = found.end()
        rewritten[token + ".0"] = token
        count += 1
    parts.append(content[last:])
    reached: list[str] = []

    def parse_float(text: str) -> object:
        token = rewritten.get(text)
        if token is None:
            return float(text)
        reached.append(text)
        return Oversized.of(token)

    try:
        document = tomllib.loads("".join(parts), parse_float=parse_float)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        return None
    if len(reached) != count:  # a rewritten integer was not a value, or a float looked like one
        return None
    return document
