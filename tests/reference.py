"""Slow reference implementations of R4, R5 and R6.4, written from the text of RULES.md.

They are the strongest check of the fast core: the tests compare them with
:func:`drako_rules.connections`, :func:`drako_rules.score` and
:func:`drako_rules.legends_met` on random Kingdoms. They use nothing of the library but
``Card`` and ``Kingdom.cells`` (16 cells, row by row, ``None`` for an Unexplored Land),
and are kept simple enough to be checked by reading: no tables, no bit masks, plain
loops over the 16 cells.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from drako_rules import Card, Kingdom, Legend

E, W, H, G = Card.ELF, Card.DWARF, Card.HUMAN, Card.GOBLIN
F, M, P, S = Card.FOREST, Card.MOUNTAIN, Card.PLAIN, Card.SWAMP
DRAGON, PORTAL = Card.DRAGON, Card.PORTAL
TRIBES = (E, W, H, G)
LANDS = (F, M, P, S)

Pair = frozenset[int]

# --- R4.1: the grid ----------------------------------------------------------------------


def row_col(i: int) -> tuple[int, int]:
    """Cell number 0–15 (row by row) to (row, column)."""
    return divmod(i, 4)


def adjacent(i: int, j: int) -> bool:
    """Orthogonal neighbours: one step up, down, left or right; never diagonal (R4.1)."""
    (r1, c1), (r2, c2) = row_col(i), row_col(j)
    return abs(r1 - r2) + abs(c1 - c2) == 1


def blank(cell: Card | None) -> bool:
    """Unexplored Lands (R4.6) and Portals (R4.5) are never connected to anything."""
    return cell is None or cell is PORTAL


# --- R4.2–R4.4: connections ----------------------------------------------------------------


def portal_networks(cells: tuple[Card | None, ...]) -> list[frozenset[int]]:
    """Revealed Portals grouped by adjacency, by breadth-first search (R4.2, R4.6)."""
    networks: list[frozenset[int]] = []
    seen: set[int] = set()
    for start in range(16):
        if cells[start] is not PORTAL or start in seen:
            continue
        network = {start}
        queue = [start]
        while queue:
            here = queue.pop(0)
            for other in range(16):
                if cells[other] is PORTAL and adjacent(here, other) and other not in network:
                    network.add(other)
                    queue.append(other)
        seen |= network
        networks.append(frozenset(network))
    return networks


def network_cards(cells: tuple[Card | None, ...], network: frozenset[int]) -> set[int]:
    """The revealed non-Portal cards adjacent to some Portal of ``network`` (R4.2)."""
    return {i for i in range(16) if not blank(cells[i]) and any(adjacent(i, p) for p in network)}


def links(
    cells: tuple[Card | None, ...], ruleset: str = "pocket", r9_3: bool = True
) -> dict[Pair, tuple[bool, frozenset[int]]]:
    """Every connected pair of cells, once (R4.4): (adjacent?, Portals of the networks linking it).

    Two revealed non-Portal cards are connected when adjacent, or when one Portal network
    touches both and neither is a Goblin (R4.3). In *classic* a network also links a
    Goblin and an Elf, Dwarf or Human (R9.3): that pair is connected too, but see
    :func:`counted`: the Goblin does not count it. ``r9_3=False`` gives the rules before
    R9.3, where *classic* read R4.3 as *pocket* does.
    """
    networks = [(net, network_cards(cells, net)) for net in portal_networks(cells)]
    out: dict[Pair, tuple[bool, frozenset[int]]] = {}
    for i in range(16):
        for j in range(i + 1, 16):
            if blank(cells[i]) or blank(cells[j]):
                continue
            portals: set[int] = set()
            kinds = {cells[i], cells[j]}
            goblin_and_foe = G in kinds and len(kinds & {E, W, H}) == 1
            if (cells[i] is not G and cells[j] is not G) or (
                ruleset == "classic" and r9_3 and goblin_and_foe
            ):
                for net, touching in networks:
                    if i in touching and j in touching:
                        portals |= net
            if adjacent(i, j) or portals:
                out[frozenset((i, j))] = (adjacent(i, j), frozenset(portals))
    return out


def connected_to(pairs: Iterable[Pair], i: int) -> list[int]:
    """The cells connected to cell ``i``."""
    return [j for pair in pairs if i in pair for j in pair if j != i]


def counted(cells: tuple[Card | None, ...], pairs: Iterable[Pair], i: int) -> list[int]:
    """The cells that the card at ``i`` counts as connected: a Goblin counts only its
    adjacent cards, in every ruleset (R4.3; R9.3 links it from the other side only)."""
    return [j for j in connected_to(pairs, i) if cells[i] is not G or adjacent(i, j)]


# --- R5: scoring ---------------------------------------------------------------------------

#: R5.1: points a Tribe scores for each connected Land; missing pairs score 0.
LAND_POINTS: dict[tuple[Card, Card], int] = {
    (E, F): 2,
    (E, S): -1,
    (W, M): 2,
    (H, F): 1,
    (H, M): 1,
    (H, P): 2,
    (H, S): -1,
    (G, S): 3,
}

CATEGORY_OF_TRIBE = {E: "elves", W: "dwarves", H: "humans", G: "goblins"}
CATEGORIES = ("elves", "dwarves", "humans", "goblins", "dragons", "legends", "conflicts")


def hates(a: Card, b: Card, ruleset: str) -> bool:
    """Whether two Tribes hate each other (R5.2; classic, R9.2: Goblins spare Goblins)."""
    if a is G and b is G:
        return ruleset == "pocket"
    if a is G or b is G:
        return True
    return {a, b} == {E, W}


def dragon_value(dragons: int, ruleset: str) -> int:
    """Each Dragon's value ``v``: pocket 3/4/5, classic 3/5/6 for 1/2/3+ Dragons (R5.3, R9.2)."""
    values = (3, 4, 5) if ruleset == "pocket" else (3, 5, 6)
    return values[min(dragons, 3) - 1]


def domesticated(cells: tuple[Card | None, ...], pairs: Iterable[Pair], dragon: int) -> bool:
    """Connected to at least 2 Elves, 2 Dwarves or 2 Humans (Goblins never count, R5.3)."""
    friends = [cells[j] for j in connected_to(pairs, dragon)]
    return any(friends.count(tribe) >= 2 for tribe in (E, W, H))


def dragon_points(tamed: list[bool], ruleset: str) -> int:
    """Points of the Dragons, given which are domesticated (R5.3, R9.2), Dragon by Dragon.

    pocket: the three best Dragons score +v if domesticated, −v if wild; every further
    Dragon −5. classic: the three best domesticated Dragons score +v, every other −v.
    """
    if not tamed:
        return 0
    v = dragon_value(len(tamed), ruleset)
    best_first = sorted(tamed, reverse=True)
    total = 0
    for place, is_tamed in enumerate(best_first):
        if ruleset == "pocket":
            if place >= 3:
                total += -5
            else:
                total += v if is_tamed else -v
        else:
            total += v if is_tamed and place < 3 else -v
    return total


def score(
    kingdom: Kingdom, legends: Iterable[Legend] = (), ruleset: str = "pocket", r9_3: bool = True
) -> dict[str, int]:
    """The seven categories of R5.5 and the total, pair by pair and Dragon by Dragon
    (``r9_3=False``: the rules before R9.3)."""
    cells = kingdom.cells
    pairs = list(links(cells, ruleset, r9_3))
    out = dict.fromkeys(CATEGORIES, 0)
    for pair in pairs:
        i, j = sorted(pair)
        for tribe, land in ((cells[i], cells[j]), (cells[j], cells[i])):
            assert tribe is not None and land is not None
            if tribe in TRIBES and land in LANDS and (tribe is not G or adjacent(i, j)):
                out[CATEGORY_OF_TRIBE[tribe]] += LAND_POINTS.get((tribe, land), 0)  # R5.1
        a, b = cells[i], cells[j]
        assert a is not None and b is not None
        if a in TRIBES and b in TRIBES and hates(a, b, ruleset):
            out["conflicts"] -= 2  # R5.2
    tamed = [domesticated(cells, pairs, i) for i in range(16) if cells[i] is DRAGON]
    out["dragons"] = dragon_points(tamed, ruleset)  # R5.3
    out["legends"] = sum(legend.points for legend in legends)  # R5.4
    out["total"] = sum(out[c] for c in CATEGORIES)  # R5.5
    return out


# --- R1.4, R6.4: Legend requirements --------------------------------------------------------


def legends_met(kingdom: Kingdom, ruleset: str = "pocket", r9_3: bool = True) -> frozenset[Legend]:
    """The Legends whose requirement the revealed cards meet, read off R1.4, R6.4 and R9.3
    (``r9_3=False``: the rules before R9.3)."""
    cells = kingdom.cells
    pairs = list(links(cells, ruleset, r9_3))

    def where(kind: Card) -> list[int]:
        return [i for i in range(16) if cells[i] is kind]

    def two_connected(kind: Card) -> bool:
        return any(cells[i] is kind and cells[j] is kind for i, j in map(sorted, pairs))

    def one_to_two(centre: Card, kind: Card) -> bool:
        """A ``centre`` card that counts two ``kind`` cards (other than itself) as connected."""
        return any(
            [cells[j] for j in counted(cells, pairs, i)].count(kind) >= 2 for i in where(centre)
        )

    def meet(a: Card, b: Card) -> bool:
        return any({cells[i], cells[j]} == {a, b} for i, j in map(sorted, pairs))

    def battle(a: Card, b: Card) -> bool:
        return one_to_two(a, b) or one_to_two(b, a)

    requirement: dict[Legend, Callable[[], bool]] = {
        Legend.TWO_ELVES: lambda: two_connected(E),
        Legend.TWO_DWARVES: lambda: two_connected(W),
        Legend.TWO_HUMANS: lambda: two_connected(H),
        Legend.TWO_GOBLINS: lambda: two_connected(G),
        Legend.THREE_FORESTS: lambda: one_to_two(F, F),
        Legend.THREE_MOUNTAINS: lambda: one_to_two(M, M),
        Legend.THREE_PLAINS: lambda: one_to_two(P, P),
        Legend.THREE_SWAMPS: lambda: one_to_two(S, S),
        Legend.ALLIANCE_HUMAN_ELF: lambda: meet(H, E),
        Legend.ALLIANCE_HUMAN_DWARF: lambda: meet(H, W),
        Legend.BATTLE_GOBLIN_HUMAN: lambda: battle(G, H),
        Legend.BATTLE_GOBLIN_ELF: lambda: battle(G, E),
        Legend.BATTLE_GOBLIN_DWARF: lambda: battle(G, W),
        Legend.BATTLE_ELF_DWARF: lambda: battle(E, W),
        Legend.FOUR_TRIBES: lambda: all(where(t) for t in TRIBES),
    }
    return frozenset(legend for legend, met in requirement.items() if met())


# --- the 8 symmetries of the square ----------------------------------------------------------

#: Each symmetry of the square as a map of (row, column) to (row, column).
SQUARE_SYMMETRIES: dict[str, Callable[[int, int], tuple[int, int]]] = {
    "identity": lambda r, c: (r, c),
    "quarter turn clockwise": lambda r, c: (c, 3 - r),
    "half turn": lambda r, c: (3 - r, 3 - c),
    "quarter turn anticlockwise": lambda r, c: (3 - c, r),
    "mirror left-right": lambda r, c: (r, 3 - c),
    "mirror top-bottom": lambda r, c: (3 - r, c),
    "main diagonal": lambda r, c: (c, r),
    "anti-diagonal": lambda r, c: (3 - c, 3 - r),
}


def cell_map(symmetry: Callable[[int, int], tuple[int, int]]) -> tuple[int, ...]:
    """The symmetry as a map of cell numbers: cell ``i`` goes to ``cell_map(s)[i]``."""
    out = []
    for i in range(16):
        r, c = symmetry(*row_col(i))
        out.append(r * 4 + c)
    return tuple(out)


def transform(kingdom: Kingdom, symmetry: Callable[[int, int], tuple[int, int]]) -> Kingdom:
    """The Kingdom with the card of each cell moved where ``symmetry`` sends it."""
    image: list[Card | None] = [None] * 16
    for i, j in enumerate(cell_map(symmetry)):
        image[j] = kingdom.cells[i]
    return Kingdom(tuple(image))
