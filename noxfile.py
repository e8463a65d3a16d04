"""Nox sessions: ``nox -s tests typecheck lint docs`` (and ``bench``, ``mutate``)."""

from __future__ import annotations

import nox

nox.options.sessions = ["tests", "typecheck", "lint", "docs"]
nox.options.default_venv_backend = "venv"

PYTHONS = ["3.11", "3.12", "3.13"]


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """Run the test suite (pass ``--hypothesis-profile=ci`` for the thorough profile), with
    the rl extra so that drako_rules.env is tested too."""
    session.install("-e", ".[tests,rl]")
    session.run("python", "-m", "pytest", *session.posargs)


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy --strict over the package and the tests (drako_rules.env needs the rl extra)."""
    session.install("-e", ".[typecheck,rl]")
    session.run("mypy", "--strict", "src", "tests")


@nox.session
def lint(session: nox.Session) -> None:
    """ruff lint and format check."""
    session.install("ruff")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session
def docs(session: nox.Session) -> None:
    """Check the pictures are up to date, then build the docs site with warnings as errors."""
    session.install("-e", ".[docs,rl]")
    session.run("python", "docs/gen_pictures.py", "--check")
    session.run("mkdocs", "build", "--strict", *session.posargs)


@nox.session(python="3.11")
def bench(session: nox.Session) -> None:
    """Run the benchmarks in full (``nox -s bench -- --quick`` for a short run); not a default."""
    session.install(".")
    session.run("python", "benchmarks/bench.py", *session.posargs)


@nox.session(python="3.11", default=False)
def mutate(session: nox.Session) -> None:
    """Mutation testing of the rules modules with cosmic-ray; not a default, not in CI.

    Each mutant of connections, scoring, legends, kingdom, rulesets, game/transitions and
    the checker runs its module's tests in a fresh process (see ``tools/mutate.py``).
    ``nox -s mutate -- legends --jobs 2`` runs some modules only, two at a time (``--shards
    2`` splits one module's mutants over two processes instead); the report
    and the survivors not listed in ``tests/mutation_equivalents.toml`` go to
    ``.nox/mutation-report/``. On the shared 2-core VM (load 7-25) connections took 49 min
    and legends 42 min, at about 3.5 s a mutant; ``--max-seconds`` cuts a module short.
    """
    session.install(".[tests,mutation]")
    session.run("python", "tools/mutate.py", "run", *session.posargs)


@nox.session(python="3.11", default=False)
def env_bench(session: nox.Session) -> None:
    """The learning environments' steps per second beside the engine's decisions; not a default."""
    session.install(".[rl]")
    session.run("python", "benchmarks/env_bench.py", *session.posargs)
