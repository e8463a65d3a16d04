"""The engine's state builders, ``successor`` and ``successor_function``: by field name,
the same state as the constructor given the old state's fields and the new ones, and no
field of ``GameState`` forgotten."""

from __future__ import annotations

import inspect

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drako_rules.errors import GameError
from drako_rules.game import GameState
from drako_rules.game.state import successor, successor_function
from strategies import STATE_FIELDS, game_states

#: The fields no transition changes (the game's ruleset, seed and first player).
FIXED = {"ruleset", "seed", "first_player"}
#: Every field of a state: those its constructor takes, and the two derived masks.
FIELDS = (*STATE_FIELDS, "row_mask", "met_masks")
CHANGING = sorted(set(FIELDS) - FIXED)


def test_successor_names_every_changing_field_of_a_state() -> None:
    """``successor`` takes, keyword-only, exactly the fields of ``GameState`` that a
    transition may change: a field added to the state cannot be forgotten there."""
    parameters = inspect.signature(successor).parameters
    assert next(iter(parameters)) == "state"
    keywords = [p for p in parameters.values() if p.kind is inspect.Parameter.KEYWORD_ONLY]
    assert sorted(p.name for p in keywords) == CHANGING
    assert len(keywords) == len(parameters) - 1


#: The fields kept true by the caller, each with the field it is derived from.
DERIVED = {"row_mask": "legend_row", "met_masks": "players"}
SOURCES = sorted(set(CHANGING) - set(DERIVED))


@given(
    game_states(max_steps=60),
    game_states(max_steps=60),
    st.sets(st.sampled_from(SOURCES)),
)
def test_successor_is_evolve_by_field_name(
    state: GameState, other: GameState, names: set[str]
) -> None:
    """``successor(state, name=value, ...)`` and ``successor_function`` give what the
    constructor would, without its checks (the caller's values are checked already): the
    named fields from ``other`` (a derived mask with the field it comes from), every other
    field equal to ``state``'s; no field at all gives an equal copy."""
    changes = {name: getattr(other, name) for name in names}
    for derived, source in DERIVED.items():
        if source in names:
            changes[derived] = getattr(other, derived)
    built = (successor(state, **changes), successor_function(*sorted(changes))(state, **changes))
    for new in built:
        assert type(new) is GameState and new is not state
        for name in FIELDS:
            expected = changes.get(name, getattr(state, name))
            assert getattr(new, name) == expected, name
        assert (new == state) is all(getattr(other, n) == getattr(state, n) for n in names)


@pytest.mark.parametrize("names", [("seed",), ("turn", "turn"), ("no_such_field",)])
def test_successor_function_refuses_fixed_unknown_or_repeated_fields(
    names: tuple[str, ...],
) -> None:
    """A transition shape names distinct fields that a transition changes."""
    with pytest.raises(GameError):
        successor_function(*names)
