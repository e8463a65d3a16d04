"""Score the three worked examples of the rules (docs/rules.md#examples) and print every line behind each total.

Run it with ``python examples/score_kingdoms.py``.
"""

from __future__ import annotations

from drako_rules import Kingdom, legends_met, score

WORKED_EXAMPLES = ("FEOM/HPWM/SGDO/PPHS", "HHOE/DHGE/OWDW/SSMF", "GOGS/OHOW/GOEO/SSSG")


def main() -> None:
    for text in WORKED_EXAMPLES:
        kingdom = Kingdom.parse(text)
        sheet = score(kingdom)
        print(kingdom.pretty())
        print(
            f"total {sheet.total}: "
            + ", ".join(f"{k} {v}" for k, v in sheet.as_dict().items() if k != "total")
        )
        for line in sheet.lines:
            print(f"  [{line.rule}] {line.category.label:<9} {line.text}")
        met = sorted(legend.value for legend in legends_met(kingdom))
        print("Legends met:", ", ".join(met) or "none")
        print()


if __name__ == "__main__":
    main()
