"""``drako-rules score`` and ``drako-rules explain``: one Kingdom, its score and where every
point comes from (R4, R5, R6.4)."""

from __future__ import annotations

import argparse

from drako_rules.cards import Legend
from drako_rules.checker.notation import kingdom_message, legend_message, read_legend
from drako_rules.cli.console import EXIT_OK, Command, Console, add_input_limit
from drako_rules.cli.options import ruleset_option
from drako_rules.connections import connections
from drako_rules.errors import CommandError, NotationError, quote
from drako_rules.kingdom import Kingdom
from drako_rules.legends import legends_met
from drako_rules.rulesets import Ruleset, get_ruleset
from drako_rules.scoring import Category, ScoreSheet, score

__all__ = ["EXPLAIN", "SCORE", "read_kingdom_argument", "ruleset_option"]


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "kingdom",
        metavar="KINGDOM",
        help="the Kingdom in Kingdom notation (docs: rules.md#notation; FEOM/HPWM/SGDO/PPHS), or - to read it "
        "from stdin (several lines allowed)",
    )
    parser.add_argument(
        "--legend",
        action="append",
        default=[],
        metavar="ID",
        help="a Legend the player claimed (two-elves, four-tribes, ...); repeat for several",
    )
    ruleset_option(parser)
    add_input_limit(parser)


def read_kingdom_argument(text: str, console: Console) -> Kingdom:
    """The Kingdom of a ``KINGDOM`` argument (``-``: standard input), with the checker's
    message for a player when it cannot be read."""
    if text == "-":
        text = console.read("-", "Kingdom")
    try:
        return Kingdom.parse(text)
    except NotationError as error:
        raise NotationError(f"the Kingdom cannot be read: {kingdom_message(error, text)}") from None


def _scored(args: argparse.Namespace, console: Console) -> tuple[Kingdom, ScoreSheet, Ruleset]:
    ruleset = get_ruleset(args.ruleset)
    kingdom = read_kingdom_argument(args.kingdom, console)
    claimed: list[Legend] = []
    for text in args.legend:
        legend = read_legend(text)
        if legend is None:
            raise CommandError(f"--legend {legend_message(text)}")
        claimed.append(legend)
    return kingdom, score(kingdom, claimed, ruleset), ruleset


def _legend_notes(sheet: ScoreSheet, console: Console) -> None:
    met = legends_met(sheet.kingdom, sheet.ruleset)
    for legend in sheet.claimed:
        state = "requirement met" if legend in met else "requirement not met now, R6.3"
        console.line(f"Legend claimed: {legend.value} (+{legend.points}, {state})")
    console.line(
        "Legends met (R6.4): " + (", ".join(sorted(x.value for x in met)) if met else "none")
    )


def _unexplored_note(kingdom: Kingdom, console: Console) -> None:
    if not kingdom.is_complete:
        cells = ", ".join(str(p) for p in kingdom.unexplored_positions)
        console.line(f"Unexplored Lands at {cells} count as blank (R4.6)")


def _score(args: argparse.Namespace, console: Console) -> int:
    kingdom, sheet, ruleset = _scored(args, console)
    console.line(f"{kingdom}  (ruleset {ruleset.name}, rules {ruleset.rules_version})")
    rows = [(c.label, str(sheet[c])) for c in Category]
    rows.append(("Total", str(sheet.total)))
    width = max(len(label) for label, _ in rows)
    digits = max(len(value) for _, value in rows)
    for label, value in rows:
        console.line(f"{label:<{width}}  {value:>{digits}}")
    _unexplored_note(kingdom, console)
    _legend_notes(sheet, console)
    return EXIT_OK


def _grid(kingdom: Kingdom) -> list[str]:
    names = [["?" if c is None else c.english.lower() for c in row] for row in kingdom.rows]
    width = max(max(len(n) for row in names for n in row), 1)
    lines = ["     " + " ".join(f"{c:<{width}}" for c in range(4)).rstrip()]
    for r, row in enumerate(names):
        lines.append(f"  {r}  " + " ".join(f"{n:<{width}}" for n in row).rstrip())
    return lines


def _networks(kingdom: Kingdom, ruleset: Ruleset) -> list[str]:
    """Each Portal network (R4.2) and the cards it links, as the connections give them
    (in *classic*, the Tribes it links to a Goblin too, R9.3)."""
    conn = connections(kingdom, ruleset)
    links = [link for link in conn.links() if link.portals]
    out = []
    for network in conn.networks:
        linked = sorted({p for link in links if link.portals & network for p in (link.a, link.b)})
        cards = []
        for pos in linked:
            card = kingdom[pos]
            cards.append(f"{card.english if card is not None else '?'} {pos}")
        portals = sorted(network)
        noun, verb = ("Portal", "links") if len(portals) == 1 else ("Portals", "link")
        out.append(
            f"  {noun} {', '.join(map(str, portals))} {verb}: "
            + (
                ", ".join(cards)
                or "nothing (R4.2: it links the cards next to it; a Goblin cannot use it, R4.3)"
            )
        )
    return out


def _explain(args: argparse.Namespace, console: Console) -> int:
    kingdom, sheet, ruleset = _scored(args, console)
    if args.svg is not None:
        _write_svg(args.svg, kingdom, sheet, console)
        if args.svg == "-":
            return EXIT_OK
    console.line(f"Kingdom {kingdom}  (ruleset {ruleset.name}, rules {ruleset.rules_version})")
    console.line()
    for line in _grid(kingdom):
        console.line(line)
    _unexplored_note(kingdom, console)
    networks = _networks(kingdom, ruleset)
    if networks:
        console.line()
        console.line("Portal networks (R4.2):")
        for line in networks:
            console.line(line)
    for category in Category:
        console.line()
        value = sheet[category]
        console.line(f"{category.label} {value:+d}" if value else f"{category.label} 0")
        lines = sheet.lines_of(category)
        if not lines:
            console.line("  nothing")
        for item in lines:
            console.line(f"  [{item.rule}] {item.text}")
    console.line()
    console.line(f"Total {sheet.total} (R5.5)")
    console.line()
    met = legends_met(kingdom, sheet.ruleset)
    console.line("Legends met (R6.4):" if met else "Legends met (R6.4): none")
    for legend in (x for x in Legend if x in met):
        claimed = ", claimed" if legend in sheet.claimed else ""
        console.line(f"  {legend.value} (+{legend.points}{claimed}): {legend.requirement}")
    for legend in sheet.claimed:
        if legend not in met:
            console.line(
                f"  {legend.value} (+{legend.points}, claimed, requirement not met now, "
                f"R6.3): {legend.requirement}"
            )
    return EXIT_OK


def _explain_arguments(parser: argparse.ArgumentParser) -> None:
    _arguments(parser)
    parser.add_argument(
        "--svg",
        metavar="FILE",
        help="also write the Kingdom as an SVG picture with its score sheet to FILE "
        "('-' for stdout, instead of the text)",
    )


def _write_svg(path: str, kingdom: Kingdom, sheet: ScoreSheet, console: Console) -> None:
    """Write the picture of ``kingdom`` for ``explain --svg FILE``."""
    from drako_rules.svg import kingdom_svg

    picture = kingdom_svg(
        kingdom, legends=sheet.claimed, ruleset=sheet.ruleset, show_score=True, title=str(kingdom)
    )
    if path == "-":
        console.raw(picture)
        return
    try:
        with open(path, "w", encoding="utf-8") as out:
            out.write(picture)
    except (OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise CommandError(f"cannot write the picture to {quote(path)}: {reason}") from None


SCORE = Command(
    "score",
    "score one Kingdom",
    "Score one Kingdom (R5): the seven categories of the score sheet and the total, "
    "with the Legends claimed, and the Legends whose requirement it meets (R6.4).",
    _arguments,
    _score,
)

EXPLAIN = Command(
    "explain",
    "show where every point of a Kingdom comes from",
    "Show the grid, the Portal networks and, card by card, every line behind each "
    "category: which partner, adjacent or through which Portal, and which rule; then "
    "the Legends the Kingdom meets with their requirement.",
    _explain_arguments,
    _explain,
)
