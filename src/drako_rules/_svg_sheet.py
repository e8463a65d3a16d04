"""The score sheet drawn under a Kingdom's picture (R5.4–R5.5), for
`drako_rules.svg`: the seven categories and the total, and the Legends
claimed, from the sheet the rules made. Drawing only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import drako_rules._svg_markup as markup
from drako_rules.cards import Legend
from drako_rules.rulesets import Ruleset
from drako_rules.scoring import Category, ScoreSheet

__all__ = ["score_panel"]


def score_panel(
    sheet: ScoreSheet,
    claimed: Sequence[Legend],
    ruleset: Ruleset,
    top: int,
    width: int,
    height: int,
    swatches: Mapping[Category, str],
) -> str:
    """The score sheet below the grid: seven categories and the total on the left, the
    Legends claimed on the right (R5.4–R5.5), in type large enough for a phone: a band
    ``width`` wide from ``top``, ``height`` high with its margin; ``swatches`` colours each
    category."""
    x0, y0 = markup.LEFT, top
    left, right = x0 + 16, x0 + width - 16
    middle = x0 + 222  # the categories on the left, the Legends on the right
    parts = [
        markup.rect(x0, y0, width, height - 14, 12, "#fafafa", "#cfd8dc", 1.5),
        markup.label(left, y0 + 32, "Score", 20, markup.INK, bold=True, anchor="start"),
        markup.label(right, y0 + 32, f"{ruleset.name} rules", 15, markup.MUTED, anchor="end"),
    ]
    y = y0 + 44
    for category, value in zip(Category, sheet.values, strict=True):
        detail = [line.text for line in sheet.lines_of(category)] or ["nothing"]
        row = (
            markup.el("title", markup.char_data(f"{category.label}: " + "; ".join(detail)))
            + markup.rect(left, y + 8, 16, 16, 3, swatches[category], "#90a4ae", 1)
            + markup.label(left + 24, y + 22, category.label, 17, markup.INK, anchor="start")
            + markup.label(
                middle - 16, y + 22, markup.signed(value), 17, markup.INK, bold=True, anchor="end"
            )
        )
        parts.append(
            markup.el("g", row, class_="score-row", data_category=category.value, data_value=value)
        )
        y += 30
    parts.append(markup.line((left, y + 8), (middle - 16, y + 8), markup.INK, 1.5))
    parts.append(
        markup.el("g",
            markup.label(left, y + 36, "Total", 20, markup.INK, bold=True, anchor="start")
            + markup.label(middle - 16, y + 37, markup.signed(sheet.total), 24, markup.INK, bold=True,
                     anchor="end"),
            class_="score-total", data_value=sheet.total)
    )  # fmt: skip
    parts.append(markup.line((middle, y0 + 52), (middle, y + 40), "#cfd8dc", 1.5))
    x, y = middle + 16, y0 + 70
    parts.append(markup.label(x, y, "Legends claimed", 16, markup.INK, bold=True, anchor="start"))
    room = 9  # lines left in the panel
    shown = list(claimed) if len(claimed) <= room else list(claimed[: room - 1])
    for k, legend in enumerate(shown):
        parts.append(
            markup.el("g",
                markup.el("title", markup.char_data(f"{legend.id}: {legend.requirement}"))
                + markup.label(x, y + 26 + 24 * k, legend.id, 15, markup.INK, anchor="start")
                + markup.label(right, y + 26 + 24 * k, markup.signed(legend.points), 15, markup.INK, bold=True,
                         anchor="end"),
                class_="score-legend", data_legend=legend.id)
        )  # fmt: skip
    rest = claimed[len(shown) :]
    if not claimed:
        parts.append(markup.label(x, y + 26, "none", 15, markup.MUTED, anchor="start"))
    elif rest:
        parts.append(
            markup.el("g",
                markup.el("title", markup.char_data(", ".join(x.id for x in rest)))
                + markup.label(x, y + 26 + 24 * len(shown), f"… and {len(rest)} more", 15, markup.MUTED,
                         anchor="start")
                + markup.label(right, y + 26 + 24 * len(shown), markup.signed(sum(x.points for x in rest)),
                         14, markup.INK, bold=True, anchor="end"))
        )  # fmt: skip
    return markup.el("g", "".join(parts), class_="score", data_total=sheet.total)
