"""The package root: the rules core and the engine, importable from ``drako_rules`` alone,
without the checker, the pictures, the CLI or their dependencies."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path
from typing import Final

import drako_rules

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "two-players.toml"

#: The names the first issues promised at the package root.
CONTRACT = [
    "Card",
    "Legend",
    "Position",
    "Kingdom",
    "Ruleset",
    "POCKET",
    "CLASSIC",
    "ScoreSheet",
    "score",
    "legends_met",
    "connections",
    "rank",
    "ranking",
    "new_game",
    "legal_moves",
    "apply_move",
    "GameState",
    "PlayerState",
    "Move",
    "Arrange",
    "Claim",
    "Draw",
    "End",
    "Place",
    "Reveal",
    "Take",
    "player_view",
    "PlayerView",
    "final_scores",
    "final_ranking",
    "GameRecord",
    "replay",
    "record_to_json",
    "record_from_json",
    "state_to_json",
    "state_from_json",
    "view_to_json",
    "view_from_json",
    "save_record",
    "load_record",
    "play_random_game",
    "DrakoError",
    "NotationError",
    "ScoringError",
    "GameError",
    "IllegalMoveError",
    "InvalidMoveError",
    "RecordError",
    "RulesetError",
    "PlayerCountError",
]


def test_contract_names_are_exported_from_the_root() -> None:
    """Every contract name is in ``drako_rules.__all__`` and importable from the root."""
    for name in CONTRACT:
        assert name in drako_rules.__all__, name
        assert getattr(drako_rules, name) is not None


def test_importing_the_root_loads_nothing_heavy() -> None:
    """``import drako_rules`` loads neither the checker, the pictures nor the CLI, nor cattrs,
    tomllib or importlib.metadata, and ``__version__`` needs no package metadata either."""
    probe = (
        "import sys, drako_rules\n"
        "heavy = ('drako_rules.checker', 'drako_rules.svg', 'drako_rules.cli', "
        "'drako_rules.serialization', 'cattrs', 'tomllib', 'importlib.metadata')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
        "v = drako_rules.__version__\n"
        "print('importlib.metadata' in sys.modules, isinstance(v, str) and bool(v))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.split("\n")[:2] == ["[]", "False True"], done.stdout + done.stderr


def test_every_submodule_imports_first() -> None:
    """Each module imports on its own in a fresh interpreter: no import circle needs a
    particular order (serialization before the game package, views before transitions)."""
    modules = [
        "_kernel.board", "cards", "kingdom", "connections", "rulesets", "scoring", "legends",
        "serialization", "game.moves", "game.state", "game.setup", "game.transitions",
        "game.views", "game.records", "game.players", "checker", "svg", "cli", "version",
    ]  # fmt: skip
    for module in modules:
        done = subprocess.run(
            [sys.executable, "-c", f"import drako_rules.{module}"],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 0, module + done.stderr


#: The modules the ``check`` command does not need: what it prints is the scores, places
#: and mismatches, so neither the engine, the players, the Legend checks (whose import
#: builds a 65,536-entry table), the pictures nor the JSON machinery are loaded.
NOT_FOR_CHECK: Final = (
    "drako_rules.game",
    "drako_rules.players",
    "drako_rules.legends",
    "drako_rules._kernel.legends",
    "drako_rules.svg",
    "drako_rules.serialization",
    "drako_rules.checker.documents",
    "cattrs",
    "json",
    "shutil",
    "textwrap",
)


def test_engine_names_are_imported_on_first_use() -> None:
    """``import drako_rules`` and the ``check`` command load none of `NOT_FOR_CHECK` (the
    engine, the players, the Legend checks...); the root's lazy names
    then resolve to their modules' own objects, and a name the root does not have is an
    AttributeError."""
    probe = (
        "import io, sys, contextlib, drako_rules\n"
        "from drako_rules.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    status = main(['check', {str(EXAMPLE)!r}])\n"
        f"print(status, sorted(m for m in sys.modules if m.startswith({NOT_FOR_CHECK!r})))\n"
        "import drako_rules.game as game, drako_rules.players as players\n"
        "import drako_rules.legends as legends\n"
        "print(drako_rules.new_game is game.new_game, drako_rules.Move is game.Move,"
        " drako_rules.SearchPlayer is players.SearchPlayer, 'replay' in dir(drako_rules),"
        " drako_rules.legends_met is legends.legends_met)\n"
        "try:\n"
        "    drako_rules.no_such_name\n"
        "except AttributeError as error:\n"
        "    print(error)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.splitlines() == [
        "0 []",
        "True True True True True",
        "module 'drako_rules' has no attribute 'no_such_name'",
    ], done.stdout + done.stderr


def _type_checking_imports() -> dict[str, set[str]]:
    """The names the root's ``if TYPE_CHECKING:`` block imports, by module, read from its
    source (the block mypy and IDEs see for the names imported on first use)."""
    tree = ast.parse(Path(drako_rules.__file__).read_text(encoding="utf-8"))
    found: dict[str, set[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for item in node.body:
                assert isinstance(item, ast.ImportFrom) and item.module is not None
                found.setdefault(item.module, set()).update(a.name for a in item.names)
    return found


def test_lazy_names_agree_with_the_engine_and_the_type_checking_block() -> None:
    """The three lists of the root's lazily imported names cannot drift apart: the names a
    fresh ``import drako_rules`` leaves to first use are exactly those of the
    ``TYPE_CHECKING`` block, which are exactly ``drako_rules.game.__all__`` plus the players
    and ``legends_met`` the root exports; each is in the root's ``__all__`` and resolves to
    its module's object."""
    import drako_rules.game as game

    probe = "import drako_rules as d\nprint(' '.join(sorted(set(dir(d)) - set(vars(d)))))\n"
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True
    )
    lazy = set(done.stdout.split())
    blocks = _type_checking_imports()
    assert set(blocks) == {
        "drako_rules.game",
        "drako_rules.players",
        "drako_rules.legends",
    }
    assert blocks["drako_rules.game"] == set(game.__all__)
    assert blocks["drako_rules.players"] == {"GreedyPlayer", "SearchPlayer"}
    assert blocks["drako_rules.legends"] == {"legends_met"}
    assert lazy == set().union(*blocks.values())
    assert lazy <= set(drako_rules.__all__)
    for module, names in blocks.items():
        source = importlib.import_module(module)
        for name in names:
            assert getattr(drako_rules, name) is getattr(source, name), name
