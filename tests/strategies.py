"""Hypothesis strategies shared by the tests: cards, Kingdoms, notations, Legends, sheets,
game files and games."""

from __future__ import annotations

import datetime
import inspect
import itertools
import json
import math
import random
from collections.abc import Mapping

from hypothesis import strategies as st

from drako_rules import (
    Card,
    Category,
    GameState,
    Kingdom,
    Legend,
    PlayedGame,
    PlayerView,
    Position,
    ScoreSheet,
    apply_move,
    deck,
    get_ruleset,
    legal_moves,
    new_game,
    play_random_game,
    player_view,
    score,
)
from drako_rules.checker import Game, PlayerEntry, format_game

cards: st.SearchStrategy[Card] = st.sampled_from(list(Card))
cells: st.SearchStrategy[Card | None] = st.one_of(st.none(), cards)
positions: st.SearchStrategy[Position] = st.builds(Position, st.integers(0, 3), st.integers(0, 3))
legends: st.SearchStrategy[Legend] = st.sampled_from(list(Legend))
legend_sets: st.SearchStrategy[tuple[Legend, ...]] = st.lists(legends, unique=True, max_size=6).map(
    tuple
)


#: The fields of a GameState, as its constructor takes them.
STATE_FIELDS: tuple[str, ...] = tuple(
    p for p in inspect.signature(GameState).parameters if p != "core"
)


def evolved(state: GameState, **changes: object) -> GameState:
    """``attrs.evolve`` for a ``GameState``, whose one attrs field is the kernel's state
    (``attrs.evolve`` does not apply to it): the public constructor, with its checks, given
    the state's fields with ``changes`` over them."""
    fields: dict[str, object] = {name: getattr(state, name) for name in STATE_FIELDS}
    unknown = changes.keys() - fields.keys()
    if unknown:
        raise TypeError(f"GameState has no fields {sorted(unknown)}")
    fields.update(changes)
    return GameState(**fields)  # type: ignore[arg-type]


@st.composite
def full_kingdoms(draw: st.DrawFn) -> Kingdom:
    """A Kingdom with every card revealed, kinds drawn uniformly."""
    return Kingdom(tuple(draw(st.lists(cards, min_size=16, max_size=16))))


@st.composite
def kingdoms(draw: st.DrawFn) -> Kingdom:
    """Any Kingdom, Unexplored Lands included."""
    return Kingdom(tuple(draw(st.lists(cells, min_size=16, max_size=16))))


@st.composite
def portal_free_kingdoms(draw: st.DrawFn) -> Kingdom:
    """A full Kingdom without any Portal."""
    kinds = [c for c in Card if c is not Card.PORTAL]
    return Kingdom(tuple(draw(st.lists(st.sampled_from(kinds), min_size=16, max_size=16))))


@st.composite
def clustered_kingdoms(draw: st.DrawFn, unexplored: bool = True) -> Kingdom:
    """A Kingdom drawn from a small palette of kinds (repeats weight them).

    Few kinds per Kingdom make what uniform Kingdoms rarely show common: Portal
    networks, three Lands of a kind together, Tribes surrounding a Dragon, battles.
    """
    palette = draw(st.lists(cells if unexplored else cards, min_size=1, max_size=6))
    return Kingdom(tuple(draw(st.lists(st.sampled_from(palette), min_size=16, max_size=16))))


@st.composite
def portal_rich_kingdoms(draw: st.DrawFn) -> Kingdom:
    """A Kingdom where about a third of the cells are Portals: large, branching networks."""
    palette = draw(st.lists(cells, min_size=1, max_size=5))
    portals = draw(st.integers(1, 4))
    choice = st.sampled_from([*palette, *[Card.PORTAL] * portals])
    return Kingdom(tuple(draw(st.lists(choice, min_size=16, max_size=16))))


#: Every kind of Kingdom the properties are checked on.
any_kingdoms: st.SearchStrategy[Kingdom] = st.one_of(
    kingdoms(), full_kingdoms(), clustered_kingdoms(), portal_rich_kingdoms()
)


def _without_portals(kingdom: Kingdom) -> Kingdom:
    return Kingdom(tuple(Card.PLAIN if c is Card.PORTAL else c for c in kingdom.cells))


#: A Kingdom without any revealed Portal (each Portal became a Plain); Unexplored Lands
#: allowed (R4.6).
no_portal_kingdoms: st.SearchStrategy[Kingdom] = any_kingdoms.map(_without_portals)


def _goblin_touches_portal(kingdom: Kingdom) -> bool:
    cells = kingdom.cells
    return any(
        cells[i] is Card.GOBLIN and any(kingdom[n] is Card.PORTAL for n in p.neighbours())
        for i, p in enumerate(Position.from_index(i) for i in range(16))
    )


#: A Kingdom where no Goblin is orthogonally adjacent to a revealed Portal: there *classic*
#: and the rules before R9.3 agree.
goblins_away_from_portals: st.SearchStrategy[Kingdom] = any_kingdoms.filter(
    lambda k: not _goblin_touches_portal(k)
)


@st.composite
def goblin_beside_portal(draw: st.DrawFn) -> tuple[Kingdom, Position, Position]:
    """A Kingdom with a Goblin at the first position and a Portal beside it at the second."""
    kingdom = draw(any_kingdoms)
    goblin = draw(positions)
    portal = draw(st.sampled_from(goblin.neighbours()))
    kingdom = kingdom.replace(goblin, Card.GOBLIN).replace(portal, Card.PORTAL)
    return kingdom, goblin, portal


@st.composite
def notations(draw: st.DrawFn, kingdom: Kingdom) -> str:
    """Some way of writing ``kingdom`` in the Kingdom notation of RULES.md.

    Each card is its letter or English name in any case (``?`` for an Unexplored Land);
    letters may be run together, names are separated by spaces; rows are separated by
    ``/`` or new lines, with optional spaces and blank lines around.
    """
    lines = []
    for row in kingdom.rows:
        tokens: list[str] = []
        for cell in row:
            word = "?" if cell is None else draw(st.sampled_from([cell.letter, cell.english]))
            word = "".join(
                ch.upper() if draw(st.booleans()) else ch.lower() for ch in word
            )  # any case
            tokens.append(word)
        text = tokens[0]
        for previous, token in itertools.pairwise(tokens):
            run_together = len(previous) == 1 and len(token) == 1 and draw(st.booleans())
            text += ("" if run_together else " " * draw(st.integers(1, 3))) + token
        lines.append(" " * draw(st.integers(0, 2)) + text + " " * draw(st.integers(0, 2)))
    out = lines[0]
    for line in lines[1:]:
        out += draw(st.sampled_from(["/", " / ", "\n", "\r\n", "\r", "\n\n"])) + line
    return draw(st.sampled_from(["", "\n", "  \n"])) + out + draw(st.sampled_from(["", "\n"]))


#: One score-sheet value: small, so that ties on totals and on sequences are common.
_values = st.integers(-3, 3)


@st.composite
def score_sheets(draw: st.DrawFn) -> ScoreSheet:
    """A ScoreSheet with small category values (total = their sum, R5.5), for ranking."""
    elves, dwarves, humans, goblins, dragons = draw(st.lists(_values, min_size=5, max_size=5))
    legends = draw(st.integers(0, 4))
    conflicts = draw(st.integers(-4, 0))
    values = (elves, dwarves, humans, goblins, dragons, legends, conflicts)
    return ScoreSheet(*values, total=sum(values), kingdom=Kingdom.unexplored())


# --- game files (the score checker) ---------------------------------------------------------

#: Player names: short, non-blank, any letters or digits.
player_names: st.SearchStrategy[str] = st.text(
    st.characters(categories=("L", "N")), min_size=1, max_size=8
)


@st.composite
def games(
    draw: st.DrawFn,
    players: st.SearchStrategy[int] | None = None,
    sheets: bool = True,
) -> Game:
    """A valid game: Kingdoms dealt from the deck for the player count (R1.3), Legends
    claimed at most once in the game (R1.4), and, if ``sheets``, right values written on
    the sheet (none, the total, some or all categories).
    """
    n = draw(players if players is not None else st.integers(2, 4))
    dealt = draw(st.permutations(deck(n)))
    names = draw(st.lists(player_names, min_size=n, max_size=n))
    names = [name if name not in names[:i] else f"{name}{i}" for i, name in enumerate(names)]
    claimed = draw(st.lists(legends, unique=True, max_size=15))
    owners = draw(st.lists(st.integers(0, n - 1), min_size=len(claimed), max_size=len(claimed)))
    ruleset = draw(st.sampled_from(["pocket", "classic"]))
    entries = []
    for i in range(n):
        kingdom = Kingdom(tuple(dealt[16 * i : 16 * (i + 1)]))
        mine = [legend for legend, owner in zip(claimed, owners, strict=True) if owner == i]
        written_total: int | None = None
        written: dict[str, int] = {}
        if sheets:
            sheet = score(kingdom, mine, get_ruleset(ruleset))
            if draw(st.booleans()):
                written_total = sheet.total
            for category in draw(st.lists(st.sampled_from(list(Category)), unique=True)):
                written[category.value] = sheet[category]
        text = draw(st.sampled_from([str(kingdom), kingdom.pretty()]))
        entries.append(PlayerEntry(names[i], text, mine, written_total, written))
    return Game(entries, ruleset)


def game_document(game: Game) -> dict[str, object]:
    """The document (as :func:`json.loads` gives it) of a game file for ``game``."""
    document: dict[str, object] = json.loads(format_game(game, "json"))
    return document


#: JSON scalars, floats included (NaN and infinities are written by json.dumps).
json_scalars: st.SearchStrategy[object] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.text(max_size=20),
)

#: Keys that a game file uses, mixed with any text, so that random documents reach deep.
field_names: st.SearchStrategy[str] = st.one_of(
    st.sampled_from(
        ["ruleset", "players", "name", "kingdom", "legends", "score", "sheet"]
        + [c.value for c in Category]
    ),
    st.text(max_size=10),
)

#: Any JSON value, nested.
json_values: st.SearchStrategy[object] = st.recursive(
    json_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(field_names, inner, max_size=4)
    ),
    max_leaves=20,
)

#: Any JSON document whose top level is an object (the shape of a game file).
json_documents: st.SearchStrategy[dict[str, object]] = st.dictionaries(
    field_names, json_values, max_size=4
)

#: Any TOML value: as JSON, without null, with dates and times.
toml_values: st.SearchStrategy[object] = st.recursive(
    st.one_of(
        st.booleans(),
        st.integers(-(2**63), 2**63 - 1),
        st.floats(),
        st.text(max_size=20),
        st.datetimes(),
        st.dates(),
        st.times(),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(field_names, inner, max_size=4)
    ),
    max_leaves=20,
)

#: Any TOML document (a table at the top level).
toml_documents: st.SearchStrategy[dict[str, object]] = st.dictionaries(
    field_names, toml_values, max_size=4
)


def _toml_string(text: str) -> str:
    out = []
    for ch in text:
        code = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif code < 0x20 or code == 0x7F:
            out.append(f"\\u{code:04X}")
        elif 0xD800 <= code <= 0xDFFF:
            out.append("\\uFFFD")  # TOML cannot hold a lone surrogate
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        items = ", ".join(f"{_toml_string(str(k))} = {_toml_value(v)}" for k, v in value.items())
        return "{" + items + "}"
    raise TypeError(f"no TOML form for {value!r}")


def toml_dumps(document: Mapping[str, object]) -> str:
    """A TOML text for ``document`` (every value written inline), for the tests only."""
    return "".join(f"{_toml_string(k)} = {_toml_value(v)}\n" for k, v in document.items())


def _paths(value: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    out: list[tuple[object, ...]] = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _paths(item, (*path, index))
    return out


def _child(parent: object, key: object) -> object:
    if isinstance(parent, dict):
        return parent[key]
    assert isinstance(parent, list) and isinstance(key, int)
    return parent[key]


@st.composite
def near_valid_documents(draw: st.DrawFn) -> dict[str, object]:
    """A valid game file's document with one field changed, removed or added."""
    document = game_document(draw(games()))
    path = draw(st.sampled_from(_paths(document)))
    parent: object = document
    for step in path[:-1]:
        parent = _child(parent, step)
    last = path[-1]
    old = _child(parent, last)
    action = draw(st.sampled_from(["replace", "delete", "add", "edit", *["plausible"] * 4]))
    new: object = draw(json_values)
    if action == "edit" and isinstance(old, str):
        i = draw(st.integers(0, len(old)))
        new = old[:i] + draw(st.text(max_size=3)) + old[i + 1 :]
    elif action == "plausible":
        # A value of the right type that may still break a rule: another card in a
        # Kingdom (R1.3, R7.2), another Legend id (R1.4), another number on the sheet.
        if isinstance(old, str) and len(old) >= 16:
            i = draw(st.integers(0, len(old) - 1))
            new = old[:i] + draw(st.sampled_from("FMPSEWHGDO?")) + old[i + 1 :]
        elif isinstance(old, str):
            new = draw(st.sampled_from([*(x.value for x in Legend), "pocket", "classic", "deluxe"]))
        elif isinstance(old, int):
            new = old + draw(st.integers(-5, 5))
    if isinstance(parent, dict):
        assert isinstance(last, str)
        if action == "delete":
            del parent[last]
        elif action == "add":
            parent[draw(field_names)] = new
        else:
            parent[last] = new
    else:
        assert isinstance(parent, list) and isinstance(last, int)
        if action == "delete":
            del parent[last]
        elif action == "add":
            parent.insert(last, new)
        else:
            parent[last] = new
    return document


# --- games (issue 3) ---------------------------------------------------------------------

player_counts: st.SearchStrategy[int] = st.sampled_from([2, 3, 4])
seeds: st.SearchStrategy[int] = st.integers(min_value=-(2**70), max_value=2**70)


def play_randomly(state: GameState, rng: random.Random, steps: int) -> GameState:
    """``state`` after up to ``steps`` uniformly random legal moves chosen with ``rng``."""
    for _ in range(steps):
        moves = legal_moves(state)
        if not moves:
            break
        state = apply_move(state, rng.choice(moves))
    return state


@st.composite
def game_states(
    draw: st.DrawFn,
    players: st.SearchStrategy[int] = player_counts,
    max_steps: int = 250,
) -> GameState:
    """A state reached by random legal play from a random setup (any phase, over or not)."""
    n = draw(players)
    state = new_game(n, draw(seeds), first_player=draw(st.integers(0, n - 1)))
    steps = draw(st.integers(0, max_steps))
    return play_randomly(state, random.Random(draw(st.integers(0, 2**32))), steps)


@st.composite
def finished_games(draw: st.DrawFn, players: st.SearchStrategy[int] = player_counts) -> PlayedGame:
    """A whole random game (record and final state)."""
    n = draw(players)
    return play_random_game(
        n,
        draw(seeds),
        first_player=draw(st.integers(0, n - 1)),
        ruleset=draw(st.sampled_from(["pocket", "classic"])),
        move_seed=draw(st.integers(0, 2**32)),
    )


@st.composite
def interleaved_views(draw: st.DrawFn) -> list[PlayerView]:
    """Views of 2 to 4 random games (of any player counts, either ruleset) in an order no
    environment gives: each view of a random game, moment and seat, so that games, seats
    and player counts are interleaved and a game's moments come in any order (backwards,
    repeated)."""
    states: list[list[GameState]] = []
    for _ in range(draw(st.integers(2, 4))):
        game = draw(finished_games())
        path = [game.record.start()]
        for move in game.record.moves:
            path.append(apply_move(path[-1], move))
        states.append(path)
    views = []
    for _ in range(draw(st.integers(1, 40))):
        path = states[draw(st.integers(0, len(states) - 1))]
        state = path[draw(st.integers(0, len(path) - 1))]
        views.append(player_view(state, draw(st.integers(0, state.player_count - 1))))
    return views


def rehide(state: GameState, rng: random.Random) -> GameState:
    """``state`` with everything no player sees dealt again: the kinds of the Unexplored
    Lands and the draw pile shuffled together, the legend deck shuffled, another seed
    (R8.2). Every player's view is unchanged (the drawn card stays where it is)."""
    cells = [
        (seat, i)
        for seat, hidden in enumerate(state.hidden)
        for i, card in enumerate(hidden)
        if card is not None
    ]
    unseen: list[Card] = [
        card for card in (state.hidden[seat][i] for seat, i in cells) if card is not None
    ]
    unseen += state.draw_pile
    rng.shuffle(unseen)
    hidden = [list(h) for h in state.hidden]
    for (seat, i), card in zip(cells, unseen, strict=False):
        hidden[seat][i] = card
    legend_deck = list(state.legend_deck)
    rng.shuffle(legend_deck)
    return evolved(
        state,
        seed=rng.randrange(2**64),
        hidden=tuple(tuple(h) for h in hidden),
        draw_pile=tuple(unseen[len(cells) :]),
        legend_deck=tuple(legend_deck),
    )


@st.composite
def states_with_equal_views(draw: st.DrawFn) -> tuple[GameState, GameState]:
    """Two states of one game that differ only in what no player sees (R8.2)."""
    state = draw(game_states())
    return state, rehide(state, random.Random(draw(st.integers(0, 2**32))))
