"""The score of a Kingdom on plain integers (R5.1–R5.3): tables built once per ruleset,
then a few look-ups per Kingdom.

The sheet's six computed categories share one integer, one field each of ``width`` bits
(Elves from bit 0, then Dwarves, Humans, Goblins, Dragons, Conflicts): every table entry
is such a packed value, so a Kingdom's sheet is one sum of entries. Values may be
negative, so the sum is taken with a bias (``2**(width - 1)`` in every field), which keeps
every field within ``0 .. 2**width - 1``, and each field is read back as ``((packed >>
shift) & mask) - 2**(width - 1)``. The width is 10 bits when no category of any Kingdom can
leave ±2**9 in the ruleset (a Kingdom has at most 120 connected pairs: 24 adjacent, the
rest through Portals), as in both rulesets of the rules: the sum then stays below 2**60,
one machine word, which the compiled build adds and shifts natively. Otherwise it is 16
bits, exact while each category stays within ±2**15.

The tables of a ruleset (`tables`) are built from the points of each pair of card
codes, which the public module computes from the ruleset's data (R5.1, R5.2, R4.3, R9.3):
the value of every row or column of four codes (its three adjacent pairs, R4.1), of every
pair of codes linked only through a Portal network (R4.2), and of every number of Dragons
with every number of them domesticated (R5.3).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain, repeat
from operator import add
from typing import Final

from drako_rules._kernel.board import CODE_OF, CODES
from drako_rules._kernel.connect import (
    CONNECTED,
    LAYOUTS,
    LINKED_PAIRS,
    LayoutTuple,
    layout,
)
from drako_rules.cards import Card

__all__ = [
    "FIELDS",
    "Tables",
    "bias",
    "dragon_points",
    "dragon_split",
    "line_table",
    "pack",
    "sheet",
    "tables",
    "tamed",
]

#: The categories packed, in field order: Elves, Dwarves, Humans, Goblins, Dragons, Conflicts.
FIELDS: Final = 6
#: The most pairs of cards a Kingdom can connect (every pair of its 16 cells).
_MAX_PAIRS: Final = 120
#: The most Dragons a Kingdom can hold (one per cell).
_MAX_DRAGONS: Final = 16
#: The codes of the Tribes that domesticate a Dragon (R5.3), of the Dragon and the Portal.
_ELF: Final = CODE_OF[Card.ELF]
_DWARF: Final = CODE_OF[Card.DWARF]
_HUMAN: Final = CODE_OF[Card.HUMAN]
_DRAGON: Final = CODE_OF[Card.DRAGON]
_PORTAL: Final = CODE_OF[Card.PORTAL]
_DRAGON_FIELD: Final = 4

#: The tables of one ruleset: ``(line, portal_pair, dragons, need, width, bias)``, every
#: entry packed in fields of ``width`` bits, ``bias`` being ``2**(width - 1)`` in each.
Tables = tuple[
    tuple[int, ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], int, int, int
]


def pack(values: Sequence[int], width: int) -> int:
    """Six category values, in field order, as one integer of fields of ``width`` bits
    (without the bias)."""
    return sum(value << (k * width) for k, value in enumerate(values))


def bias(width: int) -> int:
    """``2**(width - 1)`` in each of the six fields of ``width`` bits."""
    return pack([1 << (width - 1)] * FIELDS, width)


def dragon_split(
    values: tuple[int, int, int], counted: int | None, most: int, dragons: int, tame: int
) -> tuple[int, int, int]:
    """How ``dragons`` Dragons, ``tame`` of them domesticated, score (R5.3, R9.2):
    ``(v, good, counted)``: each of the first ``good`` scores ``+v``, each other of the
    first ``counted`` scores ``-v``, and each Dragon beyond ``counted`` scores the
    ruleset's extra points. ``values`` is the value of one Dragon when there are 1, 2, 3
    or more; ``counted`` the most Dragons scored ±v (None: all); ``most`` the most
    domesticated Dragons that score +v. The one owner of R5.3's arithmetic."""
    if dragons <= 0:
        return 0, 0, 0
    v = values[min(dragons, 3) - 1]
    scored = dragons if counted is None else min(dragons, counted)
    return v, min(tame, most, scored), scored


def dragon_points(
    values: tuple[int, int, int],
    counted: int | None,
    most: int,
    extra: int,
    dragons: int,
    tame: int,
) -> int:
    """The points of ``dragons`` Dragons of which ``tame`` are domesticated (R5.3, R9.2),
    from `dragon_split`; ``extra``: the points of a Dragon beyond the counted ones."""
    v, good, scored = dragon_split(values, counted, most, dragons, tame)
    return v * good - v * (scored - good) + extra * (dragons - scored)


def line_table(adjacent: Sequence[int]) -> tuple[int, ...]:
    """The value of every line of four codes (base ``CODES``, first cell most significant):
    the sum of its three adjacent pairs, from ``adjacent[a * CODES + b]``.

    Built a card at a time: the lines of ``n + 1`` codes are those of ``n`` codes, each
    followed by every code ``d``, plus the pair of the last code ``c`` and ``d``. Entry
    ``i * CODES + d`` adds ``adjacent[c * CODES + d]``, and since ``c = i % CODES`` those
    terms, in entry order, are ``adjacent`` repeated; the additions run in C (``map``)."""
    pairs = tuple(adjacent)
    lines = pairs  # the lines of two codes: one pair
    while len(lines) < CODES**4:
        each_repeated = chain.from_iterable(map(repeat, lines, repeat(CODES)))
        lines = tuple(map(add, each_repeated, pairs * (len(lines) // CODES)))
    return lines


def tables(
    adjacent: Sequence[Sequence[int]],
    through: Sequence[Sequence[int]],
    dragon_rule: tuple[tuple[int, int, int], int | None, int, int],
    need: int,
) -> Tables:
    """The tables of a ruleset: ``adjacent[a * CODES + b]`` and ``through[a * CODES + b]``
    are the six category values of a pair of codes ``a``, ``b`` adjacent (R4.1) or linked
    only through a Portal network (R4.2, R4.3); ``dragon_rule`` is ``(values, counted,
    most, extra)`` for `dragon_points`, whose points go to the Dragons' field; ``need`` the
    Tribe cards of one kind that domesticate a Dragon (R5.3)."""
    dragon_values = [
        [dragon_points(*dragon_rule, n, d) for d in range(n + 1)] for n in range(_MAX_DRAGONS + 1)
    ]
    largest = max(
        _MAX_PAIRS * max(abs(v) for values in [*adjacent, *through] for v in values),
        max(abs(v) for row in dragon_values for v in row),
    )
    width = 10 if largest < 1 << 9 else 16
    line = line_table([pack(values, width) for values in adjacent])
    packed_through = [pack(values, width) for values in through]
    portal_pair = tuple(tuple(packed_through[a * CODES : (a + 1) * CODES]) for a in range(CODES))
    dragons = tuple(tuple(v << (_DRAGON_FIELD * width) for v in row) for row in dragon_values)
    return line, portal_pair, dragons, need, width, bias(width)


def tamed(dragons: int, masks: Sequence[int], lay: LayoutTuple, need: int) -> int:
    """The domesticated Dragons among the cells of ``dragons``, as a mask (R5.3).

    A Dragon is domesticated when connected to at least ``need`` (2) Elves, or Dwarves, or
    Humans; Goblins never count. ``masks`` is the Kingdom's masks by code, ``lay`` its
    Portal layout, whose ``connected`` table gives a Dragon's connections to Elves, Dwarves
    and Humans in every ruleset (no Goblin on either side, R4.3): its neighbours and, next
    to a network, the cards the network links. Each Dragon's are counted.
    """
    elf, dwarf, human = masks[_ELF], masks[_DWARF], masks[_HUMAN]
    connected = lay[CONNECTED]
    tame = 0
    while dragons:
        low = dragons & -dragons
        c = connected[low.bit_length() - 1]
        if (
            (c & elf).bit_count() >= need
            or (c & dwarf).bit_count() >= need
            or (c & human).bit_count() >= need
        ):
            tame |= low
        dragons ^= low
    return tame


def sheet(
    t: Tables, line_codes: Sequence[int], codes: Sequence[int], masks: Sequence[int]
) -> tuple[int, int, int, int, int, int]:
    """``(elves, dwarves, humans, goblins, dragons, conflicts)`` of a Kingdom given by its
    ``line_codes``, ``codes`` and ``masks`` (see ``Kingdom``), with the tables ``t``: R5.1
    and R5.2 summed over every connected pair once (R4.4), R5.3 from the Dragons."""
    line, pair, dragon_table, need, width, packed = t
    r0, r1, r2, r3, c0, c1, c2, c3 = line_codes
    packed += (
        line[r0] + line[r1] + line[r2] + line[r3]
        + line[c0] + line[c1] + line[c2] + line[c3]
    )  # fmt: skip
    portals = masks[_PORTAL]
    lay = LAYOUTS.get(portals) or layout(portals)
    for i, j in lay[LINKED_PAIRS]:
        packed += pair[codes[i]][codes[j]]
    dragon_cells = masks[_DRAGON]
    if dragon_cells:
        tame = tamed(dragon_cells, masks, lay, need)
        packed += dragon_table[dragon_cells.bit_count()][tame.bit_count()]
    mask = (1 << width) - 1
    half = 1 << (width - 1)
    return (
        (packed & mask) - half,
        (packed >> width & mask) - half,
        (packed >> 2 * width & mask) - half,
        (packed >> 3 * width & mask) - half,
        (packed >> 4 * width & mask) - half,
        (packed >> 5 * width) - half,
    )
