"""Turn the Sphinx roles left in docstrings into mkdocstrings cross-references.

``:class:`Kingdom``` becomes ``[`Kingdom`][drako_rules.kingdom.Kingdom]``, so that the docs
site renders a link and ``mkdocs build --strict`` checks it; ``~`` shows the last name only,
as in Sphinx; the few standard-library names link to docs.python.org. A name is looked up
in the module of the docstring, then in the class the docstring is in, then among the
public names of every module of drako_rules.

Run ``python tools/rst_roles_to_markdown.py`` from the repository folder; it rewrites
``src/drako_rules/**/*.py`` in place and prints what it changed. It only replaces the roles:
rewrap the lines it makes longer than 100 characters by hand.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import sys
from pathlib import Path

import drako_rules

PYTHON_DOCS = "https://docs.python.org/3/library/"
#: Standard-library names the docstrings mention, and their page.
EXTERNAL = {
    "tomllib": PYTHON_DOCS + "tomllib.html",
    "json.dumps": PYTHON_DOCS + "json.html#json.dumps",
    "ValueError": PYTHON_DOCS + "exceptions.html#ValueError",
}
ROLE = re.compile(r":(?:class|func|meth|data|attr|mod|exc|obj|const):`(~?)([\w.]+)`")
CLASS = re.compile(r"^class (\w+)\b", re.MULTILINE)


def _modules() -> dict[str, object]:
    out: dict[str, object] = {"drako_rules": drako_rules}
    for info in pkgutil.walk_packages(drako_rules.__path__, prefix="drako_rules."):
        out[info.name] = importlib.import_module(info.name)
    return out


MODULES = _modules()


def _defined_in(module: str, name: str) -> bool:
    exported = getattr(MODULES[module], "__all__", ())
    if name in exported or (name.startswith("_") and hasattr(MODULES[module], name)):
        obj = getattr(MODULES[module], name)
        if not (inspect.isclass(obj) or inspect.isfunction(obj)):
            return True  # a constant or an instance: the module that exports it owns it
        origin = getattr(obj, "__module__", module)
        return origin in (module, None) or not isinstance(origin, str)
    return False


def resolve(target: str, module: str, enclosing: str | None) -> str:
    """The canonical path of ``target`` as written in a docstring of ``module``."""
    if target in MODULES:
        return target
    if any(target.startswith(m + ".") for m in MODULES if m != "drako_rules"):
        return target  # already the full path
    if target.startswith("drako_rules."):  # a name re-exported by the package
        head, _, rest = target.removeprefix("drako_rules.").partition(".")
        owners = [m for m in MODULES if m != "drako_rules" and _defined_in(m, head)]
        owner = next((m for m in owners if not hasattr(MODULES[m], "__path__")), owners[0])
        return ".".join(filter(None, [owner, head, rest]))
    head, _, rest = target.partition(".")
    if _defined_in(module, head):
        return ".".join(filter(None, [module, head, rest]))
    if enclosing is not None and hasattr(getattr(MODULES[module], enclosing), head):
        return f"{module}.{enclosing}.{target}"
    owners = [m for m in MODULES if m != "drako_rules" and _defined_in(m, head)]
    if len(owners) > 1:  # a package re-exporting its modules' names: the module owns it
        owners = [m for m in owners if not hasattr(MODULES[m], "__path__")]
    if len(owners) != 1:
        raise SystemExit(f"{module}: cannot resolve {target!r} (found in {owners})")
    return ".".join(filter(None, [owners[0], head, rest]))


def convert(path: Path) -> int:
    """Rewrite the roles of one file; return how many there were."""
    text = path.read_text(encoding="utf-8")
    parts = path.relative_to("src").with_suffix("").parts
    module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
    classes = [(m.start(), m[1]) for m in CLASS.finditer(text)]

    def replace(match: re.Match[str]) -> str:
        tilde, target = match[1], match[2]
        shown = target.rsplit(".", 1)[-1] if tilde else target
        if target in EXTERNAL:
            return f"[`{shown}`]({EXTERNAL[target]})"
        enclosing = next((name for at, name in reversed(classes) if at < match.start()), None)
        return f"[`{shown}`][{resolve(target, module, enclosing)}]"

    new, count = ROLE.subn(replace, text)
    if count:
        path.write_text(new, encoding="utf-8")
    return count


def main() -> int:
    for path in sorted(Path("src/drako_rules").rglob("*.py")):
        count = convert(path)
        if count:
            print(f"{path}: {count} roles")
    return 0


if __name__ == "__main__":
    sys.exit(main())
