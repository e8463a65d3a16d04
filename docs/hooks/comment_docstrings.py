"""A Griffe extension for the API reference: ``#:`` comments document attributes.

The library documents its constants the Sphinx way, with ``#:`` comment lines right
above the assignment::

    #: Legends face up in the legend row at the start (R2.2).
    LEGEND_ROW_SIZE: Final = 8

Griffe reads only string docstrings, so without this extension every such constant of
the reference would have no description. mkdocs.yml loads it through mkdocstrings'
``extensions`` option. An attribute that has a docstring keeps it.
"""

from __future__ import annotations

import ast
from typing import Any

import griffe


class CommentDocstrings(griffe.Extension):
    """Give an attribute the text of the ``#:`` comment lines just above it."""

    def on_attribute_instance(
        self,
        *,
        node: ast.AST | griffe.ObjectNode,
        attr: griffe.Attribute,
        agent: griffe.Visitor | griffe.Inspector,
        **kwargs: Any,
    ) -> None:
        """Set ``attr``'s docstring from the comment block above its first line."""
        if attr.docstring is not None or not isinstance(agent, griffe.Visitor):
            return
        lines = agent.code.splitlines()
        above = (attr.lineno or 1) - 2  # the line before the assignment, 0-based
        comment: list[str] = []
        while above >= 0 and lines[above].lstrip().startswith("#:"):
            comment.insert(0, lines[above].lstrip()[2:].strip())
            above -= 1
        if comment:
            attr.docstring = griffe.Docstring(
                "\n".join(comment),
                lineno=above + 2,
                endlineno=(attr.lineno or 1) - 1,
                parent=attr,
            )
