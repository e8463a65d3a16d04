"""The API as a programmer guesses it at the REPL (issue 26): a Kingdom iterates and has a
length, rulesets print as expressions that give them back, ``help()`` shows short
signatures and ``dir()`` lists the public API only."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import pydoc
import types
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import drako_rules
from drako_rules import CLASSIC, POCKET, Card, Kingdom, NotationError, Position, Ruleset
from strategies import kingdoms

# --- a Kingdom reads like the tuple of its cells ---------------------------------------------


@given(kingdoms())
def test_a_kingdom_iterates_its_cells_in_reading_order(kingdom: Kingdom) -> None:
    """``list(k)`` is the 16 cells row by row, each row from the left (R4.1), ``len(k)`` is 16
    and ``items()`` pairs the same cells with their positions."""
    cells = list(kingdom)
    assert len(kingdom) == len(cells) == 16
    assert cells == [kingdom[Position(i // 4, i % 4)] for i in range(16)]
    assert [(p, c) for p, c in kingdom.items()] == list(
        zip(drako_rules.POSITIONS, cells, strict=True)
    )
    assert str(Kingdom(cells)) == str(kingdom)


@given(kingdoms(), st.sampled_from([*Card, None]))
def test_in_asks_whether_a_cell_holds_the_card(kingdom: Kingdom, card: Card | None) -> None:
    """``card in k`` agrees with ``k.count(card)``; ``None in k`` asks for an Unexplored Land."""
    assert (card in kingdom) == (kingdom.count(card) > 0)


def test_a_cell_number_is_refused_as_an_index_with_what_to_call_instead() -> None:
    """``k[0]`` is ambiguous (a cell or a row?): refused, naming ``k.cells[i]``."""
    kingdom = Kingdom.parse("FEOM/HPWM/SGDO/PPHS")
    with pytest.raises(NotationError, match=r"k\.cells\[i\]"):
        kingdom[0]  # type: ignore[index]


# --- rulesets print as expressions that give them back ----------------------------------------

#: What ``from drako_rules import *`` and ``import attrs`` put in a REPL.
NAMESPACE = {"attrs": attrs, **{name: getattr(drako_rules, name) for name in drako_rules.__all__}}


def test_the_two_rulesets_print_as_their_names() -> None:
    """R9.1, R9.2: ``POCKET`` and ``CLASSIC`` print as the constants' names."""
    assert (repr(POCKET), repr(CLASSIC)) == ("POCKET", "CLASSIC")


_changes = st.fixed_dictionaries(
    {},
    optional={
        "name": st.text(max_size=12),
        "conflict_points": st.integers(-9, 9),
        "dragon_values": st.tuples(*[st.integers(-9, 9)] * 3),
        "dragons_counted": st.none() | st.integers(0, 6),
        "domestication": st.integers(1, 4),
        "portals_link_goblins_to_tribes": st.booleans(),
        "hates": st.frozensets(
            st.frozensets(st.sampled_from(list(Card)), min_size=1, max_size=2), max_size=4
        ),
        "tribe_land": st.lists(
            st.tuples(st.sampled_from(list(Card)), st.sampled_from(list(Card)), st.integers(-3, 3)),
            max_size=3,
            unique_by=lambda e: (e[0], e[1]),
        ).map(tuple),
    },
)


@given(st.sampled_from([POCKET, CLASSIC]), _changes)
def test_a_ruleset_repr_evaluates_back_to_it(base: Ruleset, changes: dict[str, object]) -> None:
    """A house ruleset prints as ``attrs.evolve(POCKET or CLASSIC, ...)``, naming only what
    differs, and evaluating that text gives an equal ruleset."""
    ruleset = attrs.evolve(base, **changes)  # type: ignore[arg-type]
    text = repr(ruleset)
    assert eval(text, dict(NAMESPACE)) == ruleset  # what a reader does with it
    assert len(text) <= 600
    if ruleset in (POCKET, CLASSIC):
        assert text in ("POCKET", "CLASSIC")
    else:
        assert text.startswith("attrs.evolve(")


# --- help() shows short signatures -------------------------------------------------------------


def _public_modules() -> Iterator[types.ModuleType]:
    """The package and its public modules (``env`` only with the ``rl`` extra installed)."""
    yield drako_rules
    for info in pkgutil.walk_packages(drako_rules.__path__, "drako_rules."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        try:
            yield importlib.import_module(info.name)
        except ImportError:  # an optional extra is not installed
            continue


def _public_callables() -> Iterator[tuple[str, object]]:
    """Every public function, class and public method, once each, with its dotted name."""
    seen: set[int] = set()
    for module in _public_modules():
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            found = [(f"{module.__name__}.{name}", value)]
            if inspect.isclass(value):
                found += [
                    (f"{module.__name__}.{name}.{attribute}", member)
                    for attribute, member in vars(value).items()
                    if not attribute.startswith("_") and callable(member)
                ]
            for qualified, obj in found:
                if callable(obj) and id(obj) not in seen:
                    seen.add(id(obj))
                    yield qualified, obj


def test_every_public_signature_is_short_in_help() -> None:
    """No default prints longer than 40 characters and no parameter longer than 80 (the
    default ruleset prints as ``POCKET``, not field by field): a signature is long only when
    it has many parameters."""
    checked = 0
    for qualified, obj in _public_callables():
        try:
            signature = inspect.signature(obj)  # type: ignore[arg-type]
        except (TypeError, ValueError):  # an enum, a builtin without a signature
            continue
        checked += 1
        for parameter in signature.parameters.values():
            if parameter.default is not inspect.Parameter.empty:
                assert len(repr(parameter.default)) <= 40, (qualified, parameter.name)
            assert len(str(parameter)) <= 80, (qualified, str(parameter))
        if len(signature.parameters) <= 4:
            assert len(str(signature)) <= 200, (qualified, str(signature))
    assert checked > 100


def test_help_of_score_fits_on_one_line() -> None:
    """``help(drako_rules.score)``: the signature line shows the default ruleset as ``POCKET``."""
    first = pydoc.plain(pydoc.render_doc(drako_rules.score)).splitlines()[2]
    assert first.startswith("score(") and "ruleset" in first and "POCKET" in first
    assert len(first) <= 120, first


# --- dir() lists the public API ----------------------------------------------------------------

PACKAGES = [
    "drako_rules",
    "drako_rules.checker",
    "drako_rules.cli",
    "drako_rules.game",
    "drako_rules.players",
    "drako_rules.env",
]


@pytest.mark.parametrize("name", PACKAGES)
def test_dir_of_a_package_is_its_public_api(name: str) -> None:
    """``dir()`` of the package and of each public subpackage is its ``__all__``: no
    ``TYPE_CHECKING``, ``annotations``, ``importlib`` or ``Final``, no submodule."""
    if name == "drako_rules.env":
        pytest.importorskip("gymnasium")
        pytest.importorskip("pettingzoo")
    package = importlib.import_module(name)
    listed = dir(package)
    assert listed == sorted(package.__all__)
    assert not {"TYPE_CHECKING", "annotations", "importlib", "Final"} & set(listed)
    # A versioned environment module (``drako_v0``) is PettingZoo's own convention
    # (``from pettingzoo.classic import chess_v6``): the one module a package may list.
    modules = [n for n in listed if isinstance(getattr(package, n), types.ModuleType)]
    assert modules == (["drako_v0"] if name == "drako_rules.env" else [])
    assert all(hasattr(package, n) for n in listed)


def test_every_package_of_the_library_is_in_the_list() -> None:
    """The test above covers every public subpackage."""
    found = {
        info.name
        for info in pkgutil.walk_packages(drako_rules.__path__, "drako_rules.")
        if info.ispkg and not any(part.startswith("_") for part in info.name.split("."))
    }
    assert found | {"drako_rules"} == set(PACKAGES)
