"""The verdict on a game: `check_game`.

The checks, each once and in one pass over the players (so a game of any size is judged
in linear time): the ruleset (R9), the player count (R1.3), each Kingdom (read once, R7.2),
the Legends claimed (R1.4, R6.3), the cards of each kind (R1.2–R1.3), the score by the rules
(R5), the places (R5.6) and the mismatches with the written sheet. The rule ids of the
mismatches come from the score sheet's own lines, never chosen here.
"""

from __future__ import annotations

from drako_rules.cards import CARDS_PER_KIND, Card, Legend
from drako_rules.checker.model import Game, PlayerEntry
from drako_rules.checker.notation import legend_message, read_kingdom, read_legend
from drako_rules.checker.problems import Problems, index_path
from drako_rules.checker.report import GameReport, Mismatch, PlayerReport
from drako_rules.errors import InvalidGameError, RulesetError, quote, short
from drako_rules.kingdom import Kingdom
from drako_rules.rulesets import RULES_VERSION, Ruleset, get_ruleset
from drako_rules.scoring import (
    Category,
    Ranking,
    ScoreSheet,
    TieBreak,
    category_rule,
    ranking,
    score,
)

__all__ = ["check_game", "player_name"]


def _library_version() -> str:
    from drako_rules.version import __version__

    return __version__


def player_name(index: int, entry: PlayerEntry) -> str:
    """The name a report gives the player of seat ``index`` (``player N`` when unnamed)."""
    return entry.name if entry.name is not None else f"player {index + 1}"


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}" if n == 1 else f"{n:,} {word}s"


def _category_rule(sheet: ScoreSheet, category: Category) -> str:
    """The rule ids behind ``category`` on ``sheet``, from its lines (R5)."""
    rules = dict.fromkeys(line.rule for line in sheet.lines_of(category))
    return ", ".join(rules) if rules else category_rule(category, sheet.ruleset)


def _mismatches(
    seat: int, name: str, entry: PlayerEntry, sheet: ScoreSheet
) -> tuple[Mismatch, ...]:
    out = []
    for category, written in entry.sheet:
        expected = sheet[category]
        if written != expected:
            out.append(
                Mismatch(
                    category.value,
                    written,
                    expected,
                    _category_rule(sheet, category),
                    player=name,
                    seat=seat,
                )
            )
    if entry.score is not None and entry.score != sheet.total:
        note = ""
        if len(entry.sheet) == len(Category):
            added = sum(v for _, v in entry.sheet)
            if added != entry.score:
                note = f"the written categories add up to {added}"
        out.append(
            Mismatch("total", entry.score, sheet.total, "R5.5", note, player=name, seat=seat)
        )
    return tuple(out)


def _claims(game: Game, names: list[str], problems: Problems) -> list[tuple[Legend, ...]]:
    """The Legends of each player that can be scored; unknown and repeated claims are
    problems (R1.4, R6.3)."""
    claims: dict[Legend, list[int]] = {}
    holders: dict[Legend, dict[int, None]] = {}  # every seat claiming it, in seat order
    scored: list[tuple[Legend, ...]] = []
    total_claims = 0
    for i, entry in enumerate(game.players):
        mine: dict[Legend, None] = {}
        where = f"{index_path('$.players', i)}.legends"
        for j, text in enumerate(entry.legends):
            total_claims += 1
            legend = read_legend(text)
            if legend is None:
                problems.add(
                    "unknown-legend",
                    index_path(where, j),
                    f"{short(names[i])} claims {legend_message(text, suggest=len(problems) < 100)}",
                    "R1.4",
                    player=i,
                    field="legends",
                )
                continue
            claimers = claims.setdefault(legend, [])
            if len(claimers) < 3:  # enough to name who; the rest adds nothing
                claimers.append(i)
            holders.setdefault(legend, {})[i] = None
            mine[legend] = None
        scored.append(tuple(mine))
    for legend, claimers in claims.items():
        if len(claimers) > 1:
            where = f"{index_path('$.players', claimers[1])}.legends"
            who_names = [short(names[i], 24) for i in claimers]
            if len(set(claimers)) == 1:
                who = f"more than once by {who_names[0]}"
            else:
                unique = list(dict.fromkeys(who_names))
                who = "by " + ", ".join(unique[:-1]) + " and " + unique[-1]
            problems.add(
                "legend-claimed-twice",
                where,
                f"the Legend {legend.value} is claimed {who}; each Legend is unique and stays "
                "with the one player who claimed it (R1.4, R6.3)",
                "R6.3",
                player=claimers[1],
                field="legends",
                legend=legend,
                seats=tuple(holders[legend]),
            )
    if total_claims > len(Legend):
        problems.add(
            "too-many-legends",
            "$.players",
            f"{total_claims:,} Legend claims in the game, but only {len(Legend)} Legends exist (R1.4)",
            "R1.4",
            field="players",
            count=total_claims,
            limit=len(Legend),
        )
    return scored


def check_game(game: Game) -> GameReport:
    """Check a game played on a real table: score it, rank it, compare it with the sheet.

    Every Kingdom is scored by the rules (R5) with the Legends its player claimed, the
    players are ranked (R5.6), every written value is compared with the rules' one, and
    every problem of the game is listed, all at once (see the package docs for how a game
    with problems is still reported, and `Problem` for the
    codes). Linear in the size of the game.

    Raises:
        InvalidGameError: ``game`` is not a `Game`.

    Examples:
        >>> game = Game([PlayerEntry("Ana", "FEOM/HPWM/SGDO/PPHS", sheet={"dragons": 3}),
        ...              PlayerEntry("Bob", "EEWW/FFOG/MHDS/WGSM", ["two-elves", "two-dwarves"])])
        >>> report = check_game(game)
        >>> [(p.name, p.sheet.total, p.place) for p in report.players]
        [('Ana', 7, 2), ('Bob', 7, 1)]
        >>> print(report.tie_break_texts()[0])
        Bob and Ana tie on 7; Bob wins on the 1st highest category: 6 (Goblins) against 4 (Dwarves) (R5.6)
        >>> report.players[0].mismatches[0].describe()
        'Ana: dragons: written 3, the rules give -3 (R5.3)'
        >>> report.valid, report.verified
        (True, False)
    """
    if not isinstance(game, Game):
        raise InvalidGameError(f"check_game takes a Game (see load_game), not {quote(game)}")
    problems = Problems(game.problems)
    ruleset: Ruleset | None = None
    if game.ruleset is not None:
        try:
            ruleset = get_ruleset(game.ruleset)
        except RulesetError:
            problems.add(
                "unknown-ruleset",
                "$.ruleset",
                f"unknown ruleset {quote(game.ruleset)}: the rulesets are pocket and classic (R9)",
                "R9",
                field="ruleset",
            )
    count = len(game.players)
    playable = count in CARDS_PER_KIND
    if not playable and not (count == 0 and problems.at("$.players")):
        problems.add(
            "player-count",
            "$.players",
            f"{_plural(count, 'player')}, but Drako is played by 2, 3 or 4 (R1.3)",
            "R1.3",
            field="players",
            count=count,
        )
    names = [player_name(i, entry) for i, entry in enumerate(game.players)]
    # More players than the largest deal (R1.3) is no game of Drako: like an unknown
    # ruleset, nothing is scored (any number would be a guess) and the Kingdoms are not
    # read, so that the report of a huge file stays small and fast.
    judged = count <= max(CARDS_PER_KIND)
    kingdoms: list[Kingdom | None] = []
    for i, entry in enumerate(game.players):
        where = f"{index_path('$.players', i)}.kingdom"
        kingdom: Kingdom | None = None
        if not judged:
            pass
        elif entry.kingdom is None:
            if not problems.at(where):  # a Game built in code, not read from a file
                problems.add(
                    "missing-field",
                    where,
                    "the player's Kingdom is not given",
                    player=i,
                    field="kingdom",
                )
        else:
            kingdom = read_kingdom(entry.kingdom, where, short(names[i]), problems, i)
        if kingdom is not None and not kingdom.is_complete:
            lands = kingdom.unexplored_positions
            at = "; ".join(p.describe() for p in lands)
            problems.add(
                "unexplored-land",
                where,
                f"{short(names[i])}'s Kingdom still has an Unexplored Land at {at}; "
                "at the end of the game every card is revealed (R7.2)",
                "R7.2",
                player=i,
                field="kingdom",
                cells=tuple((i, p) for p in lands),
            )
        kingdoms.append(kingdom)
    legends = _claims(game, names, problems)
    if playable:
        limit = CARDS_PER_KIND[count]
        found = dict.fromkeys(Card, 0)
        for k in kingdoms:
            if k is not None:
                for card in k.cells:
                    if card is not None:
                        found[card] += 1
        for card in Card:
            if found[card] > limit:
                cells = tuple(
                    (seat, position)
                    for seat, k in enumerate(kingdoms)
                    if k is not None
                    for position in k.positions_of(card)
                )
                problems.add(
                    "too-many-cards",
                    "$.players",
                    f"{found[card]} {card.plural} across the Kingdoms, but the deck for "
                    f"{count} players holds {limit} of each kind (R1.2-R1.3)",
                    "R1.3",
                    field="players",
                    cells=cells,
                    card=card,
                    seats=tuple(dict.fromkeys(seat for seat, _ in cells)),
                    count=found[card],
                    limit=limit,
                )
    scorable = ruleset is not None and judged
    sheets: list[ScoreSheet | None] = [
        score(kingdom, claimed, ruleset)
        if kingdom is not None and ruleset is not None and scorable
        else None
        for kingdom, claimed in zip(kingdoms, legends, strict=True)
    ]
    ranked: Ranking | None = None
    if playable and all(s is not None for s in sheets):
        ranked = ranking([s for s in sheets if s is not None])
    ties: list[list[TieBreak]] = [[] for _ in game.players]
    if ranked is not None:
        for tie in ranked.tie_breaks:
            ties[tie.higher].append(tie)
            if tie.lower != tie.higher:
                ties[tie.lower].append(tie)
    players = tuple(
        PlayerReport(
            index=i,
            name=names[i],
            entry=entry,
            kingdom=kingdoms[i],
            sheet=sheet,
            place=ranked.places[i] if ranked is not None else None,
            mismatches=_mismatches(i, names[i], entry, sheet) if sheet is not None else (),
            tie_breaks=tuple(ties[i]),
        )
        for i, (entry, sheet) in enumerate(zip(game.players, sheets, strict=True))
    )
    return GameReport(
        game=game,
        players=players,
        problems=tuple(problems.items),
        ranking=ranked,
        ruleset=ruleset.name if ruleset is not None else None,
        rules_version=ruleset.rules_version if ruleset is not None else RULES_VERSION,
        library_version=_library_version(),
    )
